package experiments_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"qtool/experiments"
	"qtool/results"
)

// A small experiment: the backtracking backend counts the solutions for
// n = 4..8, twice each, checked against the reference table; the records
// are then summarised by the results package.
func ExampleRunner() {
	f, err := os.Open("../testdata/nqueens-counts.tsv")
	if err != nil {
		fmt.Println(err)
		return
	}
	ref, err := experiments.ReadReference(f, "nqueens-counts.tsv")
	f.Close()
	if err != nil {
		fmt.Println(err)
		return
	}
	bt, err := experiments.Lookup("backtrack")
	if err != nil {
		fmt.Println(err)
		return
	}
	r := &experiments.Runner{Spec: experiments.Spec{
		Repeats:   2,
		Timeout:   10 * time.Second,
		Reference: ref,
		Grids: []experiments.Grid{{
			Task:     experiments.TaskCount,
			Backends: []experiments.Backend{bt},
			Problems: experiments.EmptyBoards([]int{4, 5, 6, 7, 8}),
		}},
	}}
	recs, err := r.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, rec := range recs {
		if rec.Repeat == 0 {
			fmt.Printf("%s %s: %d solutions, %d nodes, %s\n", rec.Problem, rec.Backend, rec.Answer, rec.Nodes, rec.Status)
		}
	}
	rep := results.NewReport(nil, recs, "")
	fmt.Println("mismatches:", rep.Count(results.Mismatch))
	// Output:
	// n=4 backtrack: 2 solutions, 17 nodes, ok
	// n=5 backtrack: 10 solutions, 54 nodes, ok
	// n=6 backtrack: 4 solutions, 153 nodes, ok
	// n=7 backtrack: 40 solutions, 552 nodes, ok
	// n=8 backtrack: 92 solutions, 2057 nodes, ok
	// mismatches: 0
}
