package dlx

import (
	"context"
	"math"
	"slices"
	"unsafe"
)

// links is the dancing-links state of Algorithms C and M: nodes with
// colours (co[q] < 0 marks a node whose colour constraint purify has
// satisfied), the active items, and the counters that the operations
// update. Its methods are Knuth's cover, uncover, purify and unpurify as
// dlx2 and dlx3 write them, hide and unhide written out.
type links struct {
	nd         []node
	co         []int32
	cl         []item
	updates    uint64
	cleansings uint64
	trace      func(Event)
	level      int
}

// newLinks copies the links of p for a search.
func (p *Problem) newLinks(trace func(Event)) *links {
	l := &links{nd: slices.Clone(p.nodes), cl: slices.Clone(p.items), trace: trace}
	if p.colors != nil {
		l.co = slices.Clone(p.colors)
	} else {
		l.co = make([]int32, len(p.nodes))
	}
	return l
}

func (l *links) event(e Event) {
	e.Level = l.level
	l.trace(e)
}

// deactivate removes item c from the list of active items.
func (l *links) deactivate(c uint32) {
	cl := l.cl
	lt, rt := cl[c].prev, cl[c].next
	cl[lt].next = rt
	cl[rt].prev = lt
}

// reactivate puts item c back into the list of active items.
func (l *links) reactivate(c uint32) {
	cl := l.cl
	lt, rt := cl[c].prev, cl[c].next
	cl[lt].next = c
	cl[rt].prev = c
}

// cover deactivates item c and hides the options in its list, skipping
// nodes whose colour is already satisfied (dlx2's cover: one update for the
// item, one for each node hidden).
func (l *links) cover(c uint32) {
	if l.trace != nil {
		l.event(Event{Kind: Cover, Item: int(c) - 1, Option: -1})
	}
	l.deactivate(c)
	l.updates++
	nd := l.nd
	for rr := nd[c].down; rr != c; rr = nd[rr].down {
		l.hide(rr)
	}
}

// hide unlinks the other nodes of rr's option from their items. The
// indices come from the links themselves, which every step keeps in
// range; this loop and unhide's make most of the search's accesses, so
// they read the slices without bounds checks, as runX does.
func (l *links) hide(rr uint32) {
	base := unsafe.Pointer(unsafe.SliceData(l.nd))
	cob := unsafe.Pointer(unsafe.SliceData(l.co))
	upd := uint64(0)
	for nn := rr + 1; nn != rr; {
		if *colorAt(cob, nn) >= 0 {
			n := at(base, nn)
			x := n.itm
			if x <= 0 {
				nn = n.up
				continue
			}
			u, d := n.up, n.down
			at(base, u).down = d
			at(base, d).up = u
			at(base, uint32(x)).itm--
			upd++
		}
		nn++
	}
	l.updates += upd
}

// unhide undoes hide(rr), in the reverse order.
func (l *links) unhide(rr uint32) {
	base := unsafe.Pointer(unsafe.SliceData(l.nd))
	cob := unsafe.Pointer(unsafe.SliceData(l.co))
	for nn := rr - 1; nn != rr; {
		if *colorAt(cob, nn) >= 0 {
			n := at(base, nn)
			x := n.itm
			if x <= 0 {
				nn = n.down
				continue
			}
			at(base, n.up).down = nn
			at(base, n.down).up = nn
			at(base, uint32(x)).itm++
		}
		nn--
	}
}

// colorAt returns colour i of the slice whose first colour is at base.
func colorAt(base unsafe.Pointer, i uint32) *int32 {
	return (*int32)(unsafe.Add(base, uintptr(i)*4))
}

// uncover undoes cover(c).
func (l *links) uncover(c uint32) {
	l.unhideAll(c)
	l.reactivate(c)
	if l.trace != nil {
		l.event(Event{Kind: Uncover, Item: int(c) - 1, Option: -1})
	}
}

// unhideAll unhides the options in the list of item c, bottom up: uncover
// without reactivating c.
func (l *links) unhideAll(c uint32) {
	nd := l.nd
	for rr := nd[c].up; rr != c; rr = nd[rr].up {
		l.unhide(rr)
	}
}

// purify hides the options whose colour in p's item differs from p's and
// marks those of the same colour as satisfied (dlx2's purify: one
// cleansing for the item, one for each option of the same colour).
func (l *links) purify(p uint32) {
	nd, co := l.nd, l.co
	c, x := uint32(nd[p].itm), co[p]
	if l.trace != nil {
		l.event(Event{Kind: Purify, Item: int(c) - 1, Option: -1, Color: int(x)})
	}
	l.cleansings++
	for rr := nd[c].down; rr != c; rr = nd[rr].down {
		if co[rr] != x {
			l.hide(rr)
		} else {
			l.cleansings++
			co[rr] = -1
		}
	}
}

