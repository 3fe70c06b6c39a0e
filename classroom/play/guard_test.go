package play_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qtool-project/qtool/classroom/play"
)

// serveTimeouts starts a server as serve does, with the given timeouts.
func serveTimeouts(t *testing.T, to play.Timeouts) (*play.Server, string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	srv := play.New(port)
	srv.Timeouts = to
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		srv.Serve(ctx, ln)
	}()
	t.Cleanup(func() { cancel(); <-done })
	return srv, fmt.Sprintf("127.0.0.1:%d", port)
}

// closedByServer waits until the server closes c (end of file or a reset),
// reading and dropping what it sends; false when c is still open at the
// deadline.
func closedByServer(c net.Conn, deadline time.Time) bool {
	c.SetReadDeadline(deadline)
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

// TestTimeouts: 200 idle keep-alive connections and 200 requests whose
// body comes one byte at a time are all closed by the server once the
// idle and read timeouts pass, while a stream that waits longer than both
// for its next command still works, and a stream whose reader stops
// reading is dropped after the write timeout.
func TestTimeouts(t *testing.T) {
	to := play.Timeouts{Read: 600 * time.Millisecond, Idle: 600 * time.Millisecond, Write: time.Second}
	srv, addr := serveTimeouts(t, to)
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	dial := func() net.Conn {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		return c
	}
	for i := 0; i < 200; i++ {
		c := dial()
		fmt.Fprintf(c, "GET /api/info HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil || resp.StatusCode != 200 || resp.Close {
			t.Fatalf("keep-alive request: %v %v", resp, err)
		}
		io.Copy(io.Discard, resp.Body)
	}
	idle := conns
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < 200; i++ {
		c := dial()
		fmt.Fprintf(c, "POST /api/check HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{", addr)
		wg.Add(1)
		go func() { // a byte every 200 ms, until the server closes
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				case <-time.After(200 * time.Millisecond):
				}
				if _, err := c.Write([]byte(" ")); err != nil {
					return
				}
			}
		}()
	}
	slow := conns[200:]

	// A stream opened now, paused past the read and idle timeouts, still
	// answers its next step.
	c := dial()
	fmt.Fprintf(c, "GET /api/stream?n=5 HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	br := bufio.NewReader(c)
	if resp, err := http.ReadResponse(br, nil); err != nil || resp.StatusCode != 200 {
		t.Fatalf("stream: %v %v", resp, err)
	}
	session := readSession(t, br)

	deadline := time.Now().Add(to.Read + to.Idle + 10*time.Second)
	for i, c := range idle {
		if !closedByServer(c, deadline) {
			t.Fatalf("idle keep-alive connection %d still open after %v", i, to.Idle+10*time.Second)
		}
	}
	for i, c := range slow {
		if !closedByServer(c, deadline) {
			t.Fatalf("connection %d sending its body a byte at a time still open after %v", i, to.Read+10*time.Second)
		}
	}
	close(stop)
	wg.Wait()

	code, out := post(t, "http://"+addr+"/api/control", map[string]any{"session": session, "action": "step"})
	if code != http.StatusNoContent {
		t.Fatalf("step after %v paused: %d %v", to.Read+to.Idle, code, out)
	}
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	if ev := readEvent(t, br); !strings.HasPrefix(ev, "event: frame") {
		t.Fatalf("a stream paused past the timeouts: %q", ev)
	}

	// A reader that stops reading: the search runs flat out, every event
	// shown, and nothing is read; the server drops it.
	if code, out := post(t, "http://"+addr+"/api/control", map[string]any{"session": session, "action": "events", "events": "all"}); code != http.StatusNoContent {
		t.Fatal(code, out)
	}
	if code, out := post(t, "http://"+addr+"/api/control", map[string]any{"session": session, "action": "run", "delay": 0}); code != http.StatusNoContent {
		t.Fatal(code, out)
	}
	for end := time.Now().Add(to.Write + 20*time.Second); srv.Sessions() != 0 && time.Now().Before(end); {
		time.Sleep(20 * time.Millisecond)
	}
	if srv.Sessions() != 0 {
		t.Fatalf("a stream nobody reads still runs %v after its last write could go out", to.Write+20*time.Second)
	}
}

// readEvent reads one Server-Sent Event, its lines joined.
func readEvent(t *testing.T, br *bufio.Reader) string {
	t.Helper()
	var ev []string
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("stream: %v after %q", err, ev)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" && len(ev) > 0 {
			return strings.Join(ev, "\n")
		}
		// chunked transfer: the chunk sizes are lines of hex digits
		if line != "" && !strings.HasPrefix(line, "event:") && !strings.HasPrefix(line, "data:") {
			continue
		}
		if line != "" {
			ev = append(ev, line)
		}
	}
}

