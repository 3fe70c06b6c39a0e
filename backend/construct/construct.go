package construct

import (
	"context"
	"errors"
	"slices"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

func init() { backend.Register(constructBackend{}) }

// constructBackend is search.Construct: the explicit solution of Hoffman,
// Loessi and Moore for every n ≥ 4, in O(n) without any search. It finds
// one solution of an empty board; it is exact in that its "no solution"
// for n = 2 and 3 is final. It cannot complete a board with queens already
// placed.
type constructBackend struct{}

func (constructBackend) Name() string { return "construct" }

func (constructBackend) Caps() backend.Caps {
	return backend.Caps{Find: true, Exact: true}
}

// Run builds the solution of the empty board b and hands it to req.Visit
// (Find only). For n = 2 and 3 the Status is OK with no solution. A board
// whose placement and its check (13 bytes a row) would not fit in
// MemoryLimit is refused before anything is allocated; the construction
// stops at once when ctx ends (Status Timeout or Interrupted).
func (constructBackend) Run(ctx context.Context, prob encode.Problem, req backend.Request) (backend.Outcome, error) {
	b := prob.Board
	if b.N < 1 || len(b.Queens) > b.N || slices.ContainsFunc(b.Queens, func(c int) bool { return c != -1 }) {
		// Board.Validate says what is wrong; it is not called on a good
		// empty board, where its scratch arrays would cost 20 bytes a row.
		if err := b.Validate(); err != nil {
			return backend.Outcome{}, err
		}
	}
	// The placement, and the caller's check of it.
	if err := backend.CheckMemory("construct", b.N, search.ConstructBytes(b.N)+backend.VerifyBytes(b.N)); err != nil {
		return backend.Outcome{}, err
	}
	p, err := search.ConstructContext(ctx, b.N)
	var out backend.Outcome
	switch {
	case errors.Is(err, search.ErrConstructNoSolution):
		return out, nil
	case err != nil:
		return out, err
	}
	out.Solutions = 1
	if req.Visit != nil {
		req.Visit(p)
	}
	return out, nil
}
