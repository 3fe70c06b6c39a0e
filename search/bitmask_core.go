package search

import (
	"math/bits"

	"github.com/qtool-project/qtool/encode"
)

// The loops countRows, countGaps and countEdge are generated from one
// template into bitmask_loops.go:
//go:generate go run bitmask_gen.go

// bitmaskCheckEvery sets how often the counting loops look at the stop
// flag: every 4,096 nodes or so (the inner loops over the last rows may
// add a few dozen more).
const bitmaskCheckEvery = 1 << 12

// bitmaskGeneralProb counts the completions of any board: the search levels
// are the free rows, and the diagonals shift by the number of rows from
// one free row to the next, so that the rows of given queens are skipped.
// On an empty board it may use the mirror symmetry of the first row.
type bitmaskGeneralProb struct {
	br     *bitmaskRows
	mirror bool
	depth  int  // levels placed by the split
	unit   bool // the free rows are consecutive: every shift is 1
}

func newBitmaskGeneral(b encode.Board, mirror bool) *bitmaskGeneralProb {
	br := newBitmaskRows(b)
	g := &bitmaskGeneralProb{br: br, mirror: mirror && b.Given() == 0 && b.N >= 2}
	levels := len(br.rows)
	g.unit = true
	for i := 0; i+1 < levels; i++ {
		g.unit = g.unit && br.gap[i] == 1
	}
	g.depth = min(max(levels-1, 0), 2)
	if levels > 12 {
		g.depth = min(levels-1, 3)
	}
	return g
}

func (g *bitmaskGeneralProb) split() ([]bitmaskSub, uint64) {
	br := g.br
	n := br.n
	var subs []bitmaskSub
	var nodes uint64
	var s bitmaskSub
	s.kind = bitmaskGeneral
	s.depth = int8(g.depth)
	var rec func(i int, cols, ld, rd uint64)
	rec = func(i int, cols, ld, rd uint64) {
		if i == g.depth {
			s.weight = 1
			if g.mirror && 2*int(s.pre[0]) < n-1 {
				s.weight = 2
			}
			subs = append(subs, s)
			return
		}
		free := ^(cols | ld | rd) & br.allow[i]
		if i == 0 && g.mirror {
			free &= bitmaskFull((n + 1) / 2)
		}
		sh := uint(br.gap[i])
		for free != 0 {
			bit := free & -free
			free ^= bit
			nodes++
			s.pre[i] = int8(bits.TrailingZeros64(bit))
			rec(i+1, cols|bit, (ld|bit)<<sh, (rd|bit)>>sh)
		}
	}
	rec(0, 0, 0, 0)
	return subs, nodes
}

func (g *bitmaskGeneralProb) count(w *bitmaskWorker, s *bitmaskSub) bitmaskResult {
	br := g.br
	levels := len(br.rows)
	if levels == 0 {
		return bitmaskResult{total: 1}
	}
	for i := range levels {
		w.allow[i] = br.allow[i]
		w.gap[i] = br.gap[i]
	}
	st := &w.st
	st[0] = bitmaskLevel{}
	for i := uint8(0); i < uint8(s.depth); i++ {
		bit := uint64(1) << uint(s.pre[i])
		sh := w.gap[i] & 63
		st[i+1] = bitmaskLevel{cols: st[i].cols | bit, ld: (st[i].ld | bit) << sh, rd: (st[i].rd | bit) >> sh}
	}
	var leaves, nodes uint64
	if g.unit {
		leaves, nodes = w.countRows(uint8(s.depth), uint8(levels-1))
	} else {
		leaves, nodes = w.countGaps(uint8(s.depth), uint8(levels-1))
	}
	wt := uint64(s.weight)
	return bitmaskResult{total: wt * leaves, nodes: nodes + leaves}
}

// bitmaskSymProb counts the solutions of the empty board with the whole
// symmetry group of the square, by Takaken's method. Every class of
// solutions falls in exactly one domain:
//
//   - corner a (2 ≤ a ≤ n−2): a queen at (0,0), the queen of row 1 in
//     column a and the queen of column 1 in a row after a. A queen in a
//     corner rules out queens in the three others, so only the identity
//     and the transposition keep (0,0) in place; the condition on column 1
//     picks one of the two, and no symmetry other than the identity fixes
//     such a solution: each is the least of a class of 8.
//   - edge t (1 ≤ t, 2t < n−1): no corner queen, the queen of row 0 in
//     column t, and the queens of the last row and of the first and last
//     columns at least t squares from the nearest corner. A solution of
//     the domain is counted when it is the least of its class (checked
//     against its 7 images only when another edge also has its queen t
//     squares from a corner), with the size of its class.
type bitmaskSymProb struct {
	n     int
	depth int // rows placed by the split
}

