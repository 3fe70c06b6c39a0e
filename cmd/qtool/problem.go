package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
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
	variants  bool
	order     string
}

func (p *problemFlags) add(fs *flag.FlagSet) {
	intFlag(fs, &p.n, "n", 0, "board order `N` (optional with --board)")
	fs.StringVar(&p.board, "board", "", "`FILE` with queens already placed (- for stdin); completes that board")
	fs.StringVar(&p.backend, "backend", "", "backend `B`: "+strings.Join(experiments.Names(), ", ")+" (default bitmask for n ≤ 64; above, dlx, or minconflicts to find one solution)")
	fs.DurationVar(&p.timeout, "timeout", 0, "time limit `D`, e.g. 10s or 2m (0 = none); exit 3 when reached")
	intFlag(fs, &p.workers, "workers", 0, "worker goroutines `K` for parallel backends (0 = all cores)")
	fs.Int64Var(&p.seed, "seed", 1, "random `seed` for randomised backends")
	fs.StringVar(&p.amo, "amo", "", "at-most-one encoding for the sat backend: pairwise, sequential, commander, product, bimander or product-bimander (the default)")
	addSolverFlag(fs, &p.solver)
	fs.BoolVar(&p.json, "json", false, "print one JSON object")
}

// loadProblem reads the problem (--problem, -n or --board, recognised by
// content: see encode.ParseInstance) and looks up the backend.
func (p *problemFlags) loadProblem(c *cli, set map[string]bool, mode experiments.Mode, limit int) (encode.Problem, experiments.Backend, error) {
	prob, err := p.variant(set)
	if err != nil {
		return prob, nil, err
	}
	var b encode.Board
	if err := checkTimeout(p.timeout); err != nil {
		return prob, nil, err
	}
	if p.workers < 0 {
		return prob, nil, usageErrorf("--workers must be 0 (all cores) or more, got %d", p.workers)
	}
	if p.board != "" {
		f, name, err := openInput(c, p.board)
		if err != nil {
			return prob, nil, err
		}
		prob.Instance, err = encode.ParseInstanceWith(f, name, p.readOptions(set))
		f.Close()
		if err != nil {
			return prob, nil, usageErrorf("%w", err)
		}
		b = prob.Board
		if set["n"] && p.n != b.N {
			return prob, nil, usageErrorf("-n %d disagrees with the board in %s, which is %d×%d", p.n, name, b.N, b.N)
		}
	} else {
		if set["diagonals"] {
			return prob, nil, usageErrorf("--diagonals takes the first K excluded diagonals of a --board file")
		}
		if !set["n"] {
			return prob, nil, usageErrorf("give the board order with -n N, or a board with --board FILE")
		}
		if p.n < 1 {
			return prob, nil, usageErrorf("-n must be at least 1, got %d", p.n)
		}
		if p.n > encode.MaxN {
			return prob, nil, usageErrorf("-n %d is larger than qtool handles (%d)", p.n, encode.MaxN)
		}
		b = encode.Empty(p.n)
		prob.Board = b
	}
	name := p.backend
	if name == "" {
		name = defaultBackend(b, mode, limit)
		if !prob.PlainQueens() {
			name = defaultModelBackend(prob)
		}
	}
	be, err := lookupBackend(name)
	if err != nil {
		return prob, nil, usageErrorf("%v", err)
	}
	name = be.Name()
	caps := be.Caps()
	if caps.MaxN > 0 && b.N > caps.MaxN {
		return prob, nil, usageErrorf("backend %s handles n ≤ %d, not %d (try --backend %s)", name, caps.MaxN, b.N, suggestFor(b.N))
	}
	if b.Given() > 0 && !caps.Complete {
		return prob, nil, usageErrorf("backend %s cannot complete a board with queens already placed", name)
	}
	if err := checkVariant(be, prob); err != nil {
		return prob, nil, err
	}
	if p.order != "" && !slices.Contains(caps.Options, "order") {
		return prob, nil, usageErrorf("--order applies to the backends with a branching order (%s), not %s", strings.Join(backendsWith(func(c experiments.Caps) bool { return slices.Contains(c.Options, "order") }), ", "), name)
	}
	if p.amo != "" && !slices.Contains(caps.Options, "amo") {
		return prob, nil, usageErrorf("--amo applies to the backends with an at-most-one encoding (%s), not %s", strings.Join(backendsWith(func(c experiments.Caps) bool { return slices.Contains(c.Options, "amo") }), ", "), name)
	}
	if err := checkSolver(p.solver, name); err != nil {
		return prob, nil, err
	}
	return prob, be, nil
}

// defaultBackend picks the backend for a run without --backend: the
// bitmask counter up to n = 64; above, dancing links for counting and for
// completing a board, and min-conflicts to find one solution of an empty
// board.
func defaultBackend(b encode.Board, mode experiments.Mode, limit int) string {
	name := "bitmask"
	if mode == experiments.Count && b.Given() == 0 && b.N <= constellationMaxN {
		name = defaultEmptyCounter(b.N)
	}
	if b.N > 64 {
		name = "dlx"
		if mode == experiments.Find && limit == 1 && b.Given() == 0 {
			name = "minconflicts"
		}
	}
	if _, err := experiments.Lookup(name); err != nil {
		return "backtrack"
	}
	return name
}

func suggestFor(n int) string {
	if n > 64 {
		return "backtrack, dlx or sat; minconflicts or construct to find one solution"
	}
	if n <= constellationMaxN {
		return "domains or bitmask"
	}
	return "bitmask"
}

func (p *problemFlags) request(mode experiments.Mode) experiments.Request {
	req := experiments.Request{Mode: mode, Seed: p.seed, Workers: p.workers}
	if p.amo != "" {
		req.Options = map[string]string{"amo": p.amo}
	}
	if p.solver != "" {
		if req.Options == nil {
			req.Options = map[string]string{}
		}
		req.Options["solver"] = p.solver
	}
	if p.order != "" {
		if req.Options == nil {
			req.Options = map[string]string{}
		}
		req.Options["order"] = p.order
	}
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
func endStatus(s experiments.Status) error {
	switch s {
	case experiments.Timeout, experiments.Unknown:
		return withCode(exitTimeout, nil)
	case experiments.Interrupted:
		return withCode(exitInterrupted, nil)
	}
	return nil
}

// runErr maps a backend failure; a context that ended turns into a status.
func runErr(ctx context.Context, backend string, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		if experiments.StatusOf(ctx) == experiments.Timeout {
			return withCode(exitTimeout, fmt.Errorf("%s: time limit reached", backend))
		}
		return withCode(exitInterrupted, fmt.Errorf("%s: interrupted", backend))
	}
	return usageErrorf("%v", err)
}

func statusWord(s experiments.Status) string {
	switch s {
	case experiments.Timeout:
		return "timeout (incomplete: time limit reached)"
	case experiments.Interrupted:
		return "interrupted (incomplete)"
	case experiments.Unknown:
		return "unknown (not found within the budget; no proof that none exists)"
	}
	return s.String()
}
