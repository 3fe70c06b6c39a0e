package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// problemPieces returns the number of pieces the matrix of a Maximum or
// Minimum problem is written for: --pieces when given, otherwise the
// optimum, found as qtool count finds it (backend.Solve's size search
// from Problem.Bound with count's default backend for the variants, here
// stopping at the first solution of the first size that has one). A Place
// problem takes 0 (its model places n).
func problemPieces(ctx context.Context, prob encode.Problem, pieces int, given bool) (int, error) {
	n := prob.Board.N
	if prob.Variant.Goal() == encode.Place {
		if given && pieces != n {
			return 0, usageErrorf("encode: --problem %v places n = %d pieces; --pieces applies to the minimum and maximum problems (domination, kings, bishops, knights, rooks, torus-domination)", prob.Variant, n)
		}
		return 0, nil
	}
	if given {
		if pieces < 1 || pieces > n*n {
			return 0, usageErrorf("encode: --pieces must be between 1 and n² = %d, got %d", n*n, pieces)
		}
		return pieces, nil
	}
	req := backend.Request{Mode: backend.Find, Limit: 1, Workers: 1}
	be, err := backend.Lookup(backend.Default(prob, req))
	if err != nil {
		return 0, usageErrorf("encode: %v", err)
	}
	out, err := backend.Solve(ctx, be, prob, req)
	if err != nil {
		return 0, usageErrorf("encode: finding the number of pieces: %v", err)
	}
	switch {
	case out.Status == backend.Interrupted:
		return 0, withCode(exitInterrupted, errors.New("encode: interrupted while finding the number of pieces; nothing was written (give --pieces M to write the matrix for M pieces)"))
	case out.Status == backend.Timeout:
		return 0, withCode(exitTimeout, errors.New("encode: time limit reached while finding the number of pieces; nothing was written (give --pieces M to write the matrix for M pieces)"))
	case out.Status != backend.OK:
		return 0, withCode(exitTimeout, fmt.Errorf("encode: the number of pieces was not found (%s); nothing was written", statusWord(out.Status)))
	case out.Solutions == 0:
		return 0, withCode(exitNo, fmt.Errorf("encode: the %v problem of this board has no solution of any size; nothing was written", prob.Variant))
	}
	return out.Pieces, nil
}
