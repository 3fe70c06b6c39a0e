package dlx

import (
	"context"
	"math"
	"slices"
	"time"
)

// Stats counts the work of a search the way dlx1 counts it, so that the
// figures can be compared with Knuth's programs on the same input.
type Stats struct {
	// Solutions is the number of solutions found.
	Solutions uint64
	// Nodes is the number of nodes of the search tree: one for each entry
	// into a level, and one for each solution (dlx1's "nodes").
	Nodes uint64
	// Updates is the number of link updates: one for each item removed
	// from its list by cover and one for each node hidden (dlx1's
	// "updates").
	Updates uint64
}

// Progress is a snapshot of a running search, for progress reports.
type Progress struct {
	Stats
	// Level is the depth of the search: the number of options chosen.
	Level int
	// Done estimates the fraction of the search tree already explored, as
	// dlx1 does from the position of each choice among its siblings
	// (Knuth's "progress report"). It is a crude estimate, in [0, 1).
	Done float64
	// Elapsed is the time since the search started.
	Elapsed time.Duration
}

// Config controls a search run by Problem.Run.
type Config struct {
	// Visit, when not nil, is called with each solution: the numbers of the
	// chosen options, in the order they were chosen. The slice is reused:
	// it is valid only during the call. Returning false stops the search.
	// When Visit is nil the solutions are only counted.
	Visit func(options []int) bool
	// Limit stops the search after this many solutions (0: no limit).
	Limit uint64
	// Progress, when not nil, is called from the searching goroutine about
	// once per Interval.
	Progress func(Progress)
	// Interval between progress reports; 0 means one second.
	Interval time.Duration
}

// How often the search looks at its context and its clock: after this many
// nodes or this many updates, whichever comes first. Both are far from the
// inner loop, and short enough for a prompt stop.
const (
	checkNodes   = 1 << 10
	checkUpdates = 1 << 16
)

// Solve runs Algorithm X on the problem and calls visit with each solution
// (see Config.Visit); visit returning false stops the search. It returns
// what the search did, and ctx.Err() when the context ended the search early
// (the statistics are then those of the part explored).
func (p *Problem) Solve(ctx context.Context, visit func(options []int) bool) (Stats, error) {
	return p.Run(ctx, Config{Visit: visit})
}

// Count returns the number of solutions without materialising any.
func (p *Problem) Count(ctx context.Context) (uint64, Stats, error) {
	st, err := p.Run(ctx, Config{})
	return st.Solutions, st, err
}

