package count

import (
	"cmp"
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
)

// JoinUniqueMethod names the split of a JoinPlan that counts fundamental
// solutions (NewJoinUniquePlanContext) in records and checkpoints: its
// subproblems are classes of the column groups, not the groups.
const JoinUniqueMethod = "halves-unique"

// joinUnique is the bookkeeping by which a JoinPlan counts the solutions
// up to the 8 symmetries of the square (OEIS A002562), besides all of
// them.
//
// Let H be the mirror, the vertical flip and the half turn R (with the
// identity): the groups are canonical under H, the transposition T makes
// up the other four symmetries, and no solution of n > 1 is kept by a
// reflection, so a solution's stabiliser is the identity, {1, R} or the
// four rotations. A group g of weight w (1, 2 or 4: w = 4/|stabiliser of
// its columns in H|) whose N solutions have the columns C_g, N_R of them
// kept by R, then meets w·(N + N_R)/4 orbits under H, a whole number (by
// the orbit-stabiliser count: each orbit has 4/w of its members with the
// columns C_g, or 2/w if R keeps it). T swaps the columns key and the rows
// key (see JoinPlan; for odd n the middle row and column are left out of
// both, a = m): of an orbit under the 8 symmetries whose keys differ,
// exactly one H-orbit has the rows key above the columns key; one whose
// keys are equal is two H-orbits with equal keys, or one when the solution
// is kept by the quarter turn. So with E the H-orbits of equal keys of a
// class (the groups of one columns key) and Q its quarter-turn orbits,
// the class has (E + Q)/2 orbits of equal keys, and its count is a whole
// number while a group's may not be: the subproblems of the plan are the
// classes. For odd n the groups of a > m (weight 8) count each orbit
// once, their own classes.
//
// N_R and the quarter-turn solutions come from a search of the solutions
// kept by R (queens placed in pairs (r, c), (n−1−r, n−1−c), the middle
// queen of odd n at the centre; the quarter turn keeps none for
// n ≡ 2, 3 (mod 4)), done once per plan.
type joinUnique struct {
	classes [][]int32 // the groups of each subproblem
	// gt and eq are, per group, its solutions kept by R whose rows key
	// is above and equal to its columns key.
	gt, eq []uint32
	// quarter is, per class, the solutions kept by the quarter turn
	// whose keys are the class's (two for each orbit).
	quarter []uint64
	key     []uint32 // the columns key of each class (a = m or even n)
}

// NewJoinUniquePlanContext is NewJoinPlanContext for a plan that counts
// the fundamental solutions too (Part.Unique, OEIS A002562): its
// subproblems are the classes of the column groups by their columns key
// (see joinUnique), its method JoinUniqueMethod, and its Solutions the
// same total as the plain plan's.
func NewJoinUniquePlanContext(ctx context.Context, n int, maxBytes uint64, workers int) (*JoinPlan, error) {
	p, err := NewJoinPlanContext(ctx, n, maxBytes, workers)
	if err != nil {
		return nil, err
	}
	q := &joinUnique{gt: make([]uint32, len(p.groups)), eq: make([]uint32, len(p.groups))}
	// The classes: the groups of a > m one by one, the others by (a,
	// columns key), each class's groups in the plan's order.
	byKey := map[[2]int32]int{}
	index := map[[2]uint32]int32{} // (a, columns) → group, but for a > m
	for gid, g := range p.groups {
		if g.weight == 8 {
			q.classes = append(q.classes, []int32{int32(gid)})
			q.key = append(q.key, 0)
			continue
		}
		index[[2]uint32{uint32(g.a), g.cols}] = int32(gid)
		k := [2]int32{int32(g.a), int32(p.colsKey(g.cols))}
		c, ok := byKey[k]
		if !ok {
			c = len(q.classes)
			byKey[k] = c
			q.classes = append(q.classes, nil)
			q.key = append(q.key, uint32(k[1]))
		}
		q.classes[c] = append(q.classes[c], int32(gid))
	}
	// Subproblems in increasing (a, key; the first group).
	order := make([]int, len(q.classes))
	for i := range order {
		order[i] = i
	}
	first := func(c int) joinGroup { return p.groups[q.classes[c][0]] }
	slices.SortStableFunc(order, func(x, y int) int {
		gx, gy := first(x), first(y)
		if gx.a != gy.a {
			return cmp.Compare(gx.a, gy.a)
		}
		if gx.weight == 8 || gy.weight == 8 {
			return cmp.Compare(q.classes[x][0], q.classes[y][0])
		}
		return cmp.Compare(q.key[x], q.key[y])
	})
	classes, keys := make([][]int32, len(order)), make([]uint32, len(order))
	for i, c := range order {
		classes[i], keys[i] = q.classes[c], q.key[c]
	}
	q.classes, q.key = classes, keys
	q.quarter = make([]uint64, len(q.classes))
	classOf := map[[2]int32]int{}
	for c, gs := range q.classes {
		if g := p.groups[gs[0]]; g.weight != 8 {
			classOf[[2]int32{int32(g.a), int32(q.key[c])}] = c
		}
	}
	if err := p.halfTurnSolutions(ctx, func(perm []int) error {
		return q.note(p, perm, index, classOf)
	}); err != nil {
		return nil, err
	}
	p.uq = q
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d n=%d;", JoinUniqueMethod, JoinVersion, n)
	for _, gs := range q.classes {
		for _, gid := range gs {
			g := p.groups[gid]
			h.Write([]byte{byte(g.a), byte(g.cols), byte(g.cols >> 8), byte(g.cols >> 16), g.weight})
		}
		h.Write([]byte{0xff})
	}
	p.hash = h.Sum64()
	return p, nil
}

