package count

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/bits"
	"sync/atomic"

	"github.com/qtool-project/qtool/split"
)

// ConstellationMaxN is the largest order the constellation counter
// accepts. 27 is the largest order whose count is known (Preußer and
// Engelhardt's Q27 project, 2016: 234,907,967,154,122,528); it fits a
// uint64 with a factor of 78 to spare, but the next orders would come
// close to its limit unchecked, so they are refused.
const ConstellationMaxN = 27

// ConstellationVersion identifies the split of ConstellationPlan: the
// order of the constellations, their canonical form, the depth of the
// prefix and the order of the subproblems. A checkpoint or a record of
// another version does not describe the same subproblems.
const ConstellationVersion = 1

// ConstellationMethod names the split in records and checkpoints.
const ConstellationMethod = "constellations"

// ConstellationMaxMemory is the default limit on what a plan and its
// results may allocate (ConstellationPlanBytes); larger plans are refused
// before allocating.
const ConstellationMaxMemory = 4 << 30

// constMaxDepth is the largest number of free rows a subproblem fixes
// beyond its constellation.
const constMaxDepth = 2

// constellation is the placement of the queens on the four sides of the
// board: the queen of row 0 in column t, of column n-1 in row r, of row
// n-1 in column b and of column 0 in row l (a corner queen is on two
// sides). weight is the size of its orbit under the 8 symmetries of the
// square, stab the set of symmetries (bit g for symmetry g of constSym)
// that map it to itself.
type constellation struct {
	t, r, b, l int8
	weight     int8
	stab       uint8
}

// constSub is one subproblem: a constellation (index into the plan's list)
// and the columns of the first depth free rows.
type constSub struct {
	k   int32
	pre [constMaxDepth]int8
}

// ConstellationPlan is the deterministic list of independent subproblems
// into which the constellation counter splits the n-queens count, after
// the border decomposition of the Q27 project (T. B. Preußer,
// M. R. Engelhardt, "Putting Queens in Carry Chains, N° 27", Journal of
// Signal Processing Systems 88 (2017), doi:10.1007/s11265-016-1176-8):
//
//   - every solution has exactly one queen on each side of the board (row
//     0, column n-1, row n-1, column 0; a corner queen counts for two
//     sides); these 2 to 4 queens are its constellation;
//   - the 8 symmetries of the square map constellations to constellations
//     and the solutions of one to the solutions of its image, so only the
//     canonical constellation of each orbit (the least (t, r, b, l)) is
//     searched, and its count is multiplied by the size of its orbit, its
//     weight (8, 4 or 2; 1 only for n = 1);
//   - the fundamental solutions (OEIS A002562) are the orbits, under the
//     constellation's own stabiliser, of its solutions: each is counted
//     at its least member, checked only in the rare constellations whose
//     weight is below 8.
//
// A subproblem is a canonical constellation and the columns of the first
// Depth free rows (rows 1, 2, … that hold no border queen); its count is a
// bitmask search (Richards' three masks) over the remaining free rows, the
// squares attacked by the placed queens removed from each row beforehand.
// Subproblem ids are the indices 0..Subproblems()-1 of that list, in order
// of constellation and prefix.
//
// Memory: 8 bytes a subproblem and 40 a result (ConstellationPlanBytes):
// 1.2 MB at n = 16, 6 MB at n = 20, about 3.4 GB at n = 27.
type ConstellationPlan struct {
	n, depth int
	cons     []constellation
	subs     []constSub
	hash     uint64
}

// constSym maps square (r, c) of an n×n board by symmetry g: 0 identity,
// 1 rotation by 90°, 2 by 180°, 3 by 270°, 4 rows reversed, 5 columns
// reversed, 6 transposition, 7 anti-transposition.
func constSym(g, n, r, c int) (int, int) {
	m := n - 1
	switch g {
	case 1:
		return c, m - r
	case 2:
		return m - r, m - c
	case 3:
		return m - c, r
	case 4:
		return m - r, c
	case 5:
		return r, m - c
	case 6:
		return c, r
	case 7:
		return m - c, m - r
	}
	return r, c
}