// unpurify undoes purify(p).
func (l *links) unpurify(p uint32) {
	nd, co := l.nd, l.co
	c, x := uint32(nd[p].itm), co[p]
	for rr := nd[c].up; rr != c; rr = nd[rr].up {
		if co[rr] < 0 {
			co[rr] = x
		} else {
			l.unhide(rr)
		}
	}
	if l.trace != nil {
		l.event(Event{Kind: Unpurify, Item: int(c) - 1, Option: -1, Color: int(x)})
	}
}

// commit covers or purifies the item of node q of a chosen option
// (Knuth's commit(p, j)); a node whose colour is already satisfied needs
// nothing.
func (l *links) commit(q uint32, x int32) {
	switch c := l.co[q]; {
	case c == 0:
		l.cover(uint32(x))
	case c > 0:
		l.purify(q)
	}
}

// uncommit undoes commit(q).
func (l *links) uncommit(q uint32, x int32) {
	switch c := l.co[q]; {
	case c == 0:
		l.uncover(uint32(x))
	case c > 0:
		l.unpurify(q)
	}
}

// rank returns the position (from 1) of node q in the list of item c.
func (l *links) rank(c, q uint32) int {
	k := 1
	for r := l.nd[c].down; r != q && r != c; r = l.nd[r].down {
		k++
	}
	return k
}

// runC is Algorithm C as Knuth's dlx2 runs it (see Run): Algorithm X in
// which an option's coloured secondary items are purified instead of
// covered. It makes the same moves as runX on a problem without colours,
// and reports each step to cfg.Trace when that is set.
func (p *Problem) runC(ctx context.Context, cfg Config, sp *split) (Stats, error) {
	s := newSearch(ctx, cfg, sp)
	l := p.newLinks(cfg.Trace)
	nd, cl := l.nd, l.cl
	tr := cfg.Trace
	choice := make([]uint32, p.primary+1)
	visit := cfg.Visit
	var sol []int
	splitDepth := -1
	if sp != nil {
		splitDepth = sp.depth
	}
	var (
		level         int
		best, cur, pp uint32
		x, t          int32
		nodes, count  uint64
		err           error
	)
	stats := func() Stats {
		return Stats{Solutions: count, Nodes: nodes, Updates: l.updates, Cleansings: l.cleansings}
	}

forward: // C2
	l.level = level
	nodes++
	if nodes >= s.nodeCheck || l.updates >= s.updateCheck {
		if err = s.due(nodes, l.updates); err != nil {
			goto done
		}
		if s.reportDue() {
			s.report(stats(), level, estimate(nd, choice[:level]))
		}
	}
	// C3: the item with the fewest remaining options, leftmost among equals.
	t = math.MaxInt32
	for k := cl[0].next; k != 0; k = cl[k].next {
		if nd[k].itm < t {
			best, t = k, nd[k].itm
			if t == 0 {
				break
			}
		}
	}
	if tr != nil {
		tr(Event{Kind: Choose, Level: level, Item: int(best) - 1, Option: -1, Len: int(t)})
	}
	l.cover(best) // C4
	cur = nd[best].down
	choice[level] = cur

advance: // C5: try option cur
	if cur == best {
		goto backup
	}
	if tr != nil {
		tr(Event{Kind: Try, Level: level, Item: int(best) - 1, Option: optionOf(nd, cur), Len: l.rank(best, cur)})
	}
	for pp = cur + 1; pp != cur; {
		x = nd[pp].itm
		if x <= 0 {
			pp = nd[pp].up
		} else {
			l.commit(pp, x)
			pp++
		}
	}
	if cl[0].next == 0 {
		nodes++ // a solution is a node too, as dlx2 counts
		count++
		if tr != nil {
			tr(Event{Kind: Solution, Level: level + 1, Item: -1, Option: -1})
		}
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
	if level == splitDepth && !sp.enter(stats()) {
		level--
		goto recover
	}
	goto forward

backup: // C8: every option of best has been tried
	l.level = level
	l.uncover(best)
	if tr != nil {
		tr(Event{Kind: Backtrack, Level: level, Item: int(best) - 1, Option: -1})
	}
	if level == splitDepth {
		sp.leave(stats())
	}
	if level == 0 {
		goto done
	}
	level--
	cur = choice[level]
	best = uint32(nd[cur].itm)

recover: // C6: uncommit the items of option cur and try the next one
	l.level = level
	for pp = cur - 1; pp != cur; {
		x = nd[pp].itm
		if x <= 0 {
			pp = nd[pp].down
		} else {
			l.uncommit(pp, x)
			pp--
		}
	}
	cur = nd[cur].down
	choice[level] = cur
	goto advance

done:
	if sp != nil {
		sp.finish(stats())
	}
	return stats(), err
}
