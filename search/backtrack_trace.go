package search

import (
	"context"
	"fmt"

	"github.com/qtool-project/qtool/encode"
)

// BacktrackEventKind says what Backtrack just did.
type BacktrackEventKind uint8

const (
	// BacktrackTest: square (Row, Col) was tested for a queen; Free says
	// whether no queen attacks it. Every test that BacktrackStats.Tests
	// counts is reported, in the same order.
	BacktrackTest BacktrackEventKind = iota
	// BacktrackPlace: a queen was placed on (Row, Col): the search goes
	// down one level (a new node, counted in BacktrackStats.Nodes).
	BacktrackPlace
	// BacktrackRemove: the queen on (Row, Col) was taken off again after
	// every completion below it was searched.
	BacktrackRemove
	// BacktrackDeadEnd: every square of free row Row was tested and none
	// was free: the node has no child (Col is -1).
	BacktrackDeadEnd
	// BacktrackSolution: every row holds a queen (Row and Col are -1);
	// reported before the visit function sees the solution.
	BacktrackSolution
)

func (k BacktrackEventKind) String() string {
	switch k {
	case BacktrackTest:
		return "test"
	case BacktrackPlace:
		return "place"
	case BacktrackRemove:
		return "remove"
	case BacktrackDeadEnd:
		return "dead end"
	case BacktrackSolution:
		return "solution"
	}
	return fmt.Sprintf("event(%d)", int(k))
}

// BacktrackEvent is one step of Backtrack, as BacktrackTrace reports it.
type BacktrackEvent struct {
	Kind     BacktrackEventKind
	Row, Col int
	// Free is, for a test, whether the square was free of attacks.
	Free bool
	// Queens is the placement so far: Queens[r] is the column of the queen
	// in row r or -1 (given queens included). The search reuses it: copy
	// it to keep it.
	Queens []int
	// Stats are the counters after the event (after a place, the node it
	// makes is counted).
	Stats BacktrackStats
}

// BacktrackHook receives the events of a traced search; it returns false to
// stop the search. It is called on the searching goroutine, and the event is
// valid only during the call.
type BacktrackHook func(*BacktrackEvent) bool

// BacktrackTrace is Backtrack reporting every step of the search to hook:
// each square tested, each queen placed and removed, each dead end and each
// solution — the very nodes and tests that BacktrackStats counts, since the
// events come from Backtrack's own loop. An untraced search pays nothing for
// it: the events are reported from the branches the loop takes rarely (the
// periodic look at the context, which a traced search takes at every node,
// and the check for a halt after each child), the tests of a row all at
// once when the search next enters a node or leaves the row. It is meant
// for teaching: the trace and play commands of qtool show it.
//
// When hook returns false the search stops with the stats so far and a nil
// error. A nil hook makes BacktrackTrace the same as Backtrack.
func BacktrackTrace(ctx context.Context, b encode.Board, visit func(encode.Placement) bool, hook BacktrackHook) (BacktrackStats, error) {
	return backtrack(ctx, b, visit, hook)
}

// backtrackTrace is the state of a traced search.
type backtrackTrace struct {
	hook BacktrackHook
	ev   BacktrackEvent
	// reported[i] is how many of the tests of free row number i, in the
	// order of s.cols, the hook was told of.
	reported []int
	// at[c] is the index of free column c in s.cols.
	at []int
}

// traced makes s report its events to hook.
func (s *backtracker) traced(hook BacktrackHook) {
	t := &backtrackTrace{hook: hook, reported: make([]int, len(s.rows)), at: make([]int, s.n)}
	for k, c := range s.cols {
		t.at[c] = k
	}
	s.trace = t
	s.halt |= traced
	s.check = 1
	// The solution event comes through the visit function, so that the
	// loop's own solution branch stays as it is.
	visit := s.visit
	s.visit = func(p encode.Placement) bool {
		if !s.emit(BacktrackSolution, -1, -1) {
			return true // halted already
		}
		return visit == nil || visit(p)
	}
}

// enter reports what happened since the last event when the search enters
// the node of free row number i: the tests of the row above up to the free
// square taken, and the queen placed there. false means the hook stopped the
// search (s.halt is then set).
func (s *backtracker) enter(i int) bool {
	s.check = 1 // come back at the next node
	if i == 0 {
		return true
	}
	t := s.trace
	r := s.rows[i-1]
	c := s.place[r]
	j := t.at[c]
	s.place[r] = -1
	st := s.stats
	st.Nodes-- // the tests came before this node
	for k := t.reported[i-1]; k <= j; k++ {
		st.Tests = s.stats.Tests - uint64(j-k)
		if !s.report(BacktrackTest, r, s.cols[k], k == j, st) {
			return false
		}
	}
	t.reported[i-1] = j + 1
	s.place[r] = c
	return s.emit(BacktrackPlace, r, c)
}

// back reports, after the child of free row number i with the queen on
// column c has been searched, the child row's last tests (and its dead end)
// and the removal of the queen. false means the search must end.
func (s *backtracker) back(i, c int) bool {
	if i+1 < len(s.rows) {
		s.leave(i + 1)
		if s.halt&halted != 0 {
			return false
		}
	}
	r := s.rows[i]
	s.place[r] = -1
	return s.emit(BacktrackRemove, r, c)
}

// leave reports the end of free row number i: the tests not yet reported
// (all attacked), then a dead end when no square of the row was free.
func (s *backtracker) leave(i int) {
	t := s.trace
	r := s.rows[i]
	dead := t.reported[i] == 0
	st := s.stats
	last := len(s.cols) - 1
	for k := t.reported[i]; k <= last; k++ {
		st.Tests = s.stats.Tests - uint64(last-k)
		if !s.report(BacktrackTest, r, s.cols[k], false, st) {
			return
		}
	}
	t.reported[i] = 0
	if dead {
		s.emit(BacktrackDeadEnd, r, -1)
	}
}

// emit reports an event with the current counters; false means the hook
// stopped the search (s.halt is then set).
func (s *backtracker) emit(k BacktrackEventKind, r, c int) bool {
	return s.report(k, r, c, false, s.stats)
}

func (s *backtracker) report(k BacktrackEventKind, r, c int, free bool, st BacktrackStats) bool {
	t := s.trace
	t.ev = BacktrackEvent{Kind: k, Row: r, Col: c, Free: free, Queens: s.place, Stats: st}
	if !t.hook(&t.ev) {
		s.halt |= halted
		return false
	}
	return true
}
