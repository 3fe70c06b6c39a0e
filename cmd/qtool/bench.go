package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	root "github.com/qtool-project/qtool"
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

// benchFlags are the flags of qtool bench: those a preset or a grid reads
// (preset.Options), and bench's own.
type benchFlags struct {
	o                       preset.Options
	preset                  string
	format, plot, log, base string
	reference               string
	resume                  bool
	task                    string
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
		return runOwnPreset(ctx, c, p, f, setFlags(fs), format, lay)
	}
	spec, err := benchSpec(ctx, f, setFlags(fs))
	if err != nil {
		return err
	}
	if spec, err = benchSlice(spec, f.task); err != nil {
		return err
	}
	noteUnavailable(c, spec)
	if f.base != "" && !spec.HasBackend(f.base) {
		return usageErrorf("bench: --base %s is not among the backends measured", f.base)
	}
	rep, interrupted, err := benchRun(ctx, c, f, spec)
	if err != nil {
		return err
	}
	rep.Layout = lay
	var stop error
	if interrupted {
		msg := "bench: interrupted; the table shows the runs measured so far"
		if f.log != "" {
			msg += fmt.Sprintf(", all kept in %s; to continue: %s", f.log, resumeHint(args, f.log))
		}
		stop = errors.New(msg)
	}
	return showReport(c, "bench", f.preset, rep, format, f.plot, stop)
}

// add defines the flags of qtool bench on fs (but the layout's).
func (f *benchFlags) add(fs *flag.FlagSet) {
	fs.StringVar(&f.o.Backends, "backends", "", "comma-separated `names` of the backends (default: every backend that can do the mode)")
	fs.StringVar(&f.o.N, "n", "", "board orders, e.g. `4-12` or 1000,10000 (default 4-11)")
	fs.StringVar(&f.o.Boards, "boards", "", "`DIR` of board files (queens already placed) instead of --n")
	fs.StringVar(&f.o.Mode, "mode", "count", "`mode`: count (all solutions), first (one solution), complete (one completion of each board) or decide (can each board be completed?)")
	addRepeatsFlags(fs, &f.o)
	fs.DurationVar(&f.o.Timeout, "timeout", experiments.DefaultTimeout, "time limit `D` of one run, and budget of a cell's repeats (0 = none; 2s for --preset completion)")
	fs.DurationVar(&f.o.MinTime, "mintime", experiments.DefaultMinTime, "repeat shorter runs back to back for at least `D` (at most half of --timeout) and record the mean (0 = single runs)")
	fs.StringVar(&f.format, "format", "text", formatUsage())
	fs.StringVar(&f.plot, "plot", "", "also plot seconds against n to `FILE` (.svg, .png or .pdf)")
	fs.StringVar(&f.log, "log", experiments.DefaultLogName, "append every measured run to `FILE` (JSON lines); empty for none")
	fs.BoolVar(&f.resume, "resume", false, "keep the runs already in the log and measure only the others")
	fs.StringVar(&f.base, "base", "", "compare the backends with backend `B` (default: the first of each table)")
	fs.StringVar(&f.reference, "reference", "", "table of known counts `FILE` (n, count per line); none to check across backends only (default: the built-in OEIS A000170 table, n ≤ 27)")
	fs.Int64Var(&f.o.Seed, "seed", experiments.DefaultSeed, "random `seed` (repeat r runs with seed+r)")
	fs.IntVar(&f.o.Workers, "workers", experiments.DefaultWorkers, "worker goroutines `K` for parallel backends (0 = all cores; 1 compares the backends single-threaded)")
	fs.StringVar(&f.preset, "preset", "", "run the prepared experiment `NAME`: "+preset.NameList())
	fs.StringVar(&f.o.Deltas, "deltas", "", "--preset completion: free rows `δ`, e.g. 8-20 or 5,10,15 (default: δ²/n ≈ 1 to 12 for each n)")
	intFlag(fs, &f.o.Instances, "instances", experiments.DefaultCompletionInstances, "--preset completion: random instances `M` per n and δ (--preset diagonals: per n and d, default 20)")
	fs.StringVar(&f.o.Problem, "problem", "queens", "problem `NAME` of the grid: "+variantNames()+" (default n 4-8 for the others than queens)")
	intFlag(fs, &f.o.Pawns, "pawns", 0, "--problem queens+pawns: `K` pawns, every placement searched on each board")
	fs.StringVar(&f.o.Pieces, "pieces", "", "--problem pieces: the `COUNTS` of each kind, e.g. Q=3,N=3 (as qtool count --pieces); implies --problem pieces")
	fs.StringVar(&f.o.Excluded, "excluded", "", "--preset diagonals: numbers `d` of excluded diagonals, e.g. 0-30 (default 0-2n)")
	intFlag(fs, &f.o.MinFree, "min-free", experiments.DefaultDiagonalsMinFree, "--preset diagonals: squares `F` each row and column keeps off the excluded diagonals")
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
	if err := plotDir("bench", f.plot); err != nil {
		return "", lay, err
	}
	return format, lay, benchEmptyFlags(fs)
}

