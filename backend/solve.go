package backend

import (
	"context"
	"errors"
	"time"

	"github.com/qtool-project/qtool/encode"
)

// Solve runs backend b on problem p: the one way a backend is run. It
// checks the request (Admit), times the run, and maps a context that ended
// to Status Timeout or Interrupted with the partial Outcome. Every
// problem goes to the backend's Run (a plain board to its own path, the
// others to its model path, see Backend). For a
// Maximum or Minimum variant whose Problem.Pieces is 0 it searches the
// number of pieces, from p.Bound() down (Maximum) or up (Minimum), and
// reports the solutions of the first number that has some: Outcome.Pieces
// is that number, and Solutions its count; the runs before it proved that
// the numbers tried had none (they are in Outcome.Stats["sizes-tried"]
// and their nodes in Nodes). Every solution is handed to req.VisitCells
// (and, for plain n-queens, to req.Visit).
func Solve(ctx context.Context, b Backend, p encode.Problem, req Request) (Outcome, error) {
	if err := Admit(b, p, req); err != nil {
		return Outcome{}, err
	}
	start := time.Now()
	out, err := solve(ctx, b, p, req)
	out.Elapsed = time.Since(start)
	if ctx.Err() != nil {
		if err == nil || errors.Is(err, ctx.Err()) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			out.Status, err = StatusOf(ctx), nil
		}
	}
	return out, err
}

func solve(ctx context.Context, b Backend, p encode.Problem, req Request) (Outcome, error) {
	if p.PlainQueens() {
		if req.VisitCells != nil {
			visit := req.Visit
			cells := req.VisitCells
			req.Visit = func(pl encode.Placement) bool {
				if visit != nil && !visit(pl) {
					return false
				}
				return cells(encode.PlacementCells(pl))
			}
		}
		out, err := b.Run(ctx, p, req)
		if err == nil && out.Status == OK {
			out.Pieces = p.Board.N
		}
		return out, err
	}
	if p.PawnsSearched() {
		return solvePawnSets(ctx, b, p, req)
	}
	if p.Variant.Goal() == encode.Place || p.Pieces > 0 {
		out, err := b.Run(ctx, p, req)
		out.Pieces = p.Pieces
		if out.Pieces == 0 {
			out.Pieces = p.Board.N
		}
		return out, err
	}
	// The size search of the Maximum and Minimum variants.
	total := Outcome{Stats: map[string]uint64{}}
	step, last := -p.SizeStep(), 0
	if p.Variant.Goal() == encode.Minimum {
		step, last = p.SizeStep(), p.Board.N*p.Board.N
	}
	for k := p.Bound(); (step < 0 && k >= last) || (step > 0 && k <= last); k += step {
		if k == 0 {
			return emptyPlacement(p, req, total), nil
		}
		q := p
		q.Pieces = k
		out, err := b.Run(ctx, q, req)
		total.Nodes += out.Nodes
		for key, v := range out.Stats {
			total.Stats[key] += v
		}
		total.Stats["sizes-tried"]++
		if err != nil {
			return total, err
		}
		if out.Status != OK || ctx.Err() != nil {
			total.Status = out.Status
			return total, nil
		}
		if out.Solutions > 0 {
			total.Solutions, total.Pieces = out.Solutions, k
			return total, nil
		}
	}
	return total, nil // no size has a solution (a Minimum variant with blocked squares)
}

// emptyPlacement ends the size search of a Maximum variant at 0 pieces
// (every square blocked, or on an excluded diagonal): the one placement of
// no piece, when it keeps every line's lower bound (the derived verifier
// says), is the answer, 1 solution of 0 pieces; otherwise there is none.
// The model cannot be asked (Problem.Pieces 0 means "not chosen yet").
func emptyPlacement(p encode.Problem, req Request, total Outcome) Outcome {
	total.Stats["sizes-tried"]++
	total.Status = OK
	if encode.Verify(p, []encode.Cell(nil)) != nil {
		return total
	}
	total.Solutions, total.Pieces = 1, 0
	if req.Mode == Find && req.VisitCells != nil {
		req.VisitCells(nil)
	}
	return total
}

// SolveBoard is Solve on the plain n-queens board b: the problem with no
// extras.
func SolveBoard(ctx context.Context, b Backend, board encode.Board, req Request) (Outcome, error) {
	return Solve(ctx, b, encode.Problem{Instance: encode.Instance{Board: board}}, req)
}
