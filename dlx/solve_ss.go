package dlx

import (
	"context"
	"math"
	"unsafe"
)

// ssNode is one entry of an option in the sparse-set search: the item it
// belongs to (the item's base in ss.set), where the node stands in that
// item's set, and its colour. A spacer after an option of t entries has
// itm = −t (the step back to the option's first node) and opt the
// option's number. Sixteen bytes, so that a node is one aligned load.
type ssNode struct {
	itm, loc, clr, opt int32
}

// ssSave is an entry of the stack of set sizes: an item and its size.
type ssSave struct {
	itm, size int32
}

// ss is the state of the sparse-set search (Knuth's "dancing cells",
// TAOCP 7.2.2.3, as his program SSXCC runs it). Each item x owns a
// segment of set: set[x−2] is the item's position in the list of items
// (pos), set[x−1] the number of its options still active (size), and
// set[x:x+size] those options' nodes, in any order; a node's loc is its
// place there. The items are a sparse set too: items[0:active] are the
// active ones, in any order. Hiding an option swaps each of its nodes to
// the end of its item's active part and shortens it; nothing is linked
// and nothing is unlinked: undoing a level is restoring the sizes saved
// when it began.
type ss struct {
	nd     []ssNode
	set    []int32
	items  []int32
	second int32 // items with a base below second are primary
	active int32
	// oactive is the number of active items before the current choice's
	// items were swapped out: an item at a position ≥ oactive was already
	// inactive (covered, or purified by an earlier choice).
	oactive int32
	force   []int32 // primary items known to have one option left
	updates uint64

	snap struct { // see snapshot
		set, items []int32
		nd         []ssNode
		active     int32
	}
}

// newSS builds the sparse-set structures of p.
func (p *Matrix) newSS() *ss {
	n := len(p.names)
	s := &ss{items: make([]int32, n), force: make([]int32, 0, p.primary+1)}
	// The bases: each item has 2 header entries and one per option.
	base := make([]int32, n+1)
	total := int32(0)
	for i := 1; i <= n; i++ {
		base[i] = total + 2
		total += 2 + p.nodes[i].itm
	}
	s.set = make([]int32, total)
	s.second = total
	if p.primary < n {
		s.second = base[p.primary+1]
	}
	for i := 1; i <= n; i++ {
		x := base[i]
		s.items[i-1] = x
		s.set[x-2] = int32(i - 1)
	}
	s.active = int32(n)
	s.nd = make([]ssNode, 1, len(p.nodes)-n)
	for o, q := range p.first {
		t := int32(0)
		for ; p.nodes[q].itm > 0; q++ {
			x := base[p.nodes[q].itm]
			k := int32(len(s.nd))
			c := int32(0)
			if p.colors != nil {
				c = p.colors[q]
			}
			loc := x + s.set[x-1]
			s.set[x-1]++
			s.set[loc] = k
			s.nd = append(s.nd, ssNode{itm: x, loc: loc, clr: c})
			t++
		}
		s.nd = append(s.nd, ssNode{itm: -t, opt: int32(o)})
	}
	return s
}

// swapOut moves active item x to the end of the active items and makes
// it inactive (one update).
func (s *ss) swapOut(x int32) {
	set, items := unsafe.Pointer(unsafe.SliceData(s.set)), unsafe.Pointer(unsafe.SliceData(s.items))
	s.active--
	a := s.active
	px := *setAt(set, x-2)
	y := *setAt(items, a)
	*setAt(items, a), *setAt(items, px) = x, y
	*setAt(set, y-2), *setAt(set, x-2) = px, a
	s.updates++
}

