package experiments_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
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
	bt, err := backend.Lookup("backtrack")
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
			Backends: []backend.Backend{bt},
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

// The completion experiment on a small scale: 12 instances of n = 10 for
// each of δ = 4 and 7 free rows, decided by dlx; the summary gives the
// fraction that can be completed.
func ExampleCompletion() {
	dlx, err := backend.Lookup("dlx")
	if err != nil {
		fmt.Println(err)
		return
	}
	c := experiments.Completion{Ns: []int{10}, Deltas: []int{4, 7}, Instances: 12, Seed: 1, Backends: []backend.Backend{dlx}}
	spec, err := c.Spec()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(spec.Grids[0].Problems[0].Name, "…", len(spec.Grids), "grids")
	recs, err := (&experiments.Runner{Spec: spec}).Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	s := results.NewReport(nil, recs, "").Tables[0].Solubility
	for _, r := range s.Rows {
		fmt.Printf("n=%d δ=%d δ²/n=%.1f: %d of %d can be completed\n", r.N, r.Free, r.X, r.Soluble, r.Decided())
	}
	// Output:
	// q10-k6-s1-0000 … 2 grids
	// n=10 δ=4 δ²/n=1.6: 0 of 12 can be completed
	// n=10 δ=7 δ²/n=4.9: 5 of 12 can be completed
}
