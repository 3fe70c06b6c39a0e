package classroom

import (
	"context"
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/classroom/i18n"
	"github.com/qtool-project/qtool/dlx"
	"github.com/qtool-project/qtool/encode"
)

// runDLX shows Algorithm X (package dlx with its trace hook) on the exact
// cover matrix of the board (encode.ExactCover: primary items r_i and c_j
// for the free rows and columns, secondary items a_k and b_k for the
// diagonals, an option per square): the item chosen at each level with the
// primary items still active, each option tried (a queen on its square),
// covers and uncovers, dead ends (an item without options) and solutions.
// The try that fills the last free row is shown as the solution step.
func runDLX(ctx context.Context, t *tracer, b encode.Board) error {
	m, err := encode.ExactCover(b)
	if err != nil {
		return err
	}
	p, err := dlx.NewMatrix(m.Primary, m.Secondary)
	if err != nil {
		return err
	}
	for _, opt := range m.Options {
		if err := p.AddOptionIndex(opt...); err != nil {
			return err
		}
	}
	free := len(m.Primary) / 2
	base := make([]int, b.N)
	for r := range base {
		base[r] = b.Queen(r)
	}
	queens := append([]int(nil), base...)
	var placed []Square // the queen of each level
	active := make([]bool, len(m.Primary))
	for i := range active {
		active[i] = true
	}
	name := func(i int) string {
		if i < len(m.Primary) {
			return m.Primary[i]
		}
		return m.Secondary[i-len(m.Primary)]
	}
	// truncate keeps the queens of levels 0..l-1 and the levels 0..keep-1.
	truncate := func(l, keep int) {
		for len(placed) > l {
			q := placed[len(placed)-1]
			queens[q[0]] = -1
			placed = placed[:len(placed)-1]
		}
		if len(t.levels) > keep {
			t.levels = t.levels[:keep]
		}
	}
	var nodes, tries uint64
	t.counters = []Counter{{"nodes", 0}, {"tries", 0}, {"solutions", 0}, {"level", 0}}
	t.notes = dlxNotes
	t.queens = queens
	if len(m.Primary) == 0 { // the board is full: the empty choice is the one solution
		t.solutions = 1
		t.counters = []Counter{{"nodes", 1}, {"tries", 0}, {"solutions", 1}, {"level", 0}}
		t.text = func(t *tracer) string { return "every row holds a queen already: no item to cover — solution 1" }
		t.fire("solution", true, true)
		return ctx.Err()
	}
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	set := func(level int) {
		t.counters[0].Value, t.counters[1].Value, t.counters[2].Value, t.counters[3].Value = nodes, tries, t.solutions, uint64(level)
	}
	stats, err := p.Run(sctx, dlx.Config{Algorithm: dlx.X, Workers: 1, Trace: func(e dlx.Event) {
		if t.stopped {
			return
		}
		t.r, t.c, t.free, t.tested, t.item, t.option = -1, -1, false, nil, "", ""
		ok := true
		switch e.Kind {
		case dlx.Choose:
			nodes++
			truncate(e.Level, e.Level)
			var act []string
			for i, a := range active {
				if a {
					act = append(act, m.Primary[i])
				}
			}
			t.levels = append(t.levels, Level{Item: name(e.Item), Active: act})
			t.item, t.len = name(e.Item), e.Len
			set(e.Level)
			if t.skip() {
				return
			}
			t.text = dlxChooseText
			ok = t.fire("choose", e.Len == 0, false)
		case dlx.Cover, dlx.Uncover:
			if e.Item < len(active) {
				active[e.Item] = e.Kind == dlx.Uncover
			}
			if t.skip() {
				return
			}
			t.item = name(e.Item)
			kind := "cover"
			if e.Kind == dlx.Uncover {
				kind = "uncover"
			}
			t.text = dlxCoverText
			ok = t.fire(kind, false, false)
		case dlx.Try:
			tries++
			truncate(e.Level, e.Level+1)
			r, c := m.Square(e.Option)
			queens[r] = c
			placed = append(placed, Square{r, c})
			t.r, t.c = r, c
			t.option, t.len = p.OptionString(e.Option), e.Len
			if e.Level < len(t.levels) {
				t.levels[e.Level].Option = t.option
				t.item = t.levels[e.Level].Item
			}
			set(e.Level + 1)
			if t.skip() {
				return
			}
			t.text = dlxTryText
			ok = t.fire("try", e.Level+1 < free, false)
		case dlx.Backtrack:
			truncate(e.Level, e.Level)
			set(e.Level)
			if t.skip() {
				return
			}
			t.text = dlxBacktrackText
			t.len = e.Level
			ok = t.fire("backtrack", false, false)
		case dlx.Solution:
			nodes++
			t.solutions++
			set(e.Level)
			t.text = dlxSolutionText
			ok = t.fire("solution", true, true)
		}
		if !ok {
			cancel()
		}
	}})
	if t.stopped && ctx.Err() == nil {
		return nil
	}
	if err != nil {
		return err
	}
	if stats.Nodes != nodes || stats.Solutions != t.solutions {
		return fmt.Errorf("classroom: the dlx trace saw %d nodes and %d solutions, the search counted %d and %d", nodes, t.solutions, stats.Nodes, stats.Solutions)
	}
	t.queens = base
	t.counters = []Counter{{"nodes", stats.Nodes}, {"tries", tries}, {"solutions", stats.Solutions}, {"updates", stats.Updates}}
	return nil
}

func dlxChooseText(t *tracer) string {
	if t.len == 0 {
		return t.cat.T("dlx.deadEnd", t.item)
	}
	return t.cat.T("dlx.choose", t.item, t.len)
}

func dlxCoverText(t *tracer) string {
	if t.kind == "uncover" {
		return t.cat.T("dlx.uncover", t.item)
	}
	return t.cat.T("dlx.cover", t.item)
}

func dlxTryText(t *tracer) string {
	return t.cat.T("dlx.try", t.option, t.len, t.item, Name(t.n, t.r, t.c))
}

func dlxBacktrackText(t *tracer) string {
	return t.cat.T("dlx.backtrack", t.len, t.len-1)
}

func dlxSolutionText(t *tracer) string {
	last := ""
	if len(t.pending) > 0 {
		for i := len(t.pending) - 1; i >= 0; i-- {
			if e := t.pending[i]; e.kind == "try" {
				last = t.cat.T("dlx.solution.last", Name(t.n, e.r, e.c))
				break
			}
		}
	}
	return t.cat.T("dlx.solution", last, t.solutions)
}

// dlxNotes sums up the minor events of Algorithm X: covers and uncovers
// grouped, choices and tries one a note.
func dlxNotes(cat *i18n.Catalogue, n int, evs []rawEvent) []string {
	var notes []string
	var group []string
	groupKind := ""
	flush := func() {
		if len(group) > 0 {
			notes = append(notes, cat.T("dlx.note."+groupKind, strings.Join(group, " ")))
			group = nil
		}
	}
	for _, e := range evs {
		switch e.kind {
		case "cover", "uncover":
			if e.kind != groupKind {
				flush()
			}
			groupKind = e.kind
			group = append(group, e.item)
		case "choose":
			flush()
			notes = append(notes, cat.T("dlx.note.chose", e.item))
		case "try":
			flush()
			notes = append(notes, cat.T("dlx.note.tried", Name(n, e.r, e.c)))
		case "backtrack":
			flush()
			notes = append(notes, cat.T("dlx.note.backed"))
		}
	}
	flush()
	return notes
}
