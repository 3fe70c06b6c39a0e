package experiments

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/qtool-project/qtool/encode"
)

// Admit checks a request against what backend b declares in its Caps: the
// one place where a backend's abilities are enforced (the runner, the
// command line and Solve all ask it). It returns nil, or an error that says
// what the backend cannot do.
func Admit(b Backend, p encode.Problem, req Request) error {
	c := b.Caps()
	name := b.Name()
	fail := func(format string, args ...any) error {
		return fmt.Errorf("experiments: backend %s %s", name, fmt.Sprintf(format, args...))
	}
	switch {
	case req.Mode == Count && !c.Count:
		return fail("cannot count")
	case req.Mode == Find && !c.Find:
		return fail("cannot find solutions")
	case req.Mode != Count && req.Mode != Find:
		return fail("cannot %v", req.Mode)
	case req.Mode == Find && req.Limit != 1 && !c.All:
		return fail("finds one solution, not all of them")
	case req.Unique && !c.Unique:
		return fail("cannot count fundamental solutions")
	case req.Shard != nil && !c.Shards:
		return fail("cannot split a count into shards")
	case req.Shard != nil && req.Mode != Count:
		return fail("splits a count into shards, not a %v", req.Mode)
	case !c.Solves(p.Variant):
		return fail("does not solve the %v problem (it solves %s)", p.Variant, strings.Join(variantNames(c), ", "))
	case !p.Plain() && !c.Forbidden:
		return fail("does not take blocked squares or excluded diagonals")
	case p.Board.Given() > 0 && !c.Complete:
		return fail("cannot complete a board with pieces already placed")
	case c.MaxN > 0 && p.Board.N > c.MaxN:
		return fail("accepts n ≤ %d, not %d", c.MaxN, p.Board.N)
	case (req.Unique || req.Shard != nil) && !p.PlainQueens():
		return fail("counts fundamental solutions and shards of plain n-queens only")
	}
	if !p.PlainQueens() {
		if _, ok := b.(ModelBackend); !ok {
			return fail("declares the %v problem but cannot run a model", p.Variant)
		}
	}
	for k := range req.Options {
		if !slices.Contains(c.Options, k) {
			known := "none"
			if len(c.Options) > 0 {
				known = strings.Join(c.Options, ", ")
			}
			return fail("has no option %q (its options: %s)", k, known)
		}
	}
	return nil
}

func variantNames(c Caps) []string {
	var names []string
	for _, v := range encode.Variants() {
		if c.Solves(v) {
			names = append(names, v.String())
		}
	}
	return names
}

// ErrNotAdmitted is what errors.Is finds in the error of a request that
// Solve refused (see Admit).
var ErrNotAdmitted = errors.New("request not admitted")

type notAdmitted struct{ error }

func (e notAdmitted) Unwrap() error        { return e.error }
func (e notAdmitted) Is(target error) bool { return target == ErrNotAdmitted }

// Solve runs backend b on problem p: the one way a backend is run. It
// checks the request (Admit), times the run, and maps a context that ended
// to Status Timeout or Interrupted with the partial Outcome. A plain
// n-queens board goes to the backend's Run, its fast path; any other
// problem is derived into its encode.Model and goes to RunModel. For a
// Maximum or Minimum variant whose Problem.Pieces is 0 it searches the
// number of pieces, from p.Bound() down (Maximum) or up (Minimum), and
// reports the solutions of the first number that has some: Outcome.Pieces
// is that number, and Solutions its count; the runs before it proved that
// the numbers tried had none (they are in Outcome.Stats["sizes-tried"]
// and their nodes in Nodes). Every solution is handed to req.VisitCells
// (and, for plain n-queens, to req.Visit).
func Solve(ctx context.Context, b Backend, p encode.Problem, req Request) (Outcome, error) {
	if err := Admit(b, p, req); err != nil {
		return Outcome{}, notAdmitted{err}
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
		out, err := b.Run(ctx, p.Board, req)
		if err == nil && out.Status == OK {
			out.Pieces = p.Board.N
		}
		return out, err
	}
	mb := b.(ModelBackend) // Admit checked
	if p.PawnsSearched() {
		return solvePawnSets(ctx, mb, p, req)
	}
	if p.Variant.Goal() == encode.Place || p.Pieces > 0 {
		out, err := runModel(ctx, mb, p, req)
		out.Pieces = p.Pieces
		if out.Pieces == 0 {
			out.Pieces = p.Board.N
		}
		return out, err
	}
	// The size search of the Maximum and Minimum variants.
	total := Outcome{Stats: map[string]uint64{}}
	step, last := -1, 0
	if p.Variant.Goal() == encode.Minimum {
		step, last = 1, p.Board.N*p.Board.N
	}
	for k := p.Bound(); (step < 0 && k >= last) || (step > 0 && k <= last); k += step {
		if k == 0 {
			return emptyPlacement(p, req, total), nil
		}
		q := p
		q.Pieces = k
		out, err := runModel(ctx, mb, q, req)
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
	if encode.VerifyCells(p, nil) != nil {
		return total
	}
	total.Solutions, total.Pieces = 1, 0
	if req.Mode == Find && req.VisitCells != nil {
		req.VisitCells(nil)
	}
	return total
}

// runModel derives the model of p and runs it.
func runModel(ctx context.Context, b ModelBackend, p encode.Problem, req Request) (Outcome, error) {
	if err := checkModelMemory(b, p, req); err != nil {
		return Outcome{}, fmt.Errorf("experiments: %w", err)
	}
	m, err := encode.NewModelContext(ctx, p)
	if err != nil {
		if ctx.Err() != nil {
			return Outcome{}, ctx.Err()
		}
		return Outcome{}, fmt.Errorf("experiments: backend %s: %w", b.Name(), err)
	}
	var visit func([]int32) bool
	if req.Mode == Find {
		found := 0
		visit = func(chosen []int32) bool {
			found++
			if req.VisitCells != nil && !req.VisitCells(m.Solution(chosen)) {
				return false
			}
			return req.Limit == 0 || found < req.Limit
		}
	}
	return b.RunModel(ctx, m, req, visit)
}
