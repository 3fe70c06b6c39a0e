package experiments_test

import (
	"context"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
)

// solveBoard runs a backend on a plain board through the harness.
func solveBoard(ctx context.Context, be experiments.Backend, b encode.Board, req experiments.Request) (experiments.Outcome, error) {
	return experiments.Solve(ctx, be, encode.Problem{Instance: encode.Instance{Board: b}}, req)
}
