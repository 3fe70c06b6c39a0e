package play_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/encode"
)

// sse reads the events of a stream.
type sse struct {
	t    *testing.T
	resp *http.Response
	sc   *bufio.Scanner
}

func openStream(t *testing.T, ctx context.Context, url string) *sse {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("stream has Content-Type %q", ct)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<22)
	return &sse{t, resp, sc}
}

// next returns the next event's name and data.
func (s *sse) next() (string, []byte) {
	s.t.Helper()
	var name string
	var data []byte
	for s.sc.Scan() {
		line := s.sc.Text()
		switch {
		case line == "":
			if name != "" {
				return name, data
			}
		case strings.HasPrefix(line, "event: "):
			name = line[len("event: "):]
		case strings.HasPrefix(line, "data: "):
			data = append(data, line[len("data: "):]...)
		}
	}
	s.t.Fatalf("stream ended: %v", s.sc.Err())
	return "", nil
}

func post(t *testing.T, url string, body any) (int, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	data, _ := io.ReadAll(resp.Body)
	json.Unmarshal(data, &out)
	return resp.StatusCode, out
}

// TestStreamProtocol plays the protocol as the page does: hello, steps on
// demand (the same frames as classroom.Run's steps), next solution, finish
// with the total, then done.
func TestStreamProtocol(t *testing.T) {
	srv, url := serve(t)
	var steps []classroom.Frame
	classroom.Run(context.Background(), "backtrack", encode.Empty(6), classroom.Options{}, func(e classroom.Event) bool {
		if e.Major {
			steps = append(steps, e.Frame())
		}
		return true
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := openStream(t, ctx, url+"api/stream?n=6&method=backtrack")
	name, data := s.next()
	var hello struct {
		Session string
		N       int
		Frame   classroom.Frame
	}
	if err := json.Unmarshal(data, &hello); err != nil || name != "hello" || hello.N != 6 || hello.Session == "" || hello.Frame.Kind != "start" {
		t.Fatalf("first event %s %s (%v)", name, data, err)
	}
	ctl := func(action string, extra ...string) {
		t.Helper()
		body := map[string]any{"session": hello.Session, "action": action}
		for i := 0; i+1 < len(extra); i += 2 {
			body[extra[i]] = extra[i+1]
		}
		if code, out := post(t, url+"api/control", body); code != http.StatusNoContent {
			t.Fatalf("control %s: %d %v", action, code, out)
		}
	}
	for k := 0; k < 5; k++ {
		ctl("step")
		name, data := s.next()
		var f classroom.Frame
		json.Unmarshal(data, &f)
		if name != "frame" || f.Step != k+1 || strings.Join(f.Board, "/") != strings.Join(steps[k].Board, "/") || f.Text != steps[k].Text {
			t.Fatalf("step %d: %s %s, want %+v", k+1, name, data, steps[k])
		}
	}
	// every event, then back to steps
	// Every event: the event the search stands at (a step) comes first,
	// then the minor ones after it.
	ctl("events", "events", "all")
	ctl("step")
	s.next()
	ctl("step")
	if _, data := s.next(); !strings.Contains(string(data), `"major":false`) {
		t.Errorf("with events all, the next frame is a step: %s", data)
	}
	ctl("events", "events", "steps")
	ctl("next")
	for {
		name, data := s.next()
		if name == "progress" {
			continue
		}
		var f classroom.Frame
		json.Unmarshal(data, &f)
		if name != "frame" || f.Kind != "solution" || f.Solutions != 1 || encode.Verify(encode.Empty(6).Problem(), encode.Placement(f.Queens)) != nil {
			t.Fatalf("next solution: %s %s", name, data)
		}
		break
	}
	ctl("finish")
	var done struct {
		Complete  bool
		Solutions uint64
		Text      string
	}
	for {
		name, data := s.next()
		if name == "done" {
			json.Unmarshal(data, &done)
			break
		}
		if name == "frame" && !strings.Contains(string(data), `"kind":"end"`) {
			t.Fatalf("finish sent a frame before the end: %s", data)
		}
	}
	if !done.Complete || done.Solutions != 4 || !strings.Contains(done.Text, "4 solutions in all") {
		t.Errorf("done %+v, want 4 solutions", done)
	}
	for deadline := time.Now().Add(10 * time.Second); srv.Sessions() != 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if srv.Sessions() != 0 {
		t.Errorf("the finished search is still listed")
	}
}

// TestStreamRefusals checks the polite refusals: boards too big to animate,
// finishing a count out of reach, unknown sessions and actions, another
// host.
func TestStreamRefusals(t *testing.T) {
	_, url := serve(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, q := range []string{"n=33", "n=0", "n=x", "n=4&method=guess", "n=4&queens=0,1,-1,-1", "n=4&queens=0", "n=4&events=some"} {
		s := openStream(t, ctx, url+"api/stream?"+q)
		name, data := s.next()
		if name != "refused" || !strings.Contains(string(data), "message") {
			t.Errorf("%s: %s %s", q, name, data)
		}
		s.resp.Body.Close()
	}
	s := openStream(t, ctx, url+"api/stream?n=20")
	_, data := s.next()
	var hello struct{ Session string }
	json.Unmarshal(data, &hello)
	if code, out := post(t, url+"api/control", map[string]any{"session": hello.Session, "action": "finish"}); code != http.StatusConflict || !strings.Contains(fmt.Sprint(out["error"]), "qtool count -n 20") {
		t.Errorf("finish of n = 20: %d %v", code, out)
	}
	for _, body := range []map[string]any{
		{"session": "nope", "action": "step"},
		{"session": hello.Session, "action": "jump"},
		{"session": hello.Session, "action": "run", "delay": -5},
		{"session": hello.Session, "action": "events", "events": "most"},
		{"session": hello.Session, "action": "step", "extra": 1},
	} {
		if code, out := post(t, url+"api/control", body); code < 400 || out["error"] == nil {
			t.Errorf("%v: %d %v", body, code, out)
		}
	}
	req, _ := http.NewRequest("GET", url, nil)
	req.Host = "attacker.example:80"
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("another Host: %v %v", resp, err)
	}
	resp, err := http.Post(url+"api/check", "text/plain", strings.NewReader(`{"n":4}`))
	if err != nil || resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("check without JSON: %v %v", resp, err)
	}
}

// TestClosingStopsSearch: a search running flat out (next solution of
// n = 32 by plain backtracking takes ages) stops when its stream closes,
// and several streams run at once.
func TestClosingStopsSearch(t *testing.T) {
	srv, url := serve(t)
	var streams []*sse
	var cancels []context.CancelFunc
	for i := 0; i < 3; i++ {
		ctx, cancel := context.WithCancel(context.Background())
		s := openStream(t, ctx, url+"api/stream?n=32")
		_, data := s.next()
		var hello struct{ Session string }
		json.Unmarshal(data, &hello)
		if code, out := post(t, url+"api/control", map[string]any{"session": hello.Session, "action": "next"}); code != http.StatusNoContent {
			t.Fatalf("next: %d %v", code, out)
		}
		streams = append(streams, s)
		cancels = append(cancels, cancel)
	}
	for _, s := range streams {
		if name, _ := s.next(); name != "progress" {
			t.Errorf("a search flat out sends progress first, got %s", name)
		}
	}
	if srv.Sessions() != 3 {
		t.Errorf("%d searches running, want 3", srv.Sessions())
	}
	for i, cancel := range cancels {
		cancel()
		for deadline := time.Now().Add(10 * time.Second); srv.Sessions() != 2-i && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
		if srv.Sessions() != 2-i {
			t.Fatalf("after closing %d streams %d searches run", i+1, srv.Sessions())
		}
	}
}

// TestCheckComplete drives the "your turn" endpoints: the verdict with its
// pair, completions found and verified, a board with no completion proved
// so by an exact backend, and the downloads.
func TestCheckComplete(t *testing.T) {
	_, url := serve(t)
	code, v := post(t, url+"api/check", map[string]any{"n": 5, "queens": [][2]int{{0, 0}, {4, 4}}})
	if code != 200 || v["legal"] != false || fmt.Sprint(v["pair"]) != "[[0 0] [4 4]]" {
		t.Errorf("check: %d %v", code, v)
	}
	code, v = post(t, url+"api/check", map[string]any{"n": 4, "queens": [][2]int{{0, 1}, {1, 3}, {2, 0}, {3, 2}}})
	if code != 200 || v["legal"] != true || v["complete"] != true {
		t.Errorf("check of a solution: %d %v", code, v)
	}
	if code, v = post(t, url+"api/check", map[string]any{"n": 4, "queens": [][2]int{{0, 9}}}); code != 400 {
		t.Errorf("check off the board: %d %v", code, v)
	}
	for _, backend := range []string{"dlx", "backtrack", "bitmask", "sat", "minconflicts"} {
		code, v = post(t, url+"api/complete", map[string]any{"n": 8, "queens": [][2]int{{0, 0}}, "backend": backend})
		if code != 200 || v["status"] != "found" {
			t.Errorf("%s: complete a1 on 8×8: %d %v", backend, code, v)
			continue
		}
		p := make(encode.Placement, 8)
		for _, q := range v["queens"].([]any) {
			rc := q.([]any)
			p[int(rc[0].(float64))] = int(rc[1].(float64))
		}
		if err := encode.Verify(encode.Board{N: 8, Queens: []int{0}}.Problem(), p); err != nil {
			t.Errorf("%s: completion %v: %v", backend, p, err)
		}
	}
	// a1 and c2 on 4×4 have no completion (both solutions start b1 or c1).
	code, v = post(t, url+"api/complete", map[string]any{"n": 4, "queens": [][2]int{{0, 0}, {1, 2}}, "backend": "dlx"})
	if code != 200 || v["status"] != "none" {
		t.Errorf("no completion: %d %v", code, v)
	}
	// Local search cannot prove it: it says it does not know.
	code, v = post(t, url+"api/complete", map[string]any{"n": 4, "queens": [][2]int{{0, 0}, {1, 2}}, "backend": "minconflicts"})
	if code != 200 || v["status"] != "unknown" {
		t.Errorf("min-conflicts on a board without completion: %d %v", code, v)
	}
	code, v = post(t, url+"api/complete", map[string]any{"n": 4, "queens": [][2]int{{0, 0}, {1, 1}}, "backend": "dlx"})
	if code != 200 || v["status"] != "illegal" {
		t.Errorf("illegal board completed: %d %v", code, v)
	}
	if code, v = post(t, url+"api/complete", map[string]any{"n": 4, "queens": [][2]int{}, "backend": "magic"}); code != 400 {
		t.Errorf("unknown backend: %d %v", code, v)
	}
	resp, err := http.Get(url + "api/board.txt?n=4&q=0,1_1,3_2,0_3,2")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	b, err := encode.ParseBoardBytes(body, "download")
	if err != nil || fmt.Sprint(b.Queens) != "[1 3 0 2]" || !strings.Contains(resp.Header.Get("Content-Disposition"), "queens-4.txt") {
		t.Errorf("board file %q: %v %v", body, b, err)
	}
	for _, q := range []string{"n=40", "n=4&q=9,9", "n=4&q=a", "n=4&mark=1"} {
		resp, err := http.Get(url + "api/board.svg?" + q)
		if err != nil || resp.StatusCode != 400 {
			t.Errorf("%s: %v %v", q, resp.StatusCode, err)
		}
		resp.Body.Close()
	}
}

// TestStreamMethods: every method streams to a verified solution on
// "next", and the exhaustive ones finish with the reference count.
func TestStreamMethods(t *testing.T) {
	_, url := serve(t)
	for _, method := range []string{"backtrack", "dlx", "minconflicts"} {
		ctx, cancel := context.WithCancel(context.Background())
		s := openStream(t, ctx, url+"api/stream?n=8&seed=5&method="+method)
		_, data := s.next()
		var hello struct{ Session string }
		json.Unmarshal(data, &hello)
		ctl := func(action string) (int, map[string]any) {
			return post(t, url+"api/control", map[string]any{"session": hello.Session, "action": action})
		}
		ctl("next")
		var f classroom.Frame
		for {
			name, data := s.next()
			if name == "frame" {
				json.Unmarshal(data, &f)
				break
			}
		}
		if !f.Major || f.Solutions != 1 || encode.Verify(encode.Empty(8).Problem(), encode.Placement(f.Queens)) != nil {
			t.Errorf("%s: next gives %+v", method, f)
		}
		if method == "minconflicts" {
			if code, out := ctl("finish"); code != http.StatusConflict {
				t.Errorf("minconflicts finish: %d %v", code, out)
			}
			cancel()
			continue
		}
		ctl("finish")
		for {
			name, data := s.next()
			if name == "done" {
				if !strings.Contains(string(data), `"solutions":92`) {
					t.Errorf("%s: done %s", method, data)
				}
				break
			}
		}
		cancel()
	}
}
