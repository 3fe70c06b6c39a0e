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
	d, err := newDLXTrace(t, b)
	if err != nil {
		return err
	}
	t.counters = []Counter{{"nodes", 0}, {"tries", 0}, {"solutions", 0}, {"level", 0}}
	t.notes = dlxNotes
	t.queens = d.queens
	if len(d.m.Primary) == 0 { // the board is full: the empty choice is the one solution
		t.solutions = 1
		t.counters = []Counter{{"nodes", 1}, {"tries", 0}, {"solutions", 1}, {"level", 0}}
		t.text = func(t *tracer) string { return "every row holds a queen already: no item to cover — solution 1" }
		t.fire("solution", true, true)
		return ctx.Err()
	}
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stats, err := d.p.Run(sctx, dlx.Config{Algorithm: dlx.X, Workers: 1, Trace: func(e dlx.Event) {
		if !t.stopped && !d.event(e) {
			cancel()
		}
	}})
	if t.stopped && ctx.Err() == nil {
		return nil
	}
	if err != nil {
		return err
	}
	if stats.Nodes != d.nodes || stats.Solutions != t.solutions {
		return fmt.Errorf("classroom: the dlx trace saw %d nodes and %d solutions, the search counted %d and %d", d.nodes, t.solutions, stats.Nodes, stats.Solutions)
	}
	t.queens = d.base
	t.counters = []Counter{{"nodes", stats.Nodes}, {"tries", d.tries}, {"solutions", stats.Solutions}, {"updates", stats.Updates}}
	return nil
}

// A dlxTrace follows Algorithm X's events on the matrix of a board.
type dlxTrace struct {
	t            *tracer
	m            *encode.Matrix
	p            *dlx.Matrix
	free         int      // free rows: the levels of a solution
	base, queens []int    // the board's queens; and those placed so far
	placed       []Square // the queen of each level
	active       []bool   // the primary items still active
	nodes, tries uint64
}

func newDLXTrace(t *tracer, b encode.Board) (*dlxTrace, error) {
	m, err := encode.ExactCover(b)
	if err != nil {
		return nil, err
	}
	p, err := dlx.NewMatrix(m.Primary, m.Secondary)
	if err != nil {
		return nil, err
	}
	for _, opt := range m.Options {
		if err := p.AddOptionIndex(opt...); err != nil {
			return nil, err
		}
	}
	d := &dlxTrace{t: t, m: m, p: p, free: len(m.Primary) / 2, base: make([]int, b.N), active: make([]bool, len(m.Primary))}
	for r := range d.base {
		d.base[r] = b.Queen(r)
	}
	d.queens = append([]int(nil), d.base...)
	for i := range d.active {
		d.active[i] = true
	}
	return d, nil
}

// name is the name of item i.
func (d *dlxTrace) name(i int) string {
	if i < len(d.m.Primary) {
		return d.m.Primary[i]
	}
	return d.m.Secondary[i-len(d.m.Primary)]
}

// truncate keeps the queens of levels 0..l-1 and the levels 0..keep-1.
func (d *dlxTrace) truncate(l, keep int) {
	for len(d.placed) > l {
		q := d.placed[len(d.placed)-1]
		d.queens[q[0]] = -1
		d.placed = d.placed[:len(d.placed)-1]
	}
	if len(d.t.levels) > keep {
		d.t.levels = d.t.levels[:keep]
	}
}

// set shows the counters at level.
func (d *dlxTrace) set(level int) {
	t := d.t
	t.counters[0].Value, t.counters[1].Value, t.counters[2].Value, t.counters[3].Value = d.nodes, d.tries, t.solutions, uint64(level)
}

// event shows one event of the search; false stops it.
func (d *dlxTrace) event(e dlx.Event) bool {
	t := d.t
	t.r, t.c, t.free, t.tested, t.item, t.option = -1, -1, false, nil, "", ""
	switch e.Kind {
	case dlx.Choose:
		return d.choose(e)
	case dlx.Cover, dlx.Uncover:
		if e.Item < len(d.active) {
			d.active[e.Item] = e.Kind == dlx.Uncover
		}
		if t.skip() {
			return true
		}
		t.item = d.name(e.Item)
		kind := "cover"
		if e.Kind == dlx.Uncover {
			kind = "uncover"
		}
		t.text = dlxCoverText
		return t.fire(kind, false, false)
	case dlx.Try:
		return d.try(e)
	case dlx.Backtrack:
		d.truncate(e.Level, e.Level)
		d.set(e.Level)
		if t.skip() {
			return true
		}
		t.text = dlxBacktrackText
		t.len = e.Level
		return t.fire("backtrack", false, false)
	case dlx.Solution:
		d.nodes++
		t.solutions++
		d.set(e.Level)
		t.text = dlxSolutionText
		return t.fire("solution", true, true)
	}
	return true
}

// choose shows the item chosen at a level, with the primary items still
// active.
func (d *dlxTrace) choose(e dlx.Event) bool {
	t := d.t
	d.nodes++
	d.truncate(e.Level, e.Level)
	var act []string
	for i, a := range d.active {
		if a {
			act = append(act, d.m.Primary[i])
		}
	}
	t.levels = append(t.levels, Level{Item: d.name(e.Item), Active: act})
	t.item, t.len = d.name(e.Item), e.Len
	d.set(e.Level)
	if t.skip() {
		return true
	}
	t.text = dlxChooseText
	return t.fire("choose", e.Len == 0, false)
}

// try shows an option tried: a queen on its square.
func (d *dlxTrace) try(e dlx.Event) bool {
	t := d.t
	d.tries++
	d.truncate(e.Level, e.Level+1)
	r, c := d.m.Square(e.Option)
	d.queens[r] = c
	d.placed = append(d.placed, Square{r, c})
	t.r, t.c = r, c
	t.option, t.len = d.p.OptionString(e.Option), e.Len
	if e.Level < len(t.levels) {
		t.levels[e.Level].Option = t.option
		t.item = t.levels[e.Level].Item
	}
	d.set(e.Level + 1)
	if t.skip() {
		return true
	}
	t.text = dlxTryText
	return t.fire("try", e.Level+1 < d.free, false)
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
