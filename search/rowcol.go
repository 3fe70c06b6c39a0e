package search

import (
	"context"
	"math/bits"

	"github.com/qtool-project/qtool/encode"
)

// rowColShape returns the model's free rows and columns when the model is
// of the n-queens shape that rowCol handles: every cell in a row line and a
// column line that must hold exactly one piece, at most 64 of each, and
// every other line holding at most one (diagonals, toroidal diagonals,
// knight pairs; excluded diagonals and blocked squares are already absent
// cells).
func rowColShape(m *encode.Model) (rowOf, colOf []int, rows, cols int, ok bool) {
	if m.Infeasible != "" || len(m.Cells) == 0 {
		return nil, nil, 0, 0, false
	}
	rowOf = make([]int, len(m.Cells))
	colOf = make([]int, len(m.Cells))
	tight := map[encode.Family][]int{}
	for i := range rowOf {
		rowOf[i], colOf[i] = -1, -1
	}
	for _, l := range m.Lines {
		switch {
		case (l.Family == encode.Rows || l.Family == encode.Columns) && l.Lo == 1 && l.Hi == 1:
			k := &rows
			of := rowOf
			if l.Family == encode.Columns {
				k, of = &cols, colOf
			}
			for _, c := range l.Cells {
				if of[c] >= 0 {
					return nil, nil, 0, 0, false
				}
				of[c] = *k
			}
			*k++
		case l.Lo == 0 && l.Hi <= 1:
		case l.Lo == 1 && l.Hi == 1:
			// A line that must hold one piece is implied when its family
			// is made tight (see impliedTight); checked below.
			tight[l.Family] = append(tight[l.Family], len(l.Cells))
		default:
			return nil, nil, 0, 0, false
		}
	}
	if rows == 0 || rows > 64 || cols > 64 || rows != cols {
		return nil, nil, 0, 0, false
	}
	for f, sizes := range tight {
		if !impliedTight(m, f, sizes, rows) {
			return nil, nil, 0, 0, false
		}
	}
	for i := range rowOf {
		if rowOf[i] < 0 || colOf[i] < 0 {
			return nil, nil, 0, 0, false
		}
	}
	return rowOf, colOf, rows, cols, true
}

// impliedTight reports whether the lines of family f that must each hold
// exactly one piece (of the sizes given) follow from the rows: every line of
// the family is such a line, they are as many as the pieces, and they cover
// every cell once, so that one piece a row fills each of them. rowCol, which
// enforces only at most one on such lines, is then exact. The encoder makes a
// family tight this way when exactly as many pieces as asked for fit (a
// 1×1 board's one diagonal, the n+k queens boards).
func impliedTight(m *encode.Model, f encode.Family, sizes []int, pieces int) bool {
	if len(sizes) != pieces {
		return false
	}
	seen := make([]bool, len(m.Cells))
	covered := 0
	for _, l := range m.Lines {
		if l.Family != f {
			continue
		}
		if l.Lo != 1 || l.Hi != 1 {
			return false
		}
		for _, c := range l.Cells {
			if seen[c] {
				return false
			}
			seen[c] = true
			covered++
		}
	}
	return covered == len(m.Cells)
}

// rowColer is the bitboard search of rowCol.
type rowColer struct {
	ctx     context.Context
	visit   func([]int32) bool
	st      LinesStats
	err     error
	stop    bool
	check   int
	k       int
	cell    [64][64]int32 // cell index at (row, col), −1 for none
	killRow [][64]uint64  // per cell: the open cells of each row it closes
	killCol [][64]uint64  // per cell: the same, per column (bit = row)
	chosen  []int32
	stack   []uint64 // the open cells of rows and columns, k+k words a level
}

