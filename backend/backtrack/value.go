package backtrack

import (
	"context"
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// valueOrder reads the orders "mrv-left", "mrv-middle" and "mrv-random"
// of Request.Options["order"]: branching on the free row with the fewest
// free squares (search.BacktrackMRV, O(n) a node) with that value order.
// ok is false for the other orders.
func valueOrder(req backend.Request) (o search.ValueOrder, ok bool, err error) {
	name, ok := strings.CutPrefix(req.Options["order"], "mrv-")
	if !ok {
		return 0, false, nil
	}
	o, err = search.ParseValueOrder(name)
	if err != nil {
		return 0, true, orderError(req.Options["order"])
	}
	return o, true, nil
}

// runValueOrder solves a plain board with search.BacktrackMRV.
func runValueOrder(ctx context.Context, b encode.Board, o search.ValueOrder, req backend.Request) (backend.Outcome, error) {
	st, err := search.BacktrackMRV(ctx, b, o, req.Seed, limitVisit(req))
	return backend.Outcome{Solutions: st.Solutions, Nodes: st.Nodes, Stats: map[string]uint64{"restarts": st.Restarts}}, err
}

// limitVisit is the visitor of a search of a plain board: each solution to
// req.Visit, at most req.Limit of them (0 = all); nil unless req asks for
// solutions.
func limitVisit(req backend.Request) func(encode.Placement) bool {
	if req.Mode != backend.Find {
		return nil
	}
	found := 0
	return func(p encode.Placement) bool {
		found++
		if req.Visit != nil && !req.Visit(p) {
			return false
		}
		return req.Limit == 0 || found < req.Limit
	}
}

func init() {
	for _, o := range []string{"mrv-middle", "mrv-random"} {
		backend.Register(orderBackend{name: "backtrack-" + o, order: o})
	}
}

// orderBackend is backtrack with a value order fixed (Options["order"]
// mrv-middle or mrv-random), under a name of its own so that a bench grid
// can hold it beside the default order; plain boards only (queens given
// allowed).
type orderBackend struct{ name, order string }

func (b orderBackend) Name() string { return b.name }

func (b orderBackend) Caps() backend.Caps {
	return backend.Caps{Count: true, Find: true, All: true, Complete: true, Exact: true, AliasOf: "backtrack"}
}

func (b orderBackend) Run(ctx context.Context, p encode.Problem, req backend.Request) (backend.Outcome, error) {
	opts := map[string]string{"order": b.order}
	req.Options = opts
	return backtrackBackend{}.runBoard(ctx, p.Board, req)
}
