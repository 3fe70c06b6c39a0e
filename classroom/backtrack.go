package classroom

import (
	"context"
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/classroom/i18n"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// runBacktrack shows the backtrack backend's row search step by step
// (search.BacktrackTrace, through backend.Solve): every square tested,
// every queen placed and removed, every dead end and solution. A placement
// that completes the board is shown as the solution step.
func runBacktrack(ctx context.Context, t *tracer, b encode.Board) error {
	t.counters = []Counter{{"nodes", 0}, {"tests", 0}, {"solutions", 0}}
	t.notes = backtrackNotes
	free := len(b.FreeRows())
	placed := 0
	st, err := solveTraced(ctx, "backtrack", b, backend.Request{Trace: func(ev any) bool {
		e := ev.(*search.BacktrackEvent)
		switch e.Kind {
		case search.BacktrackPlace:
			placed++
		case search.BacktrackRemove:
			placed--
		}
		if e.Kind != search.BacktrackSolution && t.skip() {
			return true
		}
		t.queens = e.Queens
		t.counters[0].Value, t.counters[1].Value, t.counters[2].Value = e.Stats.Nodes, e.Stats.Tests, e.Stats.Solutions
		t.solutions = e.Stats.Solutions
		t.r, t.c, t.free, t.tested = e.Row, e.Col, e.Free, nil
		switch e.Kind {
		case search.BacktrackTest:
			t.tested = &Square{e.Row, e.Col}
			t.text = backtrackTestText
			return t.fire("test", false, false)
		case search.BacktrackPlace:
			t.text = backtrackPlaceText
			// The last free row filled: the solution event follows at once
			// and is the step.
			return t.fire("place", placed < free, false)
		case search.BacktrackRemove:
			t.text = backtrackRemoveText
			return t.fire("remove", false, false)
		case search.BacktrackDeadEnd:
			t.text = backtrackDeadEndText
			return t.fire("dead-end", true, false)
		case search.BacktrackSolution:
			t.text = backtrackSolutionText
			return t.fire("solution", true, true)
		}
		return true
	}})
	if err == nil && !t.stopped { // the counters of the end, events skipped or not
		t.queens = nil
		t.solutions = st.Solutions
		t.counters[0].Value, t.counters[1].Value, t.counters[2].Value = st.Nodes, st.Stats["tests"], st.Solutions
	}
	return err
}

func backtrackTestText(t *tracer) string {
	sq := Name(t.n, t.r, t.c)
	if t.free {
		return t.cat.T("bt.test.free", sq)
	}
	if a, ok := attacker(t.queens, t.r, t.c); ok {
		return t.cat.T("bt.test.attackedBy", sq, Name(t.n, a[0], a[1]))
	}
	return t.cat.T("bt.test.attacked", sq)
}

func backtrackPlaceText(t *tracer) string {
	return t.cat.T("bt.place", Name(t.n, t.r, t.c))
}

func backtrackRemoveText(t *tracer) string {
	return t.cat.T("bt.remove", Name(t.n, t.r, t.c))
}

func backtrackDeadEndText(t *tracer) string {
	return t.cat.T("bt.deadEnd", rowName(t.cat, t.n, t.r))
}

func backtrackSolutionText(t *tracer) string {
	last := ""
	if len(t.pending) > 0 && t.pending[len(t.pending)-1].kind == "place" {
		e := t.pending[len(t.pending)-1]
		last = t.cat.T("bt.solution.last", Name(t.n, e.r, e.c))
	}
	return t.cat.T("bt.solution", last, t.n, t.solutions)
}

// backtrackNotes sums up minor events: runs of tests with the same outcome
// share one note ("tested a3, b3: attacked"), and the notes of a run of
// tests are joined by semicolons.
func backtrackNotes(cat *i18n.Catalogue, n int, evs []rawEvent) []string {
	var notes []string
	var run []string // squares of the current run of tests
	var tests []string
	runFree := false
	flush := func() {
		if len(run) > 0 {
			what := "bt.note.attacked"
			if runFree {
				what = "bt.note.free"
			}
			tests = append(tests, cat.T(what, strings.Join(run, cat.T("sep.list"))))
			run = run[:0]
		}
	}
	end := func() {
		flush()
		if len(tests) > 0 {
			notes = append(notes, cat.T("bt.note.tested", strings.Join(tests, cat.T("sep.group"))))
			tests = nil
		}
	}
	for _, e := range evs {
		switch e.kind {
		case "test":
			if len(run) > 0 && e.free != runFree {
				flush()
			}
			runFree = e.free
			run = append(run, Name(n, e.r, e.c))
		case "place":
			end()
			notes = append(notes, cat.T("bt.note.placed", Name(n, e.r, e.c)))
		case "remove":
			end()
			notes = append(notes, cat.T("bt.note.took", Name(n, e.r, e.c)))
		}
	}
	end()
	return notes
}

// attacker finds a queen of q that attacks square (r, c).
func attacker(q []int, r, c int) (Square, bool) {
	for qr, qc := range q {
		if qc >= 0 && qr != r && (qc == c || qr-qc == r-c || qr+qc == r+c) {
			return Square{qr, qc}, true
		}
	}
	return Square{}, false
}

// solveTraced runs the backend named method on board b through
// backend.Solve in Find mode, with req.Trace receiving its search's
// events. A run that ctx ended returns ctx's error, as the searches
// themselves do.
func solveTraced(ctx context.Context, method string, b encode.Board, req backend.Request) (backend.Outcome, error) {
	be, err := backend.Lookup(method)
	if err != nil {
		return backend.Outcome{}, fmt.Errorf("classroom: %w (a program that shows lessons imports backend/all)", err)
	}
	req.Mode = backend.Find
	out, err := backend.SolveBoard(ctx, be, b, req)
	if err == nil && (out.Status == backend.Timeout || out.Status == backend.Interrupted) {
		err = ctx.Err()
	}
	return out, err
}
