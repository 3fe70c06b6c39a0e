package play

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/classroom/i18n"
	"github.com/qtool-project/qtool/encode"
)

// control is one command of the page to its search (POST /api/control).
type control struct {
	Session string `json:"session"`
	// Action: step, run, pause, next, finish, speed, events.
	Action string `json:"action"`
	// Delay is the pause between two frames when running, in milliseconds
	// (action run or speed), 0 to 5000.
	Delay *int `json:"delay,omitempty"`
	// Events: "steps" shows only steps, "all" every event (action events).
	Events string `json:"events,omitempty"`
}

// session is one search, tied to one open stream.
type session struct {
	id      string
	n       int
	method  string
	ctl     chan control
	started time.Time
	cat     *i18n.Catalogue // the language of its page
}

// message is one Server-Sent Event: its name and its JSON data.
type message struct {
	event string
	data  any
}

type helloData struct {
	Session string          `json:"session"`
	N       int             `json:"n"`
	Method  string          `json:"method"`
	Text    string          `json:"text"`
	Frame   classroom.Frame `json:"frame"`
}

type progressData struct {
	Solutions uint64              `json:"solutions"`
	Counters  []classroom.Counter `json:"counters"`
	Mode      string              `json:"mode"`
}

type doneData struct {
	Complete  bool                `json:"complete"`
	Solutions uint64              `json:"solutions"`
	Counters  []classroom.Counter `json:"counters"`
	Steps     int                 `json:"steps"`
	Events    uint64              `json:"events"`
	// FinishSeconds is the time from the finish command to the end, when
	// the search was finished at full speed.
	FinishSeconds float64 `json:"finishSeconds,omitempty"`
	Text          string  `json:"text"`
}

type noticeData struct {
	Message string `json:"message"`
}

// stream runs one search and streams its frames: GET /api/stream?n=N
// &method=M[&queens=c0,c1,…][&seed=S][&events=steps|all]. See
// docs/classroom.md.
func (s *Server) stream(w http.ResponseWriter, r *http.Request) {
	send, ok := s.eventStream(w)
	if !ok {
		return
	}
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err == nil {
		err = strictQuery(q, "n", "method", "queens", "seed", "events", "lang")
	}
	if err != nil {
		send(message{"refused", noticeData{"bad query: " + err.Error()}}) //nolint:errcheck // going away
		return
	}
	cat, err := language(r, q.Get("lang"))
	if err != nil {
		send(message{"refused", noticeData{strings.TrimPrefix(err.Error(), "i18n: ")}}) //nolint:errcheck // going away
		return
	}
	method := q.Get("method")
	if method == "" {
		method = "backtrack"
	}
	b, err := streamBoard(q.Get("n"), q.Get("queens"))
	if err == nil {
		err = classroom.Check(method, b)
	}
	if err != nil {
		send(message{"refused", noticeData{strings.TrimPrefix(err.Error(), "classroom: ")}}) //nolint:errcheck // going away
		return
	}
	var seed int64
	if v := q.Get("seed"); v != "" {
		if seed, err = strconv.ParseInt(v, 10, 64); err != nil {
			send(message{"refused", noticeData{fmt.Sprintf("seed must be a whole number, got %q", v)}}) //nolint:errcheck // going away
			return
		}
	}
	all := false
	switch q.Get("events") {
	case "", "steps":
	case "all":
		all = true
	default:
		send(message{"refused", noticeData{fmt.Sprintf("events must be steps or all, got %q", q.Get("events"))}}) //nolint:errcheck // going away
		return
	}
	sess := &session{id: newID(), n: b.N, method: method, ctl: make(chan control, 16), started: time.Now(), cat: cat}
	s.mu.Lock()
	if len(s.sessions) >= MaxSessions {
		s.mu.Unlock()
		send(message{"refused", noticeData{cat.T("refuse.busy", MaxSessions)}}) //nolint:errcheck // going away
		return
	}
	s.sessions[sess.id] = sess
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.sessions, sess.id)
		s.mu.Unlock()
	}()

	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	out := make(chan message, 8)
	go func() {
		defer close(out)
		sess.search(ctx, b, classroom.Options{Seed: seed, Lang: cat}, all, out)
	}()
	start := classroom.Frame{Kind: "start", N: b.N, Queens: b.Queens, Board: classroom.Draw(b.N, b.Queens, nil),
		Text: cat.T("run.ready")}
	if start.Queens == nil {
		start.Queens = make([]int, b.N)
		for i := range start.Queens {
			start.Queens[i] = -1
		}
	}
	if err := send(message{"hello", helloData{sess.id, b.N, method, cat.T("method." + method), start}}); err != nil {
		return
	}
	for m := range out {
		if err := send(m); err != nil {
			cancel()
			for range out {
			}
			return
		}
	}
}

// streamBoard reads n and the optional queens (one column a row, -1 free).
func streamBoard(ns, qs string) (encode.Board, error) {
	n, err := strconv.Atoi(ns)
	if err != nil {
		return encode.Board{}, fmt.Errorf("n must be a whole number from 1 to %d, got %q", classroom.MaxN, ns)
	}
	if n < 1 {
		return encode.Board{}, fmt.Errorf("n must be at least 1, got %d", n)
	}
	b := encode.Empty(n)
	if qs != "" {
		parts := strings.Split(qs, ",")
		if len(parts) != n {
			return b, fmt.Errorf("queens lists %d rows for a board of %d", len(parts), n)
		}
		for _, p := range parts {
			c, err := strconv.Atoi(p)
			if err != nil {
				return b, fmt.Errorf("queens: bad column %q", p)
			}
			b.Queens = append(b.Queens, c)
		}
	}
	return b, nil
}

