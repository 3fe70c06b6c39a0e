package search

import "sync/atomic"

// BitmaskDomainsMaxDepth is the most rows a subproblem of BitmaskDomains
// may fix.
const BitmaskDomainsMaxDepth = bitmaskMaxSplit

// The kinds of a BitmaskDomain.
const (
	// BitmaskCornerDomain: a queen at (0,0) and the queen of row 1 in
	// column Param.
	BitmaskCornerDomain = bitmaskCorner
	// BitmaskEdgeDomain: no corner queen, the queen of row 0 in column
	// Param and the other edges' queens at least Param squares from
	// their corners.
	BitmaskEdgeDomain = bitmaskEdge
)

// BitmaskDomains is the split of BitmaskCount's count of the empty board
// with full symmetry (Takaken's method, see BitmaskFull) into its
// subproblems: every class of solutions falls in one domain, a corner
// domain or an edge domain, and a subproblem is a domain with the columns
// of its first Depth rows fixed, listed in the order of the domains and of
// the fixed columns. It is the door of the counting plans (count.DomainPlan)
// to this package's symmetric counter.
type BitmaskDomains struct {
	prob *bitmaskSymProb
	subs []bitmaskSub
}

// A BitmaskDomain is one subproblem of BitmaskDomains.
type BitmaskDomain struct {
	Kind  int    // BitmaskCornerDomain or BitmaskEdgeDomain
	Param int    // corner: the column of row 1; edge: the column of row 0
	Pre   []int8 // the columns of the rows fixed, from row 0 (shared: do not modify)
}

// NewBitmaskDomains lists the subproblems of order n, 4 ≤ n ≤ BitmaskMaxN,
// that fix depth rows, 1 ≤ depth ≤ min(n−1, BitmaskDomainsMaxDepth); it
// panics outside these bounds.
func NewBitmaskDomains(n, depth int) *BitmaskDomains {
	if n < 4 || n > BitmaskMaxN || depth < 1 || depth > min(n-1, bitmaskMaxSplit) {
		panic("search: NewBitmaskDomains: n or depth out of range")
	}
	d := &BitmaskDomains{prob: &bitmaskSymProb{n: n, depth: depth}}
	d.subs, _ = d.prob.split()
	return d
}

// Len is the number of subproblems.
func (d *BitmaskDomains) Len() int { return len(d.subs) }

// Depth is the number of rows each subproblem fixes.
func (d *BitmaskDomains) Depth() int { return d.prob.depth }

// Domain is subproblem i.
func (d *BitmaskDomains) Domain(i int) BitmaskDomain {
	s := &d.subs[i]
	return BitmaskDomain{Kind: int(s.kind), Param: int(s.param), Pre: s.pre[:s.depth:s.depth]}
}

// BitmaskDomainCounter counts subproblems of a BitmaskDomains on one
// goroutine.
type BitmaskDomainCounter struct {
	d *BitmaskDomains
	w *bitmaskWorker
}

// Counter returns a counter that gives up soon after stop is set (nil:
// never).
func (d *BitmaskDomains) Counter(stop *atomic.Bool) *BitmaskDomainCounter {
	return &BitmaskDomainCounter{d: d, w: newBitmaskWorker(stop)}
}

// Count counts subproblem i: its solutions, the fundamental ones among them
// and the nodes. The figures are cut short, and meaningless, when stop was
// set during the count.
func (c *BitmaskDomainCounter) Count(i int) (solutions, unique, nodes uint64) {
	c.w.nodes = 0
	r := c.d.prob.count(c.w, &c.d.subs[i])
	return r.total, r.unique, r.nodes
}
