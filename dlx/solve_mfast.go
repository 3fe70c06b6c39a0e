package dlx

import (
	"context"
	"math"
	"unsafe"
)

// runMFast is runM without a trace, Pick or ShortFirst: the same steps in
// the same order (dlx3's), with nothing in the loop for those options, so
// that fewer values are live across its labels and calls (Go's calls save
// no registers: at every label each live value costs a move between a
// register and the stack). The counters and what the rare steps need live
// in an mfast; a level's choice and first tweaked node sit side by side
// in one array, sized once: a path chooses each option at most once and
// makes at most one null choice per item.
func (p *Matrix) runMFast(ctx context.Context, cfg Config, sp *split) (Stats, error) {
	l := p.newLinks(nil)
	n := uint32(len(p.names))
	mf := &mfast{search: newSearch(ctx, cfg, sp), nd: l.nd, n: n, np: int32(p.primary), splitDepth: -1}
	mf.bs = make([]mItem, p.primary+1) // by item number, 1..np
	for i := 1; i <= p.primary; i++ {
		lo, hi := p.Bounds(i - 1)
		mf.bs[i] = mItem{bound: int32(hi), slack: int32(hi - lo)}
	}
	mf.ch = make([]mChoice, len(p.first)+p.primary+2)
	if sp != nil {
		mf.splitDepth = sp.depth
	}
	mf.base = unsafe.Pointer(unsafe.SliceData(l.nd))
	mf.cbase = unsafe.Pointer(unsafe.SliceData(l.cl))
	mf.mb = unsafe.Pointer(unsafe.SliceData(mf.bs))
	mf.chp = unsafe.Pointer(unsafe.SliceData(mf.ch))
	var (
		level     int
		best, cur uint32
	)

forward: // M2
	mf.st.Nodes++
	if mf.st.Nodes >= mf.nodeCheck || mf.st.Updates >= mf.updateCheck {
		if mf.checkpoint(level) {
			goto done
		}
	}
	// M3: the item of least branching degree (see runM).
	best = mChoose(mf.base, mf.cbase, mf.mb)
	if best == 0 {
		goto found // no active primary item is left
	}
	if best > mf.n {
		goto backdown // too few options left for the item's lower bound
	}
	// M4: prepare to branch on best.
	cur = cat(mf.base, best).down
	if bi := mAt(mf.mb, best); bi.bound == 1 && bi.slack == 0 {
		bi.bound = 0
		*mChoiceAt(mf.chp, level) = mChoice{cur, 0}
		mf.st.Updates += coverC(mf.base, mf.cbase, best)
	} else {
		bi.bound--
		*mChoiceAt(mf.chp, level) = mChoice{cur, cur}
		if bi.bound == 0 {
			mf.st.Updates += coverC(mf.base, mf.cbase, best)
		}
	}

advance: // M5: try cur, or back up when it is off limits
	if bi := mAt(mf.mb, best); bi.bound == 0 && bi.slack == 0 {
		if cur == best {
			goto backup
		}
	} else if cat(mf.base, best).itm <= bi.bound-bi.slack {
		goto backup
	} else if cur != best {
		mf.st.Updates += tweakM(mf.base, cur, bi.bound != 0)
	} else if bi.bound != 0 {
		deactivateAt(mf.cbase, best) // the null choice
	}
	if cur > mf.n {
		// M6: commit the other items of the option.
		u, c := mCommit(mf.base, mf.cbase, mf.mb, cur, mf.np)
		mf.st.Updates += u
		mf.st.Cleansings += c
	}
	if itemAt(mf.cbase, 0).next == 0 && level+1 != mf.splitDepth {
		// No active primary item is left: a solution, which the next
		// level's M2 counts as a node and its M3 finds; the same
		// counts without entering it.
		mf.st.Nodes++
		mf.st.Solutions++
		if mf.cfg.Visit != nil || mf.st.Solutions >= mf.limit {
			if mf.found(level + 1) {
				goto done
			}
		}
		goto resume
	}
	level++
	if level == mf.splitDepth && !mf.sp.enter(mf.st) {
		level--
		goto resume
	}
	goto forward

backup: // M8: restore best
	if bi := mAt(mf.mb, best); bi.bound == 0 && bi.slack == 0 {
		uncoverC(mf.base, mf.cbase, best)
		bi.bound = 1
	} else if bi.bound != 0 {
		untweakBlocked(mf.base, best, mChoiceAt(mf.chp, level).first)
		bi.bound++
	} else {
		untweakCovered(mf.base, best, mChoiceAt(mf.chp, level).first)
		bi.bound = 1
	}

backdown: // M9: leave the level
	if level == mf.splitDepth {
		mf.sp.leave(mf.st)
	}
	if level == 0 {
		goto done
	}
	level--

resume: // M7: undo the choice at level and try the next one
	cur = mChoiceAt(mf.chp, level).cur
	if cur <= mf.n {
		// The null choice was the last one.
		best = cur
		reactivateAt(mf.cbase, best)
		goto backup
	}
	best = uint32(cat(mf.base, cur).itm)
	mUncommit(mf.base, mf.cbase, mf.mb, cur, mf.np)
	cur = cat(mf.base, cur).down
	mChoiceAt(mf.chp, level).cur = cur
	goto advance

found: // a solution: the options chosen
	mf.st.Solutions++
	if mf.cfg.Visit != nil || mf.st.Solutions >= mf.limit {
		if mf.found(level) {
			goto done
		}
	}
	goto backdown

done:
	if sp != nil {
		sp.finish(mf.st)
	}
	return mf.st, mf.err
}