// benchRun measures spec (experiments.Session), keeping the runs of the
// log with --resume and appending the new ones, with a progress bar on a
// terminal; the report holds the runs measured so far when interrupted.
func benchRun(ctx context.Context, c *cli, f benchFlags, spec experiments.Spec) (rep *results.Report, interrupted bool, err error) {
	s := experiments.Session{Spec: spec, Env: spec.Env().WithHost(), Log: f.log, Resume: f.resume, Duplicates: func(d int) {
		fmt.Fprintf(c.stderr, "qtool: bench: %s: %d record(s) measure a run that a later record of the log measures again; the later one is kept\n", f.log, d)
	}}
	bar := newProgress(c.stderr, "bench")
	if c.terminal {
		s.Progress = func(done, total int) { bar.update(uint64(done), uint64(total)) }
	}
	envs, recs, err := s.Run(ctx)
	bar.done()
	var open *experiments.OpenError
	var e *experiments.SettingConflict
	interrupted = errors.Is(err, experiments.ErrInterrupted)
	switch {
	case errors.As(err, &open):
		return nil, false, usageErrorf("bench: %v", err)
	case errors.As(err, &e):
		return nil, false, usageErrorf("bench: --resume: %s holds runs measured with %s %s (session of %s), this run measures with %s %s: resume with the same --%s, or give another --log", f.log, e.Setting, e.Was, e.Session.Format("2006-01-02 15:04"), e.Setting, e.Is, e.Setting)
	case err != nil && !interrupted:
		return nil, false, err
	}
	return results.NewReport(envs, recs, f.base), interrupted, nil
}

// benchSpec builds the experiment of the flags with the settings of its
// runs (preset.Build).
func benchSpec(ctx context.Context, f benchFlags, set map[string]bool) (experiments.Spec, error) {
	ref, err := experiments.LoadReference(f.reference)
	if err != nil {
		return experiments.Spec{}, usageErrorf("bench: --reference: %v", err)
	}
	o := presetOptions(f, set)
	o.Reference = ref
	spec, err := preset.Build(ctx, f.preset, o)
	if err != nil {
		return spec, presetErr(err)
	}
	return spec, nil
}

// noteUnavailable says on stderr which backends of spec cannot run on this
// machine (an external solver that is not installed): their cells are
// skipped, and the run goes on without them.
func noteUnavailable(c *cli, spec experiments.Spec) {
	for _, b := range spec.Unavailable() {
		fmt.Fprintf(c.stderr, "bench: note: backend %s is unavailable, its cells are skipped: %s\n", b.Name(), backend.UnavailableReason(backend.Unavailable(b)))
	}
}

