package experiments_test

import (
	"context"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// solveBoard runs a backend on a plain board through the harness.
func solveBoard(ctx context.Context, be backend.Backend, b encode.Board, req backend.Request) (backend.Outcome, error) {
	return backend.Solve(ctx, be, encode.Problem{Instance: encode.Instance{Board: b}}, req)
}
