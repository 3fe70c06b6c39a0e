package experiments_test

import (
	"context"
	"fmt"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
)

// permutations is a toy backend: it tries every permutation of the columns
// (n ≤ 9) and keeps those that encode.Verify accepts. A backend says what
// it can do in Caps and does only its search in Run; experiments.Solve
// refuses what Caps does not declare (here: boards with queens given,
// fundamental solutions, shards, options, other problems), times the run
// and turns a context that ended into the status.
type permutations struct{}

func (permutations) Name() string { return "example-permutations" }

func (permutations) Caps() experiments.Caps {
	return experiments.Caps{Count: true, Find: true, All: true, Exact: true, MaxN: 9}
}

func (permutations) Run(ctx context.Context, b encode.Board, req experiments.Request) (experiments.Outcome, error) {
	var out experiments.Outcome
	p := make(encode.Placement, b.N)
	used := make([]bool, b.N)
	var rec func(r int) bool
	rec = func(r int) bool {
		if ctx.Err() != nil {
			return false
		}
		if r == b.N {
			out.Nodes++
			if encode.Verify(b, p) != nil {
				return true
			}
			out.Solutions++
			return req.Mode == experiments.Count || req.Visit == nil || req.Visit(p)
		}
		for c := range b.N {
			if !used[c] {
				used[c], p[r] = true, c
				ok := rec(r + 1)
				used[c] = false
				if !ok {
					return false
				}
			}
		}
		return true
	}
	rec(0)
	return out, nil
}

// Example registers a backend (one file: this one; a real backend
// registers from its file's init function) and runs it through the
// harness, which refuses what the backend does not declare.
func Example() {
	be, err := experiments.Lookup("example-permutations")
	if err != nil { // registered once, however often the example runs
		experiments.Register(permutations{})
		be, _ = experiments.Lookup("example-permutations")
	}
	out, err := experiments.Solve(context.Background(), be, encode.Problem{Instance: encode.Instance{Board: encode.Empty(6)}}, experiments.Request{Mode: experiments.Count})
	fmt.Println(out.Solutions, out.Status, err)
	_, err = experiments.Solve(context.Background(), be, encode.Problem{Variant: encode.Kings, Instance: encode.Instance{Board: encode.Empty(6)}}, experiments.Request{Mode: experiments.Count})
	fmt.Println(err)
	_, err = experiments.Solve(context.Background(), be, encode.Problem{Instance: encode.Instance{Board: encode.Empty(6)}}, experiments.Request{Mode: experiments.Count, Unique: true})
	fmt.Println(err)
	// Output:
	// 4 ok <nil>
	// experiments: backend example-permutations does not solve the kings problem (it solves queens)
	// experiments: backend example-permutations cannot count fundamental solutions
}