// hide removes the options of item c from the sets of every other item
// that was active before the current choice — all of them, or with a
// colour only those that give c another colour (or none). It pushes on
// the force stack the active primary items left with one option and
// reports false as soon as one is left with none.
func (s *ss) hide(c, color int32) bool {
	// The indices below come from the structure itself (a node's item and
	// place, an item's set), which newSS builds in range and every step
	// keeps in range; this loop makes nearly all of the search's memory
	// accesses, so it reads them without bounds checks, with its indices
	// held as machine words, and with what only the rare forced case
	// needs read from s there.
	nd := unsafe.Pointer(unsafe.SliceData(s.nd))
	set := unsafe.Pointer(unsafe.SliceData(s.set))
	oactive := int(s.oactive)
	cc := int(c)
	end := cc + int(*setAt(set, cc-1))
	upd := uint64(0)
	for rr := cc; rr < end; rr++ {
		tt := int(*setAt(set, rr))
		if color != 0 && nodeAt(nd, tt).clr == color {
			continue
		}
		for nn := tt + 1; nn != tt; {
			n := nodeAt(nd, nn)
			uu := int(n.itm)
			if uu < 0 {
				nn += uu
				continue
			}
			if pu := int(*setAt(set, uu-2)); pu < oactive {
				sz := int(*setAt(set, uu-1)) - 1
				if sz <= 1 && uu < int(s.second) && pu < int(s.active) {
					if sz == 0 {
						s.updates += upd
						return false
					}
					// At most one entry per primary item: sizes only
					// shrink along a path, and an abort empties the stack.
					k := len(s.force)
					s.force = s.force[:k+1]
					s.force[k] = int32(uu)
				}
				vv := int(n.loc)
				last := uu + sz
				nnp := int(*setAt(set, last))
				*setAt(set, uu-1) = int32(sz)
				*setAt(set, last) = int32(nn)
				*setAt(set, vv) = int32(nnp)
				n.loc = int32(last)
				nodeAt(nd, nnp).loc = int32(vv)
				upd++
			}
			nn++
		}
	}
	s.updates += upd
	return true
}

// hideAll is hide without a colour and without looking for forced or
// uncoverable items: for the item branched on, whose options are all
// hidden before one is chosen.
func (s *ss) hideAll(c int32) {
	nd := unsafe.Pointer(unsafe.SliceData(s.nd))
	set := unsafe.Pointer(unsafe.SliceData(s.set))
	oactive := int(s.oactive)
	cc := int(c)
	end := cc + int(*setAt(set, cc-1))
	upd := uint64(0)
	for rr := cc; rr < end; rr++ {
		tt := int(*setAt(set, rr))
		for nn := tt + 1; nn != tt; {
			n := nodeAt(nd, nn)
			uu, vv := int(n.itm), int(n.loc)
			if uu < 0 {
				nn += uu
				continue
			}
			if int(*setAt(set, uu-2)) < oactive {
				last := uu + int(*setAt(set, uu-1)) - 1
				nnp := int(*setAt(set, last))
				*setAt(set, uu-1) = int32(last - uu)
				*setAt(set, last) = int32(nn)
				*setAt(set, vv) = int32(nnp)
				n.loc = int32(last)
				nodeAt(nd, nnp).loc = int32(vv)
				upd++
			}
			nn++
		}
	}
	s.updates += upd
}

// setAt is &set[i] for the base of set, unchecked.
func setAt[I int | int32](set unsafe.Pointer, i I) *int32 {
	return (*int32)(unsafe.Add(set, int(i)*4))
}

// nodeAt is &nd[i] for the base of nd, unchecked.
func nodeAt[I int | int32](nd unsafe.Pointer, i I) *ssNode {
	return (*ssNode)(unsafe.Add(nd, int(i)*16))
}

