package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/preset"
	"github.com/qtool-project/qtool/results"
)

func init() {
	register(command{name: "bench", summary: "compare backends over a grid of problems: checked answers, statistics, tables, plots", run: runBench})
}

// benchUsage is the help of qtool bench (help/bench.txt).
//
//go:embed help/bench.txt
var benchUsage string

// benchLookup finds a backend by name; tests may add backends of their own
// without registering them for every other test.
var benchLookup = findBackend

type benchFlags struct {
	backends, n, boards, mode string
	preset, deltas            string
	excluded                  string // --preset diagonals
	problem                   string
	pawns                     int
	pieces                    string
	minFree                   int
	instances                 int
	repeats                   int
	timeout, mintime          time.Duration
	format, plot, log, base   string
	reference                 string
	resume                    bool
	seed                      int64
	workers                   int
	task                      string
	auto                      autoFlags // --repeats auto
}

func runBench(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("bench", benchUsage)
	var f benchFlags
	f.add(fs)
	var lf layoutFlags
	addLayoutFlags(fs, &lf)
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	format, lay, err := f.check(fs, operands, lf)
	if err != nil {
		return err
	}
	if p := preset.Lookup(f.preset); p != nil && p.Run != nil {
		return runOwnPreset(ctx, c, p, f, setFlags(fs), format, lay) // bench_preset.go
	}
	spec, err := benchSpec(ctx, f, setFlags(fs))
	if err != nil {
		return err
	}
	if spec, err = benchSlice(spec, f.task); err != nil {
		return err
	}
	noteUnavailable(c, spec)
	if f.base != "" && !benchHas(spec, f.base) {
		return usageErrorf("bench: --base %s is not among the backends measured", f.base)
	}
	rep, interrupted, err := benchRun(ctx, c, f, spec)
	if err != nil {
		return err
	}
	rep.Layout = lay
	if err := renderPreset(c, f.preset, rep, format, f.plot); err != nil {
		return err
	}
	if interrupted {
		msg := "bench: interrupted; the table shows the runs measured so far"
		if f.log != "" {
			msg += fmt.Sprintf(", all kept in %s; to continue: %s", f.log, resumeHint(args, f.log))
		}
		return withCode(exitInterrupted, errors.New(msg))
	}
	return benchVerdict("bench", rep)
}

// add defines the flags of qtool bench on fs (but the layout's).
func (f *benchFlags) add(fs *flag.FlagSet) {
	fs.StringVar(&f.backends, "backends", "", "comma-separated `names` of the backends (default: every backend that can do the mode)")
	fs.StringVar(&f.n, "n", "", "board orders, e.g. `4-12` or 1000,10000 (default 4-11)")
	fs.StringVar(&f.boards, "boards", "", "`DIR` of board files (queens already placed) instead of --n")
	fs.StringVar(&f.mode, "mode", "count", "`mode`: count (all solutions), first (one solution), complete (one completion of each board) or decide (can each board be completed?)")
	addRepeatsFlags(fs, &f.repeats, &f.auto)
	fs.DurationVar(&f.timeout, "timeout", experiments.DefaultTimeout, "time limit `D` of one run, and budget of a cell's repeats (0 = none; 2s for --preset completion)")
	fs.DurationVar(&f.mintime, "mintime", experiments.DefaultMinTime, "repeat shorter runs back to back for at least `D` and record the mean (0 = single runs)")
	fs.StringVar(&f.format, "format", "text", formatUsage())
	fs.StringVar(&f.plot, "plot", "", "also plot seconds against n to `FILE` (.svg, .png or .pdf)")
	fs.StringVar(&f.log, "log", experiments.DefaultLogName, "append every measured run to `FILE` (JSON lines); empty for none")
	fs.BoolVar(&f.resume, "resume", false, "keep the runs already in the log and measure only the others")
	fs.StringVar(&f.base, "base", "", "compare the backends with backend `B` (default: the first of each table)")
	fs.StringVar(&f.reference, "reference", "", "table of known counts `FILE` (n, count per line); none to check across backends only (default: the built-in OEIS A000170 table, n ≤ 27)")
	fs.Int64Var(&f.seed, "seed", experiments.DefaultSeed, "random `seed` (repeat r runs with seed+r)")
	fs.IntVar(&f.workers, "workers", experiments.DefaultWorkers, "worker goroutines `K` for parallel backends (0 = all cores; 1 compares the backends single-threaded)")
	fs.StringVar(&f.preset, "preset", "", presetFlagHelp())
	fs.StringVar(&f.deltas, "deltas", "", "--preset completion: free rows `δ`, e.g. 8-20 or 5,10,15 (default: δ²/n ≈ 1 to 12 for each n)")
	intFlag(fs, &f.instances, "instances", experiments.DefaultCompletionInstances, "--preset completion: random instances `M` per n and δ (--preset diagonals: per n and d, default 20)")
	fs.StringVar(&f.problem, "problem", "queens", "problem `NAME` of the grid: "+variantNames()+" (default n 4-8 for the others than queens)")
	intFlag(fs, &f.pawns, "pawns", 0, "--problem queens+pawns: `K` pawns, every placement searched on each board")
	fs.StringVar(&f.pieces, "pieces", "", "--problem pieces: the `COUNTS` of each kind, e.g. Q=3,N=3 (as qtool count --pieces); implies --problem pieces")
	fs.StringVar(&f.excluded, "excluded", "", "--preset diagonals: numbers `d` of excluded diagonals, e.g. 0-30 (default 0-2n)")
	intFlag(fs, &f.minFree, "min-free", experiments.DefaultDiagonalsMinFree, "--preset diagonals: squares `F` each row and column keeps off the excluded diagonals")
	benchTaskFlag(fs, &f.task)
}

