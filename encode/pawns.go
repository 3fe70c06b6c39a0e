package encode

import (
	"fmt"
	"sort"
)

// Pawns on a queens+pawns board (the n+k queens problem of Chatham, Fricke
// and Skaggs, "The Queens Separation Problem", Utilitas Math. 69, 2006):
// a pawn stands on a square no queen may take and cuts every line through
// it into two segments, each of which holds at most one queen. The lines of
// the variant are these segments (RowSegments … AntiSegments): segment s of
// row r is the squares of row r with s pawns to their left, and likewise
// for columns (pawns above), diagonals and antidiagonals (pawns in earlier
// rows). The index of segment s of line l is l·(n+1) + s.

// pawnLines holds, for each line family a pawn can cut, the sorted
// positions of the pawns on each line: for rows the columns, for the
// other families the rows.
type pawnLines struct {
	n                    int
	row, col, diag, anti map[int][]int
	at                   map[Cell]bool
}

func newPawnLines(n int, pawns []Cell) *pawnLines {
	g := &pawnLines{n: n, row: map[int][]int{}, col: map[int][]int{}, diag: map[int][]int{}, anti: map[int][]int{}, at: map[Cell]bool{}}
	for _, x := range pawns {
		g.row[x.R] = append(g.row[x.R], x.C)
		g.col[x.C] = append(g.col[x.C], x.R)
		g.diag[x.R+x.C] = append(g.diag[x.R+x.C], x.R)
		g.anti[x.R-x.C+n-1] = append(g.anti[x.R-x.C+n-1], x.R)
		g.at[x] = true
	}
	for _, m := range []map[int][]int{g.row, g.col, g.diag, g.anti} {
		for _, s := range m {
			sort.Ints(s)
		}
	}
	return g
}

// segment returns the index of the segment of family fam that holds
// square (r, c).
func (g *pawnLines) segment(fam Family, r, c int) int {
	n := g.n
	before := func(m map[int][]int, line, pos int) int {
		return line*(n+1) + sort.SearchInts(m[line], pos)
	}
	switch fam {
	case RowSegments:
		return before(g.row, r, c)
	case ColumnSegments:
		return before(g.col, c, r)
	case DiagonalSegments:
		return before(g.diag, r+c, r)
	case AntidiagSegments:
		return before(g.anti, r-c+n-1, r)
	}
	return -1
}

// geometry is the board a problem's lines are drawn on: its order and
// the pawns that cut them.
type geometry struct {
	n     int
	pawns *pawnLines
}

func newGeometry(in Instance) geometry {
	g := geometry{n: in.Board.N}
	if len(in.Pawns) > 0 {
		g.pawns = newPawnLines(g.n, in.Pawns)
	}
	return g
}

// linesOf is linesOf on the geometry: the segment families are cut at the
// pawns (without pawns a segment is the whole line).
func (g geometry) linesOf(fam Family, r, c int, f func(line int)) {
	switch fam {
	case RowSegments, ColumnSegments, DiagonalSegments, AntidiagSegments:
		if g.pawns == nil {
			f(segmentLine(fam, g.n, r, c) * (g.n + 1))
			return
		}
		f(g.pawns.segment(fam, r, c))
		return
	}
	linesOf(fam, g.n, r, c, f)
}

// segmentLine is the whole line of a segment family through (r, c).
func segmentLine(fam Family, n, r, c int) int {
	switch fam {
	case RowSegments:
		return r
	case ColumnSegments:
		return c
	case DiagonalSegments:
		return r + c
	}
	return r - c + n - 1
}

// pawnAt reports whether a pawn stands on (r, c).
func (g geometry) pawnAt(x Cell) bool { return g.pawns != nil && g.pawns.at[x] }

// MaxPawnSets bounds the pawn placements ForEachPawnSet walks: C(n², k)
// must not exceed it.
const MaxPawnSets = 1 << 32

// PawnSets returns C(n², k), the number of ways to place k pawns on an n×n
// board, or an error when k is negative, more than the n² squares, or the
// number is beyond MaxPawnSets.
func PawnSets(n, k int) (uint64, error) {
	sq := n * n
	switch {
	case k < 0:
		return 0, fmt.Errorf("encode: %d pawns: the number of pawns must be 0 or more", k)
	case k > sq:
		return 0, fmt.Errorf("encode: %d pawns do not fit on the %d×%d board (%d squares)", k, n, n, sq)
	}
	c := uint64(1)
	for i := 1; i <= k; i++ {
		// c·(sq−k+i)/i stays exact: c is C(sq−k+i−1, i−1).
		hi := c * uint64(sq-k+i)
		if hi/uint64(sq-k+i) != c || hi/uint64(i) > MaxPawnSets {
			return 0, fmt.Errorf("encode: %d pawns on the %d×%d board can stand in more than %d ways: too many to search one by one; place them with 'p' in a grid", k, n, n, uint64(MaxPawnSets))
		}
		c = hi / uint64(i)
	}
	return c, nil
}

// ForEachPawnSet calls f with every set of k squares of an n×n board in
// lexicographic row-major order (the slice is reused: copy it to keep it),
// until f returns false.
func ForEachPawnSet(n, k int, f func(pawns []Cell) bool) {
	sq := n * n
	if k < 0 || k > sq {
		return
	}
	idx := make([]int, k)
	for i := range idx {
		idx[i] = i
	}
	cells := make([]Cell, k)
	for {
		for i, s := range idx {
			cells[i] = Cell{s / n, s % n}
		}
		if !f(cells) {
			return
		}
		i := k - 1
		for i >= 0 && idx[i] == sq-k+i {
			i--
		}
		if i < 0 {
			return
		}
		idx[i]++
		for j := i + 1; j < k; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
}
