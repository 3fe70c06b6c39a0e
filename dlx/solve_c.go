package dlx

import (
	"context"
	"math"
	"slices"
	"unsafe"
)

// cnode is a node of the links of Algorithms C and M: dlx2's node, the
// colour beside the links in the same 16 bytes, so that hide reads one
// node where it tests the colour (color < 0 marks a node whose colour
// constraint purify has satisfied; 0 no colour, as in spacers and the
// nodes of primary items).
type cnode struct {
	node
	color int32
}

// links is the dancing-links state of Algorithms C and M: nodes with
// colours, the active items, and the counters that the operations update.
// Its methods are Knuth's cover, uncover, purify and unpurify as dlx2 and
// dlx3 write them, hide and unhide written out. The node links are
// followed through unsafe pointers into nd, without bounds checks, as in
// runX: every link is an index into nd by construction.
type links struct {
	nd         []cnode
	cl         []item
	updates    uint64
	cleansings uint64
	trace      func(Event)
	level      int
}

// newLinks copies the links of p for a search.
func (p *Matrix) newLinks(trace func(Event)) *links {
	nd := make([]cnode, len(p.nodes))
	for i, n := range p.nodes {
		nd[i].node = n
	}
	for i, c := range p.colors {
		nd[i].color = c
	}
	return &links{nd: nd, cl: slices.Clone(p.items), trace: trace}
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
	l.updates += coverC(unsafe.Pointer(unsafe.SliceData(l.nd)), unsafe.Pointer(unsafe.SliceData(l.cl)), c)
}

// cat returns node i of the slice whose first node is at base.
func cat(base unsafe.Pointer, i uint32) *cnode {
	return (*cnode)(unsafe.Add(base, uintptr(i)*unsafe.Sizeof(cnode{})))
}

// coverC is cover(c) with hide written out; it returns the updates.
func coverC(base, cbase unsafe.Pointer, c uint32) uint64 {
	ci := itemAt(cbase, c)
	itemAt(cbase, ci.prev).next = ci.next
	itemAt(cbase, ci.next).prev = ci.prev
	upd := uint64(1)
	for rr := cat(base, c).down; rr != c; rr = cat(base, rr).down {
		for nn := rr + 1; nn != rr; {
			n := cat(base, nn)
			if n.color >= 0 {
				x := n.itm
				if x <= 0 {
					nn = n.up
					continue
				}
				u, d := n.up, n.down
				cat(base, u).down = d
				cat(base, d).up = u
				cat(base, uint32(x)).itm--
				upd++
			}
			nn++
		}
	}
	return upd
}

// uncoverC undoes coverC(c), unhide written out.
func uncoverC(base, cbase unsafe.Pointer, c uint32) {
	unhideAllC(base, c)
	ci := itemAt(cbase, c)
	itemAt(cbase, ci.prev).next = c
	itemAt(cbase, ci.next).prev = c
}

// unhideAllC unhides the options in the list of item c, bottom up.
func unhideAllC(base unsafe.Pointer, c uint32) {
	for rr := cat(base, c).up; rr != c; rr = cat(base, rr).up {
		for nn := rr - 1; nn != rr; {
			n := cat(base, nn)
			if n.color >= 0 {
				x := n.itm
				if x <= 0 {
					nn = n.down
					continue
				}
				cat(base, n.up).down = nn
				cat(base, n.down).up = nn
				cat(base, uint32(x)).itm++
			}
			nn--
		}
	}
}

// uncover undoes cover(c).
func (l *links) uncover(c uint32) {
	uncoverC(unsafe.Pointer(unsafe.SliceData(l.nd)), unsafe.Pointer(unsafe.SliceData(l.cl)), c)
	if l.trace != nil {
		l.event(Event{Kind: Uncover, Item: int(c) - 1, Option: -1})
	}
}

// purify hides the options whose colour in p's item differs from p's and
// marks those of the same colour as satisfied (dlx2's purify: one
// cleansing for the item, one for each option of the same colour).
func (l *links) purify(p uint32) {
	nd := l.nd
	c, x := uint32(nd[p].itm), nd[p].color
	if l.trace != nil {
		l.event(Event{Kind: Purify, Item: int(c) - 1, Option: -1, Color: int(x)})
	}
	upd, cls := purifyC(unsafe.Pointer(unsafe.SliceData(nd)), c, x)
	l.updates += upd
	l.cleansings += cls
}

