package dlx

import (
	"context"
	"math"
	"unsafe"
)

// tweak hides the option of node n, the topmost of its item's list, and
// takes n out of that list (dlx3's tweak). When block is false the item is
// already covered, so only n itself leaves the list.
func (l *links) tweak(n uint32, block bool) {
	l.updates += tweakM(unsafe.Pointer(unsafe.SliceData(l.nd)), n, block)
}

// untweak undoes the tweaks of item c since its list began at node x
// (dlx3's untweak): the tweaked nodes still point down to one another, so
// the list is restored from x to the first node not tweaked; with unblock
// their options come back too, else the item is uncovered (without being
// reactivated).
func (l *links) untweak(c, x uint32, unblock bool) {
	base := unsafe.Pointer(unsafe.SliceData(l.nd))
	if unblock {
		untweakBlocked(base, c, x)
		return
	}
	untweakCovered(base, c, x)
	if l.trace != nil {
		l.event(Event{Kind: Uncover, Item: int(c) - 1, Option: -1})
	}
}

// untweakBlocked is untweak(c, x, true): the list of c restored from x,
// each tweaked node's option unhidden as it comes back (unhide written
// out).
func untweakBlocked(base unsafe.Pointer, c, x uint32) {
	ch := cat(base, c)
	z := ch.down
	ch.down = x
	k := int32(0)
	rr, qq := x, c
	for rr != z {
		r := cat(base, rr)
		r.up = qq
		k++
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
		qq, rr = rr, r.down
	}
	cat(base, rr).up = qq
	ch.itm += k
}

// untweakCovered is untweak(c, x, false): the list of c restored from x,
// then every option in it unhidden (uncover without reactivating c).
func untweakCovered(base unsafe.Pointer, c, x uint32) {
	ch := cat(base, c)
	z := ch.down
	ch.down = x
	k := int32(0)
	rr, qq := x, c
	for rr != z {
		r := cat(base, rr)
		r.up = qq
		k++
		qq, rr = rr, r.down
	}
	cat(base, rr).up = qq
	ch.itm += k
	unhideAllC(base, c)
}

