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
	req, refusal := parseStream(r)
	if refusal != "" {
		send(message{"refused", noticeData{refusal}}) //nolint:errcheck // going away
		return
	}
	b, method, cat := req.b, req.method, req.cat
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
		sess.search(ctx, b, classroom.Options{Seed: req.seed, Lang: cat}, req.all, out)
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

// A streamRequest is what GET /api/stream asks for.
type streamRequest struct {
	b      encode.Board
	method string
	seed   int64
	all    bool // every event, not only the steps
	cat    *i18n.Catalogue
}

// parseStream reads the query of GET /api/stream; a refusal is the
// message to send instead ("" for none).
func parseStream(r *http.Request) (req streamRequest, refusal string) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err == nil {
		err = strictQuery(q, "n", "method", "queens", "seed", "events", "lang")
	}
	if err != nil {
		return req, "bad query: " + err.Error()
	}
	if req.cat, err = language(r, q.Get("lang")); err != nil {
		return req, strings.TrimPrefix(err.Error(), "i18n: ")
	}
	req.method = q.Get("method")
	if req.method == "" {
		req.method = "backtrack"
	}
	req.b, err = streamBoard(q.Get("n"), q.Get("queens"))
	if err == nil {
		err = classroom.Check(req.method, req.b)
	}
	if err != nil {
		return req, strings.TrimPrefix(err.Error(), "classroom: ")
	}
	if v := q.Get("seed"); v != "" {
		if req.seed, err = strconv.ParseInt(v, 10, 64); err != nil {
			return req, fmt.Sprintf("seed must be a whole number, got %q", v)
		}
	}
	switch q.Get("events") {
	case "", "steps":
	case "all":
		req.all = true
	default:
		return req, fmt.Sprintf("events must be steps or all, got %q", q.Get("events"))
	}
	return req, ""
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
	p := &player{sess: sess, ctx: ctx, out: out, mode: paused, delay: 400 * time.Millisecond, all: all, lastProgress: time.Now()}
	sum, err := classroom.Run(ctx, sess.method, b, opts, p.event)
	if ctx.Err() != nil {
		return
	}
	if err != nil {
		p.send(message{"refused", noticeData{strings.TrimPrefix(err.Error(), "classroom: ")}})
		return
	}
	d := doneData{Complete: sum.Complete, Solutions: sum.Solutions, Counters: sum.Counters, Steps: sum.Steps, Events: sum.Events}
	var took time.Duration
	if !p.finishStart.IsZero() {
		took = time.Since(p.finishStart)
		d.FinishSeconds = took.Seconds()
	}
	d.Text = sum.Text
	if d.FinishSeconds > 0 {
		d.Text += opts.Lang.T("run.finishIn", took.Round(time.Microsecond).String())
	}
	p.send(message{"done", d})
}

// A player plays a session's search at the pace its page's commands ask.
type player struct {
	sess         *session
	ctx          context.Context
	out          chan<- message
	mode         string        // paused, step, run, next or finish
	delay        time.Duration // between two steps when running
	all          bool          // every event, not only the steps
	finishStart  time.Time     // when finish was asked
	k            uint64        // events so far
	lastProgress time.Time
}

// apply takes one command of the page.
func (p *player) apply(c control) {
	if c.Delay != nil {
		p.delay = time.Duration(*c.Delay) * time.Millisecond
	}
	switch c.Action {
	case "pause":
		p.mode = paused
	case "step", "run", "next":
		p.mode = c.Action
	case "finish":
		p.mode = finish
		p.finishStart = time.Now()
	case "events":
		p.all = c.Events == "all"
	}
}

// send sends m to the page; false when the session has ended.
func (p *player) send(m message) bool {
	select {
	case p.out <- m:
		return true
	case <-p.ctx.Done():
		return false
	}
}

// wait blocks while paused, taking commands.
func (p *player) wait() bool {
	for p.mode == paused {
		select {
		case c := <-p.sess.ctl:
			p.apply(c)
		case <-p.ctx.Done():
			return false
		}
	}
	return true
}

// poll takes the commands sent meanwhile.
func (p *player) poll() {
	for {
		select {
		case c := <-p.sess.ctl:
			p.apply(c)
		default:
			return
		}
	}
}

// skip tells whether e is not shown in the present mode.
func (p *player) skip(e classroom.Event) bool {
	switch p.mode {
	case finish:
		return e.Kind != "end"
	case next:
		return !e.Solution && e.Kind != "end"
	}
	return !e.Major && !p.all
}

// event is the search's visitor: it shows e when its mode says so, after
// the pause or the delay; false ends the search.
func (p *player) event(e classroom.Event) bool {
	p.k++
	// Counting flat out (next, finish), the run hands over one event
	// in thousands: take the commands and report progress at each.
	fast := p.mode == finish || p.mode == next
	if fast || p.k&1023 == 0 {
		if p.ctx.Err() != nil {
			return false
		}
		p.poll()
		fast = p.mode == finish || p.mode == next
		if fast && time.Since(p.lastProgress) > 200*time.Millisecond {
			p.lastProgress = time.Now()
			f := e.Frame()
			if !p.send(message{"progress", progressData{f.Solutions, f.Counters, p.mode}}) {
				return false
			}
		}
	}
	e.Quiet(fast)
	if p.skip(e) {
		return true
	}
	if !p.wait() {
		return false
	}
	if p.skip(e) { // the command that ended the pause may skip this event
		return true
	}
	if !p.send(message{"frame", e.Frame()}) {
		return false
	}
	switch p.mode {
	case step, next:
		p.mode = paused
	case run:
		return p.pace()
	}
	return true
}

// pace waits the delay between two steps when running, taking commands;
// false when the session has ended.
func (p *player) pace() bool {
	t := time.NewTimer(p.delay)
	defer t.Stop()
	for waiting := true; waiting && p.mode == run; {
		select {
		case c := <-p.sess.ctl:
			p.apply(c)
		case <-t.C:
			waiting = false
		case <-p.ctx.Done():
			return false
		}
	}
	return true
}