// purifyC is purify for item c and colour x, hide written out; it returns
// the updates and the cleansings.
func purifyC(base unsafe.Pointer, c uint32, x int32) (upd, cls uint64) {
	cls = 1
	for rr := cat(base, c).down; rr != c; {
		r := cat(base, rr)
		if r.color == x {
			cls++
			r.color = -1
			rr = r.down
			continue
		}
		for nn := rr + 1; nn != rr; {
			n := cat(base, nn)
			if n.color >= 0 {
				y := n.itm
				if y <= 0 {
					nn = n.up
					continue
				}
				u, d := n.up, n.down
				cat(base, u).down = d
				cat(base, d).up = u
				cat(base, uint32(y)).itm--
				upd++
			}
			nn++
		}
		rr = r.down
	}
	return upd, cls
}

// unpurify undoes purify(p).
func (l *links) unpurify(p uint32) {
	nd := l.nd
	c, x := uint32(nd[p].itm), nd[p].color
	unpurifyC(unsafe.Pointer(unsafe.SliceData(nd)), c, x)
	if l.trace != nil {
		l.event(Event{Kind: Unpurify, Item: int(c) - 1, Option: -1, Color: int(x)})
	}
}

// unpurifyC undoes purifyC(c, x), unhide written out.
func unpurifyC(base unsafe.Pointer, c uint32, x int32) {
	for rr := cat(base, c).up; rr != c; {
		r := cat(base, rr)
		if r.color < 0 {
			r.color = x
			rr = r.up
			continue
		}
		for nn := rr - 1; nn != rr; {
			n := cat(base, nn)
			if n.color >= 0 {
				y := n.itm
				if y <= 0 {
					nn = n.down
					continue
				}
				cat(base, n.up).down = nn
				cat(base, n.down).up = nn
				cat(base, uint32(y)).itm++
			}
			nn--
		}
		rr = r.up
	}
}

// commit covers or purifies the item of node q of a chosen option
// (Knuth's commit(p, j)); a node whose colour is already satisfied needs
// nothing.
func (l *links) commit(q uint32, x int32) {
	switch c := l.nd[q].color; {
	case c == 0:
		l.cover(uint32(x))
	case c > 0:
		l.purify(q)
	}
}

// uncommit undoes commit(q).
func (l *links) uncommit(q uint32, x int32) {
	switch c := l.nd[q].color; {
	case c == 0:
		l.uncover(uint32(x))
	case c > 0:
		l.unpurify(q)
	}
}

// commitOthers commits the items of cur's option other than cur's own,
// left to right (step C5), and returns the updates and cleansings: the
// untraced path, cover and purify written out in one loop (Go's calls
// save no registers; one call an option costs little).
func commitOthers(base, cbase unsafe.Pointer, cur uint32) (upd, cls uint64) {
	for pp := cur + 1; pp != cur; {
		p := cat(base, pp)
		x := p.itm
		if x <= 0 {
			pp = p.up
			continue
		}
		c := uint32(x)
		switch col := p.color; {
		case col == 0: // cover(c)
			ci := itemAt(cbase, c)
			itemAt(cbase, ci.prev).next = ci.next
			itemAt(cbase, ci.next).prev = ci.prev
			upd++
			for rr := cat(base, c).down; rr != c; rr = cat(base, rr).down {
				for nn := rr + 1; nn != rr; {
					n := cat(base, nn)
					if n.color >= 0 {
						y := n.itm
						if y <= 0 {
							nn = n.up
							continue
						}
						u, d := n.up, n.down
						cat(base, u).down = d
						cat(base, d).up = u
						cat(base, uint32(y)).itm--
						upd++
					}
					nn++
				}
			}
		case col > 0: // purify(pp)
			u, k := purifyC(base, c, col)
			upd += u
			cls += k
		}
		pp++
	}
	return upd, cls
}

