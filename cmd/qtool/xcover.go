package main

import (
	"bufio"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/qtool-project/qtool/backend"
	dlxbackend "github.com/qtool-project/qtool/backend/dlx"
	"github.com/qtool-project/qtool/dlx"
)

func init() {
	register(command{name: "xcover", summary: "solve any exact-cover problem in Knuth's dlx format (colours, multiplicities)", run: runXcover})
}

// xcoverUsage is the help of qtool xcover (help/xcover.txt).
//
//go:embed help/xcover.txt
var xcoverUsage string

// xcoverOptions are the flags and the operand of xcover.
type xcoverOptions struct {
	file      string
	countOnly bool
	asJSON    bool
	limit     uint64
	timeout   time.Duration
	workers   int
	algorithm dlx.Algorithm
	best      int
	zdd       string
	sample    int
	seed      int64
}

// maxWarnings is how many warnings xcover prints before it only counts them.
const maxWarnings = 20

func runXcover(ctx context.Context, c *cli, args []string) error {
	opt, err := xcoverFlags(c, args)
	if err != nil {
		return err
	}
	rctx, cancel := withTimeout(ctx, opt.timeout)
	defer cancel()
	p, name, err := xcoverLoad(rctx, c, opt)
	if err != nil {
		return err
	}
	if opt.best > 0 {
		return xcoverBest(rctx, c, p, name, opt)
	}
	if opt.zdd != "" || opt.sample > 0 {
		return xcoverZDD(rctx, c, p, name, opt)
	}
	alg, err := p.AlgorithmFor(opt.algorithm)
	if err != nil {
		return usageErrorf("xcover: %v", err)
	}
	out := bufio.NewWriterSize(c.stdout, 1<<16)
	defer out.Flush()
	cfg := dlx.Config{Limit: opt.limit, Algorithm: alg, Workers: opt.workers}
	var writeErr error
	if !opt.countOnly && !opt.asJSON {
		cfg.Visit = p.PrintSolutions(out, &writeErr)
	}
	var bar *progress
	if c.terminal && !opt.asJSON {
		bar = newProgress(c.stderr, "searching")
		cfg.Interval = 200 * time.Millisecond
		cfg.Progress = func(pr dlx.Progress) { bar.update(uint64(pr.Done*1e6), 1e6) }
	}
	rec, err := p.Search(rctx, name, cfg)
	if bar != nil {
		bar.done()
	}
	if writeErr != nil {
		return fmt.Errorf("xcover: writing: %v", writeErr)
	}
	status, err := xcoverStatus(rctx, err, "%v")
	if err != nil {
		return err
	}
	rec.Finish(status.String())
	if err := xcoverReport(out, rec, status, opt, cfg.Visit != nil && rec.Solutions > 0); err != nil {
		return err
	}
	return endStatus(status)
}

// xcoverStatus is how a search that returned err ended: OK, or the time
// limit or the signal that ended ctx; an error of the search itself is
// bad input, said with format.
func xcoverStatus(ctx context.Context, err error, format string) (backend.Status, error) {
	if err == nil {
		return backend.OK, nil
	}
	if ctx.Err() == nil {
		return backend.OK, usageErrorf(format, err)
	}
	return backend.StatusOf(ctx), nil
}

