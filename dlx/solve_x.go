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
// parallel search. What the rare steps need (the visit, progress reports,
// the split) lives in an xsearch, so that the loop's own variables stay in
// registers.
func (p *Matrix) runX(ctx context.Context, cfg Config, sp *split) (Stats, error) {
	xs := &xsearch{search: newSearch(ctx, cfg, sp), nd: slices.Clone(p.nodes), cl: slices.Clone(p.items)}
	xs.choice = make([]uint32, p.primary+1) // choice[l]: the option node tried at level l
	if sp == nil {                          // a split enumerates its subproblems in the list order
		xs.vo = newValueOrder(cfg.Value, cfg.Seed, p.primary+1)
	}
	if cfg.Visit != nil {
		xs.sol = make([]int, 0, p.primary)
	}
	splitDepth := -1
	if sp != nil {
		splitDepth = sp.depth
	}
	base := unsafe.Pointer(unsafe.SliceData(xs.nd))
	cbase := unsafe.Pointer(unsafe.SliceData(xs.cl))
	chp := unsafe.Pointer(unsafe.SliceData(xs.choice))

	var (
		level          int
		best, cur, k   uint32
		t              int32
		nodes, updates uint64
		count          uint64
		stop           bool
	)

forward: // X2: enter a new level
	nodes++
	if nodes >= xs.nodeCheck || updates >= xs.updateCheck {
		if xs.checkpoint(level, Stats{Solutions: count, Nodes: nodes, Updates: updates}) {
			goto done
		}
	}
	// X3: choose the item with the fewest remaining options, leftmost
	// among equals.
	t = math.MaxInt32
	for k = itemAt(cbase, 0).next; k != 0; k = itemAt(cbase, k).next {
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
	if cur = at(base, best).down; xs.vo != nil {
		cur = xs.vo.first(xs.nd, level, best) // Config.Value (value.go)
	}
	*choiceAt(chp, level) = cur

advance: // X5: try option cur
	if cur == best {
		goto backup
	}
	updates += coverOthers(base, cbase, cur)
	if itemAt(cbase, 0).next == 0 {
		// Every primary item is covered: a solution, which dlx1 counts
		// as a node of the tree too.
		nodes++
		count++
		if xs.cfg.Visit != nil && xs.visits() && !xs.visit(level) {
			goto done
		}
		if count >= xs.limit {
			goto done
		}
		goto recover
	}
	level++
	if level == splitDepth {
		if stop = !xs.sp.enter(Stats{Solutions: count, Nodes: nodes, Updates: updates}); stop {
			level-- // another worker's subproblem
			goto recover
		}
	}
	goto forward

backup: // X7: no more options for this item
	uncover(base, cbase, best)
deadEnd:
	if level == splitDepth {
		xs.sp.leave(Stats{Solutions: count, Nodes: nodes, Updates: updates})
	}
	if level == 0 {
		goto done
	}
	level--
	cur = *choiceAt(chp, level)
	best = uint32(at(base, cur).itm)

recover: // X6: undo option cur and try the next one
	uncoverOthers(base, cbase, cur)
	if cur = at(base, cur).down; xs.vo != nil {
		cur = xs.vo.next(level, best)
	}
	*choiceAt(chp, level) = cur
	goto advance

done:
	st := Stats{Solutions: count, Nodes: nodes, Updates: updates}
	if sp != nil {
		sp.finish(st)
	}
	return st, xs.err
}

// coverOthers covers the items of cur's option other than cur's own, left
// to right (step X5), and returns the updates. cover is written out in its
// loop: a call per item would cost the caller its registers (Go's calls
// save none), one call per option costs little.
func coverOthers(base, cbase unsafe.Pointer, cur uint32) uint64 {
	upd := uint64(0)
	for pp := cur + 1; pp != cur; {
		x := at(base, pp).itm
		if x <= 0 {
			pp = at(base, pp).up
			continue
		}
		c := uint32(x)
		ci := itemAt(cbase, c)
		itemAt(cbase, ci.prev).next = ci.next
		itemAt(cbase, ci.next).prev = ci.prev
		upd++
		for rr := at(base, c).down; rr != c; rr = at(base, rr).down {
			for q := rr + 1; q != rr; {
				nq := at(base, q)
				y := nq.itm
				if y <= 0 {
					q = nq.up
					continue
				}
				at(base, nq.up).down = nq.down
				at(base, nq.down).up = nq.up
				at(base, uint32(y)).itm--
				upd++
				q++
			}
		}
		pp++
	}
	return upd
}

// uncoverOthers undoes coverOthers(cur), right to left (step X6).
func uncoverOthers(base, cbase unsafe.Pointer, cur uint32) {
	for pp := cur - 1; pp != cur; {
		x := at(base, pp).itm
		if x <= 0 {
			pp = at(base, pp).down
			continue
		}
		c := uint32(x)
		for rr := at(base, c).up; rr != c; rr = at(base, rr).up {
			for q := rr - 1; q != rr; {
				nq := at(base, q)
				y := nq.itm
				if y <= 0 {
					q = nq.down
					continue
				}
				at(base, nq.up).down = q
				at(base, nq.down).up = q
				at(base, uint32(y)).itm++
				q--
			}
		}
		ci := itemAt(cbase, c)
		itemAt(cbase, ci.prev).next = c
		itemAt(cbase, ci.next).prev = c
		pp--
	}
}

// xsearch is what runX needs besides its loop's variables.
type xsearch struct {
	search
	nd     []node
	cl     []item
	choice []uint32
	sol    []int
	err    error
	vo     *valueOrder // nil: the list order
}

// checkpoint looks at the context and reports progress; it reports whether
// the search must stop (xs.err then says why).
func (xs *xsearch) checkpoint(level int, st Stats) bool {
	if xs.err = xs.due(st.Nodes, st.Updates); xs.err != nil {
		return true
	}
	if xs.reportDue() {
		xs.report(st, level, estimate(xs.nd, xs.choice[:level]))
	}
	return false
}

// visit passes the solution made of the choices at levels 0..level to
// Visit, and returns what Visit says.
func (xs *xsearch) visit(level int) bool {
	xs.sol = xs.sol[:0]
	for _, c := range xs.choice[:level+1] {
		xs.sol = append(xs.sol, optionOf(xs.nd, c))
	}
	return xs.cfg.Visit(xs.sol)
}

// choiceAt returns entry l of the choices whose first entry is at base.
func choiceAt(base unsafe.Pointer, l int) *uint32 {
	return (*uint32)(unsafe.Add(base, uintptr(l)*4))
}

// cover removes item c from the list of active items and hides every option
// in its list (Knuth's cover, with hide written out). It returns the number
// of updates: one for the item and one for each node hidden. The node
// links are followed through unsafe pointers into nd, without bounds
// checks: every link is an index into nd by construction (the links of a
// Matrix are checked as they are made), and this loop is the search's
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
