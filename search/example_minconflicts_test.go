package search_test

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// A million queens by local search, checked by the independent verifier.
func ExampleMinConflicts() {
	b := encode.Empty(1_000_000)
	p, st, err := search.MinConflicts(context.Background(), b, search.MinConflictsOptions{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(encode.Verify(b.Problem(), p), st.Steps > 0)
	// Output:
	// <nil> true
}

// Completing a board: the given queens stay where they are.
func ExampleMinConflicts_completion() {
	b, err := encode.ParseBoard(strings.NewReader(`
Q.......
........
........
........
.Q......
........
........
........
`), "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	p, _, err := search.MinConflicts(context.Background(), b, search.MinConflictsOptions{Seed: 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(encode.Verify(b.Problem(), p), p[0], p[4])
	// Output:
	// <nil> 0 1
}

// Local search cannot prove that a board has no completion; it says when it
// gives up. (No solution of 4-queens has a queen in a corner.)
func ExampleMinConflicts_notFound() {
	b := encode.Board{N: 4, Queens: []int{0, -1, -1, -1}}
	_, st, err := search.MinConflicts(context.Background(), b, search.MinConflictsOptions{MaxSteps: 100, MaxRestarts: 3})
	fmt.Println(errors.Is(err, search.ErrMinConflictsNotFound), st.Steps, st.Restarts)

	_, _, err = search.MinConflicts(context.Background(), encode.Empty(3), search.MinConflictsOptions{})
	fmt.Println(err)
	// Output:
	// true 400 3
	// search: min-conflicts: no solution exists for n = 3: two queens on a 3×3 board always attack each other
}
