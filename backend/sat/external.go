package sat

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/sat"
)

// externalBackends are the backends of the external SAT solvers, by name:
// "SOLVER-ENC" for each solver and encoding.
var externalBackends = map[string]externalBackend{}

func init() {
	for _, e := range sat.Externals() {
		avail := sync.OnceValue(func() error {
			_, err := e.Path()
			return err
		})
		backend.Register(externalBackend{name: e.Name, solver: e, amo: encode.DefaultAMO, available: avail})
		for _, a := range encode.AMOEncodings() {
			eb := externalBackend{name: e.Name + "-" + a.String(), solver: e, amo: a, fixed: true, available: avail}
			externalBackends[eb.name] = eb
			backend.Register(eb)
		}
	}
}

// ExternalSolvers returns the names of the external SAT solvers that the
// backends "SOLVER" and "SOLVER-ENC" and the option "solver" of backend
// sat name, installed or not.
func ExternalSolvers() []string {
	var names []string
	for _, e := range sat.Externals() {
		names = append(names, e.Name)
	}
	return names
}

// externalBackend decides a board with an external SAT solver (CaDiCaL,
// CryptoMiniSat, MiniSat, PicoSAT; see sat.Externals): the CNF of
// encode.CNF in dense numbering, as the sat backends build it, goes to the
// solver program in the DIMACS format, and its answer comes back. Every
// model is checked twice before it is believed — against every clause of
// the formula (sat.Checker) and, decoded, by the independent verifier
// encode.Verify — and a model that fails is an error of the run. An
// UNSATISFIABLE answer is the solver's claim: the harness compares it with
// the other complete backends of the same board (a disagreement is a
// MISMATCH). It finds one completion, or counts or lists them by
// enumeration: one solver run per completion, each run given the formula
// and the blocking clauses of the completions found so far (the negation
// of their queens, as sat.Solver.EnumerateSets blocks them), every model
// checked against all of them, until the solver says UNSATISFIABLE (the
// count is then complete) — see Morgado and Marques-Silva, "Good learning
// and implicit model enumeration", ICTAI 2005; each run starts the
// program and writes the whole formula again, so this suits small counts.
// The backend "SOLVER" uses encode.DefaultAMO and honours Request.Options
// ["amo"], "SOLVER-ENC" always uses encoding ENC. A solver that is not
// installed makes the backend unavailable (Available), which the harness
// reports and skips rather than running.
type externalBackend struct {
	name      string
	solver    sat.External
	amo       encode.AMOEncoding
	fixed     bool
	available func() error
}

func (eb externalBackend) Name() string { return eb.name }

func (eb externalBackend) Caps() backend.Caps {
	c := backend.Caps{Find: true, Count: true, All: true, Complete: true, Exact: true, External: true,
		Options:     []string{"pairwise-up-to", "diagonal-counts"},
		CountMethod: "enumeration of models, one solver run each", Enumerates: true}
	if !eb.fixed {
		// "SOLVER-ENC" has no choice of encoding: backend.Admit refuses
		// its option amo.
		c.Options = append([]string{"amo"}, c.Options...)
		c.AliasOf = eb.name + "-" + eb.amo.String()
	}
	return c
}

// Available returns nil when the solver's program is installed, else an
// error wrapping sat.ErrUnavailable. It looks once per process.
func (eb externalBackend) Available() error { return eb.available() }

// Run finds one completion of b, or proves that there is none. Outcome
// Stats holds the formula's "variables" and "clauses" (Solve times the
// whole run, the writing of the formula to the solver included. When the
// context ends first, the solver and everything it started are killed and
// the Outcome has Status Timeout or Interrupted.
func (eb externalBackend) Run(ctx context.Context, prob encode.Problem, req backend.Request) (backend.Outcome, error) {
	return eb.runBoard(ctx, prob.Board, req)
}

