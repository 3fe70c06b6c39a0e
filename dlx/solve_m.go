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
	base := unsafe.Pointer(unsafe.SliceData(l.nd))
	nn := n
	if block {
		nn = n + 1
	}
	upd := uint64(0)
	for {
		q := cat(base, nn)
		if q.color >= 0 {
			x := q.itm
			if x <= 0 {
				nn = q.up
				continue
			}
			u, d := q.up, q.down
			cat(base, u).down = d
			cat(base, d).up = u
			cat(base, uint32(x)).itm--
			upd++
		}
		if nn == n {
			break
		}
		nn++
	}
	l.updates += upd
}

// untweak undoes the tweaks of item c since its list began at node x
// (dlx3's untweak): the tweaked nodes still point down to one another, so
// the list is restored from x to the first node not tweaked; with unblock
// their options come back too, else the item is uncovered (without being
// reactivated).
func (l *links) untweak(c, x uint32, unblock bool) {
	nd := l.nd
	z := nd[c].down
	nd[c].down = x
	k := int32(0)
	rr, qq := x, c
	for ; rr != z; qq, rr = rr, nd[rr].down {
		nd[rr].up = qq
		k++
		if unblock {
			l.unhide(rr)
		}
	}
	nd[rr].up = qq
	nd[c].itm += k
	if !unblock {
		l.unhideAll(c)
		if l.trace != nil {
			l.event(Event{Kind: Uncover, Item: int(c) - 1, Option: -1})
		}
	}
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
func (p *Problem) runM(ctx context.Context, cfg Config, sp *split) (Stats, error) {
	s := newSearch(ctx, cfg, sp)
	l := p.newLinks(cfg.Trace)
	nd, cl := l.nd, l.cl
	tr := cfg.Trace
	n := uint32(len(p.names))
	np := int32(p.primary)
	bound := make([]int32, np+1) // by item number, 1..np
	slack := make([]int32, np+1)
	for i := 1; i <= int(np); i++ {
		lo, hi := p.Bounds(i - 1)
		bound[i], slack[i] = int32(hi), int32(hi-lo)
	}
	var choice, firstTweak []uint32
	visit := cfg.Visit
	shortFirst := cfg.ShortFirst
	pick, picked := int32(cfg.Pick), int32(0) // options to choose, chosen
	var sol []int
	splitDepth := -1
	if sp != nil {
		splitDepth = sp.depth
	}
	var (
		level         int
		best, cur, pp uint32
		x, bs, bl, sl int32
		score, t      int64
		nodes, count  uint64
		err           error
	)
	stats := func() Stats {
		return Stats{Solutions: count, Nodes: nodes, Updates: l.updates, Cleansings: l.cleansings}
	}

forward: // M2
	l.level = level
	nodes++
	if nodes >= s.nodeCheck || l.updates >= s.updateCheck {
		if err = s.due(nodes, l.updates); err != nil {
			goto done
		}
		if s.reportDue() {
			s.report(stats(), level, estimateM(nd, n, choice[:level], firstTweak[:level]))
		}
	}
	if pick > 0 && picked == pick {
		// No more options: a solution when no active item is short.
		for k := cl[0].next; k != 0; k = cl[k].next {
			if bound[k] > slack[k] {
				goto backdown
			}
		}
		goto found
	}
	// M3: the item of least branching degree.
	best, score = 0, math.MaxInt64
	for k := cl[0].next; k != 0; k = cl[k].next {
		sl = min(slack[k], bound[k])
		t = int64(nd[k].itm) + int64(sl) - int64(bound[k]) + 1
		if shortFirst && bound[k] <= slack[k] {
			// Its lower bound is met: a choice only after every short item.
			t += shortPenalty
		}
		if t <= score && (t < score || sl < bs || (sl == bs && nd[k].itm > bl)) {
			best, score, bs, bl = k, t, sl, nd[k].itm
		}
	}
	if score >= shortPenalty {
		score -= shortPenalty
	}
	if best == 0 {
		// No active primary item is left: a solution (of Pick options).
		if pick > 0 && picked < pick {
			goto backdown
		}
		goto found
	}
	if tr != nil {
		tr(Event{Kind: Choose, Level: level, Item: int(best) - 1, Option: -1, Len: int(nd[best].itm)})
	}
	if score <= 0 {
		goto backdown // too few options left for the item's lower bound
	}
	if pick > 0 && picked == pick-1 && bound[best] > slack[best] {
		// The last option must bring every short item to its lower bound:
		// the options of best that do are the solutions below this node,
		// counted without descending (no cover, no tweak).
		need := int32(0)
		for k := cl[0].next; k != 0; k = cl[k].next {
			if bound[k] > slack[k] {
				if bound[k]-slack[k] > 1 {
					goto backdown
				}
				need++
			}
		}
		for q := nd[best].down; q != best; q = nd[q].down {
			meets := int32(1) // best
			for pp = q + 1; pp != q; {
				x = nd[pp].itm
				if x <= 0 {
					pp = nd[pp].up
					continue
				}
				if x <= np && bound[x] > slack[x] {
					meets++
				}
				pp++
			}
			if meets != need {
				continue
			}
			nodes++
			count++
			if tr != nil {
				tr(Event{Kind: Solution, Level: level + 1, Item: -1, Option: -1})
			}
			if visit != nil && s.visits() {
				sol = sol[:0]
				for _, c := range choice[:level] {
					if c > n {
						sol = append(sol, optionOfC(nd, c))
					}
				}
				if !visit(append(sol, optionOfC(nd, q))) {
					goto done
				}
			}
			if count >= s.limit {
				goto done
			}
		}
		goto backdown
	}
	// M4: prepare to branch on best.
	if level == len(choice) {
		choice, firstTweak = append(choice, 0), append(firstTweak, 0)
	}
	cur = nd[best].down
	choice[level], firstTweak[level] = cur, 0
	bound[best]--
	if bound[best] == 0 && slack[best] == 0 {
		l.cover(best)
	} else {
		firstTweak[level] = cur
		if bound[best] == 0 {
			l.cover(best)
		}
	}

advance: // M5: try cur, or back up when it is off limits
	if bound[best] == 0 && slack[best] == 0 {
		if cur == best {
			goto backup
		}
	} else if nd[best].itm <= bound[best]-slack[best] {
		goto backup
	} else if cur != best {
		l.tweak(cur, bound[best] != 0)
	} else if bound[best] != 0 {
		l.deactivate(best) // the null choice
	}
	if tr != nil {
		e := Event{Kind: Try, Level: level, Item: int(best) - 1, Option: -1}
		if cur > n {
			e.Option = optionOfC(nd, cur)
		}
		tr(e)
	}
	if cur > n {
		// M6: commit the other items of the option; a primary item's
		// bound drops, and the item is covered when it reaches 0.
		picked++
		for pp = cur + 1; pp != cur; {
			x = nd[pp].itm
			if x <= 0 {
				pp = nd[pp].up
				continue
			}
			if x <= np {
				if bound[x]--; bound[x] == 0 {
					l.cover(uint32(x))
				}
			} else {
				l.commit(pp, x)
			}
			pp++
		}
	}
	level++
	if level == splitDepth && !sp.enter(stats()) {
		level--
		goto resume
	}
	goto forward

backup: // M8: restore best
	l.level = level
	if bound[best] == 0 && slack[best] == 0 {
		l.uncover(best)
	} else {
		l.untweak(best, firstTweak[level], bound[best] != 0)
	}
	bound[best]++
	if tr != nil {
		tr(Event{Kind: Backtrack, Level: level, Item: int(best) - 1, Option: -1})
	}

backdown: // M9: leave the level
	if level == splitDepth {
		sp.leave(stats())
	}
	if level == 0 {
		goto done
	}
	level--

resume: // M7: undo the choice at level and try the next one
	l.level = level
	cur = choice[level]
	if cur <= n {
		// The null choice was the last one.
		best = cur
		l.reactivate(best)
		goto backup
	}
	best = uint32(nd[cur].itm)
	for pp = cur - 1; pp != cur; {
		x = nd[pp].itm
		if x <= 0 {
			pp = nd[pp].down
			continue
		}
		if x <= np {
			if bound[x] == 0 {
				l.uncover(uint32(x))
			}
			bound[x]++
		} else {
			l.uncommit(pp, x)
		}
		pp--
	}
	picked--
	cur = nd[cur].down
	choice[level] = cur
	goto advance

found: // a solution: the options chosen
	count++
	if tr != nil {
		tr(Event{Kind: Solution, Level: level, Item: -1, Option: -1})
	}
	if visit != nil && s.visits() {
		sol = sol[:0]
		for _, c := range choice[:level] {
			if c > n {
				sol = append(sol, optionOfC(nd, c))
			}
		}
		if !visit(sol) {
			goto done
		}
	}
	if count >= s.limit {
		goto done
	}
	goto backdown

done:
	if sp != nil {
		sp.finish(stats())
	}
	return stats(), err
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
