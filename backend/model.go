package backend

import (
	"context"
	"fmt"

	"github.com/qtool-project/qtool/encode"
)

// Model derives the model of problem p (encode.NewModel: cells and lines
// with capacities) for the model path of backend b, with the visitor of its
// solutions: called with the chosen free cells of each (the slice may be
// reused), it hands the solution to req.Visit as a placement when p is
// plain n-queens (Solve's Visit then calls VisitCells) and to
// req.VisitCells otherwise, and stops the search after req.Limit of them
// (0 = all). The visitor is nil unless req asks for solutions.
func Model(b Backend, p encode.Problem, req Request) (*encode.Model, func(chosen []int32) bool, error) {
	return ModelContext(context.Background(), b, p, req)
}

// ModelContext is Model that refuses, before anything is built, a problem
// whose model and the backend's share of it (ModelSizer) do not fit in
// the process's memory, and that stops building when ctx ends, returning
// ctx's error (encode.NewModelContext).
func ModelContext(ctx context.Context, b Backend, p encode.Problem, req Request) (*encode.Model, func(chosen []int32) bool, error) {
	if err := checkModelMemory(b, p, req); err != nil {
		return nil, nil, err
	}
	m, err := encode.NewModelContext(ctx, p)
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		return nil, nil, fmt.Errorf("backend %s: %w", b.Name(), err)
	}
	if req.Mode != Find {
		return m, nil, nil
	}
	var pl encode.Placement
	if p.PlainQueens() && req.Visit != nil {
		pl = make(encode.Placement, p.Board.N)
	}
	found := 0
	return m, func(chosen []int32) bool {
		found++
		if m.Kinds != nil {
			if req.VisitPieces != nil && !req.VisitPieces(m.PiecesOf(chosen)) {
				return false
			}
			return req.Limit == 0 || found < req.Limit
		}
		cells := m.Solution(chosen)
		switch {
		case pl != nil:
			for _, x := range cells {
				pl[x.R] = x.C
			}
			if !req.Visit(pl) {
				return false
			}
		case req.VisitCells != nil:
			if !req.VisitCells(cells) {
				return false
			}
		}
		return req.Limit == 0 || found < req.Limit
	}, nil
}
