package dlx

import (
	"container/heap"
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
)

// costNode is a node of the minimum-cost search: dlx2's node with the net
// cost of its option (DLX5 keeps the cost in every node of the option, so
// that a list is cut off at a cost without reaching the option's spacer).
type costNode struct {
	up, down, itm, color int32
	cost                 uint64
}

// costLinks is the state of the minimum-cost search.
type costLinks struct {
	nd         []costNode
	cl         []item
	n          int32 // nodes 1..n are the item headers
	np         int32 // items 1..np are primary
	length     []int32
	updates    uint64
	cleansings uint64
}

// lenThresh is DLX5's default lookahead when it counts the usable options
// of an item (its parameter h): beyond this many, the item's length stands
// for the count.
const lenThresh = 10

// Best finds the k cheapest solutions of the problem (Knuth's DLX5, TAOCP
// 7.2.2.1, exercise 7.2.2.1–(cost)): options carry costs (SetCost, "|n" in
// the text), and the search keeps the k best costs found so far, cutting
// off every partial solution whose cost reaches the k-th. As DLX5 does, it
// first taxes each primary item with the least cost of its options (so
// that each item has an option of net cost 0 and the net cost of a partial
// solution bounds what is left), sorts every item's list by net cost, then
// runs Algorithm C in which covering and purifying only touch the options
// cheap enough to matter, and the item chosen is the one with the fewest
// usable options, the dearest cheapest option among equals. The solutions
// come back in nondecreasing cost (ties in the order found); Stats counts
// nodes, updates and cleansings as DLX5 does, and Solutions the solutions
// that improved on the k-th best when they were found (DLX5's count). It
// searches with one worker and refuses bounds. cfg.Limit, cfg.Progress and
// the context are honoured; other fields of cfg are ignored.
func (p *Matrix) Best(ctx context.Context, k int, cfg Config) ([]CostSolution, Stats, error) {
	switch {
	case k < 1:
		return nil, Stats{}, fmt.Errorf("dlx: Best needs k ≥ 1, got %d", k)
	case p.HasBounds():
		return nil, Stats{}, errCostBounds
	case p.primary == 0:
		return []CostSolution{{}}, Stats{Nodes: 1, Solutions: 1}, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, Stats{}, err
	}
	l, tax, nodeOpt := p.newCostLinks()
	sr := newSearch(ctx, cfg, nil)
	nd, cl := l.nd, l.cl
	first := l.n + 2 // the first node of an option; below it, headers and the first spacer
	var (
		level                  int
		best, cur, t           int32
		curcost, nextcost, tmp uint64
		nodes, count           uint64
		err                    error
		found                  costHeap
		seq                    int
	)
	choice := make([]int32, p.primary+1)
	partcost := make([]uint64, p.primary+1)
	thresh0 := make([]uint64, p.primary+1)
	thresh := make([]uint64, p.primary+1)
	cutoff := uint64(math.MaxUint64)
	stats := func() Stats {
		return Stats{Solutions: count, Nodes: nodes, Updates: l.updates, Cleansings: l.cleansings}
	}

forward:
	nodes++
	if nodes >= sr.nodeCheck || l.updates >= sr.updateCheck {
		if err = sr.due(nodes, l.updates); err != nil {
			goto done
		}
		if sr.reportDue() {
			sr.report(stats(), level, 0)
		}
	}
	// The item to branch on: fewest usable options (those whose net cost
	// keeps the partial solution below the cutoff), then the dearest
	// cheapest option, then the leftmost.
	t, tmp = math.MaxInt32, 0
	for k := cl[0].next; k != 0; k = cl[k].next {
		q := nd[k].down
		if q == int32(k) {
			t, best = 0, int32(k)
			break
		}
		minc := nd[q].cost
		if minc >= cutoff-curcost {
			t, best = 0, int32(k)
			break
		}
		s := int32(1)
		for q = nd[q].down; ; q, s = nd[q].down, s+1 {
			if q < first || nd[q].cost >= cutoff-curcost {
				break
			}
			if s == t {
				goto noChange
			}
			if s >= lenThresh {
				s = l.length[k]
				break
			}
		}
		if s < t || (s == t && minc > tmp) {
			t, best, tmp = s, int32(k), minc
		}
	noChange:
	}
	if t == 0 {
		goto backdown
	}
	partcost[level] = curcost
	cur = nd[best].down
	choice[level] = cur
	nextcost = curcost + nd[cur].cost
	thresh0[level] = cutoff - nextcost
	l.cover(best, thresh0[level])

advance:
	thresh[level] = cutoff - nextcost
	for pp := cur + 1; pp != cur; {
		x := nd[pp].itm
		if x <= 0 {
			pp = nd[pp].up
			continue
		}
		switch c := nd[pp].color; {
		case c == 0:
			l.cover(x, thresh[level])
		case c > 0:
			l.purify(pp, thresh[level])
		}
		pp++
	}
	if cl[0].next == 0 {
		// A solution, cheaper than the k-th best so far.
		nodes++
		count++
		sol := make([]int, level+1)
		for i, q := range choice[:level+1] {
			sol[i] = int(nodeOpt[q])
		}
		heap.Push(&found, costEntry{CostSolution{sol, nextcost}, seq})
		seq++
		if found.Len() > k {
			heap.Pop(&found)
		}
		if found.Len() == k {
			cutoff = found.entries[0].Cost
		}
		if count >= sr.limit {
			goto done
		}
		goto recover
	}
	level++
	curcost = nextcost
	goto forward

backup:
	l.uncover(best, thresh0[level])
backdown:
	if level == 0 {
		goto done
	}
	level--
	cur = choice[level]
	best = nd[cur].itm
	curcost = partcost[level]
recover:
	for pp := cur - 1; pp != cur; {
		x := nd[pp].itm
		if x <= 0 {
			pp = nd[pp].down
			continue
		}
		switch c := nd[pp].color; {
		case c == 0:
			l.uncover(x, thresh[level])
		case c > 0:
			l.unpurify(pp, thresh[level])
		}
		pp--
	}
	cur = nd[cur].down
	choice[level] = cur
	if cur == best {
		goto backup
	}
	nextcost = curcost + nd[cur].cost
	if nextcost >= cutoff {
		goto backup
	}
	goto advance

done:
	out := make([]CostSolution, found.Len())
	ents := slices.Clone(found.entries)
	sort.Slice(ents, func(i, j int) bool {
		if ents[i].Cost != ents[j].Cost {
			return ents[i].Cost < ents[j].Cost
		}
		return ents[i].seq < ents[j].seq
	})
	for i, e := range ents {
		out[i] = e.CostSolution
		out[i].Cost += tax
	}
	return out, stats(), err
}