// runM is Algorithm M as Knuth's dlx3 runs it (TAOCP 7.2.2.1: exact
// covering with multiplicities and colours). A primary item i must be in
// lo..hi of the chosen options; the search keeps its remaining bound (hi
// less the options chosen that hold it) and its slack hi − lo. At each
// level it branches on the active item of least branching degree
// len + min(slack, bound) − bound + 1, preferring among equals the one
// with the smaller min(slack, bound) and then the longer list, leftmost
// after that (dlx3's rule). An item whose bound drops to 0 is covered; one
// with slack or a bound above 1 is "tweaked": each choice takes the topmost
// option out of its list, so that every multiset of options is met once,
// and when the bound allows it a null choice leaves the item short. A node
// with branching degree ≤ 0 is a dead end without an update. Nodes,
// updates and cleansings count as dlx3 counts them.
func (p *Matrix) runM(ctx context.Context, cfg Config, sp *split) (Stats, error) {
	if cfg.Trace == nil && cfg.Pick == 0 && !cfg.ShortFirst {
		return p.runMFast(ctx, cfg, sp)
	}
	l := p.newLinks(cfg.Trace)
	ms := &msearch{search: newSearch(ctx, cfg, sp), l: l, n: uint32(len(p.names)), splitDepth: -1}
	ms.np = int32(p.primary)
	ms.pick = int32(cfg.Pick)          // options to choose
	ms.bs = make([]mItem, p.primary+1) // by item number, 1..np
	for i := 1; i <= p.primary; i++ {
		lo, hi := p.Bounds(i - 1)
		ms.bs[i] = mItem{bound: int32(hi), slack: int32(hi - lo)}
	}
	if sp != nil {
		ms.splitDepth = sp.depth
	}
	base := unsafe.Pointer(unsafe.SliceData(l.nd))
	cbase := unsafe.Pointer(unsafe.SliceData(l.cl))
	mb := unsafe.Pointer(unsafe.SliceData(ms.bs))
	var (
		level         int
		best, cur, pp uint32
		x, bs, bl, sl int32
		score, t      int64
		bi            *mItem
	)

forward: // M2
	ms.nodes++
	if ms.nodes >= ms.nodeCheck || l.updates >= ms.updateCheck {
		if ms.checkpoint(level) {
			goto done
		}
	}
	if ms.pick > 0 && ms.picked == ms.pick {
		// No more options: a solution when no active item is short.
		for k := itemAt(cbase, 0).next; k != 0; k = itemAt(cbase, k).next {
			if b := mAt(mb, k); b.bound > b.slack {
				goto backdown
			}
		}
		goto found
	}
	// M3: the item of least branching degree.
	best, score = 0, math.MaxInt64
	for k := itemAt(cbase, 0).next; k != 0; k = itemAt(cbase, k).next {
		b := mAt(mb, k)
		sl = min(b.slack, b.bound)
		ln := cat(base, k).itm
		t = int64(ln) + int64(sl) - int64(b.bound) + 1
		if ms.cfg.ShortFirst && b.bound <= b.slack {
			// Its lower bound is met: a choice only after every short item.
			t += shortPenalty
		}
		if t <= score && (t < score || sl < bs || (sl == bs && ln > bl)) {
			best, score, bs, bl = k, t, sl, ln
		}
	}
	if score >= shortPenalty {
		score -= shortPenalty
	}
	if best == 0 {
		// No active primary item is left: a solution (of Pick options).
		if ms.pick > 0 && ms.picked < ms.pick {
			goto backdown
		}
		goto found
	}
	if ms.cfg.Trace != nil {
		l.level = level
		ms.cfg.Trace(Event{Kind: Choose, Level: level, Item: int(best) - 1, Option: -1, Len: int(l.nd[best].itm)})
	}
	if score <= 0 {
		goto backdown // too few options left for the item's lower bound
	}
	bi = mAt(mb, best)
	if ms.pick > 0 && ms.picked == ms.pick-1 && bi.bound > bi.slack {
		if ms.lastPick(best, level) {
			goto done
		}
		goto backdown
	}
	// M4: prepare to branch on best.
	if level == len(ms.choice) {
		ms.choice, ms.firstTweak = append(ms.choice, 0), append(ms.firstTweak, 0)
	}
	cur = cat(base, best).down
	ms.choice[level], ms.firstTweak[level] = cur, 0
	bi.bound--
	if bi.bound == 0 && bi.slack == 0 {
		l.cover(best)
	} else {
		ms.firstTweak[level] = cur
		if bi.bound == 0 {
			l.cover(best)
		}
	}

advance: // M5: try cur, or back up when it is off limits
	bi = mAt(mb, best)
	if bi.bound == 0 && bi.slack == 0 {
		if cur == best {
			goto backup
		}
	} else if cat(base, best).itm <= bi.bound-bi.slack {
		goto backup
	} else if cur != best {
		l.tweak(cur, bi.bound != 0)
	} else if bi.bound != 0 {
		l.deactivate(best) // the null choice
	}
	if cur > ms.n {
		// M6: commit the other items of the option; a primary item's
		// bound drops, and the item is covered when it reaches 0.
		ms.picked++
		if tr := ms.cfg.Trace; tr != nil {
			nd, np := l.nd, ms.np
			tr(Event{Kind: Try, Level: level, Item: int(best) - 1, Option: optionOfC(nd, cur)})
			for pp = cur + 1; pp != cur; {
				x = nd[pp].itm
				if x <= 0 {
					pp = nd[pp].up
					continue
				}
				if x <= np {
					if b := &ms.bs[x]; b.bound-1 == 0 {
						b.bound = 0
						l.cover(uint32(x))
					} else {
						b.bound--
					}
				} else {
					l.commit(pp, x)
				}
				pp++
			}
		} else {
			u, c := mCommit(base, cbase, mb, cur, ms.np)
			l.updates += u
			l.cleansings += c
		}
	} else if ms.cfg.Trace != nil {
		ms.cfg.Trace(Event{Kind: Try, Level: level, Item: int(best) - 1, Option: -1})
	}
	level++
	if level == ms.splitDepth && !ms.sp.enter(ms.stats()) {
		level--
		goto resume
	}
	goto forward

backup: // M8: restore best
	bi = mAt(mb, best)
	if bi.bound == 0 && bi.slack == 0 {
		l.uncover(best)
	} else {
		l.untweak(best, ms.firstTweak[level], bi.bound != 0)
	}
	bi.bound++
	if ms.cfg.Trace != nil {
		l.level = level
		ms.cfg.Trace(Event{Kind: Backtrack, Level: level, Item: int(best) - 1, Option: -1})
	}

backdown: // M9: leave the level
	if level == ms.splitDepth {
		ms.sp.leave(ms.stats())
	}
	if level == 0 {
		goto done
	}
	level--

resume: // M7: undo the choice at level and try the next one
	cur = ms.choice[level]
	if cur <= ms.n {
		// The null choice was the last one.
		best = cur
		l.reactivate(best)
		goto backup
	}
	best = uint32(cat(base, cur).itm)
	if ms.cfg.Trace != nil {
		l.level = level
		nd, np := l.nd, ms.np
		for pp = cur - 1; pp != cur; {
			x = nd[pp].itm
			if x <= 0 {
				pp = nd[pp].down
				continue
			}
			if x <= np {
				b := &ms.bs[x]
				if b.bound == 0 {
					l.uncover(uint32(x))
				}
				b.bound++
			} else {
				l.uncommit(pp, x)
			}
			pp--
		}
	} else {
		mUncommit(base, cbase, mb, cur, ms.np)
	}
	ms.picked--
	cur = cat(base, cur).down
	ms.choice[level] = cur
	goto advance

found: // a solution: the options chosen
	if ms.found(level) {
		goto done
	}
	goto backdown

done:
	st := ms.stats()
	if sp != nil {
		sp.finish(st)
	}
	return st, ms.err
}