// constDepth is the number of free rows a subproblem fixes at order n:
// none up to 12 (a few hundred constellations), one up to 23 (10⁴ to 10⁶
// subproblems), two beyond.
func constDepth(n int) int {
	switch {
	case n <= 12:
		return 0
	case n <= 23:
		return 1
	}
	return 2
}

// queens returns the distinct queens of constellation k as (row, column)
// pairs.
func (k constellation) queens(n int) [][2]int {
	m := n - 1
	all := [4][2]int{{0, int(k.t)}, {int(k.r), m}, {m, int(k.b)}, {int(k.l), 0}}
	var qs [][2]int
	for _, q := range all {
		dup := false
		for _, p := range qs {
			dup = dup || p == q
		}
		if !dup {
			qs = append(qs, q)
		}
	}
	return qs
}

// constOf reads the constellation (t, r, b, l) of a set of queens known to
// hold one queen on each side, or reports false.
func constOf(n int, qs [][2]int) (k constellation, ok bool) {
	m := n - 1
	var seen [4]bool
	for _, q := range qs {
		if q[0] == 0 {
			k.t, seen[0] = int8(q[1]), true
		}
		if q[1] == m {
			k.r, seen[1] = int8(q[0]), true
		}
		if q[0] == m {
			k.b, seen[2] = int8(q[1]), true
		}
		if q[1] == 0 {
			k.l, seen[3] = int8(q[0]), true
		}
	}
	return k, seen[0] && seen[1] && seen[2] && seen[3]
}

func constKey(n int, k constellation) int {
	return ((int(k.t)*n+int(k.r))*n+int(k.b))*n + int(k.l)
}

func attacks(a, b [2]int) bool {
	dr, dc := a[0]-b[0], a[1]-b[1]
	return dr == 0 || dc == 0 || dr == dc || dr == -dc
}

// constellationsContext lists the canonical constellations of order n in
// increasing (t, r, b, l), with their weights and stabilisers.
//
// It stops with ctx's error when ctx ends, looked at every n² candidates
// (n = 27: 531,441 candidates, each with its 8 images, about half a
// second).
func constellationsContext(ctx context.Context, n int) ([]constellation, error) {
	var out []constellation
	m := n - 1
	for t := 0; t < n; t++ {
		for r := 0; r < n; r++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			for b := 0; b < n; b++ {
				for l := 0; l < n; l++ {
					// A corner queen is on two sides at once.
					if (t == 0) != (l == 0) || (t == m) != (r == 0) || (b == m) != (r == m) || (b == 0) != (l == m) {
						continue
					}
					k := constellation{t: int8(t), r: int8(r), b: int8(b), l: int8(l)}
					qs := k.queens(n)
					ok := true
					for i := range qs {
						for j := i + 1; j < len(qs); j++ {
							ok = ok && !attacks(qs[i], qs[j])
						}
					}
					if !ok {
						continue
					}
					key := constKey(n, k)
					least := true
					images := map[int]bool{}
					for g := 0; g < 8; g++ {
						img := make([][2]int, len(qs))
						for i, q := range qs {
							img[i][0], img[i][1] = constSym(g, n, q[0], q[1])
						}
						ik, _ := constOf(n, img)
						ikey := constKey(n, ik)
						images[ikey] = true
						if ikey < key {
							least = false
						}
						if ikey == key {
							k.stab |= 1 << uint(g)
						}
					}
					if least {
						k.weight = int8(len(images))
						out = append(out, k)
					}
				}
			}
		}
	}
	return out, nil
}

// constFree lists the rows of order n that hold no queen of constellation
// k, in increasing order.
func constFree(n int, k constellation) []int {
	var rows []int
	for r := 1; r < n-1; r++ {
		if r != int(k.l) && r != int(k.r) {
			rows = append(rows, r)
		}
	}
	return rows
}