// xcoverFlags reads the command line of xcover.
func xcoverFlags(c *cli, args []string) (xcoverOptions, error) {
	var opt xcoverOptions
	fs := flagSet("xcover", xcoverUsage)
	fs.BoolVar(&opt.countOnly, "count", false, "print only the number of solutions and the statistics")
	limit := new(int)
	intFlag(fs, limit, "limit", 0, "stop after `K` solutions (0 = all)")
	fs.BoolVar(&opt.asJSON, "json", false, "print one JSON object: solutions, nodes, updates, cleansings, seconds, status")
	fs.DurationVar(&opt.timeout, "timeout", 0, "time limit `D`, e.g. 10s or 2m (0 = none); exit 3 when reached")
	intFlag(fs, &opt.workers, "workers", 1, "search with `K` goroutines (0 = one per processor)")
	intFlag(fs, &opt.best, "best", 0, "find the `K` cheapest solutions (options with costs |n, as DLX5 reads them)")
	fs.StringVar(&opt.zdd, "zdd", "", "write the ZDD of all solutions to `FILE` (DLX6's text form; JSON for FILE.json)")
	intFlag(fs, &opt.sample, "sample", 0, "print `K` solutions drawn uniformly from the ZDD")
	fs.Int64Var(&opt.seed, "seed", 1, "random `seed` of --sample")
	algorithm := fs.String("algorithm", "auto", "`A`: X (dlx1), C (dlx2, colours), M (dlx3, multiplicities), ss (ssxcc, sparse sets) or auto")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return opt, err
	}
	switch {
	case len(operands) == 0:
		return opt, usageErrorf("xcover: give the problem FILE (- for stdin; see qtool xcover --help)")
	case len(operands) > 1:
		return opt, usageErrorf("xcover: unexpected argument %q (see qtool xcover --help)", operands[1])
	case opt.sample < 0 || opt.sample > maxSample:
		return opt, usageErrorf("xcover: --sample must be in 0..%d, got %d", maxSample, opt.sample)
	case opt.best > 0 && (opt.zdd != "" || opt.sample > 0):
		return opt, usageErrorf("xcover: --best and --zdd/--sample do not combine")
	case opt.best < 0 || opt.best > maxBest:
		return opt, usageErrorf("xcover: --best must be in 0..%d, got %d", maxBest, opt.best)
	case *limit < 0:
		return opt, usageErrorf("xcover: --limit must be at least 0, got %d", *limit)
	case opt.workers < 0 || opt.workers > 1024:
		return opt, usageErrorf("xcover: --workers must be in 0..1024, got %d", opt.workers)
	}
	if opt.workers == 0 {
		opt.workers = runtime.NumCPU()
	}
	// More workers than processors cannot help (each would repeat the
	// walk above the split): the search runs with at most one each.
	opt.workers = dlx.EffectiveWorkers(opt.workers)
	if opt.algorithm, err = dlx.ParseAlgorithm(*algorithm); err != nil {
		return opt, usageErrorf("xcover: --algorithm: want X, C, M, ss or auto, got %q", *algorithm)
	}
	opt.limit = uint64(*limit)
	opt.file = operands[0]
	return opt, checkTimeout(opt.timeout)
}

// xcoverLoad reads the problem, refusing one too large for memory, and
// prints its warnings. A context that ends while reading is a time limit
// or an interruption, said on stderr.
func xcoverLoad(ctx context.Context, c *cli, opt xcoverOptions) (*dlx.Matrix, string, error) {
	f, name, err := openInput(ctx, c, opt.file)
	if err != nil {
		return nil, name, err
	}
	defer f.Close()
	p, err := dlx.ParseContext(ctx, f, name, dlx.ParseLimits{MaxNodes: dlxbackend.DLXMaxNodes(opt.workers)})
	if err != nil {
		var pe *dlx.Error
		stopped := errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
		switch {
		case stopped || ctx.Err() != nil:
			// A time limit or a signal while reading: the command's
			// context, which standard input's guard also ends with.
			s := backend.StopStatus(ctx, err)
			fmt.Fprintf(c.stderr, "qtool: xcover: reading %s stopped: %s; nothing searched\n", name, statusWord(s))
			return nil, name, endStatus(s)
		case errors.As(err, &pe):
			// The one line of the contract: dlx: FILE:LINE:COL: message.
			fmt.Fprintln(c.stderr, "dlx: "+err.Error())
			return nil, name, withCode(exitUsage, nil)
		}
		return nil, name, usageErrorf("%v", err)
	}
	p.WriteWarnings(c.stderr, name, maxWarnings)
	return p, name, nil
}

