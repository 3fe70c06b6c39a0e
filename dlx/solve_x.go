package dlx

import (
	"context"
	"math"
	"slices"
	"unsafe"
)

// runX is Algorithm X as Knuth's dlx1 runs it (see Run), for problems
// without colours and bounds: the fast path, with nothing in its loops for
// the extensions. sp, when not nil, restricts it to the subproblems of a
// parallel search.
func (p *Problem) runX(ctx context.Context, cfg Config, sp *split) (Stats, error) {
	s := newSearch(ctx, cfg, sp)
	nd := slices.Clone(p.nodes)
	cl := slices.Clone(p.items)
	choice := make([]uint32, p.primary+1) // choice[l]: the option node tried at level l
	visit := cfg.Visit
	var sol []int
	if visit != nil {
		sol = make([]int, 0, p.primary)
	}
	splitDepth := -1
	if sp != nil {
		splitDepth = sp.depth
	}
	base := unsafe.Pointer(unsafe.SliceData(nd))
	cbase := unsafe.Pointer(unsafe.SliceData(cl))

	var (
		level            int
		best, cur, pp, k uint32
		x, t             int32
		nodes, updates   uint64
		count            uint64
		err              error
	)

forward: // X2: enter a new level
	nodes++
	if nodes >= s.nodeCheck || updates >= s.updateCheck {
		if err = s.due(nodes, updates); err != nil {
			goto done
		}
		if s.reportDue() {
			s.report(Stats{Solutions: count, Nodes: nodes, Updates: updates}, level, estimate(nd, choice[:level]))
		}
	}
	// X3: choose the item with the fewest remaining options, leftmost
	// among equals.
	t = math.MaxInt32
	for k = cl[0].next; k != 0; k = itemAt(cbase, k).next {
		if n := at(base, k).itm; n < t {
			best, t = k, n
			if t == 0 {
				break
			}
		}
	}
	if t == 0 {
		// A dead end: dlx1 covers the item (one update, no option to
		// hide) and backs up at once; the same count without the dance.
		updates++
		goto deadEnd
	}
	// X4: cover it.
	updates += cover(base, cbase, best)
	cur = nd[best].down
	choice[level] = cur

advance: // X5: try option cur
	if cur == best {
		goto backup
	}
	for pp = cur + 1; pp != cur; {
		x = at(base, pp).itm
		if x <= 0 {
			pp = at(base, pp).up
		} else {
			updates += cover(base, cbase, uint32(x))
			pp++
		}
	}
	if cl[0].next == 0 {
		// Every primary item is covered: a solution, which dlx1 counts
		// as a node of the tree too.
		nodes++
		count++
		if visit != nil && s.visits() {
			sol = sol[:0]
			for _, c := range choice[:level+1] {
				sol = append(sol, optionOf(nd, c))
			}
			if !visit(sol) {
				goto done
			}
		}
		if count >= s.limit {
			goto done
		}
		goto recover
	}
	level++
	if level == splitDepth && !sp.enter(Stats{Solutions: count, Nodes: nodes, Updates: updates}) {
		level-- // another worker's subproblem
		goto recover
	}
	goto forward

backup: // X7: no more options for this item
	uncover(base, cbase, best)
deadEnd:
	if level == splitDepth {
		sp.leave(Stats{Solutions: count, Nodes: nodes, Updates: updates})
	}
	if level == 0 {
		goto done
	}
	level--
	cur = choice[level]
	best = uint32(nd[cur].itm)

recover: // X6: undo option cur and try the next one
	for pp = cur - 1; pp != cur; {
		x = at(base, pp).itm
		if x <= 0 {
			pp = at(base, pp).down
		} else {
			uncover(base, cbase, uint32(x))
			pp--
		}
	}
	cur = nd[cur].down
	choice[level] = cur
	goto advance

done:
	if sp != nil {
		sp.finish(Stats{Solutions: count, Nodes: nodes, Updates: updates})
	}
	return Stats{Solutions: count, Nodes: nodes, Updates: updates}, err
}

// cover removes item c from the list of active items and hides every option
// in its list (Knuth's cover, with hide written out). It returns the number
// of updates: one for the item and one for each node hidden. The node
// links are followed through unsafe pointers into nd, without bounds
// checks: every link is an index into nd by construction (the links of a
// Problem are checked as they are made), and this loop is the search's
// inner loop.
func cover(base, cbase unsafe.Pointer, c uint32) uint64 {
	ci := itemAt(cbase, c)
	itemAt(cbase, ci.prev).next = ci.next
	itemAt(cbase, ci.next).prev = ci.prev
	upd := uint64(1)
	for p := at(base, c).down; p != c; p = at(base, p).down {
		// hide(p): unlink the other nodes of p's option from their items.
		for q := p + 1; q != p; {
			nq := at(base, q)
			x := nq.itm
			if x <= 0 { // a spacer: back to the start of the option
				q = nq.up
				continue
			}
			u, d := nq.up, nq.down
			at(base, u).down = d
			at(base, d).up = u
			at(base, uint32(x)).itm--
			upd++
			q++
		}
	}
	return upd
}

// uncover undoes cover(c), in the reverse order (Knuth's uncover, with
// unhide written out).
func uncover(base, cbase unsafe.Pointer, c uint32) {
	for p := at(base, c).up; p != c; p = at(base, p).up {
		// unhide(p)
		for q := p - 1; q != p; {
			nq := at(base, q)
			x := nq.itm
			if x <= 0 {
				q = nq.down
				continue
			}
			u, d := nq.up, nq.down
			at(base, u).down = q
			at(base, d).up = q
			at(base, uint32(x)).itm++
			q--
		}
	}
	ci := itemAt(cbase, c)
	itemAt(cbase, ci.prev).next = c
	itemAt(cbase, ci.next).prev = c
}

// itemAt returns item i of the slice whose first item is at base.
func itemAt(base unsafe.Pointer, i uint32) *item {
	return (*item)(unsafe.Add(base, uintptr(i)*unsafe.Sizeof(item{})))
}

// at returns node i of the slice whose first node is at base.
func at(base unsafe.Pointer, i uint32) *node {
	return (*node)(unsafe.Add(base, uintptr(i)*unsafe.Sizeof(node{})))
}

// optionOf returns the number of the option that contains node x: the
// spacer before the option holds minus that number.
func optionOf(nd []node, x uint32) int {
	for nd[x-1].itm > 0 {
		x--
	}
	return int(-nd[x-1].itm)
}

// estimate computes dlx1's estimate of the fraction of the tree explored: if
// the choice at level l is the k-th of m options, level l contributes
// (k−1)/(m_0 m_1 … m_l).
func estimate(nd []node, choice []uint32) float64 {
	f, scale := 0.0, 1.0
	for _, c := range choice {
		i := uint32(nd[c].itm)
		k, m := 0, 0
		for q := nd[i].down; q != i; q = nd[q].down {
			m++
			if q == c {
				k = m
			}
		}
		if m == 0 {
			break
		}
		scale /= float64(m)
		f += float64(k-1) * scale
	}
	return f + scale/2
}