// constAllow returns, for each row in rows, the columns of order n not
// attacked by any queen in qs.
func constAllow(n int, qs [][2]int, rows []int, allow []uint32) {
	full := uint32(1)<<uint(n) - 1
	for i, r := range rows {
		a := full
		for _, q := range qs {
			d := r - q[0]
			a &^= 1 << uint(q[1])
			if c := q[1] + d; c >= 0 && c < n {
				a &^= 1 << uint(c)
			}
			if c := q[1] - d; c >= 0 && c < n {
				a &^= 1 << uint(c)
			}
		}
		allow[i] = a
	}
}

// constPrefixes calls visit with each legal placement of the first depth
// free rows of constellation k, in lexicographic order of columns.
func constPrefixes(n, depth int, k constellation, visit func(pre [constMaxDepth]int8)) {
	rows := constFree(n, k)
	depth = min(depth, len(rows))
	qs := k.queens(n)
	var pre [constMaxDepth]int8
	var rec func(i int)
	rec = func(i int) {
		if i == depth {
			visit(pre)
			return
		}
		var allow [1]uint32
		constAllow(n, qs, rows[i:i+1], allow[:])
		for c := 0; c < n; c++ {
			if allow[0]&(1<<uint(c)) == 0 {
				continue
			}
			pre[i] = int8(c)
			qs = append(qs, [2]int{rows[i], c})
			rec(i + 1)
			qs = qs[:len(qs)-1]
		}
	}
	rec(0)
}

// ConstellationPlanBytes is the memory a plan of order n takes, with the
// results of all its subproblems, computed without allocating the plan:
// the bound against which NewConstellationPlan refuses.
func ConstellationPlanBytes(n int) (subproblems, bytes uint64, err error) {
	if n < 1 || n > ConstellationMaxN {
		return 0, 0, constRefuse(n)
	}
	cons, err := constellationsContext(context.Background(), n)
	if err != nil {
		return 0, 0, err
	}
	return constPlanBytes(context.Background(), n, cons)
}

// constPlanBytes is ConstellationPlanBytes of the constellations cons of
// order n; it stops with ctx's error when ctx ends.
func constPlanBytes(ctx context.Context, n int, cons []constellation) (subproblems, bytes uint64, err error) {
	depth := constDepth(n)
	for _, k := range cons {
		if err := ctx.Err(); err != nil {
			return 0, 0, err
		}
		constPrefixes(n, depth, k, func([constMaxDepth]int8) { subproblems++ })
	}
	return subproblems, subproblems*(8+40) + uint64(len(cons))*8, nil
}

func constRefuse(n int) error {
	return fmt.Errorf("count: the constellation counter handles 1 ≤ n ≤ %d (the largest order whose count is known and safely within uint64), got n = %d; use --backend bitmask", ConstellationMaxN, n)
}

// NewConstellationPlan lists the subproblems of order n (1 ≤ n ≤
// ConstellationMaxN). It refuses a plan whose memory
// (ConstellationPlanBytes) exceeds maxBytes (0 = ConstellationMaxMemory).
func NewConstellationPlan(n int, maxBytes uint64) (*ConstellationPlan, error) {
	return NewConstellationPlanContext(context.Background(), n, maxBytes)
}

