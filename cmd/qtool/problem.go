package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/qtool-project/qtool/backend"
	// Every backend built into qtool registers itself with package backend.
	_ "github.com/qtool-project/qtool/backend/all"
	satbackend "github.com/qtool-project/qtool/backend/sat"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/textin"
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
	fs.StringVar(&p.amo, "amo", "", "at-most-one encoding for the sat backend: auto (the default: product-bimander, or a compact product formula on large boards), pairwise, sequential, commander, product, bimander or product-bimander")
	addSolverFlag(fs, &p.solver)
	fs.BoolVar(&p.json, "json", false, "print one JSON object")
	addExecFlags(fs, p)
}

// loadProblem reads the problem (--problem, -n or --board, recognised by
// content: see encode.ProblemSpec and encode.ParseInstance); a --board -
// is read under ctx, the command's context, which carries its --timeout.
func (p *problemFlags) loadProblem(ctx context.Context, c *cli, set map[string]bool) (encode.Problem, error) {
	spec := encode.ProblemSpec{Variants: p.variants, VariantName: p.problem, Pieces: p.pieces, Pawns: p.pawns, Diagonals: p.diagonals, N: p.n, Board: p.board, Set: set}
	prob, err := spec.Variant()
	if err != nil {
		hint := ""
		if _, perr := encode.ParseVariant(p.problem); p.problem != "" && perr != nil {
			var names []string
			for _, v := range encode.AllVariants() {
				names = append(names, v.String())
			}
			hint = didYouMean(p.problem, names, "")
		}
		return prob, usageErrorf("%w%s", err, hint)
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
		if f, name, err = openInput(ctx, c, p.board); err != nil {
			return prob, err
		}
		defer f.Close()
	}
	if prob, err = spec.Load(prob, f, name); err != nil {
		return prob, boardError(err, name)
	}
	if err := checkSolver(p.solver); err != nil {
		return prob, err
	}
	return prob, nil
}

// boardError is the usage error of a board file that could not be read:
// a line too long for a board file gets the advice that a solution in
// list form of any size (qtool place's) is what verify streams.
// Standard input (named "<stdin>") is verify's "-".
func boardError(err error, name string) error {
	if errors.Is(err, textin.ErrLineTooLong) {
		arg := name
		if name == "<stdin>" {
			arg = "-"
		}
		return usageErrorf("%w (a solution in list form of any size: qtool verify %s)", err, arg)
	}
	return usageErrorf("%w", err)
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

// parseNone reads the command line of a command that takes flags only: an
// operand is a usage error that points to the command's help.
func parseNone(c *cli, fs *flag.FlagSet, args []string) error {
	operands, err := parseFlags(c, fs, args)
	if err == nil && len(operands) > 0 {
		err = usageErrorf("%s: unexpected argument %q (see qtool %s --help)", fs.Name(), operands[0], fs.Name())
	}
	return err
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

// variantNames lists the --problem names.
func variantNames() string { return encode.VariantNames() }

// addProblem adds --problem and --diagonals (count, solve).
func (p *problemFlags) addProblem(fs *flag.FlagSet) {
	p.variants = true
	fs.StringVar(&p.problem, "problem", "queens", "problem `NAME`: "+variantNames())
	intFlag(fs, &p.diagonals, "diagonals", 0, "use only the first `K` excluded diagonals of a CSPLib prob079 .param --board, as the published runs do")
	intFlag(fs, &p.pawns, "pawns", 0, "--problem queens+pawns: `K` pawns; without 'p' squares in the --board, every placement of K pawns is searched and n+K queens placed on each")
	fs.StringVar(&p.pieces, "pieces", "", "--problem pieces: how many of each kind, `COUNTS` such as Q=3,N=3 or K=2,Q=2,B=2,N=1 (K king, Q queen, B bishop, R rook, N knight), none attacking another; implies --problem pieces")
	fs.StringVar(&p.order, "order", "", "backend backtrack: branch row by row (rows: the classic node counts), on the most constrained free row or column (mrv), or `auto`: rows on an empty board, mrv when queens are given (blocked squares, excluded diagonals and the other problems are always searched by mrv); on a plain board, mrv-middle, mrv-random or mrv-left: mrv trying the columns middle-out, at random with restarts, or left to right (first solutions of n = 10,000)")
}

// checkPawns checks the pawns of a loaded problem (encode.CheckPawns).
func checkPawns(prob encode.Problem, name string) error {
	if err := encode.CheckPawns(prob, name); err != nil {
		return usageErrorf("%w", err)
	}
	return nil
}

// addSolverFlag defines --solver, the SAT solver of backend sat.
func addSolverFlag(fs *flag.FlagSet, p *string) {
	fs.StringVar(p, "solver", "", "SAT solver `S` of --backend sat: gini (the default, built in) or an installed program: "+strings.Join(satbackend.ExternalSolvers(), ", ")+fmt.Sprintf(". With gini, one completion of a board with queens given and at most %d free rows is found by cube and conquer: a lookahead on the most constrained free row or column splits the board into cubes that gini decides (docs/sat.md)", satbackend.SATCubeMaxFree))
}

// checkSolver refuses a --solver that qtool does not know or that is not
// installed (which backends take --solver at all is backend.Admit's
// answer: see admit).
func checkSolver(solver string) error {
	if solver == "" || solver == "gini" {
		return nil
	}
	if !slices.Contains(satbackend.ExternalSolvers(), solver) {
		return usageErrorf("--solver %q: want gini, %s", solver, strings.Join(satbackend.ExternalSolvers(), ", "))
	}
	b, err := backend.Lookup(solver)
	if err != nil {
		return usageErrorf("%v", err)
	}
	if err := backend.Unavailable(b); err != nil {
		return usageErrorf("--solver %s: %s", solver, backend.UnavailableReason(err))
	}
	return nil
}

// admit is backend.Admit, the one check of what a backend can do, in the
// user's words: a refusal becomes a usage error (exit 2) that names the
// backends that would take the request (Refusal.Able).
func admit(be backend.Backend, prob encode.Problem, req backend.Request) error {
	if r := refusal(be, prob, req); r != nil {
		return usageErrorf("%s", refusalText(r, prob))
	}
	return nil
}

// refusal is backend.Admit's refusal of the request, nil when admitted.
func refusal(be backend.Backend, prob encode.Problem, req backend.Request) *backend.Refusal {
	var r *backend.Refusal
	if errors.As(backend.Admit(be, prob, req), &r) {
		return r
	}
	return nil
}

// refusalText says what backend r.Backend cannot do and, where some can,
// which backends to use instead (backend.Refusal.Hint); a --solver
// refused names the external solvers.
func refusalText(r *backend.Refusal, prob encode.Problem) string {
	if r.Need == backend.NeedOption && r.Option == "solver" && len(r.Able()) > 0 {
		return fmt.Sprintf("--solver applies to --backend sat, not %s (the external solvers are also backends of their own: %s)", r.Backend, strings.Join(satbackend.ExternalSolvers(), ", "))
	}
	return r.Hint(prob)
}
