package search

import (
	"context"

	"github.com/qtool-project/qtool/encode"
)

// BacktrackStats counts what Backtrack did.
type BacktrackStats struct {
	// Solutions found (visited, when the visit function stopped the search).
	Solutions uint64
	// Nodes is the number of partial placements visited, the empty one and
	// the complete ones included: 2,057 for n = 8, 856,189 for n = 12.
	Nodes uint64
	// Tests is the number of squares tested for a queen: every free column
	// of the row, at every node that is not a complete placement.
	Tests uint64
}

// checkEvery is how many nodes a search visits between two looks at its
// context.
const checkEvery = 1 << 12

// checkWork is how many elementary steps (squares tested, counters
// updated) a search takes at most between two looks at its context:
// checkEvery nodes of a few dozen steps each, a fraction of a millisecond.
const checkWork = checkEvery * 64

// checkNodes is the number of nodes between two looks at the context of a
// search whose node costs about cost elementary steps: checkEvery for
// cheap nodes, fewer (at least one) for nodes that cost O(n) on a large
// board, so that the work between two looks stays within checkWork
// whatever n.
func checkNodes(cost int) int {
	return max(1, min(checkEvery, checkWork/max(cost, 1)))
}

// Backtrack enumerates the completions of board b in lexicographic order by
// plain backtracking, one queen per free row, trying every free column in
// increasing order, with flag arrays for the columns and both diagonals —
// the program of Wirth ("Program development by stepwise refinement",
// CACM 14(4), 1971, doi:10.1145/362575.362577) and Dijkstra (EWD316).
//
// Given queens are fixed: only the free rows are searched and only the
// columns left free are tried, so a board of thousands of rows with a few
// free ones costs O(n) to set up and a search over the free part only.
//
// visit is called with each solution (the slice is reused: copy it to keep
// it) and returns false to stop; a nil visit counts all solutions. The
// error is the board's (see Board.Validate) or the context's, in which case
// the stats cover the work done. Memory is O(n).
func Backtrack(ctx context.Context, b encode.Board, visit func(encode.Placement) bool) (BacktrackStats, error) {
	return backtrack(ctx, b, visit, nil)
}

// backtrack is Backtrack reporting each step to hook when it is not nil
// (see BacktrackTrace).
func backtrack(ctx context.Context, b encode.Board, visit func(encode.Placement) bool, hook BacktrackHook) (BacktrackStats, error) {
	if err := b.Validate(); err != nil {
		return BacktrackStats{}, err
	}
	n := b.N
	s := &backtracker{
		ctx:   ctx,
		n:     n,
		col:   make([]bool, n),
		diag:  make([]bool, 2*n-1),
		anti:  make([]bool, 2*n-1),
		place: make(encode.Placement, n),
		visit: visit,
	}
	for r := 0; r < n; r++ {
		c := b.Queen(r)
		s.place[r] = c
		if c >= 0 {
			s.col[c], s.diag[r+c], s.anti[r-c+n-1] = true, true, true
		} else {
			s.rows = append(s.rows, r)
		}
	}
	for c := 0; c < n; c++ {
		if !s.col[c] {
			s.cols = append(s.cols, c)
		}
	}
	// A node tests every free column: on a large board it looks at its
	// context after a fixed amount of work, not of nodes.
	s.every = checkNodes(len(s.cols))
	s.check = s.every
	if hook != nil {
		s.traced(hook)
	}
	s.place1(0)
	if hook != nil && s.halt&halted == 0 && len(s.rows) > 0 {
		s.leave(0)
	}
	return s.stats, s.err
}

type backtracker struct {
	ctx   context.Context
	n     int
	rows  []int // free rows, increasing
	cols  []int // free columns, increasing
	col   []bool
	diag  []bool // by r+c
	anti  []bool // by r-c+n-1
	place encode.Placement
	visit func(encode.Placement) bool
	stats BacktrackStats
	check int   // nodes to the next look at the context
	every int   // nodes between two looks (checkNodes of a node's tests)
	halt  uint8 // halted: the search must end; traced: a hook wants the events
	err   error
	trace *backtrackTrace // nil unless traced
}

// Bits of backtracker.halt.
const (
	halted uint8 = 1 << iota
	traced
)

// poll looks at the context every s.every nodes (and, when traced,
// reports the events at every node); false means the search must end.
func (s *backtracker) poll(i int) bool {
	s.check = s.every
	if s.trace != nil && !s.enter(i) {
		return false
	}
	if err := s.ctx.Err(); err != nil {
		s.err = err
		s.halt |= halted
		return false
	}
	return true
}

// place1 places a queen in free row number i (all earlier free rows hold
// one). It returns with s.halt set when the search must end. A traced
// search reports its events from the branches that the untraced one takes
// rarely (every checkEvery nodes, at a solution, when halted), so that
// tracing costs it nothing (see BacktrackTrace).
func (s *backtracker) place1(i int) {
	s.stats.Nodes++
	if s.check--; s.check == 0 && !s.poll(i) {
		return
	}
	if i == len(s.rows) {
		s.stats.Solutions++
		if s.visit != nil && !s.visit(s.place) {
			s.halt |= halted
		}
		return
	}
	r := s.rows[i]
	off := r + s.n - 1
	for _, c := range s.cols {
		s.stats.Tests++
		if s.col[c] || s.diag[r+c] || s.anti[off-c] {
			continue
		}
		s.col[c], s.diag[r+c], s.anti[off-c] = true, true, true
		s.place[r] = c
		s.place1(i + 1)
		s.col[c], s.diag[r+c], s.anti[off-c] = false, false, false
		if s.halt != 0 {
			if s.halt&halted != 0 || !s.back(i, c) {
				s.place[r] = -1
				return
			}
		}
	}
	s.place[r] = -1
}