// NewConstellationPlanContext is NewConstellationPlan that stops with
// ctx's error when ctx ends: the constellations and the prefixes of
// n = 27 take over a second (twice as long when they were listed twice,
// once to measure the plan, once to make it), and cluster plan count
// -n 27 spent them after SIGTERM.
func NewConstellationPlanContext(ctx context.Context, n int, maxBytes uint64) (*ConstellationPlan, error) {
	if n < 1 || n > ConstellationMaxN {
		return nil, constRefuse(n)
	}
	if maxBytes == 0 {
		maxBytes = ConstellationMaxMemory
	}
	cons, err := constellationsContext(ctx, n)
	if err != nil {
		return nil, err
	}
	count, bytes, err := constPlanBytes(ctx, n, cons)
	if err != nil {
		return nil, err
	}
	if bytes > maxBytes {
		return nil, fmt.Errorf("count: the constellation plan of n = %d needs %d MiB (%d subproblems), more than the %d MiB allowed", n, bytes>>20, count, maxBytes>>20)
	}
	p := &ConstellationPlan{n: n, depth: constDepth(n), cons: cons}
	p.subs = make([]constSub, 0, count)
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d n=%d depth=%d;", ConstellationMethod, ConstellationVersion, n, p.depth)
	for i, k := range p.cons {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		fmt.Fprintf(h, "%d,%d,%d,%d*%d:", k.t, k.r, k.b, k.l, k.weight)
		constPrefixes(n, p.depth, k, func(pre [constMaxDepth]int8) {
			p.subs = append(p.subs, constSub{k: int32(i), pre: pre})
			h.Write([]byte{byte(pre[0]), byte(pre[1])})
		})
	}
	p.hash = h.Sum64()
	return p, nil
}

// N is the order of the plan.
func (p *ConstellationPlan) N() int { return p.n }

// Depth is the number of free rows each subproblem fixes beyond its
// constellation.
func (p *ConstellationPlan) Depth() int { return p.depth }

// Subproblems is the number of subproblems; their ids are 0..Subproblems()-1.
func (p *ConstellationPlan) Subproblems() int { return len(p.subs) }

// Constellations is the number of canonical constellations.
func (p *ConstellationPlan) Constellations() int { return len(p.cons) }

// Identity names the split: method, version, n, depth, the number of
// subproblems and a hash (FNV-1a) of the whole list. Two plans with the
// same identity list the same subproblems under the same ids.
func (p *ConstellationPlan) Identity() string {
	return split.Identity{Method: ConstellationMethod, Version: ConstellationVersion, N: p.n, Depth: p.depth, Subproblems: len(p.subs), Hash: p.hash}.String()
}

// Describe names subproblem id for people: its constellation (t, r, b, l),
// weight and prefix, e.g. "t=1 r=3 b=5 l=2 ×8 row1=4".
func (p *ConstellationPlan) Describe(id int) string {
	if id < 0 || id >= len(p.subs) {
		return fmt.Sprintf("no subproblem %d", id)
	}
	s := p.subs[id]
	k := p.cons[s.k]
	d := fmt.Sprintf("t=%d r=%d b=%d l=%d ×%d", k.t, k.r, k.b, k.l, k.weight)
	rows := constFree(p.n, k)
	for i := 0; i < min(p.depth, len(rows)); i++ {
		d += fmt.Sprintf(" row%d=%d", rows[i], s.pre[i])
	}
	return d
}

// Queens returns the queens that subproblem id places before its search,
// as (row, column) pairs: its constellation's and its prefix's.
func (p *ConstellationPlan) Queens(id int) [][2]int {
	s := p.subs[id]
	k := p.cons[s.k]
	qs := k.queens(p.n)
	rows := constFree(p.n, k)
	for i := 0; i < min(p.depth, len(rows)); i++ {
		qs = append(qs, [2]int{rows[i], int(s.pre[i])})
	}
	return qs
}

// Weight is the weight (orbit size) of subproblem id's constellation: its
// solutions count this many times in the total.
func (p *ConstellationPlan) Weight(id int) int { return int(p.cons[p.subs[id].k].weight) }

// Shard returns the ids of slice i of m (see shardIDs).
func (p *ConstellationPlan) Shard(i, m int) ([]int, error) { return shardIDs(len(p.subs), i, m) }