func newBitmaskSym(n int) *bitmaskSymProb {
	// Depth 3 gives about 10³ subproblems at n = 17; depth 4 keeps the
	// pieces small up to n = 28 (2·10⁵ of them), after which depth 3
	// keeps their list small (10⁵ at n = 64).
	p := &bitmaskSymProb{n: n, depth: min(n-1, 3)}
	if n >= 18 && n <= 28 {
		p.depth = 4
	}
	return p
}

// domain fills allow with the columns allowed in each row of a domain.
func (p *bitmaskSymProb) domain(kind, param int, allow *[256]uint64) {
	n := p.n
	full := bitmaskFull(n)
	for r := 0; r < n; r++ {
		allow[r] = full
	}
	if kind == bitmaskCorner {
		allow[0] = 1
		allow[1] = 1 << uint(param)
		for r := 2; r <= param; r++ {
			allow[r] &^= 2
		}
		return
	}
	t := param
	side := uint64(1) | 1<<uint(n-1)
	allow[0] = 1 << uint(t)
	for r := 1; r < t; r++ {
		allow[r] &^= side
		allow[n-1-r] &^= side
	}
	allow[n-1] = bitmaskFull(n-t) &^ bitmaskFull(t)
}

func (p *bitmaskSymProb) split() ([]bitmaskSub, uint64) {
	n := p.n
	var subs []bitmaskSub
	var nodes uint64
	var allow [256]uint64
	var s bitmaskSub
	s.depth = int8(p.depth)
	var rec func(r int, cols, ld, rd uint64)
	rec = func(r int, cols, ld, rd uint64) {
		if r == p.depth {
			subs = append(subs, s)
			return
		}
		free := ^(cols | ld | rd) & allow[r]
		for free != 0 {
			bit := free & -free
			free ^= bit
			nodes++
			s.pre[r] = int8(bits.TrailingZeros64(bit))
			rec(r+1, cols|bit, (ld|bit)<<1, (rd|bit)>>1)
		}
	}
	s.kind = bitmaskCorner
	for a := 2; a <= n-2; a++ {
		s.param = int8(a)
		p.domain(bitmaskCorner, a, &allow)
		rec(0, 0, 0, 0)
	}
	s.kind = bitmaskEdge
	for t := 1; 2*t < n-1; t++ {
		s.param = int8(t)
		p.domain(bitmaskEdge, t, &allow)
		rec(0, 0, 0, 0)
	}
	return subs, nodes
}

func (p *bitmaskSymProb) count(w *bitmaskWorker, s *bitmaskSub) bitmaskResult {
	n := p.n
	p.domain(int(s.kind), int(s.param), &w.allow)
	st := &w.st
	st[0] = bitmaskLevel{}
	for i := uint8(0); i < uint8(s.depth); i++ {
		bit := uint64(1) << uint(s.pre[i])
		st[i+1] = bitmaskLevel{cols: st[i].cols | bit, ld: (st[i].ld | bit) << 1, rd: (st[i].rd | bit) >> 1}
	}
	start, last := uint8(s.depth), uint8(n-1)
	if s.kind == bitmaskCorner {
		leaves, nodes := w.countRows(start, last)
		return bitmaskResult{total: 8 * leaves, unique: leaves, nodes: nodes + leaves}
	}
	return w.countEdge(n, int(s.param), start, last)
}

// sides prunes the free squares of row n-1-t in an edge domain: it must
// take the side column still empty, if one is, and there must not be two.
func (w *bitmaskWorker) sides(free, cols uint64) uint64 {
	if need := w.side &^ cols; need == w.side {
		return 0
	} else if need != 0 {
		return free & need
	}
	return free
}

// edgeLeaf counts a solution of an edge domain whose rows 0..last-1 are on
// the stack (row r between st[r] and st[r+1]) and whose last row is g.
func (w *bitmaskWorker) edgeLeaf(g uint64) {
	rt, rb := w.rt, w.rb
	if g&w.tieLast == 0 && (w.st[rt+1].cols^w.st[rt].cols)&w.side == 0 && (w.st[rb+1].cols^w.st[rb].cols)&w.side == 0 {
		w.res.total += 8
		w.res.unique++
		w.res.nodes++
		return
	}
	w.tie(w.n, w.last, g, &w.res)
}

// tie classifies a solution of an edge domain that another edge ties with:
// rows 0..last-1 are read from the stack, row last holds g. It is counted
// when it is the least of its class, with the size of its class.
func (w *bitmaskWorker) tie(n int, last uint8, g uint64, res *bitmaskResult) {
	st := &w.st
	for r := uint8(0); r < last; r++ {
		c := int8(bits.TrailingZeros64(st[r+1].cols ^ st[r].cols))
		w.p[r], w.pinv[c] = c, int8(r)
	}
	c := int8(bits.TrailingZeros64(g))
	w.p[last], w.pinv[c] = c, int8(last)
	if least, size := bitmaskClassify(n, &w.p, &w.pinv, false); least {
		res.unique++
		res.total += uint64(size)
	}
	res.nodes++
}
