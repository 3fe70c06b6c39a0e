package backtrack

import (
	"context"
	"fmt"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// runModel solves a model with search.Lines: backtracking that branches on
// the most constrained line, the only order it has (Options["order"] may be
// "auto" or "mrv"; "rows" is refused: the row order is the plain board's).
// Outcome.Nodes counts the cells chosen.
func (backtrackBackend) runModel(ctx context.Context, m *encode.Model, req backend.Request, visit func([]int32) bool) (backend.Outcome, error) {
	switch o := req.Options["order"]; o {
	case "", "auto", "mrv":
	case "rows":
		return backend.Outcome{}, fmt.Errorf("backend backtrack: order rows applies to n-queens boards with only queens given; a board with blocked squares or excluded diagonals, and every other problem, is searched on the most constrained line (order auto or mrv)")
	default:
		return backend.Outcome{}, orderError(o)
	}
	st, err := search.Lines(ctx, m, visit)
	return backend.Outcome{Solutions: st.Solutions, Nodes: st.Nodes}, err
}

// backtrackOrder reads Request.Options["order"] for a plain n-queens
// board b: "rows" (Wirth's row by row order, whose node counts are the
// classic figures), "mrv" (the most constrained free row or column first,
// search.Lines), or "auto", the default: rows on an empty board (so that
// the classic node counts hold) and mrv on a board with queens given,
// where the row order can be thousands of times slower (the completion
// boards of CSPLib prob079). Blocked squares and excluded diagonals never
// reach it: they make a model (runModel), always searched by mrv.
func backtrackOrder(b encode.Board, req backend.Request) (mrv bool, err error) {
	switch o := req.Options["order"]; o {
	case "", "auto":
		return b.Given() > 0, nil
	case "rows":
		return false, nil
	case "mrv":
		return true, nil
	default:
		return false, orderError(o)
	}
}

func orderError(o string) error {
	return fmt.Errorf("backend backtrack: order %q: want auto, rows, mrv, or mrv-left, mrv-middle, mrv-random (plain boards)", o)
}

// runMRV solves a plain board with search.Lines on its model, handing
// each solution to req.Visit as a placement.
func runMRV(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
	m, visit, err := backend.Model(backtrackBackend{}, encode.Problem{Variant: encode.Queens, Instance: encode.Instance{Board: b}}, req)
	if err != nil {
		return backend.Outcome{}, err
	}
	st, err := search.Lines(ctx, m, visit)
	return backend.Outcome{Solutions: st.Solutions, Nodes: st.Nodes}, err
}
