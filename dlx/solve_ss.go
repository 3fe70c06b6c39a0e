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
	s := &ss{items: make([]int32, n), force: make([]int32, 0, p.primary)}
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
	set, items := s.set, s.items
	s.active--
	a := s.active
	px := set[x-2]
	y := items[a]
	items[a], items[px] = x, y
	set[y-2], set[x-2] = px, a
	s.updates++
}

// hide removes the options of item c from the sets of every other item
// that was active before the current choice — all of them, or with a
// colour only those that give c another colour (or none). With check, it
// pushes on the force stack the active primary items left with one
// option and reports false as soon as one is left with none.
func (s *ss) hide(c, color int32, check bool) bool {
	// The indices below come from the structure itself (a node's item and
	// place, an item's set), which newSS builds in range and every step
	// keeps in range; this loop makes nearly all of the search's memory
	// accesses, so it reads them without bounds checks.
	nd := unsafe.Pointer(unsafe.SliceData(s.nd))
	set := unsafe.Pointer(unsafe.SliceData(s.set))
	oactive, active, second := s.oactive, s.active, s.second
	end := c + *setAt(set, c-1)
	upd := uint64(0)
	for rr := c; rr < end; rr++ {
		tt := *setAt(set, rr)
		if color != 0 && nodeAt(nd, tt).clr == color {
			continue
		}
		for nn := tt + 1; nn != tt; {
			n := nodeAt(nd, nn)
			uu, vv := n.itm, n.loc
			if uu < 0 {
				nn += uu
				continue
			}
			if pu := *setAt(set, uu-2); pu < oactive {
				sz := *setAt(set, uu-1) - 1
				if sz <= 1 && check && uu < second && pu < active {
					if sz == 0 {
						s.updates += upd
						return false
					}
					s.force = append(s.force, uu)
				}
				last := uu + sz
				nnp := *setAt(set, last)
				*setAt(set, uu-1) = sz
				*setAt(set, last) = nn
				*setAt(set, vv) = nnp
				n.loc = last
				nodeAt(nd, nnp).loc = vv
				upd++
			}
			nn++
		}
	}
	s.updates += upd
	return true
}

// setAt is &set[i] for the base of set, unchecked.
func setAt(set unsafe.Pointer, i int32) *int32 {
	return (*int32)(unsafe.Add(set, uintptr(uint32(i))*4))
}

// nodeAt is &nd[i] for the base of nd, unchecked.
func nodeAt(nd unsafe.Pointer, i int32) *ssNode {
	return (*ssNode)(unsafe.Add(nd, uintptr(uint32(i))*16))
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
func (p *Matrix) runSS(ctx context.Context, cfg Config, sp *split) (Stats, error) {
	sr := newSearch(ctx, cfg, sp)
	s := p.newSS()
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
	nd, set := s.nd, s.set
	visit := cfg.Visit
	var sol []int
	splitDepth := -1
	if sp != nil {
		splitDepth = sp.depth
	}
	choice := make([]int32, p.primary+1)
	saved := make([]int32, p.primary+2)
	stack := make([]ssSave, 0, 1024)
	var (
		level              int
		best, cur, curNode int32
		t                  int32
		nodes, count       uint64
		err                error
	)
	stats := func() Stats { return Stats{Solutions: count, Nodes: nodes, Updates: s.updates} }

forward:
	nodes++
	if nodes >= sr.nodeCheck || s.updates >= sr.updateCheck {
		if err = sr.due(nodes, s.updates); err != nil {
			goto done
		}
		if sr.reportDue() {
			sr.report(stats(), level, s.estimate(choice[:level]))
		}
	}
	for len(s.force) > 0 {
		best = s.force[len(s.force)-1]
		s.force = s.force[:len(s.force)-1]
		if set[best-2] < s.active {
			goto forced
		}
	}
	// The item to branch on: the fewest options, the leftmost among
	// equals; those with one option are forced.
	t = math.MaxInt32
	for _, x := range s.items[:s.active] {
		if x >= s.second {
			continue
		}
		sz := set[x-1]
		switch {
		case sz <= 1:
			if sz == 1 {
				s.force = append(s.force, x)
			}
		case sz < t:
			best, t = x, sz
		case sz == t && x < best:
			best = x
		}
	}
	if len(s.force) > 0 {
		best = s.force[len(s.force)-1]
		s.force = s.force[:len(s.force)-1]
		goto forced
	}
	if t == math.MaxInt32 {
		// No primary item is active: a solution (counted as its node).
		count++
		if visit != nil && sr.visits() {
			sol = sol[:0]
			for _, q := range choice[:level] {
				sol = append(sol, s.optionOf(q))
			}
			if !visit(sol) {
				goto done
			}
		}
		if count >= sr.limit {
			goto done
		}
		goto backup
	}
	s.swapOut(best)
	s.oactive = s.active
	s.hide(best, 0, false)
	cur = best
	// Save the sizes of the active items, to restore them between choices.
	for _, x := range s.items[:s.active] {
		stack = append(stack, ssSave{x, set[x-1]})
	}
	saved[level+1] = int32(len(stack))
	goto advance

forced: // best has one option left: nothing to save
	s.swapOut(best)
	s.oactive = s.active
	s.hide(best, 0, false)
	cur = best
	saved[level+1] = int32(len(stack))

advance:
	curNode = set[cur]
	choice[level] = curNode
	// Swap the choice's other items out of the active set.
	s.oactive = s.active
	for q := curNode + 1; q != curNode; {
		c := nd[q].itm
		if c < 0 {
			q += c
			continue
		}
		if set[c-2] < s.active {
			s.swapOut(c)
		}
		q++
	}
	// Hide the other options of those items.
	for q := curNode + 1; q != curNode; {
		c := nd[q].itm
		if c < 0 {
			q += c
			continue
		}
		if c < s.second {
			if !s.hide(c, 0, true) {
				s.force = s.force[:0]
				goto abort
			}
		} else if set[c-2] < s.oactive && !s.hide(c, nd[q].clr, true) {
			s.force = s.force[:0]
			goto abort
		}
		q++
	}
	level++
	if level == splitDepth {
		if !sp.enter(stats()) {
			level--
			s.force = s.force[:0]
			goto abort
		}
		s.snapshot()
	}
	goto forward

backup:
	if level == splitDepth && sp.inTask {
		sp.leave(stats())
		s.restore()
	}
	if level == 0 {
		goto done
	}
	level--
	curNode = choice[level]
	best, cur = nd[curNode].itm, nd[curNode].loc

abort:
	if cur+1 >= best+set[best-1] {
		goto backup
	}
	{
		top := saved[level+1]
		s.active = top - saved[level]
		for _, e := range stack[saved[level]:top] {
			set[e.itm-1] = e.size
		}
		stack = stack[:top]
	}
	cur++
	goto advance

done:
	if sp != nil {
		sp.finish(stats())
	}
	return stats(), err
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