// xcoverReport prints the record as JSON or as the summary.
func xcoverReport(out *bufio.Writer, rec dlx.Report, status backend.Status, opt xcoverOptions, listed bool) error {
	if opt.asJSON {
		if err := writeJSON(out, rec); err != nil {
			return err
		}
	} else {
		if listed {
			out.WriteByte('\n')
		}
		if err := rec.WriteText(out, statusWord(status)); err != nil {
			return fmt.Errorf("xcover: writing: %v", err)
		}
	}
	if err := out.Flush(); err != nil {
		return fmt.Errorf("xcover: writing: %v", err)
	}
	return nil
}

// maxBest bounds --best: the solutions kept are held in memory.
const maxBest = 1 << 20

// xcoverBest runs --best K: Knuth's DLX5 search for the K cheapest
// solutions, printed cheapest first, each after a comment line with its
// cost.
func xcoverBest(ctx context.Context, c *cli, p *dlx.Matrix, name string, opt xcoverOptions) error {
	if opt.algorithm != dlx.Auto && opt.algorithm != dlx.C {
		return usageErrorf("xcover: --best runs DLX5's search (algorithm C with costs), not --algorithm %v", opt.algorithm)
	}
	if p.HasBounds() {
		return usageErrorf("xcover: --best: costs with bounds (multiplicities) are not supported, as in DLX5")
	}
	out := bufio.NewWriterSize(c.stdout, 1<<16)
	defer out.Flush()
	rec, err := p.SearchBest(ctx, name, opt.best, dlx.Config{Limit: opt.limit})
	status, err := xcoverStatus(ctx, err, "xcover: %v")
	if err != nil {
		return err
	}
	rec.Finish(status.String())
	listed := false
	if !opt.countOnly && !opt.asJSON {
		listed = rec.WriteSolutions(out)
	}
	if err := xcoverReport(out, rec, status, opt, listed); err != nil {
		return err
	}
	return endStatus(status)
}

// maxSample bounds --sample: the solutions are printed, one block each.
const maxSample = 1 << 20

// xcoverZDD runs --zdd FILE (and --sample K): the ZDD of every solution,
// built as DLX6 builds it, written to FILE in DLX6's text form (or, for a
// FILE ending in .json, the JSON form), its exact count in the summary, and
// K solutions drawn uniformly from it.
func xcoverZDD(ctx context.Context, c *cli, p *dlx.Matrix, name string, opt xcoverOptions) error {
	if p.HasBounds() {
		return usageErrorf("xcover: --zdd: %s: the ZDD of a problem with bounds (multiplicities) is not supported", name)
	}
	if opt.algorithm != dlx.Auto && opt.algorithm != dlx.C && opt.algorithm != dlx.X {
		return usageErrorf("xcover: --zdd builds the ZDD with dancing links (C), not --algorithm %v", opt.algorithm)
	}
	out := bufio.NewWriterSize(c.stdout, 1<<16)
	defer out.Flush()
	z, rec, err := p.SearchZDD(ctx, name, opt.zdd, opt.sample, opt.seed)
	if err != nil {
		if ctx.Err() == nil {
			return usageErrorf("xcover: %s: %v", name, err)
		}
		s := backend.StatusOf(ctx)
		fmt.Fprintf(c.stderr, "qtool: xcover: the ZDD was not finished: %s; nothing written\n", statusWord(s))
		return endStatus(s)
	}
	if opt.zdd != "" {
		o, err := createOutContext(ctx, opt.zdd)
		if err != nil {
			return usageErrorf("xcover: --zdd: %v", err)
		}
		if err := z.WriteFile(o.f, opt.zdd); err != nil {
			o.discard()
			return fmt.Errorf("xcover: --zdd %s: %v", opt.zdd, err)
		}
		if err := o.commit(); err != nil {
			return fmt.Errorf("xcover: --zdd %s: %v", opt.zdd, err)
		}
	}
	listed := false
	if !opt.asJSON {
		listed = rec.WriteSolutions(out)
	}
	if err := xcoverReport(out, rec, backend.OK, opt, listed); err != nil {
		return err
	}
	return nil
}