// newCostLinks builds the links of the minimum-cost search: a copy of p's
// matrix with the net cost of each option in its nodes, each primary item
// taxed by its cheapest option (in the order of the items), and each
// item's list sorted by net cost, stably. It returns the links, the total
// tax and the option of each node.
func (p *Matrix) newCostLinks() (*costLinks, uint64, []int32) {
	n := int32(len(p.names))
	l := &costLinks{nd: make([]costNode, len(p.nodes)), cl: slices.Clone(p.items), n: n, np: int32(p.primary)}
	net := make([]uint64, len(p.first))
	for o := range net {
		net[o] = p.Cost(o)
	}
	nodeOpt := make([]int32, len(p.nodes))
	for o, q := range p.first {
		for ; p.nodes[q].itm > 0; q++ {
			nodeOpt[q] = int32(o)
		}
	}
	tax := uint64(0)
	for k := int32(1); k <= int32(p.primary); k++ {
		minc := uint64(math.MaxUint64)
		for q := p.nodes[k].down; q != uint32(k); q = p.nodes[q].down {
			minc = min(minc, net[nodeOpt[q]])
		}
		if minc == math.MaxUint64 || minc == 0 {
			continue
		}
		tax += minc
		for q := p.nodes[k].down; q != uint32(k); q = p.nodes[q].down {
			net[nodeOpt[q]] -= minc
		}
	}
	for q, x := range p.nodes {
		c := costNode{up: int32(x.up), down: int32(x.down), itm: x.itm}
		if x.itm > 0 && int32(q) > n+1 {
			c.cost = net[nodeOpt[q]]
			if p.colors != nil {
				c.color = p.colors[q]
			}
		}
		l.nd[q] = c
	}
	// Sort each item's list by net cost, stably.
	l.length = make([]int32, n+1)
	var list []int32
	for k := int32(1); k <= n; k++ {
		list = list[:0]
		for q := l.nd[k].down; q != k; q = l.nd[q].down {
			list = append(list, q)
		}
		sort.SliceStable(list, func(i, j int) bool { return l.nd[list[i]].cost < l.nd[list[j]].cost })
		prev := k
		for _, q := range list {
			l.nd[prev].down = q
			l.nd[q].up = prev
			prev = q
		}
		l.nd[prev].down = k
		l.nd[k].up = prev
		l.length[k] = int32(len(list))
		l.nd[k].itm = 0
	}
	return l, tax, nodeOpt
}

