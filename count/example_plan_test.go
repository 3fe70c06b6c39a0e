package count_test

import (
	"context"
	"fmt"

	"github.com/qtool-project/qtool/count"
)

// A count split into subproblems: shard 1 of 3 of the domain split of
// n = 10, each finished subproblem reported with its share of the count.
// The three shards add up to A000170(10) = 724, of which 92 fundamental.
func ExampleCountPlan() {
	p, err := count.NewDomainPlan(10)
	if err != nil {
		fmt.Println(err)
		return
	}
	var sol, uniq uint64
	for i := 0; i < 3; i++ {
		ids, _ := p.Shard(i, 3)
		st, err := count.CountPlan(context.Background(), p, ids, count.PlanOptions{Workers: 1})
		if err != nil {
			fmt.Println(err)
			return
		}
		sol, uniq = sol+st.Solutions, uniq+st.Unique
	}
	fmt.Println(p.Method(), p.Subproblems(), "subproblems:", sol, "solutions,", uniq, "fundamental")
	// Output: domains 122 subproblems: 724 solutions, 92 fundamental
}

// The constellation split of n = 8: the canonical border constellations,
// each counted with the size of its orbit under the symmetries of the
// square.
func ExampleNewConstellationPlan() {
	p, err := count.NewConstellationPlan(8, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Constellations(), "constellations, first:", p.Describe(0))
	st, _ := count.CountConstellations(context.Background(), 8)
	fmt.Println(st.Solutions, st.Unique)
	// Output:
	// 78 constellations, first: t=0 r=1 b=2 l=0 ×8
	// 92 12
}

// The join of n = 12: column groups of the top half (canonical under the
// mirror and the vertical flip), each counted as the pairs of half boards
// that fit, times the size of its orbit.
func ExampleNewJoinPlan() {
	p, err := count.NewJoinPlan(12, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	ids, _ := p.Shard(0, 1)
	st, err := count.CountPlan(context.Background(), p, ids, count.PlanOptions{Workers: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Subproblems(), "groups, first:", p.Describe(0))
	fmt.Println(st.Solutions, "solutions")
	// Output:
	// 252 groups, first: top cols 0,6,7,8,9,10 ×2
	// 14200 solutions
}
