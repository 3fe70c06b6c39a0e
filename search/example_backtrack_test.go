package search_test

import (
	"context"
	"fmt"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// Plain backtracking visits 2,057 partial placements of the 8-queens
// problem and tests 15,720 squares; its first solution in lexicographic
// order puts the queen of row 0 in column 0.
func ExampleBacktrack() {
	var first encode.Placement
	st, err := search.Backtrack(context.Background(), encode.Empty(8), func(p encode.Placement) bool {
		if first == nil {
			first = append(first, p...)
		}
		return true
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(st.Solutions, "solutions,", st.Nodes, "nodes,", st.Tests, "tests")
	fmt.Println("first:", first)
	// Output:
	// 92 solutions, 2057 nodes, 15720 tests
	// first: 0 4 7 5 2 6 1 3
}

// Completing a board: the queens in rows 0 and 1 are given; the search
// fills the other rows.
func ExampleBacktrack_completion() {
	b := encode.Board{N: 6, Queens: []int{1, 3, -1, -1, -1, -1}}
	st, _ := search.Backtrack(context.Background(), b, func(p encode.Placement) bool {
		fmt.Println(p)
		return true
	})
	fmt.Println(st.Solutions, "completion")
	// Output:
	// 1 3 5 0 2 4
	// 1 completion
}
