package backend

import (
	"context"
	"fmt"

	"github.com/qtool-project/qtool/encode"
)

// solvePawnSets solves queens+pawns with its pawns searched
// (encode.Problem.PawnsSearched): every set of PawnCount squares, in
// encode.ForEachPawnSet's order, is one board of the n+k queens problem,
// derived into its model and run; the solutions are the sum over all
// boards, which is what Chatham's tables count (A103330 for one pawn).
// req.OnInstance, when set, is told each board before its solutions are
// handed to req.VisitCells; req.Limit counts the solutions of all boards.
// Stats["pawn-sets"] is the number of boards run and
// Stats["pawn-sets-solved"] those with a solution.
func solvePawnSets(ctx context.Context, mb Backend, p encode.Problem, req Request) (Outcome, error) {
	n := p.Board.N
	if _, err := encode.PawnSets(n, p.PawnCount); err != nil {
		return Outcome{}, fmt.Errorf("backend %s: %w", mb.Name(), err)
	}
	total := Outcome{Stats: map[string]uint64{"pawn-sets": 0, "pawn-sets-solved": 0}, Pieces: n + p.PawnCount}
	found, stopped := 0, false
	if req.Mode == Find {
		visit := req.VisitCells
		req.VisitCells = func(cells []encode.Cell) bool {
			found++
			if visit != nil && !visit(cells) {
				stopped = true
				return false
			}
			if req.Limit > 0 && found >= req.Limit {
				stopped = true
				return false
			}
			return true
		}
		req.Limit = 0 // counted here, over every board
	}
	var err error
	encode.ForEachPawnSet(n, p.PawnCount, func(pawns []encode.Cell) bool {
		if ctx.Err() != nil {
			return false
		}
		q := p
		q.Pawns = append([]encode.Cell(nil), pawns...)
		if q.Validate() != nil {
			return true // a pawn on a given queen or a blocked square: not a board
		}
		if req.OnInstance != nil {
			req.OnInstance(q.Instance)
		}
		out, e := mb.Run(ctx, q, req)
		total.Nodes += out.Nodes
		total.Solutions += out.Solutions
		for key, v := range out.Stats {
			total.Stats[key] += v
		}
		total.Stats["pawn-sets"]++
		if out.Solutions > 0 {
			total.Stats["pawn-sets-solved"]++
		}
		if e != nil {
			err = e
			return false
		}
		return !stopped && out.Status == OK
	})
	return total, err
}
