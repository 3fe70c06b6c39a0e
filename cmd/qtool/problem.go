package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// problemFlags are the flags that name a problem and a backend, shared by
// count and solve.
type problemFlags struct {
	n       int
	board   string
	backend string
	timeout time.Duration
	workers int
	seed    int64
	amo     string
	solver  string
	json    bool

	// set by addProblem (count, solve): the variant and the number of
	// excluded diagonals to keep.
	problem   string
	diagonals int
	pawns     int
	pieces    string // --pieces: the counts of the pieces problem
	variants  bool
	order     string
	// --protocol and --name of an exec:PROGRAM backend (exec_flags.go).
	protocol, execName string
}

// add adds the flags of a problem and its run; --backend's help says
// what backend.Default picks for mode.
func (p *problemFlags) add(fs *flag.FlagSet, mode backend.Mode) {
	intFlag(fs, &p.n, "n", 0, "board order `N` (optional with --board)")
	fs.StringVar(&p.board, "board", "", "`FILE` with queens already placed (- for stdin); completes that board")
	fs.StringVar(&p.backend, "backend", "", backendFlagHelp(mode))
	fs.DurationVar(&p.timeout, "timeout", 0, "time limit `D`, e.g. 10s or 2m (0 = none); exit 3 when reached")
	intFlag(fs, &p.workers, "workers", 0, "worker goroutines `K` for parallel backends (0 = all cores)")
	fs.Int64Var(&p.seed, "seed", 1, "random `seed` for randomised backends")
	fs.StringVar(&p.amo, "amo", "", "at-most-one encoding for the sat backend: pairwise, sequential, commander, product, bimander or product-bimander (the default)")
	addSolverFlag(fs, &p.solver)
	fs.BoolVar(&p.json, "json", false, "print one JSON object")
	addExecFlags(fs, p)
}

// loadProblem reads the problem (--problem, -n or --board, recognised by
// content: see encode.ProblemSpec and encode.ParseInstance).
func (p *problemFlags) loadProblem(c *cli, set map[string]bool) (encode.Problem, error) {
	spec := encode.ProblemSpec{Variants: p.variants, VariantName: p.problem, Pieces: p.pieces, Pawns: p.pawns, Diagonals: p.diagonals, N: p.n, Board: p.board, Set: set}
	prob, err := spec.Variant()
	if err != nil {
		return prob, usageErrorf("%w", err)
	}
	if err := checkTimeout(p.timeout); err != nil {
		return prob, err
	}
	if p.workers < 0 {
		return prob, usageErrorf("--workers must be 0 (all cores) or more, got %d", p.workers)
	}
	var f io.ReadCloser
	name := ""
	if p.board != "" {
		if f, name, err = openInput(c, p.board); err != nil {
			return prob, err
		}
		defer f.Close()
	}
	if prob, err = spec.Load(prob, f, name); err != nil {
		return prob, usageErrorf("%w", err)
	}
	if err := checkSolver(p.solver); err != nil {
		return prob, err
	}
	return prob, nil
}

// lookupBackend returns the backend of the run: --backend, or the default
// for the problem and the request (backend.Default).
func (p *problemFlags) lookupBackend(prob encode.Problem, req backend.Request) (backend.Backend, error) {
	name := p.backend
	if name == "" {
		name = backend.Default(prob, req)
	}
	be, err := lookupExec(name, p.protocol, p.execName)
	if err != nil {
		return nil, usageErrorf("%v", err)
	}
	return be, nil
}

// request is the request of the flags: --seed, --workers and the options
// --amo, --solver and --order.
func (p *problemFlags) request(mode backend.Mode) backend.Request {
	req := backend.Request{Mode: mode, Seed: p.seed, Workers: p.workers}
	req.SetOption("amo", p.amo)
	req.SetOption("solver", p.solver)
	req.SetOption("order", p.order)
	return req
}

func setFlags(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// endStatus turns how a run ended into the command's exit: nil for a final
// answer, exit 3 for a time limit or a method that gave up, 130 for an
// interrupt. The result has been printed already.
func endStatus(s backend.Status) error {
	switch s {
	case backend.Timeout, backend.Unknown:
		return withCode(exitTimeout, nil)
	case backend.Interrupted:
		return withCode(exitInterrupted, nil)
	}
	return nil
}

// runErr maps a backend failure; a context that ended turns into a status.
func runErr(ctx context.Context, name string, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		if backend.StatusOf(ctx) == backend.Timeout {
			return withCode(exitTimeout, fmt.Errorf("%s: time limit reached", name))
		}
		return withCode(exitInterrupted, fmt.Errorf("%s: interrupted", name))
	}
	return usageErrorf("%v", err)
}

// statusWord is the status in a run's summary line (backend.Status.Word).
func statusWord(s backend.Status) string { return s.Word() }