// CountConstellations counts all solutions and the fundamental ones of the
// n-queens problem with the constellation counter on all cores: a
// shorthand for NewConstellationPlan and CountPlan over every subproblem.
func CountConstellations(ctx context.Context, n int) (PlanStats, error) {
	p, err := NewConstellationPlanContext(ctx, n, 0)
	if err != nil {
		return PlanStats{}, err
	}
	ids, _ := p.Shard(0, 1)
	return CountPlan(ctx, p, ids, PlanOptions{})
}

// Method names the split in records: ConstellationMethod.
func (p *ConstellationPlan) Method() string { return ConstellationMethod }

// Unique is true: the parts count the fundamental solutions too.
func (p *ConstellationPlan) Unique() bool { return true }

// Version is ConstellationVersion.
func (p *ConstellationPlan) Version() int { return ConstellationVersion }

func (p *ConstellationPlan) newCounter(stop *atomic.Bool) planCounter {
	return &constWorker{stop: stop, plan: p}
}

func (w *constWorker) countPart(id int) (Part, bool) { return w.plan.count(w, id) }

// constCheckEvery is how many nodes the search places between looks at the
// stop flag (the inner loop over the last two rows adds at most n² more).
const constCheckEvery = 1 << 14

// constLevel is one level of the explicit stack.
type constLevel struct {
	cols, ld, rd, free uint32
}

// constWorker is the scratch space of one goroutine; arrays of 32 indexed
// with &31 let the compiler drop the bounds checks.
type constWorker struct {
	st    [32]constLevel
	allow [32]uint32
	shift [32]uint8
	rows  [32]int8
	qs    [][2]int
	stop  *atomic.Bool
	plan  *ConstellationPlan
}

// count counts subproblem id; ok is false when the stop flag cut it short.
func (p *ConstellationPlan) count(w *constWorker, id int) (part Part, ok bool) {
	n := p.n
	s := p.subs[id]
	k := p.cons[s.k]
	qs := append(w.qs[:0], k.queens(n)...)
	rows := constFree(n, k)
	d := min(p.depth, len(rows))
	for i := 0; i < d; i++ {
		qs = append(qs, [2]int{rows[i], int(s.pre[i])})
	}
	w.qs = qs
	rows = rows[d:]
	levels := len(rows)
	constAllow(n, qs, rows, w.allow[:levels])
	for i := range rows {
		w.rows[i] = int8(rows[i])
		if i+1 < levels {
			w.shift[i] = uint8(rows[i+1] - rows[i])
		}
	}
	part.ID = id
	if k.weight == 8 {
		leaves, nodes, ok := w.countFast(levels)
		if !ok {
			return part, false
		}
		part.Solutions, part.Unique, part.Nodes = 8*leaves, leaves, nodes
		return part, true
	}
	// A constellation that some symmetry maps to itself: every solution
	// is checked against its images under that symmetry.
	leaves, least, nodes, ok := w.countSym(n, k.stab, levels)
	if !ok {
		return part, false
	}
	part.Solutions, part.Unique, part.Nodes = uint64(k.weight)*leaves, least, nodes
	return part, true
}

