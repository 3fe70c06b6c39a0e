package search

import (
	"context"

	"github.com/qtool-project/qtool/encode"
)

// LinesStats counts what Lines did.
type LinesStats struct {
	Solutions uint64
	Nodes     uint64 // cells chosen
}

// Lines enumerates the solutions of a model (encode.Model: free cells and
// lines with [lo, hi] capacities), for any variant, by backtracking that
// branches on the most constrained line: the line still short of its lower
// bound with the fewest cells left open ("minimum remaining values",
// Golomb and Baumert 1965; it is Knuth's choice of the item of least
// length in Algorithm X, TAOCP 7.2.2.1, extended to bounds as in his
// Algorithm M). At that line it tries each open cell in turn, the cells
// tried before it closed, so that every solution is found once, by the
// first of its cells on the line. Choosing a cell closes the other open
// cells of every line it fills to its upper bound; a line that can no
// longer reach its lower bound ends the branch. When no line is short and
// cells are open, it branches on the first open cell: chosen or not.
//
// For n queens with queens given or cells forbidden this is branching on
// the most constrained free row or column. visit receives the chosen free
// cells (indices into m.Cells; the slice is reused) and returns false to
// stop; nil counts. The error is the context's, the stats covering the work
// done. Memory is O(cells + lines + Σ line lengths).
//
// Models of the n-queens shape (rows and columns exactly one, at most 64
// free of each, every other line at most one: n queens, toroidal,
// superqueens, with queens given, blocked squares, excluded diagonals) go
// to a bitboard version of the same search, several times faster.
func Lines(ctx context.Context, m *encode.Model, visit func(chosen []int32) bool) (LinesStats, error) {
	if rowOf, colOf, k, _, ok := rowColShape(m); ok {
		return rowCol(ctx, m, rowOf, colOf, k, visit)
	}
	return linesGeneric(ctx, m, visit)
}

// linesGeneric is Lines without the bitboard fast path.
func linesGeneric(ctx context.Context, m *encode.Model, visit func(chosen []int32) bool) (LinesStats, error) {
	s := newLiner(ctx, m, visit)
	if m.Infeasible != "" {
		return LinesStats{}, nil
	}
	for li := range s.lo {
		if s.cnt[li]+s.open[li] < s.lo[li] {
			return LinesStats{}, nil
		}
	}
	s.search()
	return s.st, s.err
}

type liner struct {
	ctx   context.Context
	visit func([]int32) bool
	st    LinesStats
	err   error
	stop  bool
	check int

	state      []int8 // per cell: 0 open, 1 chosen, -1 closed
	lines      []int32
	start      []int32 // lines of cell i: lines[start[i]:start[i+1]]
	cells      [][]int32
	lo, hi     []int32
	cnt, open  []int32
	trail      []int32 // cells changed, to undo
	chosen     []int32
	shortLines []int32 // lines with lo > 0, the candidates for branching
	from       int32   // free: the cells before it are decided
	unsat      int32   // lines with cnt < lo
	total      int32   // the line of the number of pieces, or -1
}

func newLiner(ctx context.Context, m *encode.Model, visit func([]int32) bool) *liner {
	lines, start := m.CellLines()
	s := &liner{
		ctx: ctx, visit: visit, check: checkEvery,
		state: make([]int8, len(m.Cells)),
		lines: lines, start: start,
		cells: make([][]int32, len(m.Lines)),
		lo:    make([]int32, len(m.Lines)), hi: make([]int32, len(m.Lines)),
		cnt: make([]int32, len(m.Lines)), open: make([]int32, len(m.Lines)),
	}
	s.total = -1
	for i, l := range m.Lines {
		s.cells[i] = l.Cells
		s.lo[i], s.hi[i] = int32(l.Lo), int32(min(l.Hi, len(l.Cells)))
		s.open[i] = int32(len(l.Cells))
		if l.Lo > 0 {
			s.shortLines = append(s.shortLines, int32(i))
			s.unsat++
		}
		if l.Family == encode.Total {
			s.total = int32(i)
		}
	}
	return s
}

// close marks open cell x closed; it reports false when a line through it
// can no longer reach its lower bound.
func (s *liner) close(x int32) bool {
	s.state[x] = -1
	s.trail = append(s.trail, x)
	ok := true
	for _, l := range s.lines[s.start[x]:s.start[x+1]] {
		s.open[l]--
		if s.cnt[l]+s.open[l] < s.lo[l] {
			ok = false
		}
	}
	return ok
}

