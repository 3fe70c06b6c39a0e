package experiments

import (
	"context"
	"fmt"

	"qtool/encode"
	"qtool/search"
)

// RunModel solves a model with search.Lines: backtracking that branches on
// the most constrained line. Outcome.Nodes counts the cells chosen.
func (backtrackBackend) RunModel(ctx context.Context, m *encode.Model, req Request, visit func([]int32) bool) (Outcome, error) {
	st, err := search.Lines(ctx, m, visit)
	return Outcome{Solutions: st.Solutions, Nodes: st.Nodes}, err
}

// backtrackOrder reads Request.Options["order"]: "rows" (the default,
// Wirth's row by row order, whose node counts are the classic figures) or
// "mrv" (the most constrained free row or column first, search.Lines).
func backtrackOrder(req Request) (mrv bool, err error) {
	switch o := req.Options["order"]; o {
	case "", "rows":
		return false, nil
	case "mrv":
		return true, nil
	default:
		return false, fmt.Errorf("experiments: backend backtrack: order %q: want rows or mrv", o)
	}
}

// runMRV solves a plain board with search.Lines on its model, handing
// each solution to req.Visit as a placement.
func runMRV(ctx context.Context, b encode.Board, req Request) (Outcome, error) {
	m, err := encode.NewModel(encode.Problem{Variant: encode.Queens, Instance: encode.Instance{Board: b}})
	if err != nil {
		return Outcome{}, err
	}
	var visit func([]int32) bool
	if req.Mode == Find {
		found := 0
		pl := make(encode.Placement, b.N)
		visit = func(chosen []int32) bool {
			found++
			for _, x := range m.Solution(chosen) {
				pl[x.R] = x.C
			}
			if req.Visit != nil && !req.Visit(pl) {
				return false
			}
			return req.Limit == 0 || found < req.Limit
		}
	}
	st, err := search.Lines(ctx, m, visit)
	return Outcome{Solutions: st.Solutions, Nodes: st.Nodes}, err
}
