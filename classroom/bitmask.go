package classroom

import (
	"context"
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// runBitmask shows the bitmask backend's search step by step
// (search.BitmaskTrace, through backend.Solve): for each row its free squares as a
// mask of bits (^(cols|ld|rd) & mask), the queen placed on the lowest free
// bit, taken off again, the dead ends (a mask of 0) and the solutions. The
// boards are drawn as for backtracking.
func runBitmask(ctx context.Context, t *tracer, b encode.Board) error {
	t.counters = []Counter{{"nodes", 0}, {"solutions", 0}}
	t.notes = backtrackNotes
	free := len(b.FreeRows())
	placed := 0
	st, err := solveTraced(ctx, "bitmask", b, backend.Request{Trace: func(ev any) bool {
		e := ev.(*search.BitmaskEvent)
		switch e.Kind {
		case search.BitmaskPlace:
			placed++
		case search.BitmaskRemove:
			placed--
		}
		if e.Kind != search.BitmaskSolution && t.skip() {
			return true
		}
		t.queens = e.Queens
		t.counters[0].Value, t.counters[1].Value = e.Stats.Nodes, e.Stats.Solutions
		t.solutions = e.Stats.Solutions
		t.r, t.c, t.mask, t.tested = e.Row, e.Col, e.Free, nil
		switch e.Kind {
		case search.BitmaskPlace:
			t.text = bitmaskPlaceText
			// The last free row filled: the solution event follows at once
			// and is the step.
			return t.fire("place", placed < free, false)
		case search.BitmaskRemove:
			t.text = bitmaskRemoveText
			return t.fire("remove", false, false)
		case search.BitmaskDeadEnd:
			t.text = bitmaskDeadEndText
			return t.fire("dead-end", true, false)
		case search.BitmaskSolution:
			t.text = backtrackSolutionText
			return t.fire("solution", true, true)
		}
		return true
	}})
	if err == nil && !t.stopped { // the counters of the end, events skipped or not
		t.queens = nil
		t.solutions = st.Solutions
		t.counters[0].Value, t.counters[1].Value = st.Nodes, st.Solutions
	}
	return err
}

// maskBits writes the n low bits of mask, column n-1 first and column 0 (the
// lowest bit, file a) last, as a machine word is written.
func maskBits(n int, mask uint64) string {
	var sb strings.Builder
	for c := n - 1; c >= 0; c-- {
		if mask&(1<<uint(c)) != 0 {
			sb.WriteByte('1')
		} else {
			sb.WriteByte('0')
		}
	}
	return sb.String()
}

// maskSquares names the squares of row r whose bits mask holds, or "—".
func maskSquares(t *tracer, r int, mask uint64) string {
	var sq []string
	for c := 0; c < t.n; c++ {
		if mask&(1<<uint(c)) != 0 {
			sq = append(sq, Name(t.n, r, c))
		}
	}
	if len(sq) == 0 {
		return "—"
	}
	return strings.Join(sq, t.cat.T("sep.list"))
}

func bitmaskPlaceText(t *tracer) string {
	return t.cat.T("bm.place", rowName(t.cat, t.n, t.r), maskBits(t.n, t.mask), maskSquares(t, t.r, t.mask), Name(t.n, t.r, t.c))
}

func bitmaskRemoveText(t *tracer) string {
	return t.cat.T("bm.remove", Name(t.n, t.r, t.c), maskBits(t.n, t.mask), maskSquares(t, t.r, t.mask))
}

func bitmaskDeadEndText(t *tracer) string {
	return t.cat.T("bm.deadEnd", rowName(t.cat, t.n, t.r), maskBits(t.n, t.mask))
}