// benchTaskFlag adds bench's --task: run one slice of the experiment, as an
// array task of qtool cluster submit bench does.
func benchTaskFlag(fs *flag.FlagSet, p *string) {
	fs.StringVar(p, "task", "", "run only slice `i/m` of the experiment (units i, i+m, …: problems, or samples of instances), as a task of qtool cluster submit bench")
}

// benchSlice cuts the spec down to the slice --task names; no --task
// leaves it whole.
func benchSlice(spec experiments.Spec, task string) (experiments.Spec, error) {
	if task == "" {
		return spec, nil
	}
	i, m, ok := experiments.ParseSlice(task)
	if !ok {
		return spec, usageErrorf("bench: --task %q: want i/m with 0 ≤ i < m, e.g. 3/8", task)
	}
	s, err := spec.Slice(i, m)
	if err != nil {
		return spec, usageErrorf("bench: --task %s: %v", task, strings.TrimPrefix(err.Error(), "experiments: "))
	}
	return s, nil
}

// savePlot writes the plot to a temporary file next to path and renames it
// into place, so that a failure leaves no half-written plot.
func savePlot(rep *results.Report, path string) error {
	if err := plotDir("plot", path); err != nil {
		return err
	}
	format, _ := results.PlotFormat(path)
	return writeAtomic(path, func(w io.Writer) error { return rep.WritePlot(w, format) })
}

// resumeHint is the command that, pasted into a shell in the same
// directory, continues an interrupted bench: the same flags, with --resume
// and the log.
func resumeHint(args []string, log string) string {
	parts := []string{"qtool", "bench"}
	hasResume, hasLog := false, false
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") {
			hasResume = hasResume || name == "resume"
			hasLog = hasLog || name == "log"
		}
		parts = append(parts, shellQuote(a))
	}
	if !hasResume {
		parts = append(parts, "--resume")
	}
	if !hasLog {
		parts = append(parts, "--log", shellQuote(log))
	}
	return strings.Join(parts, " ")
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=./,:+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// benchEmptyFlags refuses a grid flag given an empty value (--n ""), which
// would otherwise run the default silently.
func benchEmptyFlags(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "n", "backends", "boards", "mode", "deltas", "preset", "format", "base":
			if err == nil && strings.TrimSpace(f.Value.String()) == "" {
				err = usageErrorf("bench: --%s needs a value (see qtool bench --help)", f.Name)
			}
		}
	})
	return err
}

// The presets of qtool bench (--preset NAME) are those of package
// preset's registry: the flag's help, the list in its errors and the
// check of the preset-only flags all come from it.

// runOwnPreset runs a preset that measures itself (preset.Preset.Run) and
// prints its report; it ends as qtool bench does (interrupted, or a
// MISMATCH or ERROR cell).
func runOwnPreset(ctx context.Context, c *cli, p *preset.Preset, f benchFlags, set map[string]bool, format results.Format, lay results.Layout) error {
	env := func(settings map[string]string) results.Env {
		env := results.CurrentEnv(f.o.Seed).WithHost()
		env.Settings = settings
		return env
	}
	recs, settings, err := p.RunLogged(ctx, presetOptions(f, set), f.log, env)
	var se *preset.SettingError
	interrupted := errors.Is(err, experiments.ErrInterrupted)
	switch {
	case errors.As(err, &se):
		return withCode(exitUsage, benchSetting{se})
	case err != nil && !interrupted:
		return err
	}
	rep := results.NewReport([]results.Env{env(settings)}, recs, f.base)
	rep.Layout = lay
	var stop error
	if interrupted {
		stop = errors.New("bench: interrupted; the table shows the runs measured so far")
	}
	return showReport(c, "bench", p.Name, rep, format, f.plot, stop)
}