// check refuses operands and the flags' values that bench cannot use,
// and returns the report's format and layout.
func (f *benchFlags) check(fs *flag.FlagSet, operands []string, lf layoutFlags) (results.Format, results.Layout, error) {
	var lay results.Layout
	if len(operands) > 0 {
		return "", lay, usageErrorf("bench: unexpected argument %q (see qtool bench --help)", operands[0])
	}
	format, err := parseFormat("bench", f.format)
	if err != nil {
		return "", lay, err
	}
	if lay, err = lf.layout("bench"); err != nil {
		return "", lay, err
	}
	if f.resume && f.log == "" {
		return "", lay, usageErrorf("bench: --resume needs a log (--log FILE)")
	}
	if f.plot != "" {
		if _, err := plotFormat("bench", f.plot); err != nil {
			return "", lay, err
		}
	}
	return format, lay, benchEmptyFlags(fs)
}

// benchRun measures spec, keeping the runs of the log with --resume and
// appending the new ones, with a progress bar on a terminal; the report
// holds the runs measured so far when interrupted.
func benchRun(ctx context.Context, c *cli, f benchFlags, spec experiments.Spec) (rep *results.Report, interrupted bool, err error) {
	logFile, envs, prior, err := openBenchLog(c, f, hostEnv(spec.Env()))
	if err != nil {
		return nil, false, err
	}
	if logFile != nil {
		defer logFile.Close()
	}
	runner := &experiments.Runner{Spec: spec, Done: prior}
	if logFile != nil {
		runner.Log = logFile.WriteRecord
	}
	var bar *progress
	if c.terminal {
		bar = newProgress(c.stderr, "bench")
		runner.Progress = func(done, total int) { bar.update(uint64(done), uint64(total)) }
	}
	recs, runErr := runner.Run(ctx)
	if bar != nil {
		bar.done()
	}
	interrupted = errors.Is(runErr, experiments.ErrInterrupted)
	if runErr != nil && !interrupted {
		return nil, false, runErr
	}
	return results.NewReport(envs, append(prior, recs...), f.base), interrupted, nil
}