// mItem is an active primary item's state in Algorithm M: its remaining
// bound (hi less the chosen options that hold it) and its slack hi − lo.
type mItem struct{ bound, slack int32 }

// mAt returns entry i of the slice whose first entry is at base.
func mAt(base unsafe.Pointer, i uint32) *mItem {
	return (*mItem)(unsafe.Add(base, uintptr(i)*unsafe.Sizeof(mItem{})))
}

// msearch is what runM needs besides its loop's variables.
type msearch struct {
	search
	l                *links
	n                uint32 // items: a choice ≤ n is a null choice
	bs               []mItem
	choice           []uint32
	firstTweak       []uint32
	sol              []int
	nodes, count     uint64
	picked, pick, np int32
	splitDepth       int
	err              error
}

func (ms *msearch) stats() Stats {
	return Stats{Solutions: ms.count, Nodes: ms.nodes, Updates: ms.l.updates, Cleansings: ms.l.cleansings}
}

// checkpoint looks at the context and reports progress; it reports whether
// the search must stop (ms.err then says why).
func (ms *msearch) checkpoint(level int) bool {
	if ms.err = ms.due(ms.nodes, ms.l.updates); ms.err != nil {
		return true
	}
	if ms.reportDue() {
		ms.report(ms.stats(), level, estimateM(ms.l.nd, ms.n, ms.choice[:level], ms.firstTweak[:level]))
	}
	return false
}

// found counts the solution made of the options chosen at levels
// 0..level-1 (null choices left out) and visits it, followed by last
// when last ≥ 0; it reports whether the search must stop.
func (ms *msearch) found(level int) bool {
	return ms.foundWith(level, -1)
}

func (ms *msearch) foundWith(level, last int) bool {
	ms.count++
	if ms.cfg.Trace != nil {
		ms.cfg.Trace(Event{Kind: Solution, Level: level + min(last+1, 1), Item: -1, Option: -1})
	}
	if ms.cfg.Visit != nil && ms.visits() {
		ms.sol = ms.sol[:0]
		for _, c := range ms.choice[:level] {
			if c > ms.n {
				ms.sol = append(ms.sol, optionOfC(ms.l.nd, c))
			}
		}
		if last >= 0 {
			ms.sol = append(ms.sol, last)
		}
		if !ms.cfg.Visit(ms.sol) {
			return true
		}
	}
	return ms.count >= ms.limit
}

