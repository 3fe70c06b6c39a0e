package partition

import (
	"context"
	"fmt"

	"github.com/qtool-project/qtool/dlx"
)

// Symmetry is a symmetry of the square board of order 2 (an involution):
// it maps a solution to a solution.
type Symmetry int

// The involutions of the board searched by Symmetric.
const (
	// MirrorColumns maps column c to n−1−c.
	MirrorColumns Symmetry = iota
	// Rotate180 maps square (r, c) to (n−1−r, n−1−c).
	Rotate180
	// Transpose maps square (r, c) to (c, r).
	Transpose
)

// String names the symmetry as the command line does.
func (g Symmetry) String() string {
	switch g {
	case MirrorColumns:
		return "mirror"
	case Rotate180:
		return "rotate180"
	case Transpose:
		return "transpose"
	}
	return fmt.Sprintf("Symmetry(%d)", int(g))
}

// ParseSymmetry returns the symmetry of that name (String: mirror,
// rotate180 or transpose), and false for another name.
func ParseSymmetry(name string) (Symmetry, bool) {
	for _, g := range []Symmetry{MirrorColumns, Rotate180, Transpose} {
		if g.String() == name {
			return g, true
		}
	}
	return 0, false
}

// Apply returns the image of s under g.
func (g Symmetry) Apply(s Solution) Solution {
	n := len(s)
	t := make(Solution, n)
	for r, c := range s {
		switch g {
		case MirrorColumns:
			t[r] = n - 1 - c
		case Rotate180:
			t[n-1-r] = n - 1 - c
		case Transpose:
			t[c] = r
		}
	}
	return t
}

// Symmetric searches only the partitions that g maps onto themselves,
// as an exact cover (package dlx) whose options are the orbits of g: a
// solution that g fixes, or a solution with its image when the two share
// no square (a pair that shares one cannot both be members). A partition
// is then about n/2 choices of orbits instead of n choices of solutions,
// at the price of finding only symmetric partitions: a count here is a
// lower bound on Cover's (every partition it finds is one of Cover's),
// and finding none proves nothing. visit is as for Cover, with the
// members of the whole partition.
func Symmetric(ctx context.Context, n int, sols []Solution, g Symmetry, visit func(members []int) bool) (Stats, error) {
	if err := check(n, sols); err != nil {
		return Stats{}, err
	}
	index := make(map[string]int, len(sols))
	key := func(s Solution) string { return fmt.Sprint([]int(s)) }
	for i, s := range sols {
		index[key(s)] = i
	}
	p, err := cellProblem(n)
	if err != nil {
		return Stats{}, err
	}
	var orbits [][]int
	for i, s := range sols {
		j, ok := index[key(g.Apply(s))]
		if !ok {
			return Stats{}, fmt.Errorf("partition: the image of solution %d under %v is not in the list", i, g)
		}
		if j < i {
			continue
		}
		cells := make([]int, 0, 2*n)
		used := make(map[int]bool, 2*n)
		shared := false
		ks := []int{i}
		if j != i {
			ks = append(ks, j)
		}
		for _, k := range ks {
			for r, c := range sols[k] {
				x := r*n + c
				shared = shared || used[x]
				used[x] = true
				cells = append(cells, x)
			}
		}
		if shared {
			continue
		}
		if err := p.AddOptionIndex(cells...); err != nil {
			return Stats{}, fmt.Errorf("partition: %w", err)
		}
		if i == j {
			orbits = append(orbits, []int{i})
		} else {
			orbits = append(orbits, []int{i, j})
		}
	}
	cfg := dlx.Config{ShortFirst: true}
	if visit != nil {
		members := make([]int, n)
		cfg.Visit = func(options []int) bool {
			for _, o := range options {
				for _, m := range orbits[o] {
					members[sols[m][0]] = m
				}
			}
			return visit(members)
		}
	}
	st, err := p.Run(ctx, cfg)
	return Stats{Count: st.Solutions, Nodes: st.Nodes}, err
}
