package sat

import (
	"context"
	"fmt"
)

// CubeOptions configures Solver.CubeAndConquer: the cardinality
// constraints its lookahead knows, and when a node becomes a cube.
type CubeOptions struct {
	// ExactlyOne are the groups the lookahead branches on: the formula
	// must imply that every model makes exactly one literal of each group
	// true (an at-least-one clause and an at-most-one constraint of the
	// formula, say). A group with a true literal is closed; one with no
	// literal left that is not false refutes the node.
	ExactlyOne [][]int
	// AtMostOne are further groups of which the formula implies that at
	// most one literal is true: making one true makes the others false.
	AtMostOne [][]int
	// Leaf is the number of open groups of ExactlyOne at or below which a
	// node of the lookahead becomes a cube, decided by CDCL; 0 splits
	// while any group is open, so that the lookahead decides nearly all.
	Leaf int
}

// CubeStats describes a run of Solver.CubeAndConquer.
type CubeStats struct {
	Nodes    int // nodes of the lookahead (literals it made true)
	Refuted  int // nodes refuted by the lookahead's own propagation
	Cubes    int // cubes handed to CDCL
	Backjump int // cubes whose refutation by gini also refuted an ancestor
}

// CubeAndConquer decides the formula by cube and conquer (Heule, Kullmann,
// Wieringa and Biere, "Cube and Conquer: Guiding CDCL SAT Solvers by
// Lookaheads", HVC 2011, doi:10.1007/978-3-642-34188-5_8). A lookahead
// search splits the problem into cubes — conjunctions of literals — and
// the CDCL solver decides each cube under assumptions, in this one
// incremental solver, so that the clauses learned on one cube serve every
// later one.
//
// The lookahead knows only the cardinality constraints of opt: at each
// node it propagates them (a true literal makes the other literals of its
// groups false; a group of ExactlyOne with no literal left refutes the
// node, and so do two true literals in one group) and branches on the open
// group of ExactlyOne with the fewest literals not false — the most
// constrained one, as dancing links branches on the item with the fewest
// options (Knuth, TAOCP 7.2.2.1) — trying each of them in turn. A node
// with at most opt.Leaf open groups is a cube: its branching literals are
// handed to gini as assumptions. When gini refutes a cube it names the
// assumptions it needed (its failed assumptions); if those are the
// branching literals of an ancestor only, every other cube below that
// ancestor is refuted too, and the lookahead backjumps over them.
//
// The cubes are decided as the lookahead meets them (depth first) and the
// first satisfiable one ends the run, with its model readable by Value and
// Model. It returns Sat; Unsat when every cube and node was refuted (a
// final answer, as from Solve); or Unknown when ctx ended first. The cost
// of a node is O(the literals its propagation touches). The lookahead's
// refutations are only as sound as the groups: a group that the formula
// does not in fact constrain as opt says can make it miss models.
func (s *Solver) CubeAndConquer(ctx context.Context, opt CubeOptions) (Status, CubeStats) {
	if s.open != 0 {
		panic("sat: CubeAndConquer with a clause not ended by Add(0)")
	}
	c := newCuber(s, opt)
	if s.unsat {
		return Unsat, c.stats
	}
	if ctx.Err() != nil {
		return Unknown, c.stats
	}
	res, _ := c.node(ctx)
	if res == Unsat {
		s.unsat = true // no assumption is left: the formula has no model
	}
	return res, c.stats
}

// count is what the lookahead knows of a group.
type count struct {
	live  int32 // literals not false
	trues int32 // literals true
}

// cuber is the lookahead of one CubeAndConquer run. Literals are indexed
// as 2v for v and 2v+1 for −v.
type cuber struct {
	s     *Solver
	opt   CubeOptions
	val   []int8    // per variable: 1 true, −1 false, 0 open
	in    [][]int32 // per literal index: the groups holding that literal
	lits  [][]int32 // per group: its literal indices; ExactlyOne first
	exact int       // groups 0..exact−1 are of ExactlyOne
	cnt   []count   // per group
	open  int       // groups of ExactlyOne with no true literal
	trail []int32   // literal indices made true, in order
	queue []int32
	cube  []int   // branching literals of the current node, as DIMACS
	at    []int32 // per variable: the depth of the node whose branching literal it is, or 0
	stats CubeStats
	tick  uint // calls of node, to look at the context now and then
}

func lidx(m int) int32 {
	if m < 0 {
		return int32(-2*m + 1)
	}
	return int32(2 * m)
}