// runSS is Knuth's SSXCC (TAOCP 7.2.2.3, "dancing cells", with Christine
// Solnon's improvements that his program adopts): exact cover with colours
// on sparse sets. At each level it branches on the active primary item of
// fewest options (the leftmost, in the item line's order, among equals), or
// makes a forced move when some item has one option left; choosing an
// option swaps its items out of the active set and hides the other options
// of those items (for a coloured item, those of another colour), failing at
// once when a primary item is left with no option. Backtracking restores
// the sizes saved on a stack; a forced move saves nothing. Nodes and
// updates are counted as ssxcc counts them (an update: an item swapped out,
// or an option removed from an item's set); cleansings are not counted.
//
// The loop keeps only the level, the item, the choice and its node in
// registers; everything else is read through r (Go's calls save no
// registers, so every value held across the loop's labels and calls
// costs moves to and from the stack at each of them).
func (p *Matrix) runSS(ctx context.Context, cfg Config, sp *split) (Stats, error) {
	for i := 0; i < p.primary; i++ {
		if p.nodes[i+1].itm == 0 {
			// An item that no option holds: no solution, no search (as
			// ssxcc reports an uncoverable item before it starts).
			if sp != nil {
				sp.finish(Stats{})
			}
			return Stats{}, nil
		}
	}
	r := &ssRun{ss: p.newSS(), search: newSearch(ctx, cfg, sp), splitDepth: -1}
	if sp != nil {
		r.splitDepth = sp.depth
	}
	r.choice = make([]int32, p.primary+1)
	r.saved = make([]int32, p.primary+2)
	r.stack = make([]ssSave, 0, 1024)
	r.ndp = unsafe.Pointer(unsafe.SliceData(r.nd))
	r.setp = unsafe.Pointer(unsafe.SliceData(r.set))
	r.chp = unsafe.Pointer(unsafe.SliceData(r.choice))
	var (
		level                 int
		best, cur, curNode, t int32
	)

forward:
	r.nodes++
	if r.nodes >= r.nodeCheck || r.updates >= r.updateCheck {
		if r.checkpoint(level) {
			goto done
		}
	}
	// The item to branch on: the fewest options, the leftmost among
	// equals; those with one option are forced.
	best, t = r.choose()
	if t == 0 {
		// A forced move: best has one option left, nothing to save.
		r.swapOut(best)
		r.oactive = r.active
		r.hideAll(best)
		cur = best
		r.saved[level+1] = int32(len(r.stack))
		goto advance
	}
	if t == math.MaxInt32 {
		// No primary item is active: a solution (counted as its node).
		r.count++
		if r.cfg.Visit != nil || r.count >= r.limit {
			if r.solution(level) {
				goto done
			}
		}
		goto backup
	}
	r.swapOut(best)
	r.oactive = r.active
	r.hideAll(best)
	cur = best
	// Save the sizes of the active items, to restore them between choices.
	r.saveSizes(level)

advance:
	curNode = *setAt(r.setp, cur)
	*setAt(r.chp, int32(level)) = curNode
	if !r.commit(curNode) {
		r.force = r.force[:0]
		goto abort
	}
	level++
	if level == r.splitDepth {
		if !r.sp.enter(r.stats()) {
			level--
			r.force = r.force[:0]
			goto abort
		}
		r.snapshot()
	}
	goto forward

backup:
	if level == r.splitDepth && r.sp.inTask {
		r.sp.leave(r.stats())
		r.restore()
	}
	if level == 0 {
		goto done
	}
	level--
	curNode = *setAt(r.chp, int32(level))
	best, cur = nodeAt(r.ndp, curNode).itm, nodeAt(r.ndp, curNode).loc

abort:
	if cur+1 >= best+*setAt(r.setp, best-1) {
		goto backup
	}
	r.restoreSizes(level)
	cur++
	goto advance

done:
	if sp != nil {
		sp.finish(r.stats())
	}
	return r.stats(), r.err
}

// ssRun is what runSS needs besides its loop's variables: the sets, the
// counters, the choices and the stack of saved sizes.
type ssRun struct {
	*ss
	search
	nodes, count   uint64
	splitDepth     int
	choice, saved  []int32
	stack          []ssSave
	sol            []int
	err            error
	ndp, setp, chp unsafe.Pointer // the bases of nd, set and choice
}

func (r *ssRun) stats() Stats { return Stats{Solutions: r.count, Nodes: r.nodes, Updates: r.updates} }

// checkpoint looks at the context and reports progress; it reports whether
// the search must stop (r.err then says why).
func (r *ssRun) checkpoint(level int) bool {
	if r.err = r.due(r.nodes, r.updates); r.err != nil {
		return true
	}
	if r.reportDue() {
		r.report(r.stats(), level, r.estimate(r.choice[:level]))
	}
	return false
}

// solution visits the solution made of the choices at levels 0..level-1,
// counted already; it reports whether the search must stop.
func (r *ssRun) solution(level int) bool {
	if r.cfg.Visit != nil && r.visits() {
		r.sol = r.sol[:0]
		for _, q := range r.choice[:level] {
			r.sol = append(r.sol, r.optionOf(q))
		}
		if !r.cfg.Visit(r.sol) {
			return true
		}
	}
	return r.count >= r.limit
}