// countFast counts the ways to place one queen in each of the levels rows
// whose allowed columns are w.allow and whose distances to the next are
// w.shift, with Richards' three masks; the last two levels are an inner
// loop.
func (w *constWorker) countFast(levels int) (leaves, nodes uint64, ok bool) {
	switch levels {
	case 0:
		return 1, 0, true
	case 1:
		if w.allow[0] != 0 {
			return 1, 1, true
		}
		return 0, 0, true
	}
	if levels == 2 {
		sh := w.shift[0] & 31
		a := w.allow[1]
		for f := w.allow[0]; f != 0; f &= f - 1 {
			bit := f & -f
			nodes++
			if (^(bit | bit<<sh | bit>>sh))&a != 0 {
				leaves++
			}
		}
		return leaves, nodes + leaves, true
	}
	if levels == 3 {
		var st constLevel
		st.free = w.allow[0]
		return w.count3(0, 0, 0, 0, w.allow[0])
	}
	st := &w.st
	last3 := uint8(levels - 3)
	var d uint8
	var cols, ld, rd uint32
	free := w.allow[0]
	check := uint64(constCheckEvery)
	for {
		if free == 0 {
			if d == 0 {
				return leaves, nodes, true
			}
			d--
			lv := st[d&31]
			cols, ld, rd, free = lv.cols, lv.ld, lv.rd, lv.free
			continue
		}
		bit := free & -free
		free ^= bit
		sh := w.shift[d&31] & 31
		c := cols | bit
		l := (ld | bit) << sh
		r := (rd | bit) >> sh
		nodes++
		if d+1 == last3 {
			lv, nd, _ := w.count3(d+1, c, l, r, ^(c|l|r)&w.allow[(d+1)&31])
			leaves += lv
			nodes += nd
			if nodes >= check {
				if w.stop.Load() {
					return leaves, nodes, false
				}
				check = nodes + constCheckEvery
			}
			continue
		}
		st[d&31] = constLevel{cols, ld, rd, free}
		d++
		cols, ld, rd = c, l, r
		free = ^(c | l | r) & w.allow[d&31]
	}
}

// count3 counts the ways to fill the last three levels d, d+1, d+2 from
// the masks of level d (free its free squares): three nested loops.
func (w *constWorker) count3(d uint8, cols, ld, rd, free uint32) (leaves, nodes uint64, ok bool) {
	sh0 := w.shift[d&31] & 31
	sh1 := w.shift[(d+1)&31] & 31
	a1, a2 := w.allow[(d+1)&31], w.allow[(d+2)&31]
	for f := free; f != 0; f &= f - 1 {
		bit := f & -f
		c := cols | bit
		l := (ld | bit) << sh0
		r := (rd | bit) >> sh0
		g := ^(c | l | r) & a1
		nodes += 1 + uint64(bits.OnesCount32(g))
		for ; g != 0; g &= g - 1 {
			b := g & -g
			if ^(c|b|(l|b)<<sh1|(r|b)>>sh1)&a2 != 0 {
				leaves++
			}
		}
	}
	return leaves, nodes + leaves, true
}

// countSym counts like countFast, and also the solutions that are the
// least (in lexicographic order of rows) among their images under the
// symmetries in stab, the ones that fix the constellation.
func (w *constWorker) countSym(n int, stab uint8, levels int) (leaves, least, nodes uint64, ok bool) {
	var q [ConstellationMaxN]int8
	for r := range q[:n] {
		q[r] = -1
	}
	for _, qq := range w.qs {
		q[qq[0]] = int8(qq[1])
	}
	var img [ConstellationMaxN]int8
	isLeast := func() bool {
		for g := 1; g < 8; g++ {
			if stab&(1<<uint(g)) == 0 {
				continue
			}
			for r := 0; r < n; r++ {
				r2, c2 := constSym(g, n, r, int(q[r]))
				img[r2] = int8(c2)
			}
			for r := 0; r < n; r++ {
				if img[r] != q[r] {
					if img[r] < q[r] {
						return false
					}
					break
				}
			}
		}
		return true
	}
	var rec func(d int, cols, ld, rd uint32) bool
	rec = func(d int, cols, ld, rd uint32) bool {
		if d == levels {
			leaves++
			if isLeast() {
				least++
			}
			return true
		}
		if nodes&(constCheckEvery-1) == 0 && w.stop.Load() {
			return false
		}
		sh := uint(0)
		if d+1 < levels {
			sh = uint(w.shift[d])
		}
		for f := ^(cols | ld | rd) & w.allow[d]; f != 0; f &= f - 1 {
			bit := f & -f
			nodes++
			q[w.rows[d]] = int8(bits.TrailingZeros32(bit))
			if !rec(d+1, cols|bit, (ld|bit)<<sh, (rd|bit)>>sh) {
				return false
			}
		}
		return true
	}
	if !rec(0, 0, 0, 0) {
		return 0, 0, 0, false
	}
	return leaves, least, nodes, true
}