func readSession(t *testing.T, br *bufio.Reader) string {
	t.Helper()
	ev := readEvent(t, br)
	_, data, _ := strings.Cut(ev, "data: ")
	var hello struct{ Session string }
	if err := json.Unmarshal([]byte(data), &hello); err != nil || hello.Session == "" {
		t.Fatalf("hello: %q (%v)", ev, err)
	}
	return hello.Session
}

// TestOrigin: a page of another origin (Origin header, or a cross-site
// Sec-Fetch-Site) can open no stream and use no endpoint, so it cannot
// hold the server's search slots; the page's own origin can.
func TestOrigin(t *testing.T) {
	srv, url := serve(t)
	host := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/")
	do := func(method, path, body string, hdr ...string) (int, string) {
		t.Helper()
		var rd io.Reader
		if body != "" {
			rd = strings.NewReader(body)
		}
		req, _ := http.NewRequest(method, url+path, rd)
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		resp, err := http.DefaultClient.Do(req.WithContext(ctx))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data := make([]byte, 512)
		k, _ := io.ReadFull(resp.Body, data)
		return resp.StatusCode, string(data[:k])
	}
	foreign := [][]string{
		{"Origin", "https://attacker.example"},
		{"Origin", "null"},
		{"Origin", "http://127.0.0.1:1"},
		{"Sec-Fetch-Site", "cross-site"},
		{"Sec-Fetch-Site", "same-site"},
	}
	for i := 0; i < play.MaxSessions+2; i++ {
		for _, h := range foreign {
			if code, body := do("GET", "api/stream?n=32", "", h...); code != http.StatusForbidden || !strings.Contains(body, "refused") {
				t.Fatalf("stream with %v: %d %q", h, code, body)
			}
		}
	}
	if srv.Sessions() != 0 {
		t.Fatalf("foreign pages hold %d search slots", srv.Sessions())
	}
	for _, h := range foreign {
		for _, ep := range []string{"api/check", "api/complete", "api/control"} {
			if code, body := do("POST", ep, `{"n":4,"queens":[]}`, h...); code != http.StatusForbidden {
				t.Errorf("%s with %v: %d %q", ep, h, code, body)
			}
		}
		if code, _ := do("GET", "api/board.svg?n=4", "", h...); code != http.StatusForbidden {
			t.Errorf("download with %v: %d", h, code)
		}
	}
	// The page's own origin, as the browser sends it.
	if code, body := do("POST", "api/check", `{"n":4,"queens":[[0,1]]}`, "Origin", "http://"+host, "Sec-Fetch-Site", "same-origin"); code != 200 || !strings.Contains(body, `"legal":true`) {
		t.Errorf("own origin: %d %q", code, body)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"api/stream?n=4", nil)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("own stream: %v %v", resp, err)
	}
	readSession(t, bufio.NewReader(resp.Body))
	if srv.Sessions() != 1 {
		t.Errorf("the page's own stream: %d sessions", srv.Sessions())
	}
}

// strictCases are bodies every JSON endpoint refuses: squares of the wrong
// arity or type, squares twice, data after the value, unknown fields,
// bodies over the limit.
var strictCases = []string{
	`{"n":4,"queens":[[0],[3,5,7]]}`,
	`{"n":4,"queens":[[0,1,2]]}`,
	`{"n":4,"queens":[[0]]}`,
	`{"n":4,"queens":[[]]}`,
	`{"n":4,"queens":[[null,1]]}`,
	`{"n":4,"queens":[["0",1]]}`,
	`{"n":4,"queens":[[0.5,1]]}`,
	`{"n":4,"queens":[{"0":1,"1":2}]}`,
	`{"n":4,"queens":[null]}`,
	`{"n":4,"queens":[[0,1]]} {"n":5}`,
	`{"n":4,"queens":[[0,1]]}x`,
	`{"n":4,"queens":[[0,1]]}]`,
	`{"n":4,"queens":[[0,1]],"x":1}`,
	`{"N":4,"queens":[[0,1]]}`,
	`{"n":4,"Queens":[[0,1]]}`,
	`{"n":4,"n":5,"queens":[[0,1]]}`,
	`{"n":4,"queens":[[0,1],[0,1]]}`,
	`{"n":4,"queens":[[0,1]]` + strings.Repeat(" ", 1<<16) + `}`,
	`[]`,
	``,
}