// choose marks open cell x chosen and closes the open cells of the lines
// it fills; it reports false on a contradiction.
func (s *liner) choose(x int32) bool {
	s.state[x] = 1
	s.trail = append(s.trail, x)
	s.chosen = append(s.chosen, x)
	ok := true
	for _, l := range s.lines[s.start[x]:s.start[x+1]] {
		s.open[l]--
		s.cnt[l]++
		if s.cnt[l] == s.lo[l] {
			s.unsat--
		}
		if s.cnt[l] > s.hi[l] {
			ok = false
		}
	}
	if !ok {
		return false
	}
	for _, l := range s.lines[s.start[x]:s.start[x+1]] {
		if s.cnt[l] == s.hi[l] && s.open[l] > 0 {
			for _, y := range s.cells[l] {
				if s.state[y] == 0 && !s.close(y) {
					ok = false
				}
			}
		}
	}
	return ok
}

// undo reverts the trail down to mark.
func (s *liner) undo(mark int) {
	for len(s.trail) > mark {
		x := s.trail[len(s.trail)-1]
		s.trail = s.trail[:len(s.trail)-1]
		chosen := s.state[x] == 1
		for _, l := range s.lines[s.start[x]:s.start[x+1]] {
			s.open[l]++
			if chosen {
				if s.cnt[l] == s.lo[l] {
					s.unsat++
				}
				s.cnt[l]--
			}
		}
		if chosen {
			s.chosen = s.chosen[:len(s.chosen)-1]
		}
		s.state[x] = 0
	}
}

func (s *liner) search() {
	if s.stop {
		return
	}
	if s.check--; s.check <= 0 {
		s.check = checkEvery
		if err := s.ctx.Err(); err != nil {
			s.err, s.stop = err, true
			return
		}
	}
	best, bestOpen := int32(-1), int32(1<<30)
	for _, l := range s.shortLines {
		if s.cnt[l] < s.lo[l] && s.open[l] < bestOpen {
			best, bestOpen = l, s.open[l]
			if bestOpen <= 1 {
				break
			}
		}
	}
	if best < 0 {
		s.free()
		return
	}
	base := len(s.trail)
	for i, x := range s.cells[best] {
		if i&0xffff == 0xffff && s.ctx.Err() != nil {
			// A long line (the number of pieces over a large board)
			// is scanned past its closed cells: look at the context
			// on the way, not only per node.
			s.err, s.stop = s.ctx.Err(), true
			break
		}
		if s.state[x] != 0 {
			continue
		}
		mark := len(s.trail)
		if s.lastPiece() && !s.completes(x) {
			// The last piece must fill every line still short.
		} else {
			s.st.Nodes++
			if s.choose(x) {
				s.search()
			}
			s.undo(mark)
		}
		if s.stop || !s.close(x) {
			break
		}
	}
	s.undo(base)
}

// lastPiece reports whether one piece is left to place.
func (s *liner) lastPiece() bool {
	return s.total >= 0 && s.cnt[s.total]+1 == s.hi[s.total]
}

// completes reports whether choosing x would leave no line short: the
// test that saves choosing the last piece (and closing every open cell)
// where it cannot do.
func (s *liner) completes(x int32) bool {
	k := int32(0)
	for _, l := range s.lines[s.start[x]:s.start[x+1]] {
		if s.cnt[l] < s.lo[l] && s.cnt[l]+1 == s.lo[l] {
			k++
		}
	}
	return k == s.unsat
}

// free finishes a branch where no line is short: every subset of the open
// cells that keeps the upper bounds is a solution, found by branching on
// the first open cell.
func (s *liner) free() {
	x := int32(-1)
	for i := s.from; i < int32(len(s.state)); i++ {
		if i&0xffff == 0xffff && s.ctx.Err() != nil {
			s.err, s.stop = s.ctx.Err(), true
			return
		}
		if s.state[i] == 0 {
			x = i
			break
		}
	}
	if x < 0 {
		s.st.Solutions++
		if s.visit != nil && !s.visit(s.chosen) {
			s.stop = true
		}
		return
	}
	mark := len(s.trail)
	s.st.Nodes++
	// Below, every cell up to x is decided: the next free cell is after
	// it (so that a path's scans add up to one pass over the cells).
	from := s.from
	s.from = x + 1
	if s.choose(x) {
		s.search()
	}
	s.undo(mark)
	if !s.stop && s.close(x) {
		s.search()
	}
	s.undo(mark)
	s.from = from
}
