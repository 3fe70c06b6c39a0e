package classroom

import (
	"context"
	"fmt"
	"time"

	"github.com/qtool-project/qtool/classroom/i18n"
	"github.com/qtool-project/qtool/encode"
)

// MaxN is the largest order that Run shows step by step: a board of 32×32
// is about what a page or a terminal can still draw square by square.
const MaxN = 32

// Methods are the searches Run can show, in the order a menu lists them.
var Methods = []string{"backtrack", "bitmask", "dlx", "minconflicts"}

// MethodText says in a few words what each method does.
var MethodText = map[string]string{
	"backtrack":    "plain backtracking: one queen per row, columns tried left to right",
	"bitmask":      "backtracking over bitmasks: the free squares of a row are ^(cols|ld|rd) & mask, the lowest bit first (Richards 1997)",
	"dlx":          "Algorithm X with dancing links (Knuth, TAOCP 7.2.2.1)",
	"minconflicts": "min-conflicts local search (Minton et al. 1992)",
}

// Options tune a run.
type Options struct {
	// Seed seeds the randomised methods (min-conflicts).
	Seed int64
	// Lang is the language of the frames' text and notes (nil: English).
	Lang *i18n.Catalogue
}

// Event is one event of a run as Run hands it to its callback: its kind,
// whether it is a step, and its Frame, built only when asked for (so that a
// caller that only counts pays little per event). An Event is valid only
// during the callback.
type Event struct {
	Kind string
	// Major marks a step (see Frame.Major).
	Major bool
	// Solution is true when the event shows a solution.
	Solution bool
	t        *tracer
}

// At is the event's number among all of the run's (Frame.At).
func (e Event) At() uint64 { return e.t.all }

// Frame builds the frame of the event. The cost is O(n²) for the board.
func (e Event) Frame() Frame { return e.t.frame() }

// Quiet asks the run, while on, to hand over only one event in quietEvery
// (and every solution, and the end): for a caller that wants no frames
// for a while (counting the rest of a search) and only looks now and then
// whether to go on. The search is the same; the counters of the events
// handed over are exact.
func (e Event) Quiet(on bool) {
	if on != e.t.quiet {
		e.t.quiet, e.t.quietN = on, quietEvery
	}
}

// quietEvery is how many events a quiet run lets pass for each one it hands
// over.
const quietEvery = 1 << 12

// Summary is how a run ended.
type Summary struct {
	Solutions uint64
	Counters  []Counter
	// Steps and Events count the steps and events handed to the
	// callback (a quiet run lets most pass, see Event.Quiet).
	Steps  int
	Events uint64
	// Complete is true when the search ran to its end, so that Solutions
	// is the number of all solutions; false when the callback stopped it.
	Complete bool
	Elapsed  time.Duration
	// Text says how the run ended, as its last step does (complete runs).
	Text string
}

// Run runs method (one of Methods) on board b and hands every event to emit,
// which returns false to stop the run. A complete run ends with a last step
// of kind "end". The error is a refusal (bad method, board too large or
// invalid) or the context's, in which case the summary covers the work done.
func Run(ctx context.Context, method string, b encode.Board, opts Options, emit func(Event) bool) (Summary, error) {
	return run(ctx, method, b, opts, nil, emit)
}

// run is Run, recording the search tree in rec if not nil.
func run(ctx context.Context, method string, b encode.Board, opts Options, rec *treeRec, emit func(Event) bool) (Summary, error) {
	if err := Check(method, b); err != nil {
		return Summary{}, err
	}
	t := &tracer{n: b.N, emit: emit, rec: rec, cat: opts.Lang}
	if t.cat == nil {
		t.cat = i18n.English()
	}
	start := time.Now()
	var err error
	switch method {
	case "backtrack":
		err = runBacktrack(ctx, t, b)
	case "bitmask":
		err = runBitmask(ctx, t, b)
	case "dlx":
		err = runDLX(ctx, t, b)
	case "minconflicts":
		err = runMinConflicts(ctx, t, b, opts)
	default:
		err = fmt.Errorf("classroom: method %s cannot be shown step by step yet", method)
	}
	sum := Summary{Solutions: t.solutions, Counters: append([]Counter(nil), t.counters...), Steps: t.step,
		Events: t.seq, Complete: err == nil && !t.stopped, Elapsed: time.Since(start)}
	if sum.Complete {
		t.setEnd(b)
		t.fire("end", true, false)
		sum.Steps, sum.Events, sum.Text = t.step, t.seq, t.text(t)
	}
	return sum, err
}

// Check says whether Run would refuse method on board b, and why.
func Check(method string, b encode.Board) error {
	if _, ok := MethodText[method]; !ok {
		return fmt.Errorf("classroom: unknown method %q (known: backtrack, bitmask, dlx, minconflicts)", method)
	}
	if b.N > MaxN {
		return fmt.Errorf("classroom: a %d×%d board is too big to show step by step (at most %d×%d); qtool solve and qtool count handle it", b.N, b.N, MaxN, MaxN)
	}
	return b.Validate()
}