// hide unlinks the other nodes of rr's option from their lists (skipping
// nodes whose colour is satisfied), one update each.
func (l *costLinks) hide(rr int32) {
	nd := l.nd
	for nn := rr + 1; nn != rr; {
		if nd[nn].color >= 0 {
			u, d, x := nd[nn].up, nd[nn].down, nd[nn].itm
			if x <= 0 {
				nn = u
				continue
			}
			nd[u].down = d
			nd[d].up = u
			l.updates++
			if x <= l.np {
				l.length[x]--
			}
		}
		nn++
	}
}

// unhide undoes hide(rr), in the same order (DLX5 shows that the order
// does not matter).
func (l *costLinks) unhide(rr int32) {
	nd := l.nd
	for nn := rr + 1; nn != rr; {
		if nd[nn].color >= 0 {
			u, d, x := nd[nn].up, nd[nn].down, nd[nn].itm
			if x <= 0 {
				nn = u
				continue
			}
			nd[u].down = nn
			nd[d].up = nn
			if x <= l.np {
				l.length[x]++
			}
		}
		nn++
	}
}

// cover deactivates item c and hides the options of its list whose net
// cost is below thresh (the others can never be used).
func (l *costLinks) cover(c int32, thresh uint64) {
	nd, cl := l.nd, l.cl
	lt, rt := cl[c].prev, cl[c].next
	cl[lt].next, cl[rt].prev = rt, lt
	l.updates++
	for rr := nd[c].down; rr > l.n+1; rr = nd[rr].down {
		if nd[rr].cost >= thresh {
			break
		}
		l.hide(rr)
	}
}

// uncover undoes cover(c, thresh), with the same threshold.
func (l *costLinks) uncover(c int32, thresh uint64) {
	nd, cl := l.nd, l.cl
	for rr := nd[c].down; rr > l.n+1; rr = nd[rr].down {
		if nd[rr].cost >= thresh {
			break
		}
		l.unhide(rr)
	}
	lt, rt := cl[c].prev, cl[c].next
	cl[lt].next, cl[rt].prev = uint32(c), uint32(c)
}

// purify hides the options below thresh that give node p's item another
// colour and marks the others of p's colour as satisfied.
func (l *costLinks) purify(p int32, thresh uint64) {
	nd := l.nd
	cc, x := nd[p].itm, nd[p].color
	l.cleansings++
	for rr := nd[cc].down; rr > l.n+1; rr = nd[rr].down {
		if nd[rr].cost >= thresh {
			break
		}
		if nd[rr].color != x {
			l.hide(rr)
		} else if rr != p {
			l.cleansings++
			nd[rr].color = -1
		}
	}
}

// unpurify undoes purify(p, thresh).
func (l *costLinks) unpurify(p int32, thresh uint64) {
	nd := l.nd
	cc, x := nd[p].itm, nd[p].color
	for rr := nd[cc].down; rr > l.n+1; rr = nd[rr].down {
		if nd[rr].cost >= thresh {
			break
		}
		if nd[rr].color < 0 {
			nd[rr].color = x
		} else if rr != p {
			l.unhide(rr)
		}
	}
}

// costEntry is a solution found, with its rank in the order found.
type costEntry struct {
	CostSolution
	seq int
}

// costHeap holds the k best solutions found so far, the dearest (the
// latest among equals) on top: the cutoff.
type costHeap struct{ entries []costEntry }

func (h *costHeap) Len() int { return len(h.entries) }
func (h *costHeap) Less(i, j int) bool {
	a, b := h.entries[i], h.entries[j]
	if a.Cost != b.Cost {
		return a.Cost > b.Cost
	}
	return a.seq > b.seq
}
func (h *costHeap) Swap(i, j int) { h.entries[i], h.entries[j] = h.entries[j], h.entries[i] }
func (h *costHeap) Push(x any)    { h.entries = append(h.entries, x.(costEntry)) }
func (h *costHeap) Pop() any {
	e := h.entries[len(h.entries)-1]
	h.entries = h.entries[:len(h.entries)-1]
	return e
}
