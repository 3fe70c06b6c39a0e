package search

import (
	"math/bits"

	"qtool/encode"
)

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

// countGaps counts the ways to fill levels start..last from the masks in
// w.st[start], and the queens placed above the last level, when the
// diagonals shift by w.gap[d] rows from level d to level d+1. It is
// countRows with variable shifts.
func (w *bitmaskWorker) countGaps(start, last uint8) (leaves, nodes uint64) {
	d := start
	cols, ld, rd := w.st[d].cols, w.st[d].ld, w.st[d].rd
	free := ^(cols | ld | rd) & w.allow[d]
	if d == last {
		if free != 0 {
			leaves++
		}
		return leaves, 0
	}
	if d+1 == last {
		sh := w.gap[d] & 63
		for f := free; f != 0; f &= f - 1 {
			bit := f & -f
			nodes++
			if ^(cols|bit|(ld|bit)<<sh|(rd|bit)>>sh)&w.allow[last] != 0 {
				leaves++
			}
		}
		return leaves, nodes
	}
	w.start, w.last2 = start, last-2
	w.check = bitmaskCheckEvery
	for {
		if free == 0 {
			if d == w.start {
				return leaves, nodes
			}
			d--
			cols, ld, rd, free = w.st[d].cols, w.st[d].ld, w.st[d].rd, w.st[d].free
			continue
		}
		bit := free & -free
		free ^= bit
		sh := w.gap[d] & 63
		c := cols | bit
		l := (ld | bit) << sh
		r := (rd | bit) >> sh
		nodes++
		if nodes >= w.check {
			if w.stop.Load() {
				return leaves, nodes
			}
			w.check = nodes + bitmaskCheckEvery
		}
		if d == w.last2 {
			// Levels last-1 and last.
			sh2 := w.gap[d+1] & 63
			for f := ^(c | l | r) & w.allow[d+1]; f != 0; f &= f - 1 {
				b := f & -f
				nodes++
				if ^(c|b|(l|b)<<sh2|(r|b)>>sh2)&w.allow[d+2] != 0 {
					leaves++
				}
			}
			continue
		}
		w.st[d] = bitmaskLevel{cols, ld, rd, free}
		d++
		cols, ld, rd = c, l, r
		free = ^(c | l | r) & w.allow[d]
	}
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

// countRows counts the ways to fill rows start..last from the masks in
// w.st[start] with constant diagonal shifts, and the queens placed above
// the last row. The
// level being searched stays in registers and the stack holds the levels
// above it; the last two rows are searched by an inner loop.
func (w *bitmaskWorker) countRows(start, last uint8) (leaves, nodes uint64) {
	d := start
	cols, ld, rd := w.st[d].cols, w.st[d].ld, w.st[d].rd
	free := ^(cols | ld | rd) & w.allow[d]
	if d == last {
		if free != 0 {
			leaves++
		}
		return leaves, 0
	}
	if d+1 == last {
		for f := free; f != 0; f &= f - 1 {
			bit := f & -f
			nodes++
			if ^(cols|bit|(ld|bit)<<1|(rd|bit)>>1)&w.allow[last] != 0 {
				leaves++
			}
		}
		return leaves, nodes
	}
	w.start, w.last2, w.last3 = start, last-2, last-3
	if last < start+3 {
		w.last3 = 255
	}
	w.check = bitmaskCheckEvery
	for {
		if free == 0 {
			if d == w.start {
				return leaves, nodes
			}
			d--
			cols, ld, rd, free = w.st[d].cols, w.st[d].ld, w.st[d].rd, w.st[d].free
			continue
		}
		bit := free & -free
		free ^= bit
		c := cols | bit
		l := (ld | bit) << 1
		r := (rd | bit) >> 1
		nodes++
		if nodes >= w.check {
			if w.stop.Load() {
				return leaves, nodes
			}
			w.check = nodes + bitmaskCheckEvery
		}
		if d == w.last3 {
			// Rows last-2, last-1 and last.
			a1, a2 := w.allow[d+2], w.allow[d+3]
			for f := ^(c | l | r) & w.allow[d+1]; f != 0; f &= f - 1 {
				b := f & -f
				nodes++
				c2, l2, r2 := c|b, (l|b)<<1, (r|b)>>1
				for g := ^(c2 | l2 | r2) & a1; g != 0; g &= g - 1 {
					e := g & -g
					nodes++
					if ^(c2|e|(l2|e)<<1|(r2|e)>>1)&a2 != 0 {
						leaves++
					}
				}
			}
			continue
		}
		if d == w.last2 {
			// Rows last-1 and last.
			for f := ^(c | l | r) & w.allow[d+1]; f != 0; f &= f - 1 {
				b := f & -f
				nodes++
				if ^(c|b|(l|b)<<1|(r|b)>>1)&w.allow[d+2] != 0 {
					leaves++
				}
			}
			continue
		}
		w.st[d] = bitmaskLevel{cols, ld, rd, free}
		d++
		cols, ld, rd = c, l, r
		free = ^(c | l | r) & w.allow[d]
	}
}

// countEdge counts an edge-t subproblem: the solutions of the domain that
// are the least of their class, each with the size of its class. Row
// n-1-t prunes: the side columns can hold a queen only in rows t..n-1-t,
// so that row must take the last side column left, and there must not be
// two left.
func (w *bitmaskWorker) countEdge(n, t int, start, last uint8) bitmaskResult {
	w.n = n
	w.side = uint64(1) | 1<<uint(n-1)
	w.tieLast = uint64(1)<<uint(t) | 1<<uint(n-1-t)
	w.rt, w.rb = uint8(t), uint8(n-1-t)
	w.last = last
	w.res = bitmaskResult{}
	d := start
	cols, ld, rd := w.st[d].cols, w.st[d].ld, w.st[d].rd
	free := ^(cols | ld | rd) & w.allow[d]
	if d == w.rb {
		free = w.sides(free, cols)
	}
	var nodes uint64
	switch {
	case d == last:
		if free != 0 {
			w.edgeLeaf(free)
		}
	case d+1 == last:
		for f := free; f != 0; f &= f - 1 {
			bit := f & -f
			nodes++
			if g := ^(cols | bit | (ld|bit)<<1 | (rd|bit)>>1) & w.allow[last]; g != 0 {
				w.st[last].cols = cols | bit
				w.edgeLeaf(g)
			}
		}
	default:
		w.start, w.last2 = start, last-2
		w.check = bitmaskCheckEvery
		for {
			if free == 0 {
				if d == w.start {
					break
				}
				d--
				cols, ld, rd, free = w.st[d].cols, w.st[d].ld, w.st[d].rd, w.st[d].free
				continue
			}
			bit := free & -free
			free ^= bit
			c := cols | bit
			l := (ld | bit) << 1
			r := (rd | bit) >> 1
			nodes++
			if nodes >= w.check {
				if w.stop.Load() {
					break
				}
				w.check = nodes + bitmaskCheckEvery
			}
			if d == w.last2 {
				// Rows last-1 and last.
				f := ^(c | l | r) & w.allow[d+1]
				if d+1 == w.rb {
					f = w.sides(f, c)
				}
				for ; f != 0; f &= f - 1 {
					b := f & -f
					nodes++
					if g := ^(c | b | (l|b)<<1 | (r|b)>>1) & w.allow[d+2]; g != 0 {
						w.st[d] = bitmaskLevel{cols, ld, rd, free}
						w.st[d+1].cols = c
						w.st[d+2].cols = c | b
						w.edgeLeaf(g)
					}
				}
				continue
			}
			w.st[d] = bitmaskLevel{cols, ld, rd, free}
			d++
			cols, ld, rd = c, l, r
			free = ^(c | l | r) & w.allow[d]
			if d == w.rb {
				free = w.sides(free, c)
			}
		}
	}
	res := w.res
	res.nodes += nodes
	return res
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