// Run is Algorithm X with dancing links, TAOCP 7.2.2.1, as implemented by
// Knuth's dlx1: at each level the search covers the primary item with the
// fewest remaining options (ties go to the leftmost item, the MRV
// heuristic), then tries each option in its list in turn, covering the
// option's other items, descending, and uncovering on the way back. It works
// on a copy of the links, so the problem is left untouched. It returns the
// statistics of the search, and ctx.Err() when the context ended it early.
//
// See D. E. Knuth, The Art of Computer Programming, Volume 4B, Section
// 7.2.2.1 (Addison-Wesley, 2022), and "Dancing links", arXiv:cs/0011047.
func (p *Problem) Run(ctx context.Context, cfg Config) (Stats, error) {
	var st Stats
	if err := ctx.Err(); err != nil {
		return st, err
	}
	if p.primary == 0 {
		// Every primary item is covered at level 0: the empty set of
		// options is the one solution (Algorithm X, step X2).
		st.Nodes, st.Solutions = 1, 1
		if cfg.Visit != nil {
			cfg.Visit(nil)
		}
		return st, nil
	}

	nd := slices.Clone(p.nodes)
	cl := slices.Clone(p.items)
	choice := make([]uint32, p.primary+1) // choice[l]: the option node tried at level l
	visit := cfg.Visit
	var sol []int
	if visit != nil {
		sol = make([]int, 0, p.primary)
	}
	limit := cfg.Limit
	if limit == 0 {
		limit = math.MaxUint64
	}
	start := time.Now()
	interval := cfg.Interval
	if interval <= 0 {
		interval = time.Second
	}
	nextReport := start.Add(interval)

	var (
		level            int
		best, cur, pp, k uint32
		x, t             int32
		nodes, updates   uint64
		count            uint64
		nodeCheck        = uint64(checkNodes)
		updateCheck      = uint64(checkUpdates)
		err              error
	)

forward: // X2: enter a new level
	nodes++
	if nodes >= nodeCheck || updates >= updateCheck {
		nodeCheck, updateCheck = nodes+checkNodes, updates+checkUpdates
		if err = ctx.Err(); err != nil {
			goto done
		}
		if cfg.Progress != nil {
			if now := time.Now(); now.After(nextReport) {
				nextReport = now.Add(interval)
				cfg.Progress(Progress{
					Stats:   Stats{Solutions: count, Nodes: nodes, Updates: updates},
					Level:   level,
					Done:    estimate(nd, choice[:level]),
					Elapsed: now.Sub(start),
				})
			}
		}
	}
	// X3: choose the item with the fewest remaining options, leftmost
	// among equals.
	t = math.MaxInt32
	for k = cl[0].next; k != 0; k = cl[k].next {
		if nd[k].itm < t {
			best, t = k, nd[k].itm
			if t == 0 {
				break
			}
		}
	}
	// X4: cover it.
	updates += cover(nd, cl, best)
	cur = nd[best].down
	choice[level] = cur

advance: // X5: try option cur
	if cur == best {
		goto backup
	}
	for pp = cur + 1; pp != cur; {
		x = nd[pp].itm
		if x <= 0 {
			pp = nd[pp].up
		} else {
			updates += cover(nd, cl, uint32(x))
			pp++
		}
	}
	if cl[0].next == 0 {
		// Every primary item is covered: a solution, which dlx1 counts
		// as a node of the tree too.
		nodes++
		count++
		if visit != nil {
			sol = sol[:0]
			for _, c := range choice[:level+1] {
				sol = append(sol, optionOf(nd, c))
			}
			if !visit(sol) {
				goto done
			}
		}
		if count >= limit {
			goto done
		}
		goto recover
	}
	level++
	goto forward

backup: // X7: no more options for this item
	uncover(nd, cl, best)
	if level == 0 {
		goto done
	}
	level--
	cur = choice[level]
	best = uint32(nd[cur].itm)

recover: // X6: undo option cur and try the next one
	for pp = cur - 1; pp != cur; {
		x = nd[pp].itm
		if x <= 0 {
			pp = nd[pp].down
		} else {
			uncover(nd, cl, uint32(x))
			pp--
		}
	}
	cur = nd[cur].down
	choice[level] = cur
	goto advance

done:
	st = Stats{Solutions: count, Nodes: nodes, Updates: updates}
	return st, err
}

// cover removes item c from the list of active items and hides every option
// in its list (Knuth's cover, with hide written out). It returns the number
// of updates: one for the item and one for each node hidden.
func cover(nd []node, cl []item, c uint32) uint64 {
	l, r := cl[c].prev, cl[c].next
	cl[l].next = r
	cl[r].prev = l
	upd := uint64(1)
	for p := nd[c].down; p != c; p = nd[p].down {
		// hide(p): unlink the other nodes of p's option from their items.
		for q := p + 1; q != p; {
			x := nd[q].itm
			if x <= 0 { // a spacer: back to the start of the option
				q = nd[q].up
				continue
			}
			u, d := nd[q].up, nd[q].down
			nd[u].down = d
			nd[d].up = u
			nd[uint32(x)].itm--
			upd++
			q++
		}
	}
	return upd
}

// uncover undoes cover(c), in the reverse order (Knuth's uncover, with
// unhide written out).
func uncover(nd []node, cl []item, c uint32) {
	for p := nd[c].up; p != c; p = nd[p].up {
		// unhide(p)
		for q := p - 1; q != p; {
			x := nd[q].itm
			if x <= 0 {
				q = nd[q].down
				continue
			}
			u, d := nd[q].up, nd[q].down
			nd[u].down = q
			nd[d].up = q
			nd[uint32(x)].itm++
			q--
		}
	}
	l, r := cl[c].prev, cl[c].next
	cl[l].next = c
	cl[r].prev = c
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
