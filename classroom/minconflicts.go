package classroom

import (
	"context"
	"fmt"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/classroom/i18n"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// runMinConflicts shows the minconflicts backend's search step by step
// (search.MinConflicts's trace hook, through backend.Solve): the
// initial placement queen by queen (a step when it is complete), then each
// repair step — the attacked queen picked (shown as the square tested), the
// swap with its partner or the decision to stay — and each restart, with
// the number of attacking pairs after it; queens under attack are drawn
// '!'. The run ends at the first solution: local search finds one, and
// cannot prove that none exists.
func runMinConflicts(ctx context.Context, t *tracer, b encode.Board, opts Options) error {
	base := make([]int, b.N)
	for r := range base {
		base[r] = b.Queen(r)
	}
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sh := &mcShow{t: t, base: base, queens: append([]int(nil), base...), free: len(b.FreeRows()), cancel: cancel}
	t.queens = sh.queens
	t.notes = mcNotes
	t.counters = []Counter{{"steps", 0}, {"swaps", 0}, {"restarts", 0}, {"attacking pairs", 0}}
	out, err := solveTraced(sctx, "minconflicts", b, backend.Request{Limit: 1, Seed: opts.Seed, Trace: func(ev any) bool {
		return sh.event(ev.(search.MinConflictsEvent))
	}})
	if t.stopped && ctx.Err() == nil {
		return nil
	}
	t.keepEnd = true
	switch {
	case err != nil:
		return err
	case out.Status == backend.Unknown:
		return fmt.Errorf("classroom: min-conflicts gave up without a solution (which proves nothing): %w", search.ErrMinConflictsNotFound)
	case out.Solutions == 0:
		// n = 2, 3: no solution at all (the backend's final answer).
		t.solutions = 0
		t.endText = func(t *tracer) string {
			return t.cat.T("mc.none", t.n)
		}
		return nil
	}
	t.counters = []Counter{{"steps", out.Stats["steps"]}, {"swaps", out.Stats["swaps"]}, {"restarts", out.Stats["restarts"]}, {"attacking pairs", 0}}
	t.endText = func(t *tracer) string {
		return t.cat.T("mc.end")
	}
	return nil
}

// mcShow turns the events of a min-conflicts search into the tracer's
// frames, keeping the board between them.
type mcShow struct {
	t               *tracer
	base, queens    []int // the given queens; the board now
	placed, free    int   // queens of the initial placement so far, of all
	swaps, restarts uint64
	cancel          func() // stops the search once the tracer has stopped
}

// event shows one event; false stops the search.
func (sh *mcShow) event(e search.MinConflictsEvent) bool {
	t := sh.t
	if t.stopped {
		return false
	}
	t.r, t.c, t.tested, t.len = e.Row, e.Col, nil, 0
	set := func() {
		t.counters[0].Value, t.counters[1].Value, t.counters[2].Value, t.counters[3].Value = e.Step, sh.swaps, sh.restarts, uint64(e.Conflicts)
	}
	ok := true
	switch e.Kind {
	case search.MinConflictsPlace:
		sh.queens[e.Row] = e.Col
		sh.placed++
		set()
		t.text = mcPlaceText
		t.len = int(e.Conflicts)
		done := sh.placed == sh.free
		if done && e.Conflicts == 0 {
			t.solutions = 1
		}
		ok = t.fire("place", done, done && e.Conflicts == 0)
	case search.MinConflictsPick:
		t.tested = &Square{e.Row, e.Col}
		t.len = e.Attackers
		set()
		t.text = mcPickText
		ok = t.fire("pick", false, false)
	case search.MinConflictsMove:
		sh.swaps++
		sh.queens[e.Row], sh.queens[e.Partner] = e.Col, e.PartnerCol
		t.partner, t.partnerCol, t.walk = e.Partner, e.PartnerCol, e.Walk
		t.len = int(e.Conflicts)
		if e.Conflicts == 0 {
			t.solutions = 1
		}
		set()
		t.text = mcMoveText
		ok = t.fire("move", true, e.Conflicts == 0)
	case search.MinConflictsStay:
		set()
		t.len = int(e.Conflicts)
		t.text = mcStayText
		ok = t.fire("stay", true, false)
	case search.MinConflictsRestart:
		sh.restarts++
		copy(sh.queens, sh.base)
		sh.placed = 0
		set()
		t.text = mcRestartText
		ok = t.fire("restart", true, false)
	}
	if !ok {
		sh.cancel()
	}
	return ok
}

func mcPlaceText(t *tracer) string {
	if t.major {
		if t.len == 0 {
			return t.cat.T("mc.place.solution", Name(t.n, t.r, t.c))
		}
		return t.cat.T("mc.place.done", Name(t.n, t.r, t.c), plural(t.cat, uint64(t.len), "pl.pair"))
	}
	return t.cat.T("mc.place", Name(t.n, t.r, t.c))
}

func mcPickText(t *tracer) string {
	return t.cat.T("mc.pick", Name(t.n, t.r, t.c), plural(t.cat, uint64(t.len), "pl.queen"))
}

func mcMoveText(t *tracer) string {
	how := "mc.swap"
	if t.walk {
		how = "mc.walk"
	}
	s := t.cat.T(how, Name(t.n, t.r, t.c), Name(t.n, t.partner, t.partnerCol), plural(t.cat, uint64(t.len), "pl.pair"))
	if t.len == 0 {
		s += t.cat.T("mc.solved")
	}
	return s
}

func mcStayText(t *tracer) string {
	return t.cat.T("mc.stay", plural(t.cat, uint64(t.len), "pl.pair"))
}

func mcRestartText(t *tracer) string {
	return t.cat.T("mc.restart")
}

func mcNotes(cat *i18n.Catalogue, n int, evs []rawEvent) []string {
	var notes []string
	var placed []string
	for _, e := range evs {
		switch e.kind {
		case "place":
			placed = append(placed, Name(n, e.r, e.c))
		case "pick":
			notes = append(notes, cat.T("mc.note.picked", Name(n, e.r, e.c)))
		}
	}
	if len(placed) > 0 {
		notes = append([]string{cat.T("mc.note.placed", joinNames(placed))}, notes...)
	}
	return notes
}

func joinNames(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}