// showReport writes the report of command cmd for preset name (empty: the
// main experiment, a grid or qtool table) in format, with the plot if
// asked (preset.Prepare: a preset's own summary, and its plot of the
// records it picks), and ends as bench and table do: exit 3 with stop's
// message when the run was stopped, else 1 when a cell is MISMATCH or
// ERROR, with a message naming how many.
func showReport(c *cli, cmd, name string, rep *results.Report, format results.Format, plot string, stop error) error {
	plotRep := preset.Prepare(name, rep, plot != "")
	if err := rep.Write(c.stdout, format); err != nil {
		return err
	}
	if plot != "" {
		if err := savePlot(plotRep, plot); err != nil {
			return err
		}
	}
	if stop != nil {
		return withCode(exitInterrupted, stop)
	}
	if bad := rep.Untrusted(); bad != "" {
		return withCode(exitNo, fmt.Errorf("%s: %s cell(s): answers that cannot be trusted (see the table)", cmd, bad))
	}
	return nil
}

// presetOptions are the flags a preset of package preset reads (f.o),
// with which of them were set and how bench finds backends.
func presetOptions(f benchFlags, set map[string]bool) preset.Options {
	o := f.o
	o.Set, o.Lookup, o.Published, o.PublishedDir = set, benchLookup, root.Prob079(), root.Prob079Dir
	o.CheckPawns = func(p encode.Problem) error { return checkPawns(p, "bench") }
	o.Exec = func(name string) (backend.Backend, error) { return lookupExec(name, "dimacs", "") }
	return o
}

// presetErr is a preset's error as bench says it: a refused setting is
// bad input; an interruption while the instances are made measured
// nothing; bench's own error (of checkPawns) is as it is.
func presetErr(err error) error {
	var se *preset.SettingError
	var ee *exitError
	switch {
	case errors.As(err, &ee):
		return err
	case errors.As(err, &se):
		return withCode(exitUsage, benchSetting{se})
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return withCode(exitInterrupted, errors.New("bench: interrupted while generating the instances; nothing was measured"))
	}
	return fmt.Errorf("bench: %w", err)
}

// benchSetting is a preset's refusal as bench says it, "bench: " and its
// message, wrapping what it wraps (a board's error, for the hint).
type benchSetting struct{ *preset.SettingError }

func (e benchSetting) Error() string { return "bench: " + e.Msg }

// repeatsValue is --repeats: a number of runs of each cell, or auto
// (AutoRepeats: at least the default number, then until the interval is
// narrow enough).
type repeatsValue struct {
	n    *int
	auto *bool
}

func (v repeatsValue) String() string {
	if v.auto != nil && *v.auto {
		return "auto"
	}
	if v.n == nil {
		return ""
	}
	return strconv.Itoa(*v.n)
}

func (v repeatsValue) Set(s string) error {
	if strings.EqualFold(s, "auto") {
		*v.auto = true
		*v.n = experiments.DefaultRepeats
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("want a number of runs or auto")
	}
	*v.n, *v.auto = n, false
	return nil
}

// addRepeatsFlags adds --repeats (a number of runs or auto) and the
// settings of --repeats auto to fs, into o.
func addRepeatsFlags(fs *flag.FlagSet, o *preset.Options) {
	o.Repeats = experiments.DefaultRepeats
	fs.Var(repeatsValue{n: &o.Repeats, auto: &o.AutoRepeats}, "repeats", fmt.Sprintf("runs of each cell `R`, or auto: at least %d, then until the 95%% interval is within --precision of the median, at most --max-repeats, or --repeat-budget of runs", experiments.DefaultRepeats))
	fs.Float64Var(&o.Precision, "precision", 100*experiments.DefaultAutoTarget, "--repeats auto: the half-width `P` of the 95% interval to reach, in % of the median")
	intFlag(fs, &o.MaxRepeats, "max-repeats", experiments.DefaultAutoMax, "--repeats auto: at most `R` runs of a cell")
	fs.DurationVar(&o.RepeatBudget, "repeat-budget", experiments.DefaultAutoBudget, "--repeats auto: stop repeating a cell once its runs took `D`")
}