func (s *Server) control(w http.ResponseWriter, r *http.Request) {
	var c control
	if !readJSON(w, r, &c, "session", "action", "delay", "events") {
		return
	}
	switch c.Action {
	case "step", "run", "pause", "next", "finish", "speed", "events":
	default:
		refuse(w, http.StatusBadRequest, "unknown action %q (step, run, pause, next, finish, speed, events)", c.Action)
		return
	}
	if c.Delay != nil && (*c.Delay < 0 || *c.Delay > 5000) {
		refuse(w, http.StatusBadRequest, "delay must be 0 to 5000 ms, got %d", *c.Delay)
		return
	}
	if c.Action == "events" && c.Events != "steps" && c.Events != "all" {
		refuse(w, http.StatusBadRequest, "events must be steps or all, got %q", c.Events)
		return
	}
	s.mu.Lock()
	sess := s.sessions[c.Session]
	s.mu.Unlock()
	if sess == nil || sess.ctl == nil {
		cat, _ := language(r, "")
		refuse(w, http.StatusNotFound, "%s", cat.T("refuse.ended", c.Session))
		return
	}
	if c.Action == "finish" {
		if max, ok := finishMaxN[sess.method]; !ok || sess.n > max {
			limit := sess.cat.T("refuse.finish.never")
			if ok {
				limit = sess.cat.T("refuse.finish.upTo", max, sess.method)
			}
			refuse(w, http.StatusConflict, "%s", sess.cat.T("refuse.finish", sess.n, limit, sess.n))
			return
		}
	}
	select {
	case sess.ctl <- c:
		w.WriteHeader(http.StatusNoContent)
	default:
		refuse(w, http.StatusTooManyRequests, "%s", sess.cat.T("refuse.tooMany"))
	}
}

// Modes of a search.
const (
	paused = "paused"
	step   = "step"
	run    = "run"
	next   = "next"
	finish = "finish"
)

// search runs the session's search, sending frames to out as the page's
// commands ask: nothing until the first command (paused), one step per
// "step", a step every delay when running, nothing but progress until the
// next solution or the end for "next" and "finish".
func (sess *session) search(ctx context.Context, b encode.Board, opts classroom.Options, all bool, out chan<- message) {
	mode := paused
	delay := 400 * time.Millisecond
	var finishStart time.Time
	apply := func(c control) {
		if c.Delay != nil {
			delay = time.Duration(*c.Delay) * time.Millisecond
		}
		switch c.Action {
		case "pause":
			mode = paused
		case "step", "run", "next":
			mode = c.Action
		case "finish":
			mode = finish
			finishStart = time.Now()
		case "events":
			all = c.Events == "all"
		}
	}
	send := func(m message) bool {
		select {
		case out <- m:
			return true
		case <-ctx.Done():
			return false
		}
	}
	// wait blocks while paused, taking commands.
	wait := func() bool {
		for mode == paused {
			select {
			case c := <-sess.ctl:
				apply(c)
			case <-ctx.Done():
				return false
			}
		}
		return true
	}
	// poll takes the commands sent meanwhile.
	poll := func() {
		for {
			select {
			case c := <-sess.ctl:
				apply(c)
			default:
				return
			}
		}
	}
	skip := func(e classroom.Event) bool {
		switch mode {
		case finish:
			return e.Kind != "end"
		case next:
			return !e.Solution && e.Kind != "end"
		}
		return !e.Major && !all
	}
	var k uint64
	lastProgress := time.Now()
	sum, err := classroom.Run(ctx, sess.method, b, opts, func(e classroom.Event) bool {
		k++
		// Counting flat out (next, finish), the run hands over one event
		// in thousands: take the commands and report progress at each.
		fast := mode == finish || mode == next
		if fast || k&1023 == 0 {
			if ctx.Err() != nil {
				return false
			}
			poll()
			fast = mode == finish || mode == next
			if fast && time.Since(lastProgress) > 200*time.Millisecond {
				lastProgress = time.Now()
				f := e.Frame()
				if !send(message{"progress", progressData{f.Solutions, f.Counters, mode}}) {
					return false
				}
			}
		}
		e.Quiet(fast)
		if skip(e) {
			return true
		}
		if !wait() {
			return false
		}
		if skip(e) { // the command that ended the pause may skip this event
			return true
		}
		if !send(message{"frame", e.Frame()}) {
			return false
		}
		switch mode {
		case step, next:
			mode = paused
		case run:
			t := time.NewTimer(delay)
			for waiting := true; waiting && mode == run; {
				select {
				case c := <-sess.ctl:
					apply(c)
				case <-t.C:
					waiting = false
				case <-ctx.Done():
					t.Stop()
					return false
				}
			}
			t.Stop()
		}
		return true
	})
	if ctx.Err() != nil {
		return
	}
	if err != nil {
		send(message{"refused", noticeData{strings.TrimPrefix(err.Error(), "classroom: ")}})
		return
	}
	d := doneData{Complete: sum.Complete, Solutions: sum.Solutions, Counters: sum.Counters, Steps: sum.Steps, Events: sum.Events}
	var took time.Duration
	if !finishStart.IsZero() {
		took = time.Since(finishStart)
		d.FinishSeconds = took.Seconds()
	}
	d.Text = sum.Text
	if d.FinishSeconds > 0 {
		d.Text += opts.Lang.T("run.finishIn", took.Round(time.Microsecond).String())
	}
	send(message{"done", d})
}
