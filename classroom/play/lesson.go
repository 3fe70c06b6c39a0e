package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/qtool-project/qtool/classroom"
)

// eventStream starts a Server-Sent Events reply on w and returns its send
// function: each event is written with a write deadline of its own, and
// the request keeps no read deadline (the stream lasts while its page is
// open; see Timeouts).
func (s *Server) eventStream(w http.ResponseWriter) (func(message) error, bool) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return nil, false
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{}) //nolint:errcheck // a recorder in tests has no deadlines
	return func(m message) error {
		data, err := json.Marshal(m.data)
		if err != nil {
			return err
		}
		if s.Timeouts.Write > 0 {
			rc.SetWriteDeadline(time.Now().Add(s.Timeouts.Write)) //nolint:errcheck // as above
		}
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", m.event, data); err != nil {
			return err
		}
		fl.Flush()
		return nil
	}, true
}

// slot takes one of the MaxSessions search slots for a lesson run (false
// when all are taken); the returned function gives it back.
func (s *Server) slot() (func(), bool) {
	sess := &session{id: newID()}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.sessions) >= MaxSessions {
		return nil, false
	}
	s.sessions[sess.id] = sess
	return func() {
		s.mu.Lock()
		delete(s.sessions, sess.id)
		s.mu.Unlock()
	}, true
}

// MaxLessonSeconds bounds a lesson run asked for by a page.
const MaxLessonSeconds = 120

// lessonDone ends a lesson run: complete, or stopped at the time limit;
// the page says so in its language (From and Max are the orders counted,
// Limit the time limit in seconds).
type lessonDone struct {
	Complete bool   `json:"complete"`
	From     int    `json:"from"`
	Max      int    `json:"max"`
	Limit    int    `json:"limit"`
	Text     string `json:"text"`
}

// lessonQuery reads the common parameters of the lessons: max (the
// largest n), limit (seconds, 1 to MaxLessonSeconds, default 30).
func lessonQuery(q url.Values) (int, time.Duration, error) {
	n, err := strconv.Atoi(q.Get("max"))
	if err != nil || n < 1 || n > classroom.MaxGrowthN {
		return 0, 0, fmt.Errorf("max must be a whole number from 4 to %d, got %q", classroom.MaxGrowthN, q.Get("max"))
	}
	limit := 30
	if v := q.Get("limit"); v != "" {
		if limit, err = strconv.Atoi(v); err != nil || limit < 1 || limit > MaxLessonSeconds {
			return 0, 0, fmt.Errorf("limit must be 1 to %d seconds, got %q", MaxLessonSeconds, v)
		}
	}
	return n, time.Duration(limit) * time.Second, nil
}

// lessonRun is a lesson run that has started: its events' sender, its
// query, its largest n and its context (ended by the time limit or the
// page's closing); done gives the slot back.
type lessonRun struct {
	send  func(message) error
	q     url.Values
	maxN  int
	limit time.Duration
	ctx   context.Context
	done  func()
}

// startLesson reads a lesson's query (the parameters named besides max
// and limit), takes a search slot and starts its stream; false when it
// refused (and said why on the stream).
func (s *Server) startLesson(w http.ResponseWriter, r *http.Request, minN int, params ...string) (lessonRun, bool) {
	send, ok := s.eventStream(w)
	if !ok {
		return lessonRun{}, false
	}
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err == nil {
		err = strictQuery(q, append([]string{"max", "limit"}, params...)...)
	}
	var maxN int
	var limit time.Duration
	if err == nil {
		maxN, limit, err = lessonQuery(q)
	}
	if err == nil && maxN < minN {
		err = fmt.Errorf("max must be at least %d, got %d", minN, maxN)
	}
	if err != nil {
		send(message{"refused", noticeData{err.Error()}}) //nolint:errcheck // going away
		return lessonRun{}, false
	}
	release, ok := s.slot()
	if !ok {
		send(message{"refused", noticeData{fmt.Sprintf("%d searches are running already: close a tab and try again", MaxSessions)}}) //nolint:errcheck // going away
		return lessonRun{}, false
	}
	ctx, cancel := context.WithTimeout(r.Context(), limit)
	return lessonRun{send, q, maxN, limit, ctx, func() { cancel(); release() }}, true
}

// growth runs the lesson on growth: GET /api/growth?max=N[&limit=S]
// [&methods=backtrack,bitmask,dlx]; a "row" event per count
// (classroom.GrowthRow), then "done" (complete, or stopped at the time
// limit) or "refused".
func (s *Server) growth(w http.ResponseWriter, r *http.Request) {
	run, ok := s.startLesson(w, r, 4, "methods")
	if !ok {
		return
	}
	defer run.done()
	send, maxN, limit := run.send, run.maxN, run.limit
	methods := classroom.GrowthMethods
	if run.q.Get("methods") != "" {
		methods = strings.Split(run.q.Get("methods"), ",")
	}
	ctx, cancel := context.WithCancel(run.ctx)
	defer cancel()
	var werr error
	err := classroom.Growth(ctx, methods, maxN, func(row classroom.GrowthRow) {
		if werr == nil {
			werr = send(message{"row", row})
		}
		if werr != nil {
			cancel()
		}
	})
	switch {
	case werr != nil || r.Context().Err() != nil:
	case errors.Is(err, context.DeadlineExceeded):
		send(message{"done", lessonDone{false, 4, maxN, int(limit.Seconds()), fmt.Sprintf("stopped at the time limit of %v", limit)}}) //nolint:errcheck // going away
	case err != nil:
		send(message{"refused", noticeData{strings.TrimPrefix(err.Error(), "classroom: ")}}) //nolint:errcheck // going away
	default:
		send(message{"done", lessonDone{true, 4, maxN, int(limit.Seconds()), fmt.Sprintf("counted n = 4 to %d", maxN)}}) //nolint:errcheck // going away
	}
}

// bugs runs a classic bug against the right search: GET
// /api/bugs?bug=B&max=N[&limit=S]; a "row" event per n from 1
// (classroom.BugRow), then "done" or "refused".
func (s *Server) bugs(w http.ResponseWriter, r *http.Request) {
	run, ok := s.startLesson(w, r, 1, "bug")
	if !ok {
		return
	}
	defer run.done()
	send, maxN, limit := run.send, run.maxN, run.limit
	for n := 1; n <= maxN; n++ {
		row, err := classroom.Buggy(run.ctx, run.q.Get("bug"), n)
		switch {
		case r.Context().Err() != nil:
			return
		case errors.Is(err, context.DeadlineExceeded):
			send(message{"done", lessonDone{false, 1, maxN, int(limit.Seconds()), fmt.Sprintf("stopped at the time limit of %v", limit)}}) //nolint:errcheck // going away
			return
		case err != nil:
			send(message{"refused", noticeData{strings.TrimPrefix(err.Error(), "classroom: ")}}) //nolint:errcheck // going away
			return
		}
		if send(message{"row", row}) != nil {
			return
		}
	}
	send(message{"done", lessonDone{true, 1, maxN, int(limit.Seconds()), fmt.Sprintf("n = 1 to %d", maxN)}}) //nolint:errcheck // going away
}