// TestStrictJSON: /api/check, /api/complete and /api/control refuse every
// malformed body with a 400 and a message, and the streams and downloads
// refuse unknown, repeated and malformed parameters.
func TestStrictJSON(t *testing.T) {
	_, url := serve(t)
	for _, body := range strictCases {
		for _, ep := range []string{"api/check", "api/complete"} {
			b := body
			if ep == "api/complete" && strings.HasPrefix(b, `{"n":4,"queens"`) {
				b = strings.Replace(b, `{"n":4,`, `{"backend":"dlx","n":4,`, 1)
			}
			resp, err := http.Post(url+ep, "application/json", strings.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(data), `"error"`) {
				t.Errorf("%s %.60q: %d %s", ep, b, resp.StatusCode, data)
			}
		}
	}
	for _, body := range []string{`{"session":"x","action":"step"}{}`, `{"session":"x","action":"step","delay":1.5}`, `{"session":"x","action":"step"} x`, `{"session":["x"],"action":"step"}`} {
		resp, err := http.Post(url+"api/control", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("control %q: %d", body, resp.StatusCode)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, q := range []string{"n=4&n=5", "n=4&foo=1", "n=4&seed=x", "n=4&seed=1&seed=2", "n=%zz", "n=4;method=dlx"} {
		s := openStream(t, ctx, url+"api/stream?"+q)
		if name, data := s.next(); name != "refused" {
			t.Errorf("stream %s: %s %s", q, name, data)
		}
		s.resp.Body.Close()
	}
	for _, q := range []string{"n=4&n=4", "n=4&x=1", "n=4&q=0,1&q=1,3", "n=%zz"} {
		resp, err := http.Get(url + "api/board.txt?" + q)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("download %s: %d", q, resp.StatusCode)
		}
	}
}

// FuzzCheckBody feeds /api/check and /api/control with any body: the
// answer is a 400 with a message, or (check) a verdict on exactly the
// squares sent — each a pair of whole numbers, none twice, and nothing
// after the object — which this test reads back with a decoder of its
// own.
func FuzzCheckBody(f *testing.F) {
	for _, s := range append(strictCases[:len(strictCases)-2], `{"n":4,"queens":[[0,1],[1,3],[2,0],[3,2]]}`, `{"n":5,"queens":[[0,0],[4,4]]}`,
		`{"n":4,"queens":[]} `, `{"n":33}`, `{"n":4,"queens":[[0,9]]}`, `{"n":4,"queens":[[1e0,1]]}`, `{"n":4,"queens":[[-0,1]]}`) {
		f.Add([]byte(s))
	}
	srv := play.New(0)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, ep := range []string{"/api/check", "/api/control"} {
			req := httptest.NewRequest("POST", ep, strings.NewReader(string(body)))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			switch {
			case rec.Code == http.StatusOK && ep == "/api/check":
				n, ok := squaresOf(body)
				var v struct{ Queens int }
				if !ok || json.Unmarshal(rec.Body.Bytes(), &v) != nil || v.Queens != n {
					t.Fatalf("%s %q accepted: %s", ep, body, rec.Body.String())
				}
			case rec.Code == http.StatusBadRequest || rec.Code == http.StatusNotFound:
				if !strings.Contains(rec.Body.String(), `"error"`) {
					t.Fatalf("%s %q: %d without a message", ep, body, rec.Code)
				}
			default:
				t.Fatalf("%s %q: status %d %s", ep, body, rec.Code, rec.Body.String())
			}
		}
	})
}

// squaresOf reads a check request as plain JSON: one object of n and
// queens and nothing after it, each queen two whole numbers, none twice.
func squaresOf(body []byte) (int, bool) {
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.UseNumber()
	var m map[string]any
	if dec.Decode(&m) != nil || dec.More() || repeatedKey(body) {
		return 0, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return 0, false
	}
	for k := range m {
		if k != "n" && k != "queens" {
			return 0, false
		}
	}
	if m["queens"] == nil {
		return 0, true
	}
	qs, ok := m["queens"].([]any)
	if !ok {
		return 0, false
	}
	seen := map[string]bool{}
	for _, q := range qs {
		p, ok := q.([]any)
		if !ok || len(p) != 2 {
			return 0, false
		}
		for _, x := range p {
			num, ok := x.(json.Number)
			if _, err := num.Int64(); !ok || err != nil {
				return 0, false
			}
		}
		k := fmt.Sprint(p)
		if seen[k] {
			return 0, false
		}
		seen[k] = true
	}
	return len(qs), true
}

// repeatedKey says whether the object's keys (at its top level) repeat.
func repeatedKey(body []byte) bool {
	dec := json.NewDecoder(strings.NewReader(string(body)))
	depth, key := 0, true
	seen := map[string]bool{}
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok := tok.(type) {
		case json.Delim:
			if tok == '{' || tok == '[' {
				depth++
			} else {
				depth--
			}
			if depth == 1 && tok == '{' {
				key = true
				continue
			}
		case string:
			if depth == 1 && key {
				if seen[tok] {
					return true
				}
				seen[tok] = true
				key = false
				continue
			}
		}
		if depth == 1 {
			key = true
		}
	}
}