// choose returns the item to branch on and its size: an item forced
// earlier, or found forced now (size 0 then); else the active primary
// item with the fewest options, the leftmost among equals; size
// math.MaxInt32 when no primary item is active.
func (r *ssRun) choose() (int32, int32) {
	set := r.setp
	for len(r.force) > 0 {
		best := r.force[len(r.force)-1]
		r.force = r.force[:len(r.force)-1]
		if *setAt(set, best-2) < r.active {
			return best, 0
		}
	}
	items := unsafe.Pointer(unsafe.SliceData(r.items))
	active, second := r.active, r.second
	best, t := int32(0), int32(math.MaxInt32)
	for i := int32(0); i < active; i++ {
		x := *setAt(items, i)
		if x >= second {
			continue
		}
		sz := *setAt(set, x-1)
		switch {
		case sz <= 1:
			if sz == 1 {
				r.force = append(r.force, x)
			}
		case sz < t:
			best, t = x, sz
		case sz == t && x < best:
			best = x
		}
	}
	if len(r.force) > 0 {
		best = r.force[len(r.force)-1]
		r.force = r.force[:len(r.force)-1]
		return best, 0
	}
	return best, t
}

// saveSizes pushes the sizes of the active items on the stack and marks
// its top for level+1.
func (r *ssRun) saveSizes(level int) {
	a := int(r.active)
	n := len(r.stack)
	if n+a > cap(r.stack) {
		r.stack = append(r.stack[:cap(r.stack)], make([]ssSave, n+a)...)[:n]
	}
	st := r.stack[n : n+a]
	set := r.setp
	for i, x := range r.items[:a] {
		st[i] = ssSave{x, *setAt(set, x-1)}
	}
	r.stack = r.stack[:n+a]
	r.saved[level+1] = int32(n + a)
}

// restoreSizes puts back the sizes saved at level (and the active items
// then), for the next choice at level.
func (r *ssRun) restoreSizes(level int) {
	top := r.saved[level+1]
	r.active = top - r.saved[level]
	set := r.setp
	for _, e := range r.stack[r.saved[level]:top] {
		*setAt(set, e.itm-1) = e.size
	}
	r.stack = r.stack[:top]
}

// commit swaps the other items of the option of node curNode out of the
// active set, then hides the other options of those items; it reports
// false when a primary item is left without options.
func (r *ssRun) commit(curNode int32) bool {
	nd, set := r.ndp, r.setp
	r.oactive = r.active
	for q := curNode + 1; q != curNode; {
		c := nodeAt(nd, q).itm
		if c < 0 {
			q += c
			continue
		}
		if *setAt(set, c-2) < r.active {
			r.swapOut(c)
		}
		q++
	}
	for q := curNode + 1; q != curNode; {
		n := nodeAt(nd, q)
		c := n.itm
		if c < 0 {
			q += c
			continue
		}
		if c < r.second {
			if !r.hide(c, 0) {
				return false
			}
		} else if *setAt(set, c-2) < r.oactive && !r.hide(c, n.clr) {
			return false
		}
		q++
	}
	return true
}

// snapshot keeps a copy of the sets, the nodes' places and the items'
// order, which restore puts back. A parallel search takes one when a worker
// enters a subproblem and restores it when the worker leaves: exploring
// permutes the sets (undoing a level restores their sizes, not their
// order), and the order decides the order of later choices; so that every
// worker walks the levels above the split alike, and numbers the
// subproblems alike, each leaves the structure as it found it.
func (s *ss) snapshot() {
	s.snap.set = append(s.snap.set[:0], s.set...)
	s.snap.nd = append(s.snap.nd[:0], s.nd...)
	s.snap.items = append(s.snap.items[:0], s.items...)
	s.snap.active = s.active
}

// restore puts back what snapshot kept.
func (s *ss) restore() {
	copy(s.set, s.snap.set)
	copy(s.nd, s.snap.nd)
	copy(s.items, s.snap.items)
	s.active = s.snap.active
}

// optionOf returns the number of the option that node q belongs to.
func (s *ss) optionOf(q int32) int {
	for s.nd[q].itm > 0 {
		q++
	}
	return int(s.nd[q].opt)
}

// estimate is dlx1's estimate of the fraction of the tree explored, from
// the rank of each choice in its item's set (a forced level counts 1 of 1).
func (s *ss) estimate(choice []int32) float64 {
	f, scale := 0.0, 1.0
	for _, q := range choice {
		x := s.nd[q].itm
		m := s.set[x-1]
		k := s.nd[q].loc - x
		if m <= 0 || k >= m {
			break
		}
		scale /= float64(m)
		f += float64(k) * scale
	}
	return min(f, 0.999999)
}