// rowCol solves a model of the n-queens shape (see rowColShape) by
// backtracking on bitboards: each free row and column keeps the mask of
// its open cells, and the search branches on the row or column with the
// fewest (the most constrained), closing with one AND per row and column
// the cells the chosen one attacks. It is search.Lines's heuristic without
// its bookkeeping, the way bitmask backtracking (Richards) speeds up plain
// backtracking.
func rowCol(ctx context.Context, m *encode.Model, rowOf, colOf []int, k int, visit func([]int32) bool) (LinesStats, error) {
	s := &rowColer{ctx: ctx, visit: visit, check: checkEvery, k: k,
		killRow: make([][64]uint64, len(m.Cells)), killCol: make([][64]uint64, len(m.Cells))}
	for r := range s.cell {
		for c := range s.cell[r] {
			s.cell[r][c] = -1
		}
	}
	var rowMask, colMask [64]uint64
	for i := range m.Cells {
		r, c := rowOf[i], colOf[i]
		s.cell[r][c] = int32(i)
		rowMask[r] |= 1 << c
		colMask[c] |= 1 << r
	}
	for _, l := range m.Lines {
		if l.Family == encode.Rows || l.Family == encode.Columns {
			continue
		}
		for _, a := range l.Cells {
			for _, b := range l.Cells {
				if a != b {
					s.killRow[a][rowOf[b]] |= 1 << colOf[b]
					s.killCol[a][colOf[b]] |= 1 << rowOf[b]
				}
			}
		}
	}
	s.stack = make([]uint64, 2*k*(k+1))
	copy(s.stack, rowMask[:k])
	copy(s.stack[k:], colMask[:k])
	s.search(0, (uint64(1)<<k)-1, (uint64(1)<<k)-1)
	return s.st, s.err
}

// search places the rest: freeRows and freeCols are the lines without a
// piece; the open cells of row r are s.stack[at+r], of column c
// s.stack[at+k+c].
func (s *rowColer) search(at int, freeRows, freeCols uint64) {
	if freeRows == 0 {
		s.st.Solutions++
		if s.visit != nil && !s.visit(s.chosen) {
			s.stop = true
		}
		return
	}
	if s.check--; s.check <= 0 {
		s.check = checkEvery
		if err := s.ctx.Err(); err != nil {
			s.err, s.stop = err, true
			return
		}
	}
	k := s.k
	rows, cols := s.stack[at:at+k], s.stack[at+k:at+2*k]
	// The most constrained free row or column.
	best, bestN, isRow := -1, 65, true
	for f := freeRows; f != 0; f &= f - 1 {
		r := bits.TrailingZeros64(f)
		if n := bits.OnesCount64(rows[r]); n < bestN {
			best, bestN = r, n
			if n == 0 {
				return
			}
		}
	}
	for f := freeCols; f != 0; f &= f - 1 {
		c := bits.TrailingZeros64(f)
		if n := bits.OnesCount64(cols[c]); n < bestN {
			best, bestN, isRow = c, n, false
			if n == 0 {
				return
			}
		}
	}
	line := rows[best]
	if !isRow {
		line = cols[best]
	}
	next := at + 2*k
	nr, nc := s.stack[next:next+k], s.stack[next+k:next+2*k]
	for ; line != 0; line &= line - 1 {
		j := bits.TrailingZeros64(line)
		r, c := best, j
		if !isRow {
			r, c = j, best
		}
		x := s.cell[r][c]
		s.st.Nodes++
		kr, kc := &s.killRow[x], &s.killCol[x]
		fr, fc := freeRows&^(1<<r), freeCols&^(1<<c)
		for f := fr; f != 0; f &= f - 1 {
			i := bits.TrailingZeros64(f)
			nr[i] = rows[i] &^ (kr[i] | 1<<c)
		}
		for f := fc; f != 0; f &= f - 1 {
			i := bits.TrailingZeros64(f)
			nc[i] = cols[i] &^ (kc[i] | 1<<r)
		}
		s.chosen = append(s.chosen, x)
		s.search(next, fr, fc)
		s.chosen = s.chosen[:len(s.chosen)-1]
		if s.stop {
			return
		}
	}
}
