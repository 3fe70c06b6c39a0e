package backend_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// permutations is a toy backend: it tries every permutation of the columns
// (n ≤ 9) and keeps those that encode.Verify accepts. A backend says what
// it can do in Caps and does only its search in Run; backend.Solve
// refuses what Caps does not declare (here: boards with queens given,
// fundamental solutions, shards, options, other problems), times the run
// and turns a context that ended into the status.
type permutations struct{}

func (permutations) Name() string { return "example-permutations" }

func (permutations) Caps() backend.Caps {
	return backend.Caps{Count: true, Find: true, All: true, Exact: true, MaxN: 9}
}

func (permutations) Run(ctx context.Context, prob encode.Problem, req backend.Request) (backend.Outcome, error) {
	b := prob.Board // plain n-queens: Caps declares no other problem
	var out backend.Outcome
	p := make(encode.Placement, b.N)
	used := make([]bool, b.N)
	var rec func(r int) bool
	rec = func(r int) bool {
		if ctx.Err() != nil {
			return false
		}
		if r == b.N {
			out.Nodes++
			if encode.Verify(b.Problem(), p) != nil {
				return true
			}
			out.Solutions++
			return req.Mode == backend.Count || req.Visit == nil || req.Visit(p)
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
	be, err := backend.Lookup("example-permutations")
	if err != nil { // registered once, however often the example runs
		backend.Register(permutations{})
		be, _ = backend.Lookup("example-permutations")
	}
	out, err := backend.Solve(context.Background(), be, encode.Problem{Instance: encode.Instance{Board: encode.Empty(6)}}, backend.Request{Mode: backend.Count})
	fmt.Println(out.Solutions, out.Status, err)
	_, err = backend.Solve(context.Background(), be, encode.Problem{Variant: encode.Kings, Instance: encode.Instance{Board: encode.Empty(6)}}, backend.Request{Mode: backend.Count})
	fmt.Println(err)
	_, err = backend.Solve(context.Background(), be, encode.Problem{Instance: encode.Instance{Board: encode.Empty(6)}}, backend.Request{Mode: backend.Count, Unique: true})
	fmt.Println(err)
	// A refusal says which registered backends would take the request.
	var r *backend.Refusal
	_, err = backend.Solve(context.Background(), be, encode.Problem{Instance: encode.Instance{Board: encode.Empty(12)}}, backend.Request{Mode: backend.Count})
	if errors.As(err, &r) {
		fmt.Printf("%v; able: %q\n", r, r.Able())
	}
	// Output:
	// 4 ok <nil>
	// backend example-permutations does not solve the kings problem (it solves queens)
	// backend example-permutations cannot count fundamental solutions
	// backend example-permutations accepts n ≤ 9, not 12; able: []
}