// rawEvent is a minor event kept for the notes of the next step.
type rawEvent struct {
	kind string
	r, c int
	free bool
	item string
}

// maxNotes is how many minor events a step's notes list one by one.
const maxNotes = 24

// tracer holds the state of a run between events: what the next frame
// shows.
type tracer struct {
	n          int
	emit       func(Event) bool
	stopped    bool // emit returned false
	quiet      bool // see Event.Quiet
	quietN     int  // events to let pass before the next one handed over
	seq        uint64
	all        uint64 // every event, those a quiet run lets pass included
	cat        *i18n.Catalogue
	rec        *treeRec // records the search tree, if not nil
	step       int
	kind       string
	major      bool
	r, c       int    // the square of the event, or -1
	free       bool   // a test found the square free
	mask       uint64 // bitmask: the free squares of the event's row
	item       string // Algorithm X: the item of the event
	option     string // Algorithm X: the option tried
	len        int    // Algorithm X: options left (choose), rank of the choice (try), level (backtrack); min-conflicts: pairs or attackers
	partner    int    // min-conflicts: the partner row of a swap
	partnerCol int
	walk       bool // min-conflicts: a random-walk swap
	// endText says how the search ended (default: the solutions in
	// all); keepEnd keeps the last board on the end step.
	endText   func(t *tracer) string
	keepEnd   bool
	queens    []int
	tested    *Square
	solutions uint64
	counters  []Counter
	levels    []Level
	conflict  []Square
	text      func(t *tracer) string                                    // what happened, built with the frame
	pending   []rawEvent                                                // minor events since the last step
	dropped   uint64                                                    // minor events past maxNotes
	notes     func(cat *i18n.Catalogue, n int, evs []rawEvent) []string // the notes of the pending events
}

// skip says whether a quiet run lets the current event pass (see
// Event.Quiet).
func (t *tracer) skip() bool {
	if !t.quiet {
		return false
	}
	if t.quietN--; t.quietN > 0 {
		t.all++
		return true
	}
	t.quietN = quietEvery
	return false
}

// fire hands the current event to emit; false when emit stopped the run.
func (t *tracer) fire(kind string, major, solution bool) bool {
	t.seq++
	t.all++
	if t.rec != nil {
		t.rec.record(t, kind)
	}
	t.kind, t.major = kind, major
	if major {
		t.step++
	}
	ok := t.emit(Event{Kind: kind, Major: major, Solution: solution, t: t})
	if major {
		t.pending, t.dropped = t.pending[:0], 0
	} else if len(t.pending) < maxNotes {
		t.pending = append(t.pending, rawEvent{kind, t.r, t.c, t.free, t.item})
	} else {
		t.dropped++
	}
	if !ok {
		t.stopped = true
	}
	return ok
}

func (t *tracer) frame() Frame {
	f := Frame{Seq: t.seq, At: t.all, Step: t.step, Major: t.major, Kind: t.kind, N: t.n,
		Queens: append([]int(nil), t.queens...), Solutions: t.solutions,
		Counters: append([]Counter(nil), t.counters...)}
	if !t.major {
		f.Step++
	}
	if t.tested != nil {
		sq := *t.tested
		f.Tested = &sq
	}
	f.Conflict = append(f.Conflict, t.conflict...)
	for _, l := range t.levels {
		f.Levels = append(f.Levels, Level{Item: l.Item, Option: l.Option, Active: append([]string(nil), l.Active...)})
	}
	f.Board = Draw(t.n, t.queens, f.Tested)
	f.Text = t.text(t)
	if t.major {
		f.Notes = t.notes(t.cat, t.n, t.pending)
		if t.dropped > 0 {
			f.Notes = append(f.Notes, t.cat.T("run.more", t.dropped))
		}
	}
	return f
}

// setEnd prepares the last step: the search is over.
func (t *tracer) setEnd(b encode.Board) {
	if !t.keepEnd {
		t.queens = make([]int, b.N)
		for r := range t.queens {
			t.queens[r] = b.Queen(r)
		}
	} else {
		t.queens = append([]int(nil), t.queens...)
	}
	t.tested, t.levels, t.conflict = nil, nil, nil
	t.r, t.c = -1, -1
	t.text = t.endText
	if t.text == nil {
		t.text = func(t *tracer) string {
			return t.cat.T("run.end", plural(t.cat, t.solutions, "pl.solution"))
		}
	}
}

// plural writes k with its noun: key.one for one, key.other for any
// other number.
func plural(cat *i18n.Catalogue, k uint64, key string) string {
	if k == 1 {
		return cat.T(key+".one", k)
	}
	return cat.T(key+".other", k)
}
