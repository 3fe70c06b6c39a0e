package experiments

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"qtool/encode"
	"qtool/sat"
)

func init() {
	Register(satBackend{name: "sat", amo: encode.DefaultAMO})
	for _, a := range encode.AMOEncodings() {
		Register(satBackend{name: "sat-" + a.String(), amo: a, fixed: true})
	}
}

// SATMaxClauses is the largest formula, in clauses, that the sat backends
// load into gini, which holds every clause in memory: about 64 bytes per
// clause and 150 per variable, so that the limit is some 16 GB. The size
// is computed in closed form (encode.CNFSize) before anything is built. The
// product encoding of an empty board of order 5000 (211 million clauses)
// passes; the pairwise encoding is refused from n ≈ 800 on.
const SATMaxClauses = 250_000_000

// satBackend solves a board with the CDCL solver gini: the CNF of
// encode.CNF (in dense numbering, so that only the free squares have
// variables) loaded into a sat.Solver. It counts by enumerating the models
// with blocking clauses over the square variables. The backend "sat" uses
// encode.DefaultAMO and honours Request.Options["amo"]; "sat-ENC" always
// uses encoding ENC. Request.Options["pairwise-up-to"] sets
// encode.CNFOptions.PairwiseUpTo, the size up to which groups are written
// pairwise.
type satBackend struct {
	name  string
	amo   encode.AMOEncoding
	fixed bool // the encoding is part of the name
}

func (sb satBackend) Name() string { return sb.name }

func (sb satBackend) Caps() Caps {
	c := Caps{Count: true, Find: true, All: true, Complete: true, Exact: true}
	if !sb.fixed {
		c.AliasOf = "sat-" + sb.amo.String() // the default encoding
	}
	return c
}

// encoding returns the at-most-one encoding a request asks for.
func (sb satBackend) encoding(req Request) (encode.AMOEncoding, error) {
	name := req.Options["amo"]
	if name == "" {
		return sb.amo, nil
	}
	a, err := encode.ParseAMO(name)
	if err != nil {
		return 0, fmt.Errorf("experiments: backend %s: %w", sb.name, err)
	}
	if sb.fixed && a != sb.amo {
		return 0, fmt.Errorf("experiments: backend %s always uses the %v encoding, not %v (use backend sat with amo %v)", sb.name, sb.amo, a, a)
	}
	return a, nil
}

// Run counts or finds the completions of b. Outcome.Stats holds the size
// of the formula ("variables", "clauses", before any blocking clause) and
// "solver-calls", the number of incremental solves. A count is always by
// enumeration of models, one solver call and one blocking clause (the
// negation of the model's queens) each, so its cost grows with the number
// of completions, not of free rows. When the context ends first the
// Outcome is partial, with Status Timeout or Interrupted, and its count a
// lower bound. A formula of more than SATMaxClauses clauses is refused.
func (sb satBackend) Run(ctx context.Context, b encode.Board, req Request) (Outcome, error) {
	if err := refuse(sb.name, req); err != nil {
		return Outcome{}, err
	}
	if req.Mode != Count && req.Mode != Find {
		return Outcome{}, fmt.Errorf("experiments: backend %s: unsupported mode %v", sb.name, req.Mode)
	}
	amo, err := sb.encoding(req)
	if err != nil {
		return Outcome{}, err
	}
	if err := b.Validate(); err != nil {
		return Outcome{}, err
	}
	opts := encode.CNFOptions{AMO: amo, Dense: true}
	if v, ok := req.Options["pairwise-up-to"]; ok {
		cut, err := strconv.Atoi(v)
		if err != nil || cut < 2 {
			return Outcome{}, fmt.Errorf("experiments: backend %s: pairwise-up-to %q: want an integer ≥ 2", sb.name, v)
		}
		opts.PairwiseUpTo = cut
	}
	vars, clauses, err := encode.CNFSize(b, opts)
	if err != nil {
		return Outcome{}, fmt.Errorf("experiments: backend %s: %w", sb.name, err)
	}
	if clauses > SATMaxClauses {
		gb := (64*float64(clauses) + 150*float64(vars)) / 1e9
		return Outcome{}, fmt.Errorf("experiments: backend %s: the %v encoding of this board has %d variables and %d clauses (some %.0f GB in the solver), more than the %d clauses the sat backends load; try another encoding (--amo product is the smallest) or backend minconflicts or construct", sb.name, amo, vars, clauses, gb, SATMaxClauses)
	}
	start := time.Now()
	f, err := encode.CNFWith(b, opts)
	if err != nil {
		return Outcome{}, fmt.Errorf("experiments: backend %s: %w", sb.name, err)
	}
	s := sat.NewSize(f.Vars(), f.Clauses())
	out := Outcome{Stats: map[string]uint64{
		"variables": uint64(f.Vars()),
		"clauses":   uint64(f.Clauses()),
	}}
	done := func() (Outcome, error) {
		out.Stats["solver-calls"] = uint64(s.Solves())
		out.Elapsed = time.Since(start)
		return out, nil
	}
	if !encodeUnder(ctx, f, s) {
		out.Status = StatusOf(ctx)
		return done()
	}
	limit := uint64(0)
	var visit func() bool
	var decodeErr error
	if req.Mode == Find {
		if req.Limit > 0 {
			limit = uint64(req.Limit)
		}
		visit = func() bool {
			p, err := f.Decode(s.Value)
			if err != nil {
				decodeErr = err
				return false
			}
			if req.Visit != nil {
				return req.Visit(p)
			}
			return true
		}
	}
	// Every model puts one queen in each free row and so makes the same
	// number of square variables true: the blocking clause of a model can
	// be the negation of its queens alone (sat.Solver.EnumerateSets).
	n, st := s.EnumerateSets(ctx, f.DecisionVars(), limit, visit)
	if decodeErr != nil {
		return out, fmt.Errorf("experiments: backend %s: %w", sb.name, decodeErr)
	}
	out.Solutions = n
	if st == sat.Unknown {
		out.Status = StatusOf(ctx)
	}
	return done()
}

// encodeUnder writes the clauses of f into s unless ctx ends first (it is
// checked every 65,536 clauses); it reports whether the formula is whole.
func encodeUnder(ctx context.Context, f *encode.Formula, s *sat.Solver) bool {
	if ctx.Done() == nil {
		f.Encode(s)
		return true
	}
	a := &ctxAdder{ctx: ctx, dst: s}
	f.Encode(a)
	return !a.stopped && ctx.Err() == nil
}

// ctxAdder passes literals on to a solver until its context ends.
type ctxAdder struct {
	ctx     context.Context
	dst     *sat.Solver
	clauses uint32
	stopped bool
}

func (a *ctxAdder) Add(lit int) {
	if a.stopped {
		return
	}
	a.dst.Add(lit)
	if lit == 0 {
		a.clauses++
		if a.clauses&0xffff == 0 && a.ctx.Err() != nil {
			a.stopped = true
		}
	}
}