func newCuber(s *Solver, opt CubeOptions) *cuber {
	c := &cuber{s: s, opt: opt, val: make([]int8, s.maxVar+1), at: make([]int32, s.maxVar+1), in: make([][]int32, 2*s.maxVar+2)}
	c.opt.Leaf = max(c.opt.Leaf, 0) // below 0 means as 0: split while a group is open
	c.exact = len(opt.ExactlyOne)
	for _, gs := range [2][][]int{opt.ExactlyOne, opt.AtMostOne} {
		for _, g := range gs {
			id := int32(len(c.lits))
			l := make([]int32, 0, len(g))
			for _, m := range g {
				if v := max(m, -m); v == 0 || v > s.maxVar {
					panic(fmt.Sprintf("sat: CubeAndConquer: literal %d names no variable of the formula", m))
				}
				x := lidx(m)
				if k := len(c.in[x]); k > 0 && c.in[x][k-1] == id {
					continue // the literal again: once is what the group means
				}
				l = append(l, x)
				c.in[x] = append(c.in[x], id)
			}
			c.lits = append(c.lits, l)
			c.cnt = append(c.cnt, count{live: int32(len(l))})
		}
	}
	c.open = c.exact
	return c
}

// set makes literal index l true and propagates; it reports false on a
// conflict. Everything it set stays on the trail for undo.
func (c *cuber) set(l int32) bool {
	c.queue = append(c.queue[:0], l)
	ok := true
	for len(c.queue) > 0 && ok {
		l := c.queue[len(c.queue)-1]
		c.queue = c.queue[:len(c.queue)-1]
		v, want := l>>1, int8(1)
		if l&1 == 1 {
			want = -1
		}
		switch c.val[v] {
		case want:
			continue
		case -want:
			ok = false
			continue
		}
		c.val[v] = want
		c.trail = append(c.trail, l)
		for _, g := range c.in[l] { // l true
			c.cnt[g].trues++
			if c.cnt[g].trues > 1 {
				ok = false
			}
			if int(g) < c.exact && c.cnt[g].trues == 1 {
				c.open--
			}
			for _, o := range c.lits[g] {
				if o != l {
					c.queue = append(c.queue, o^1)
				}
			}
		}
		for _, g := range c.in[l^1] { // its negation false
			c.cnt[g].live--
			if int(g) < c.exact && c.cnt[g].live == 0 && c.cnt[g].trues == 0 {
				ok = false
			}
		}
	}
	return ok
}

// undo takes back the trail down to length mark.
func (c *cuber) undo(mark int) {
	for i := len(c.trail) - 1; i >= mark; i-- {
		l := c.trail[i]
		c.val[l>>1] = 0
		for _, g := range c.in[l] {
			if int(g) < c.exact && c.cnt[g].trues == 1 {
				c.open++
			}
			c.cnt[g].trues--
		}
		for _, g := range c.in[l^1] {
			c.cnt[g].live++
		}
	}
	c.trail = c.trail[:mark]
}

// node decides the current node. On Unsat it also returns the depth of
// the shallowest node refuted along with it: len(c.cube) for this node
// alone, less when gini's failed assumptions refute an ancestor.
func (c *cuber) node(ctx context.Context) (Status, int) {
	c.tick++
	if c.tick&1023 == 0 && ctx.Err() != nil { // a look costs a lock
		return Unknown, 0
	}
	depth := len(c.cube)
	if c.open <= c.opt.Leaf {
		return c.leaf(ctx)
	}
	best, width := -1, 0
	for g := 0; g < c.exact; g++ {
		if c.cnt[g].trues > 0 {
			continue
		}
		if k := int(c.cnt[g].live); best < 0 || k < width {
			best, width = g, k
			if k <= 1 {
				break // forced: no open group is narrower
			}
		}
	}
	for _, l := range c.lits[best] {
		if c.val[l>>1] != 0 {
			continue // false: the group is open, so none is true
		}
		m := int(l >> 1)
		if l&1 == 1 {
			m = -m
		}
		mark := len(c.trail)
		c.stats.Nodes++
		st, back := Unsat, depth+1
		c.cube = append(c.cube, m)
		c.at[l>>1] = int32(depth + 1)
		if c.set(l) {
			st, back = c.node(ctx)
		} else {
			c.stats.Refuted++
		}
		c.cube = c.cube[:depth]
		c.at[l>>1] = 0
		c.undo(mark)
		if st != Unsat {
			return st, 0
		}
		if back <= depth {
			return Unsat, back
		}
	}
	return Unsat, depth
}

// leaf hands the current node to gini as a cube: its branching literals
// are the assumptions of an incremental solve. (Gini's test scopes, which
// would keep the shared prefix of consecutive cubes propagated, suffer
// from the defect SolveAssuming works around and are not used.)
func (c *cuber) leaf(ctx context.Context) (Status, int) {
	c.stats.Cubes++
	depth := len(c.cube)
	if depth == 0 {
		return c.s.Solve(ctx), 0
	}
	st := c.s.SolveAssuming(ctx, c.cube...)
	if st != Unsat {
		return st, 0
	}
	// The deepest branching literal among gini's failed assumptions is
	// the node whose whole subtree gini refuted.
	back := 0
	for _, m := range c.s.Failed() {
		back = max(back, int(c.at[max(m, -m)]))
	}
	if back < depth {
		c.stats.Backjump++
	}
	return Unsat, back
}
