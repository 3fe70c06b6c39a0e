package count

import (
	"context"
	"fmt"
	"hash/fnv"
	"sync/atomic"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
	"github.com/qtool-project/qtool/split"
)

// DomainMethod names the split of DomainPlan in records and checkpoints.
const DomainMethod = "domains"

// DomainVersion identifies the split of DomainPlan (the order of the
// domains, the rows fixed, the order of the subproblems).
const DomainVersion = 1

// DomainMaxN is the largest order DomainPlan accepts: ConstellationMaxN,
// for the same reason (the largest known count, safely in a uint64).
const DomainMaxN = ConstellationMaxN

// DomainPlan is the split of BitmaskCount with full symmetry (Takaken's
// method, see BitmaskFull) as a Plan: every class of solutions falls in
// one domain, a corner domain (queen at (0,0), column a in row 1) or an
// edge domain (queen of row 0 in column t, the other edges' queens at
// least t from their corners), and a subproblem is a domain with the
// columns of its first rows fixed (3 rows, 4 from n = 14, 5 from n = 18). It is the
// fastest split of this package; its subproblems are listed in the order
// of the domains and of the fixed columns. Boards below n = 4 are one
// subproblem, counted by enumeration.
//
// Memory: 9 bytes a subproblem here, about 100 with its result in a
// caller's map: 1 MB at n = 16, 10 MB at n = 18, 22 MB at n = 20, 160 MB
// at n = 27 (1.6·10⁶ subproblems), so every accepted n fits.
type DomainPlan struct {
	n    int
	doms *search.BitmaskDomains // nil below n = 4
	hash uint64
}

// NewDomainPlan lists the subproblems of order n, 1 ≤ n ≤ DomainMaxN.
func NewDomainPlan(n int) (*DomainPlan, error) {
	if n < 1 || n > DomainMaxN {
		return nil, fmt.Errorf("count: the domain split handles 1 ≤ n ≤ %d (the largest order whose count is known and safely within uint64), got n = %d", DomainMaxN, n)
	}
	p := &DomainPlan{n: n}
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d n=%d;", DomainMethod, DomainVersion, n)
	if n >= 4 {
		p.doms = search.NewBitmaskDomains(n, domainDepth(n))
		for i := range p.doms.Len() {
			d := p.doms.Domain(i)
			h.Write([]byte{byte(d.Kind), byte(d.Param), byte(len(d.Pre))})
			for _, c := range d.Pre {
				h.Write([]byte{byte(c)})
			}
		}
	}
	p.hash = h.Sum64()
	return p, nil
}

// domainDepth is the number of rows a subproblem of order n fixes: enough
// for 10³ subproblems at n = 14 and 10⁵ to 10⁶ from n = 18 on, so that a thousand
// shards get a fair share each.
func domainDepth(n int) int {
	switch {
	case n < 14:
		return min(n-1, 3)
	case n < 18:
		return 4
	}
	return search.BitmaskDomainsMaxDepth
}

// N is the order of the plan.
func (p *DomainPlan) N() int { return p.n }

// Method is DomainMethod.
func (p *DomainPlan) Method() string { return DomainMethod }

// Unique is true: the parts count the fundamental solutions too.
func (p *DomainPlan) Unique() bool { return true }

// Version is DomainVersion.
func (p *DomainPlan) Version() int { return DomainVersion }

// Depth is the number of rows each subproblem fixes.
func (p *DomainPlan) Depth() int {
	if p.doms == nil {
		return 0
	}
	return p.doms.Depth()
}

// Subproblems is the number of subproblems.
func (p *DomainPlan) Subproblems() int {
	if p.doms == nil {
		return 1
	}
	return p.doms.Len()
}

// Identity names the split: method/version, n, depth, the number of
// subproblems and an FNV-1a hash of their list.
func (p *DomainPlan) Identity() string {
	return split.Identity{Method: DomainMethod, Version: DomainVersion, N: p.n, Depth: p.Depth(), Subproblems: p.Subproblems(), Hash: p.hash}.String()
}

// Describe names subproblem id: its domain and fixed columns, e.g.
// "edge t=2 cols 2,0,5,7".
func (p *DomainPlan) Describe(id int) string {
	if id < 0 || id >= p.Subproblems() {
		return fmt.Sprintf("no subproblem %d", id)
	}
	if p.doms == nil {
		return "whole board"
	}
	s := p.doms.Domain(id)
	kind := "edge t"
	if s.Kind == search.BitmaskCornerDomain {
		kind = "corner a"
	}
	d := fmt.Sprintf("%s=%d cols", kind, s.Param)
	for i, c := range s.Pre {
		sep := ","
		if i == 0 {
			sep = " "
		}
		d += fmt.Sprintf("%s%d", sep, c)
	}
	return d
}

// Shard returns the ids of slice i of m (see shardIDs).
func (p *DomainPlan) Shard(i, m int) ([]int, error) { return shardIDs(p.Subproblems(), i, m) }

func (p *DomainPlan) newCounter(stop *atomic.Bool) planCounter {
	c := &domainCounter{plan: p, stop: stop}
	if p.doms != nil {
		c.w = p.doms.Counter(stop)
	}
	return c
}

type domainCounter struct {
	plan *DomainPlan
	w    *search.BitmaskDomainCounter
	stop *atomic.Bool
}

func (c *domainCounter) countPart(id int) (Part, bool) {
	p := c.plan
	if p.doms == nil {
		// n < 4: enumerate and classify.
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		st, err := search.BitmaskCount(ctx, encode.Empty(p.n), search.BitmaskOptions{Workers: 1, Unique: true})
		if err != nil {
			return Part{}, false
		}
		return Part{ID: id, Solutions: st.Solutions, Unique: st.Unique, Nodes: st.Nodes}, true
	}
	total, unique, nodes := c.w.Count(id)
	if c.stop.Load() {
		return Part{}, false // possibly cut short: not reported
	}
	return Part{ID: id, Solutions: total, Unique: unique, Nodes: nodes}, true
}