// mChoose is step M3 of runMFast: the active primary item of least
// branching degree len + min(slack, bound) − bound + 1, the smaller
// min(slack, bound) among equals, then the longer list, then the leftmost
// (dlx3's rule). It returns 0 when no primary item is active, and the
// item plus 2³¹ when its degree is ≤ 0 (a dead end).
func mChoose(base, cbase, mb unsafe.Pointer) uint32 {
	var best uint32
	score, bs, bl := int64(math.MaxInt64), int32(0), int32(0)
	for k := itemAt(cbase, 0).next; k != 0; k = itemAt(cbase, k).next {
		b := mAt(mb, k)
		sl := min(b.slack, b.bound)
		ln := cat(base, k).itm
		t := int64(ln) + int64(sl) - int64(b.bound) + 1
		if t <= score && (t < score || sl < bs || (sl == bs && ln > bl)) {
			best, score, bs, bl = k, t, sl, ln
		}
	}
	if best != 0 && score <= 0 {
		return best | 1<<31
	}
	return best
}

// mChoice is one level of runMFast: the option (node) tried, and the
// first node tweaked at the level (0: the item was covered, not tweaked).
type mChoice struct{ cur, first uint32 }

// mChoiceAt returns entry l of the slice whose first entry is at base.
func mChoiceAt(base unsafe.Pointer, l int) *mChoice {
	return (*mChoice)(unsafe.Add(base, uintptr(l)*unsafe.Sizeof(mChoice{})))
}

// deactivateAt removes item c from the list of active items.
func deactivateAt(cbase unsafe.Pointer, c uint32) {
	ci := itemAt(cbase, c)
	itemAt(cbase, ci.prev).next = ci.next
	itemAt(cbase, ci.next).prev = ci.prev
}

// reactivateAt puts item c back into the list of active items.
func reactivateAt(cbase unsafe.Pointer, c uint32) {
	ci := itemAt(cbase, c)
	itemAt(cbase, ci.prev).next = c
	itemAt(cbase, ci.next).prev = c
}

// tweakM is tweak (see links.tweak) on the nodes at base; it returns the
// updates.
func tweakM(base unsafe.Pointer, n uint32, block bool) uint64 {
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
	return upd
}

// mfast is what runMFast needs besides its loop's variables.
type mfast struct {
	search
	st         Stats
	nd         []cnode
	n          uint32
	np         int32
	splitDepth int
	bs         []mItem
	ch         []mChoice
	// The bases of nd, the active items, bs and ch, read through
	// unsafe pointers in the loop (every index is a link or a level
	// within bounds by construction), kept here rather than in the
	// loop's registers.
	base, cbase, mb, chp unsafe.Pointer
	sol                  []int
	err                  error
}

// checkpoint looks at the context and reports progress; it reports whether
// the search must stop (mf.err then says why).
func (mf *mfast) checkpoint(level int) bool {
	if mf.err = mf.due(mf.st.Nodes, mf.st.Updates); mf.err != nil {
		return true
	}
	if mf.reportDue() {
		choice, first := make([]uint32, level), make([]uint32, level)
		for i, c := range mf.ch[:level] {
			choice[i], first[i] = c.cur, c.first
		}
		mf.report(mf.st, level, estimateM(mf.nd, mf.n, choice, first))
	}
	return false
}

// found visits the solution made of the options chosen at levels
// 0..level-1 (null choices left out), counted already; it reports whether
// the search must stop.
func (mf *mfast) found(level int) bool {
	if mf.cfg.Visit != nil && mf.visits() {
		mf.sol = mf.sol[:0]
		for _, c := range mf.ch[:level] {
			if c.cur > mf.n {
				mf.sol = append(mf.sol, optionOfC(mf.nd, c.cur))
			}
		}
		if !mf.cfg.Visit(mf.sol) {
			return true
		}
	}
	return mf.st.Solutions >= mf.limit
}
