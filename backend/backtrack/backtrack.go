package backtrack

import (
	"context"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

func init() { backend.Register(backtrackBackend{}) }

// backtrackBackend is search.Backtrack: plain backtracking with flag arrays,
// instrumented (nodes and squares tested), for any n and any board.
type backtrackBackend struct{}

func (backtrackBackend) Name() string { return "backtrack" }

func (backtrackBackend) Caps() backend.Caps {
	return backend.Caps{Count: true, Find: true, All: true, Complete: true, Exact: true,
		Problems: encode.AllVariants(), Forbidden: true, Options: []string{"order"}, Trace: true}
}

// Run enumerates the completions of b row by row (search.Backtrack), or
// branching on the most constrained free row or column (search.Lines):
// Request.Options["order"] is "rows", "mrv" or "auto" (the default: rows
// on an empty board, mrv when queens are given; see backtrackOrder), or
// mrv with a value order, "mrv-left", "mrv-middle" or "mrv-random"
// (search.BacktrackMRV; see value.go). With Request.Trace it is the row
// search step by step (search.BacktrackTrace), whatever the order.
// Run solves problem prob: a plain n-queens board on the backend's own
// path (runBoard), any other problem, or a plain one with Request.OnModel,
// on its model (runModel).
func (bt backtrackBackend) Run(ctx context.Context, prob encode.Problem, req backend.Request) (backend.Outcome, error) {
	if !prob.PlainQueens() || req.OnModel {
		m, visit, err := backend.ModelContext(ctx, bt, prob, req)
		if err != nil {
			return backend.Outcome{}, err
		}
		return bt.runModel(ctx, m, req, visit)
	}
	return bt.runBoard(ctx, prob.Board, req)
}

func (backtrackBackend) runBoard(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
	if req.Trace != nil {
		return runTrace(ctx, b, req)
	}
	if o, ok, err := valueOrder(req); ok || err != nil {
		if err != nil {
			return backend.Outcome{}, err
		}
		return runValueOrder(ctx, b, o, req)
	}
	if mrv, err := backtrackOrder(b, req); err != nil || mrv {
		if err != nil {
			return backend.Outcome{}, err
		}
		return runMRV(ctx, b, req)
	}
	st, err := search.Backtrack(ctx, b, limitVisit(req))
	out := backend.Outcome{
		Solutions: st.Solutions, Nodes: st.Nodes,
		Stats: map[string]uint64{"tests": st.Tests},
	}
	return out, err
}

// runTrace is the row search step by step (search.BacktrackTrace), each
// event handed to req.Trace, whatever the order option.
func runTrace(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
	var visit func(encode.Placement) bool
	if req.Visit != nil || req.Limit > 0 {
		visit = limitVisit(req)
	}
	st, err := search.BacktrackTrace(ctx, b, visit, func(e *search.BacktrackEvent) bool { return req.Trace(e) })
	out := backend.Outcome{
		Solutions: st.Solutions, Nodes: st.Nodes,
		Stats: map[string]uint64{"tests": st.Tests},
	}
	return out, err
}