// openBenchLog opens --log (none: nil), keeping its runs with --resume
// (prior) after checking that they were measured with this run's
// settings, and appends this session's environment: envs are the log's
// sessions and this one.
func openBenchLog(c *cli, f benchFlags, env results.Env) (logFile *experiments.LogFile, envs []results.Env, prior []results.Record, err error) {
	envs = []results.Env{env}
	if f.log == "" {
		return nil, envs, nil, nil
	}
	var oldEnvs []results.Env
	logFile, oldEnvs, prior, err = experiments.OpenLog(f.log, f.resume)
	if err != nil {
		return nil, nil, nil, usageErrorf("bench: %v", err)
	}
	fail := func(err error) (*experiments.LogFile, []results.Env, []results.Record, error) {
		logFile.Close()
		return nil, nil, nil, err
	}
	if d := logFile.Duplicates(); d > 0 {
		fmt.Fprintf(c.stderr, "qtool: bench: %s: %d record(s) measure a run that a later record of the log measures again; the later one is kept\n", f.log, d)
	}
	if f.resume {
		if err := checkResumeSettings(envs[0], oldEnvs, f.log); err != nil { // bench_resume.go
			return fail(err)
		}
	}
	envs = append(oldEnvs, envs...)
	if err := logFile.WriteEnv(envs[len(envs)-1]); err != nil {
		return fail(err)
	}
	return logFile, envs, prior, nil
}

// benchSpec builds the experiment from the flags: a preset, the main
// experiment when no grid flag is set, else one grid.
func benchSpec(ctx context.Context, f benchFlags, set map[string]bool) (experiments.Spec, error) {
	ref, err := benchReference(f.reference)
	if err != nil {
		return experiments.Spec{}, err
	}
	if f.preset != "" {
		p, err := lookupPreset(f.preset, set)
		if err != nil {
			return experiments.Spec{}, err
		}
		return specOfPreset(ctx, p, f, set, ref)
	}
	if err := checkNoPresetFlags(set); err != nil {
		return experiments.Spec{}, err
	}
	var spec experiments.Spec
	if !set["backends"] && !set["n"] && !set["boards"] && !set["mode"] && !set["problem"] && !set["pieces"] {
		spec = experiments.DefaultSpec()
		if len(spec.Grids) == 0 {
			return spec, usageErrorf("bench: no backend is registered")
		}
	} else {
		g, err := benchGrid(f)
		if err != nil {
			return spec, err
		}
		if g, err = benchVariant(f, set, g); err != nil {
			return spec, err
		}
		spec.Grids = []experiments.Grid{g}
	}
	spec.Repeats, spec.Timeout, spec.MinTime, spec.Seed, spec.Workers, spec.Reference = f.repeats, f.timeout, f.mintime, f.seed, f.workers, ref
	if spec.Auto, err = f.auto.auto("bench", set); err != nil {
		return spec, err
	}
	return checkSpec(f, spec)
}

// checkSpec checks the settings common to every experiment.
func checkSpec(f benchFlags, spec experiments.Spec) (experiments.Spec, error) {
	if f.repeats < 1 {
		return spec, usageErrorf("bench: --repeats must be at least 1, got %d", f.repeats)
	}
	if f.timeout < 0 {
		return spec, usageErrorf("bench: --timeout must not be negative, got %v", f.timeout)
	}
	if f.mintime < 0 {
		return spec, usageErrorf("bench: --mintime must not be negative, got %v", f.mintime)
	}
	if f.workers < 0 {
		return spec, usageErrorf("bench: --workers must not be negative, got %d", f.workers)
	}
	if err := spec.Validate(); err != nil {
		return spec, usageErrorf("bench: %v", err)
	}
	return spec, nil
}

func benchGrid(f benchFlags) (experiments.Grid, error) {
	var g experiments.Grid
	task, err := experiments.ParseTask(f.mode)
	if err != nil {
		return g, usageErrorf("bench: --mode %q: want count, first, complete or decide", f.mode)
	}
	g.Task = task
	switch {
	case f.boards != "" && f.n != "":
		return g, usageErrorf("bench: give --n or --boards, not both")
	case f.boards != "":
		if g.Problems, err = experiments.LoadBoards(f.boards); err != nil {
			return g, usageErrorf("bench: %w", err)
		}
	default:
		r := f.n
		if r == "" {
			r = "4-11"
		}
		ns, err := experiments.ParseRange(r)
		if err != nil {
			return g, usageErrorf("bench: --n: %v", err)
		}
		g.Problems = experiments.EmptyBoards(ns)
		g.StopAfterTimeout = true
	}
	if f.backends == "" {
		g.Backends = experiments.ForTask(task)
		if len(g.Backends) == 0 {
			return g, usageErrorf("bench: no registered backend can do mode %s", task)
		}
		return g, nil
	}
	boards := make([]encode.Board, len(g.Problems))
	for i, p := range g.Problems {
		boards[i] = p.Board
	}
	g.Backends, err = backendList(f.backends, task, boards, fmt.Sprintf("do mode %s on these problems", task))
	return g, err
}

