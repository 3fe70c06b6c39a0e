package experiments

import (
	"context"
	"fmt"
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

// SATMaxFreeRows is the largest number of free rows (rows without a given
// queen) that the sat backends encode: k free rows make k² square
// variables and several times as many clauses, which gini must hold in
// memory.
const SATMaxFreeRows = 3000

// SATCountMaxFreeRows is the largest number of free rows for which the sat
// backends count: they count by enumerating the models one by one, each
// with its own blocking clause, and the 14,200 solutions of n = 12 already
// take minutes.
const SATCountMaxFreeRows = 11

// satBackend solves a board with the CDCL solver gini: the CNF of
// encode.CNF (in dense numbering, so that only the free squares have
// variables) loaded into a sat.Solver. It counts by enumerating the models
// with blocking clauses over the square variables. The backend "sat" uses
// encode.DefaultAMO and honours Request.Options["amo"]; "sat-ENC" always
// uses encoding ENC.
type satBackend struct {
	name  string
	amo   encode.AMOEncoding
	fixed bool // the encoding is part of the name
}

func (sb satBackend) Name() string { return sb.name }

func (satBackend) Caps() Caps {
	return Caps{Count: true, Find: true, All: true, Complete: true, Exact: true}
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
// enumeration of models. When the context ends first the Outcome is
// partial, with Status Timeout or Interrupted.
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
	free := b.N - b.Given()
	if free > SATMaxFreeRows {
		return Outcome{}, fmt.Errorf("experiments: backend %s encodes boards with at most %d free rows, this one has %d (try minconflicts or construct)", sb.name, SATMaxFreeRows, free)
	}
	if req.Mode == Count && free > SATCountMaxFreeRows {
		return Outcome{}, fmt.Errorf("experiments: backend %s counts by enumerating models, one solver call each, which is practical up to %d free rows; this board has %d (count with bitmask or dlx)", sb.name, SATCountMaxFreeRows, free)
	}
	start := time.Now()
	f, err := encode.CNFWith(b, encode.CNFOptions{AMO: amo, Dense: true})
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
	n, st := s.Enumerate(ctx, f.DecisionVars(), limit, visit)
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
