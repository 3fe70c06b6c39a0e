package search

import (
	"context"
	"fmt"

	"qtool/encode"
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
// events come from Backtrack's own loop (an untraced search pays one comparison
// with nil per queen placed, none per square tested). It is meant for teaching: the trace and
// play commands of qtool show it.
//
// When hook returns false the search stops with the stats so far and a nil
// error. A nil hook makes BacktrackTrace the same as Backtrack.
func BacktrackTrace(ctx context.Context, b encode.Board, visit func(encode.Placement) bool, hook BacktrackHook) (BacktrackStats, error) {
	return backtrack(ctx, b, visit, hook)
}

// emit reports an event; false means the hook stopped the search (s.stop
// is then set).
func (s *backtracker) emit(k BacktrackEventKind, r, c int) bool {
	s.ev = BacktrackEvent{Kind: k, Row: r, Col: c, Queens: s.place, Stats: s.stats}
	if k == BacktrackPlace {
		s.ev.Stats.Nodes++ // the node the queen makes, counted as the search enters it
	}
	if !s.hook(&s.ev) {
		s.stop = true
		return false
	}
	return true
}

// tests reports the tests of the squares of free row number i in columns
// s.cols[s.reported[i]:to], made by the search loop since the last event:
// all but a last one that the loop found free were attacked, and the test
// counter stood lower by the tests made after each. Reporting them when the
// loop next stops (at a placement or at its end) instead of one by one keeps
// the untraced loop free of any extra instruction per test. false means the
// hook stopped the search (s.stop is then set).
func (s *backtracker) tests(i, to int) bool {
	r := s.rows[i]
	for k := s.reported[i]; k < to; k++ {
		c := s.cols[k]
		free := !(s.col[c] || s.diag[r+c] || s.anti[r-c+s.n-1])
		st := s.stats
		st.Tests -= uint64(to - 1 - k)
		s.ev = BacktrackEvent{Kind: BacktrackTest, Row: r, Col: c, Free: free, Queens: s.place, Stats: st}
		if !s.hook(&s.ev) {
			s.stop = true
			return false
		}
	}
	s.reported[i] = to
	return true
}

// leave ends free row number i: the tests not yet reported, then a dead end
// when no square of the row was free.
func (s *backtracker) leave(i int) {
	dead := s.reported[i] == 0
	if s.tests(i, len(s.cols)) && dead {
		s.emit(BacktrackDeadEnd, s.rows[i], -1)
	}
	s.reported[i] = 0
}