func (eb externalBackend) runBoard(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
	if err := eb.Available(); err != nil {
		return backend.Outcome{}, fmt.Errorf("backend %s is unavailable: %s: %w", eb.name, backend.UnavailableReason(err), sat.ErrUnavailable)
	}
	amo, err := eb.encoding(req)
	if err != nil {
		return backend.Outcome{}, err
	}
	opts, err := satOptions(eb.name, b, req, amo)
	if err != nil {
		return backend.Outcome{}, err
	}
	f, err := encode.CNFWith(b, opts)
	if err != nil {
		return backend.Outcome{}, fmt.Errorf("backend %s: %w", eb.name, err)
	}
	out := backend.Outcome{Stats: map[string]uint64{
		"variables": uint64(f.Vars()),
		"clauses":   uint64(f.Clauses()),
	}}
	limit := uint64(0) // Count: all
	if req.Mode == backend.Find && req.Limit > 0 {
		limit = uint64(req.Limit)
	}
	// blocks holds the blocking clauses, each ended by 0.
	var blocks []int
	nblocks := 0
	decision := f.DecisionVars()
	for {
		res, err := eb.solver.Solve(ctx, f.Vars(), f.Clauses()+nblocks, func(w sat.Adder) error {
			if err := f.EncodeContext(ctx, w); err != nil {
				return err
			}
			for _, m := range blocks {
				w.Add(m)
			}
			return nil
		})
		out.Stats["solver-calls"]++
		if err != nil {
			return out, fmt.Errorf("backend %s: %w", eb.name, err)
		}
		switch res.Status {
		case sat.Unknown:
			if ctx.Err() == nil {
				out.Status = backend.Unknown // the solver gave up by itself
			}
			return out, nil // Solve turns a context that ended into the Status
		case sat.Unsat:
			return out, nil // every completion found
		}
		p, err := eb.check(f, b, res.Model, blocks)
		if err != nil {
			return out, err
		}
		value := func(v int) bool { return v < len(res.Model) && res.Model[v] }
		out.Solutions++
		if req.Visit != nil && !req.Visit(p) {
			return out, nil
		}
		if out.Solutions == limit {
			return out, nil
		}
		for _, v := range decision {
			if value(v) {
				blocks = append(blocks, -v)
			}
		}
		blocks = append(blocks, 0)
		nblocks++
	}
}

// encoding returns the at-most-one encoding of a request. A fixed
// backend's encoding is its own: backend.Admit refuses the option amo
// (Caps), and backend sat, which hands a request with the option solver to
// externalBackends[SOLVER-ENC], picks ENC from it.
func (eb externalBackend) encoding(req backend.Request) (encode.AMOEncoding, error) {
	name := req.Options["amo"]
	if name == "" || eb.fixed || strings.EqualFold(name, encode.AutoAMO) {
		return eb.amo, nil
	}
	a, err := encode.ParseAMO(name)
	if err != nil {
		return 0, unknownAMO(eb.name, name)
	}
	return a, nil
}

// check returns the placement of a solver's model of formula f of board b
// after checking the model against every clause, the blocking ones
// (blocks, each ended by 0) included, so that it is new, and the
// placement with the independent verifier encode.Verify.
func (eb externalBackend) check(f *encode.Formula, b encode.Board, model []bool, blocks []int) (encode.Placement, error) {
	chk := sat.NewChecker(model)
	f.Encode(chk)
	for _, m := range blocks {
		chk.Add(m)
	}
	if err := chk.Err(); err != nil {
		return nil, fmt.Errorf("backend %s: wrong model: %w", eb.name, err)
	}
	value := func(v int) bool { return v < len(model) && model[v] }
	p, err := f.Decode(value)
	if err != nil {
		return nil, fmt.Errorf("backend %s: %w", eb.name, err)
	}
	if err := encode.Verify(b.Problem(), p); err != nil {
		return nil, fmt.Errorf("backend %s: wrong model: %w", eb.name, err)
	}
	return p, nil
}

// IsUnavailable reports whether err says that an external program is not
// installed.
func IsUnavailable(err error) bool { return errors.Is(err, sat.ErrUnavailable) }