// note records a solution kept by the half turn: in gt or eq of its group
// when its columns are a group's, and in quarter of its class when the
// quarter turn keeps it too.
func (q *joinUnique) note(p *JoinPlan, perm []int, index map[[2]uint32]int32, classOf map[[2]int32]int) error {
	n, h := p.n, p.h
	a := -1
	if n%2 == 1 {
		a = perm[h] // the centre: h
	}
	var cols, sTop, sBot uint32
	for r := range h {
		cols |= 1 << perm[r]
		if perm[r] < h {
			sTop |= 1 << r
		}
		if perm[n-h+r] < h {
			sBot |= 1 << r
		}
	}
	kc := p.colsKey(cols)
	kr := min(p.rowsKey(sTop, false), p.rowsKey(sBot, true))
	quarter := true
	for r, c := range perm {
		if perm[c] != n-1-r {
			quarter = false
			break
		}
	}
	if quarter {
		if kc != kr {
			return fmt.Errorf("count: the join's bookkeeping of n = %d: a solution kept by the quarter turn has the keys %d and %d", n, kc, kr)
		}
		c, ok := classOf[[2]int32{int32(a), int32(kc)}]
		if !ok {
			return fmt.Errorf("count: the join's bookkeeping of n = %d: no class of key %d", n, kc)
		}
		q.quarter[c]++
	}
	gid, ok := index[[2]uint32{uint32(a), cols}]
	if !ok {
		return nil // its columns are not a group's: another member of its orbit is
	}
	switch {
	case kr > kc:
		q.gt[gid]++
	case kr == kc:
		q.eq[gid]++
	}
	return nil
}

// halfTurnSolutions calls f with every solution of order n kept by the
// half turn (the queens' columns row by row), in no particular order,
// until f fails or ctx is done.
func (p *JoinPlan) halfTurnSolutions(ctx context.Context, f func(perm []int) error) error {
	n := p.n
	perm := make([]int, n)
	var cols, d1, d2 uint64
	var err error
	var nodes int
	put := func(r, c int) bool {
		b1, b2 := uint64(1)<<(c-r+n-1), uint64(1)<<(r+c)
		if cols&(1<<c) != 0 || d1&b1 != 0 || d2&b2 != 0 {
			return false
		}
		cols, d1, d2 = cols|1<<c, d1|b1, d2|b2
		perm[r] = c
		return true
	}
	take := func(r, c int) {
		cols &^= 1 << c
		d1 &^= uint64(1) << (c - r + n - 1)
		d2 &^= uint64(1) << (r + c)
	}
	var rec func(r int)
	rec = func(r int) {
		if err != nil {
			return
		}
		if nodes++; nodes&0xfff == 0 {
			if err = ctx.Err(); err != nil {
				return
			}
		}
		if r == n/2 {
			err = f(perm)
			return
		}
		for c := range n {
			if !put(r, c) {
				continue
			}
			if put(n-1-r, n-1-c) {
				rec(r + 1)
				take(n-1-r, n-1-c)
			}
			take(r, c)
		}
	}
	if n%2 == 1 {
		put(n/2, n/2)
	}
	rec(0)
	return err
}

// countClass counts subproblem id of a plan that counts fundamental
// solutions: the solutions of its groups, and its orbits (see joinUnique).
func (c *joinCounter) countClass(id int) (Part, bool) {
	p, q := c.plan, c.plan.uq
	c.work = 0
	if p.n == 1 {
		return Part{ID: id, Solutions: 1, Unique: 1}, !c.stop.Load()
	}
	var sol, orbits, gt4, eq4 uint64
	for _, gid := range q.classes[id] {
		g := p.groups[gid]
		if g.weight == 8 {
			work := c.work
			part, ok := c.countGroup(int(gid)) // resets c.work
			if !ok {
				return Part{}, false
			}
			c.work += work
			sol += part.Solutions
			orbits += part.Solutions / 8
			continue
		}
		gt, eq := c.countKeys(g)
		if c.stop.Load() {
			return Part{}, false
		}
		w := uint64(g.weight)
		sol += w * (2*gt + eq)
		gt4 += w * (gt + uint64(q.gt[gid]))
		eq4 += w * (eq + uint64(q.eq[gid]))
	}
	if c.stop.Load() {
		return Part{}, false
	}
	// Whole numbers by the orbit counts (see joinUnique): a remainder
	// would be a fault of this bookkeeping, not of the input.
	if gt4%4 != 0 || eq4%4 != 0 || q.quarter[id]%2 != 0 || (eq4/4+q.quarter[id]/2)%2 != 0 {
		panic(fmt.Sprintf("count: the join's orbits of n = %d, class %d do not add up: %d, %d, %d", p.n, id, gt4, eq4, q.quarter[id]))
	}
	orbits += gt4/4 + (eq4/4+q.quarter[id]/2)/2
	return Part{ID: id, Solutions: sol, Unique: orbits, Nodes: c.work}, true
}

// describeClass is Describe of class id of a plan that counts
// fundamental solutions: its groups' a, its columns key and the number of
// its groups, or its one group of weight 8.
func (p *JoinPlan) describeClass(id int) string {
	gs := p.uq.classes[id]
	g := p.groups[gs[0]]
	if g.weight == 8 {
		return p.describeGroup(int(gs[0]))
	}
	var b strings.Builder
	if g.a >= 0 {
		fmt.Fprintf(&b, "a=%d ", g.a)
	}
	fmt.Fprintf(&b, "columns key %0*b: %d groups", max(p.h, 1), p.uq.key[id], len(gs))
	return b.String()
}