// uncommitOthers undoes commitOthers(cur), right to left (step C6).
func uncommitOthers(base, cbase unsafe.Pointer, cur uint32) {
	for pp := cur - 1; pp != cur; {
		p := cat(base, pp)
		x := p.itm
		if x <= 0 {
			pp = p.down
			continue
		}
		c := uint32(x)
		switch col := p.color; {
		case col == 0: // uncover(c)
			for rr := cat(base, c).up; rr != c; rr = cat(base, rr).up {
				for nn := rr - 1; nn != rr; {
					n := cat(base, nn)
					if n.color >= 0 {
						y := n.itm
						if y <= 0 {
							nn = n.down
							continue
						}
						cat(base, n.up).down = nn
						cat(base, n.down).up = nn
						cat(base, uint32(y)).itm++
					}
					nn--
				}
			}
			ci := itemAt(cbase, c)
			itemAt(cbase, ci.prev).next = c
			itemAt(cbase, ci.next).prev = c
		case col > 0:
			unpurifyC(base, c, col)
		}
		pp--
	}
}

// optionOfC is optionOf for the nodes of links.
func optionOfC(nd []cnode, x uint32) int {
	for nd[x-1].itm > 0 {
		x--
	}
	return int(-nd[x-1].itm)
}

// estimateC is estimate for the nodes of links.
func estimateC(nd []cnode, choice []uint32) float64 {
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

// rank returns the position (from 1) of node q in the list of item c.
func (l *links) rank(c, q uint32) int {
	k := 1
	for r := l.nd[c].down; r != q && r != c; r = l.nd[r].down {
		k++
	}
	return k
}

// runCTrace is runC with a trace: each step is reported to cfg.Trace,
// every cover and purify through the methods of links.
func (p *Matrix) runCTrace(ctx context.Context, cfg Config, sp *split) (Stats, error) {
	s := newSearch(ctx, cfg, sp)
	l := p.newLinks(cfg.Trace)
	nd := l.nd
	tr := cfg.Trace
	choice := make([]uint32, p.primary+1)
	visit := cfg.Visit
	var sol []int
	splitDepth := -1
	if sp != nil {
		splitDepth = sp.depth
	}
	base := unsafe.Pointer(unsafe.SliceData(l.nd))
	cbase := unsafe.Pointer(unsafe.SliceData(l.cl))
	chp := unsafe.Pointer(unsafe.SliceData(choice))
	var (
		level         int
		best, cur, pp uint32
		x, t          int32
		nodes, count  uint64
		upd, cls      uint64
		err           error
	)
	stats := func() Stats {
		return Stats{Solutions: count, Nodes: nodes, Updates: l.updates, Cleansings: l.cleansings}
	}

forward: // C2
	nodes++
	if nodes >= s.nodeCheck || l.updates >= s.updateCheck {
		if err = s.due(nodes, l.updates); err != nil {
			goto done
		}
		if s.reportDue() {
			s.report(stats(), level, estimateC(nd, choice[:level]))
		}
	}
	// C3: the item with the fewest remaining options, leftmost among equals.
	t = math.MaxInt32
	for k := itemAt(cbase, 0).next; k != 0; k = itemAt(cbase, k).next {
		if n := cat(base, k).itm; n < t {
			best, t = k, n
			if t == 0 {
				break
			}
		}
	}
	if tr != nil {
		l.level = level
		tr(Event{Kind: Choose, Level: level, Item: int(best) - 1, Option: -1, Len: int(t)})
	} else if t == 0 {
		// A dead end: dlx2 covers the item (one update, no option to
		// hide) and backs up at once; the same count without the dance.
		l.updates++
		goto deadEnd
	}
	l.cover(best) // C4
	cur = cat(base, best).down
	*choiceAt(chp, level) = cur

advance: // C5: try option cur
	if cur == best {
		goto backup
	}
	if tr != nil {
		tr(Event{Kind: Try, Level: level, Item: int(best) - 1, Option: optionOfC(nd, cur), Len: l.rank(best, cur)})
		for pp = cur + 1; pp != cur; {
			x = nd[pp].itm
			if x <= 0 {
				pp = nd[pp].up
			} else {
				l.commit(pp, x)
				pp++
			}
		}
	} else {
		upd, cls = commitOthers(base, cbase, cur)
		l.updates += upd
		l.cleansings += cls
	}
	if itemAt(cbase, 0).next == 0 {
		nodes++ // a solution is a node too, as dlx2 counts
		count++
		if tr != nil {
			tr(Event{Kind: Solution, Level: level + 1, Item: -1, Option: -1})
		}
		if visit != nil && s.visits() {
			sol = sol[:0]
			for _, c := range choice[:level+1] {
				sol = append(sol, optionOfC(nd, c))
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
deadEnd:
	if level == splitDepth {
		sp.leave(stats())
	}
	if level == 0 {
		goto done
	}
	level--
	cur = *choiceAt(chp, level)
	best = uint32(cat(base, cur).itm)

recover: // C6: uncommit the items of option cur and try the next one
	if tr != nil {
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
	} else {
		uncommitOthers(base, cbase, cur)
	}
	cur = cat(base, cur).down
	*choiceAt(chp, level) = cur
	goto advance

done:
	if sp != nil {
		sp.finish(stats())
	}
	return stats(), err
}

// runC is Algorithm C as Knuth's dlx2 runs it (see Run): Algorithm X in
// which an option's coloured secondary items are purified instead of
// covered. It makes the same moves as runX on a problem without colours.
// This is the untraced path, written as runX is: each option committed by
// one call (commitOthers), what the rare steps need in a csearch, so that
// the loop's own variables stay in registers; runCTrace is the same search
// with the trace.
func (p *Matrix) runC(ctx context.Context, cfg Config, sp *split) (Stats, error) {
	if cfg.Trace != nil {
		return p.runCTrace(ctx, cfg, sp)
	}
	l := p.newLinks(nil)
	cs := &csearch{search: newSearch(ctx, cfg, sp), nd: l.nd, splitDepth: -1}
	cs.choice = make([]uint32, p.primary+1)
	if cfg.Visit != nil {
		cs.sol = make([]int, 0, p.primary)
	}
	if sp != nil {
		cs.splitDepth = sp.depth
	}
	// The bases, like the counters, live in memory, not in the loop's
	// registers: fewer values to move at every label and call.
	cs.base = unsafe.Pointer(unsafe.SliceData(l.nd))
	cs.cbase = unsafe.Pointer(unsafe.SliceData(l.cl))
	cs.chp = unsafe.Pointer(unsafe.SliceData(cs.choice))

	var (
		level        int
		best, cur, k uint32
		t            int32
		u, c         uint64
	)

forward: // C2: enter a new level
	cs.st.Nodes++
	if cs.st.Nodes >= cs.nodeCheck || cs.st.Updates >= cs.updateCheck {
		if cs.checkpoint(level) {
			goto done
		}
	}
	// C3: the item with the fewest remaining options, leftmost among equals.
	t = math.MaxInt32
	for k = itemAt(cs.cbase, 0).next; k != 0; k = itemAt(cs.cbase, k).next {
		if n := cat(cs.base, k).itm; n < t {
			best, t = k, n
			if t == 0 {
				break
			}
		}
	}
	if t == 0 {
		// A dead end: dlx2 covers the item (one update, no option to
		// hide) and backs up at once; the same count without the dance.
		cs.st.Updates++
		goto deadEnd
	}
	cs.st.Updates += coverC(cs.base, cs.cbase, best) // C4
	if itemAt(cs.cbase, 0).next == 0 {
		// The last level: every option of best completes a solution.
		if cs.leaf(best, level) {
			goto done
		}
		uncoverC(cs.base, cs.cbase, best)
		goto deadEnd
	}
	cur = cat(cs.base, best).down
	*choiceAt(cs.chp, level) = cur

advance: // C5: try option cur
	if cur == best {
		goto backup
	}
	u, c = commitOthers(cs.base, cs.cbase, cur)
	cs.st.Updates += u
	cs.st.Cleansings += c
	if itemAt(cs.cbase, 0).next == 0 {
		if cs.solution(level) {
			goto done
		}
		goto recover
	}
	level++
	if level == cs.splitDepth {
		if !cs.sp.enter(cs.st) {
			level-- // another worker's subproblem
			goto recover
		}
	}
	goto forward

backup: // C8: every option of best has been tried
	uncoverC(cs.base, cs.cbase, best)
deadEnd:
	if level == cs.splitDepth {
		cs.sp.leave(cs.st)
	}
	if level == 0 {
		goto done
	}
	level--
	cur = *choiceAt(cs.chp, level)
	best = uint32(cat(cs.base, cur).itm)

recover: // C6: uncommit the items of option cur and try the next one
	uncommitOthers(cs.base, cs.cbase, cur)
	cur = cat(cs.base, cur).down
	*choiceAt(cs.chp, level) = cur
	goto advance

done:
	if sp != nil {
		sp.finish(cs.st)
	}
	return cs.st, cs.err
}

// csearch is what runC needs besides its loop's variables.
type csearch struct {
	search
	st         Stats
	splitDepth int
	nd         []cnode
	choice     []uint32
	sol        []int
	err        error
	marks      []uint32 // leafCommit's marks, by node
	gen        uint32
	// The bases of nd, the active items and choice (see runC).
	base, cbase, chp unsafe.Pointer
}

// checkpoint looks at the context and reports progress; it reports whether
// the search must stop (cs.err then says why).
func (cs *csearch) checkpoint(level int) bool {
	if cs.err = cs.due(cs.st.Nodes, cs.st.Updates); cs.err != nil {
		return true
	}
	if cs.reportDue() {
		cs.report(cs.st, level, estimateC(cs.nd, cs.choice[:level]))
	}
	return false
}

// leaf counts the solutions at a level where best, now covered, was the
// last active primary item: each option of best's list completes a
// solution (dlx2 commits it, finds no item left, uncommits it). Its
// updates and cleansings are those the commit would make, counted by
// leafCommit without changing the links, so that nothing is undone. It
// reports whether the search must stop.
func (cs *csearch) leaf(best uint32, level int) bool {
	base := unsafe.Pointer(unsafe.SliceData(cs.nd))
	if cs.marks == nil {
		cs.marks = make([]uint32, len(cs.nd))
		cs.gen = 0
	}
	mbase := unsafe.Pointer(unsafe.SliceData(cs.marks))
	for cur := cat(base, best).down; cur != best; cur = cat(base, cur).down {
		if cs.gen >= math.MaxUint32-2 {
			clear(cs.marks)
			cs.gen = 0
		}
		cs.gen += 2
		u, c := leafCommit(base, mbase, cur, cs.gen)
		cs.st.Updates += u
		cs.st.Cleansings += c
		cs.choice[level] = cur
		if cs.solution(level) {
			return true
		}
	}
	return false
}

// leafCommit returns the updates and cleansings that commitOthers(cur)
// would make, without making them: marks[q] == g stands for node q
// unlinked by this commit, g+1 for node q whose colour purify has
// satisfied. An option's items are committed once each, so a node is
// never unlinked twice, and a purified item's nodes are met in its list
// only by its own purify: the marks are all the state the commit changes
// that it reads again.
func leafCommit(base, mbase unsafe.Pointer, cur uint32, g uint32) (upd, cls uint64) {
	for pp := cur + 1; pp != cur; {
		p := cat(base, pp)
		x := p.itm
		if x <= 0 {
			pp = p.up
			continue
		}
		pp++
		col := p.color
		if col < 0 {
			continue // satisfied by an earlier purify: nothing to do
		}
		c := uint32(x)
		if col == 0 {
			upd++ // cover(c)
		} else {
			cls++ // purify(c)
		}
		for rr := cat(base, c).down; rr != c; rr = cat(base, rr).down {
			if *markAt(mbase, rr) == g {
				continue // unlinked by an earlier item of this commit
			}
			if col > 0 && cat(base, rr).color == col {
				cls++
				*markAt(mbase, rr) = g + 1
				continue
			}
			for nn := rr + 1; nn != rr; {
				n := cat(base, nn)
				if n.itm <= 0 {
					nn = n.up
					continue
				}
				if n.color >= 0 && *markAt(mbase, nn) != g+1 {
					*markAt(mbase, nn) = g
					upd++
				}
				nn++
			}
		}
	}
	return upd, cls
}

// markAt returns mark i of the slice whose first mark is at base.
func markAt(base unsafe.Pointer, i uint32) *uint32 {
	return (*uint32)(unsafe.Add(base, uintptr(i)*4))
}

// solution counts the solution whose options are the choices at levels
// 0..level (a node too, as dlx2 counts) and visits it; it reports whether
// the search must stop.
func (cs *csearch) solution(level int) bool {
	cs.st.Nodes++
	cs.st.Solutions++
	if cs.cfg.Visit != nil && cs.visits() && !cs.visit(level) {
		return true
	}
	return cs.st.Solutions >= cs.limit
}

// visit passes the solution made of the choices at levels 0..level to
// Visit, and returns what Visit says.
func (cs *csearch) visit(level int) bool {
	cs.sol = cs.sol[:0]
	for _, c := range cs.choice[:level+1] {
		cs.sol = append(cs.sol, optionOfC(cs.nd, c))
	}
	return cs.cfg.Visit(cs.sol)
}