// lastPick counts, when one option is left to pick (Config.Pick) and best
// is short of its lower bound, the options of best that bring every short
// item to its lower bound: the solutions below this node, counted without
// descending (no cover, no tweak). It reports whether the search must
// stop.
func (ms *msearch) lastPick(best uint32, level int) bool {
	nd, cl, bs, np := ms.l.nd, ms.l.cl, ms.bs, ms.np
	need := int32(0)
	for k := cl[0].next; k != 0; k = cl[k].next {
		if bs[k].bound > bs[k].slack {
			if bs[k].bound-bs[k].slack > 1 {
				return false
			}
			need++
		}
	}
	for q := nd[best].down; q != best; q = nd[q].down {
		meets := int32(1) // best
		for pp := q + 1; pp != q; {
			x := nd[pp].itm
			if x <= 0 {
				pp = nd[pp].up
				continue
			}
			if x <= np && bs[x].bound > bs[x].slack {
				meets++
			}
			pp++
		}
		if meets != need {
			continue
		}
		ms.nodes++
		if ms.foundWith(level, optionOfC(nd, q)) {
			return true
		}
	}
	return false
}

// mCommit is step M6 for option cur without a trace: each primary item's
// bound drops, and the item is covered when it reaches 0; each secondary
// item is covered or purified (commit). It returns the updates and
// cleansings. cover is written out in its loop (Go's calls save no
// registers: a call per item would cost the loop its values).
func mCommit(base, cbase, mb unsafe.Pointer, cur uint32, np int32) (upd, cls uint64) {
	for pp := cur + 1; pp != cur; {
		p := cat(base, pp)
		x := p.itm
		if x <= 0 {
			pp = p.up
			continue
		}
		pp++
		col := p.color
		if x <= np {
			b := mAt(mb, uint32(x))
			if b.bound--; b.bound != 0 {
				continue
			}
		} else if col > 0 {
			u, c := purifyC(base, uint32(x), col)
			upd += u
			cls += c
			continue
		} else if col < 0 {
			continue
		}
		// cover(x)
		c := uint32(x)
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
	}
	return upd, cls
}

// mUncommit undoes mCommit(cur), right to left (step M7), uncover
// written out.
func mUncommit(base, cbase, mb unsafe.Pointer, cur uint32, np int32) {
	for pp := cur - 1; pp != cur; {
		p := cat(base, pp)
		x := p.itm
		if x <= 0 {
			pp = p.down
			continue
		}
		pp--
		col := p.color
		if x <= np {
			b := mAt(mb, uint32(x))
			b.bound++
			if b.bound != 1 {
				continue
			}
		} else if col > 0 {
			unpurifyC(base, uint32(x), col)
			continue
		} else if col < 0 {
			continue
		}
		// uncover(x)
		c := uint32(x)
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
	}
}

// shortPenalty is added to the branching degree of an item whose lower
// bound is met when Config.ShortFirst: larger than any list.
const shortPenalty = int64(1) << 40

// estimateM is estimate for Algorithm M: a choice's rank and the size of
// its list count from the first option of the level (before tweaks); a
// null choice counts as the last.
func estimateM(nd []cnode, n uint32, choice, firstTweak []uint32) float64 {
	f, scale := 0.0, 1.0
	for l, c := range choice {
		if c <= n {
			break
		}
		i := uint32(nd[c].itm)
		q := nd[i].down
		if firstTweak[l] != 0 {
			q = firstTweak[l]
		}
		k, m := 0, 0
		for ; q != i; q = nd[q].down {
			m++
			if q == c {
				k = m
			}
		}
		if m == 0 || k == 0 {
			break
		}
		scale /= float64(m + 1)
		f += float64(k-1) * scale
	}
	return min(f+scale/2, 0.999999)
}
