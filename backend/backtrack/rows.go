package backtrack

import (
	"context"
	"maps"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

func init() { backend.Register(backtrackRowsBackend{}) }

// backtrackRowsBackend is backtrack with Wirth's row order forced on every
// board (Request.Options["order"] = "rows"): the plain search of the
// completion experiments of Gent, Jefferson and Nightingale (JAIR 59,
// 2017, doi:10.1613/jair.5512), which a bench grid can name next to the
// default backtrack, whose order is the most constrained line once queens
// are given. It solves plain n-queens boards with queens given only.
type backtrackRowsBackend struct{}

func (backtrackRowsBackend) Name() string { return "backtrack-rows" }

func (backtrackRowsBackend) Caps() backend.Caps {
	c := backtrackBackend{}.Caps()
	c.AliasOf = "backtrack"
	c.Problems = []encode.Variant{encode.Queens}
	c.Forbidden = false
	c.Options = nil
	return c
}

// Run is backtrackBackend.Run in row order.
func (backtrackRowsBackend) Run(ctx context.Context, prob encode.Problem, req backend.Request) (backend.Outcome, error) {
	opts := maps.Clone(req.Options)
	if opts == nil {
		opts = map[string]string{}
	}
	opts["order"] = "rows"
	req.Options = opts
	return backtrackBackend{}.runBoard(ctx, prob.Board, req)
}