// backendList looks up the backends named in list (preset.Backends, with
// benchLookup), each of which must be able to do task on at least one of
// the boards; what names the task in the message.
func backendList(list string, task experiments.Task, boards []encode.Board, what string) ([]backend.Backend, error) {
	bs, err := preset.Backends(list, task, boards, what, benchLookup)
	if err != nil {
		return nil, presetErr(err)
	}
	return bs, nil
}

// benchReference reads the table of known counts: the one built into the
// binary (OEIS A000170, n ≤ 27) unless --reference names a file or none.
func benchReference(path string) (*experiments.Reference, error) {
	switch path {
	case "none":
		return nil, nil
	case "":
		return experiments.BuiltinReference(), nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, usageErrorf("bench: --reference: %v", err)
	}
	defer f.Close()
	ref, err := experiments.ReadReference(f, path)
	if err != nil {
		return nil, usageErrorf("bench: --reference: %v", err)
	}
	return ref, nil
}

func benchHas(s experiments.Spec, backend string) bool {
	for _, g := range s.Grids {
		for _, b := range g.Backends {
			if b.Name() == backend {
				return true
			}
		}
	}
	return false
}

// benchRender prints the report in the chosen format and writes the plot.
func benchRender(c *cli, rep *results.Report, format results.Format, plot string) error {
	if err := rep.Write(c.stdout, format); err != nil {
		return err
	}
	if plot != "" {
		if err := savePlot(rep, plot); err != nil {
			return err
		}
	}
	return nil
}

// benchVerdict is the exit status of a report: 1 when a cell is MISMATCH or
// ERROR, with a message naming how many.
func benchVerdict(cmd string, rep *results.Report) error {
	mis, bad := rep.Count(results.Mismatch), rep.Count(results.Error)
	if mis == 0 && bad == 0 {
		return nil
	}
	var parts []string
	if mis > 0 {
		parts = append(parts, fmt.Sprintf("%d MISMATCH", mis))
	}
	if bad > 0 {
		parts = append(parts, fmt.Sprintf("%d ERROR", bad))
	}
	return withCode(exitNo, fmt.Errorf("%s: %s cell(s): answers that cannot be trusted (see the table)", cmd, strings.Join(parts, " and ")))
}

// presetSpec gives a prepared experiment's spec the settings the user set
// on the command line (--repeats, --timeout, --mintime; --workers and the
// reference table always), then checks it as every spec is checked.
func presetSpec(f benchFlags, set map[string]bool, spec experiments.Spec, ref *experiments.Reference) (experiments.Spec, error) {
	if set["repeats"] {
		spec.Repeats = f.repeats
	}
	auto, err := f.auto.auto("bench", set)
	if err != nil {
		return spec, err
	}
	if auto != nil {
		spec.Auto = auto
	}
	if set["timeout"] {
		spec.Timeout = f.timeout
	}
	if set["mintime"] {
		spec.MinTime = f.mintime
	}
	spec.Workers, spec.Reference = f.workers, ref
	return checkSpec(f, spec)
}

// noteUnavailable says on stderr which backends of spec cannot run on this
// machine (an external solver that is not installed): their cells are
// skipped, and the run goes on without them.
func noteUnavailable(c *cli, spec experiments.Spec) {
	seen := map[string]bool{}
	for _, g := range spec.Grids {
		for _, b := range g.Backends {
			if seen[b.Name()] {
				continue
			}
			seen[b.Name()] = true
			if err := backend.Unavailable(b); err != nil {
				fmt.Fprintf(c.stderr, "bench: note: backend %s is unavailable, its cells are skipped: %s\n", b.Name(), backend.UnavailableReason(err))
			}
		}
	}
}
