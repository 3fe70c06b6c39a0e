package main

import (
	"context"
	_ "embed"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/qtool-project/qtool/dlx"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/memlimit"
	"github.com/qtool-project/qtool/solution"
)

func init() {
	register(command{name: "gen", summary: "generate random n-queens completion instances", run: runGen})
}

// genUsage is the help of qtool gen (help/gen.txt).
//
//go:embed help/gen.txt
var genUsage string

func runGen(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("gen", genUsage)
	n, k := new(int), new(int)
	intFlag(fs, n, "n", 0, "board order `N`")
	intFlag(fs, k, "k", 0, "queens to place `K` (0 ≤ K ≤ N)")
	seed := fs.Uint64("seed", 1, "random `seed`")
	count := new(int)
	intFlag(fs, count, "count", 1, "number of instances `M`")
	out := fs.String("out", "", "write one file per instance into `DIR` (created if missing)")
	ff := addFamilyFlags(fs)
	lim := addGenLimits(fs) // gen_bounds.go
	if err := parseNone(c, fs, args); err != nil {
		return err
	}
	set := setFlags(fs)
	if ff.family != "completion" {
		if !set["n"] || *n < 1 {
			return usageErrorf("gen: give -n N (at least 1)")
		}
	} else if err := completionChecks(set, *n, *k); err != nil {
		return err
	}
	if *count < 1 {
		return usageErrorf("gen: --count must be at least 1, got %d", *count)
	}
	if *out == "" && *count > 1 {
		return usageErrorf("gen: --count %d needs --out DIR (one file per instance)", *count)
	}
	ctx, cancel, err := lim.check(ctx, ff.family, *n, *count, *out != "")
	if err != nil {
		return err
	}
	defer cancel()
	if ff.family != "completion" {
		return runGenFamily(ctx, c, ff, set, *n, *seed, *count, *out)
	}
	return genCompletion(ctx, c, *n, *k, *seed, *count, *out)
}

// completionChecks refuses the flags of the other families and an -n or
// -k out of range.
func completionChecks(set map[string]bool, n, k int) error {
	switch {
	case set["min-free"] || set["blocked"]:
		return usageErrorf("gen: --min-free and --blocked apply to --family diagonals and blocked")
	case !set["n"] || !set["k"]:
		return usageErrorf("gen: give -n N and -k K")
	case n < 1:
		return usageErrorf("gen: -n must be at least 1, got %d", n)
	case k < 0 || k > n:
		return usageErrorf("gen: -k must be between 0 and n = %d, got %d", n, k)
	}
	return nil
}

// genCompletion writes count completion instances (queens-gen-fast): to
// stdout, or one file each into the directory out.
func genCompletion(ctx context.Context, c *cli, n, k int, seed uint64, count int, out string) error {
	if out != "" {
		if err := os.MkdirAll(out, 0o755); err != nil {
			return usageErrorf("gen: --out: %v", err)
		}
	}
	if err := memlimit.Check(fmt.Sprintf("gen: an instance of n = %d", n), encode.GenerateBytes(n)); err != nil {
		return usageErrorf("%v", err)
	}
	fam := encode.CompletionFamily{N: n, K: k, Seed: seed}
	interrupted := func(i int) error {
		if out != "" && i > 0 {
			fmt.Fprintf(c.stdout, "%d instance(s) of n = %d, k = %d, seed %d written to %s (incomplete: %d asked for)\n", i, n, k, seed, out, count)
		}
		return genStopped(c, ctx, i, count, "instances")
	}
	for i := 0; i < count; i++ {
		if ctx.Err() != nil {
			return interrupted(i)
		}
		b, err := fam.Generate(ctx, i)
		if ctx.Err() != nil {
			return interrupted(i)
		}
		if err != nil {
			return usageErrorf("%v", err)
		}
		if out == "" {
			return fam.Write(c.stdout, b, i)
		}
		// Each file appears whole or not at all.
		name := filepath.Join(out, fam.FileName(i))
		if err := writeAtomic(name, func(w io.Writer) error { return fam.Write(w, b, i) }); err != nil {
			return fmt.Errorf("gen: %v", err)
		}
	}
	if out != "" {
		fmt.Fprintf(c.stdout, "%d instance(s) of n = %d, k = %d, seed %d written to %s\n", count, n, k, seed, out)
	}
	return nil
}

// familyFlags are gen's flags for the hard families of Gent, Jefferson
// and Nightingale.
type familyFlags struct {
	family  string
	minFree int
	blocked int
	xcover  xcoverFamilyFlags
}

func addFamilyFlags(fs *flag.FlagSet) *familyFlags {
	ff := &familyFlags{}
	fs.StringVar(&ff.family, "family", "completion", "instance `family`: completion (queens-gen-fast), diagonals (Excluded Diagonals, queens-diag-gen), blocked (Blocked n-Queens), or random exact cover in Knuth's format: xcc (colours), mcc (colours, bounds), cost (colours, costs)")
	intFlag(fs, &ff.minFree, "min-free", 4, "--family diagonals: squares `F` each row and column keeps off the excluded diagonals (the published instances use 4)")
	intFlag(fs, &ff.blocked, "blocked", 0, "--family blocked: number `B` of blocked squares")
	intFlag(fs, &ff.xcover.secondary, "secondary", 0, "--family xcc|mcc|cost: secondary items `S` (0 = n)")
	intFlag(fs, &ff.xcover.options, "options", 0, "--family xcc|mcc|cost: options `M` (0 = 3n)")
	intFlag(fs, &ff.xcover.colors, "colours", 3, "--family xcc|mcc|cost: colours `C` of the secondary items")
	return ff
}

// runGenFamily writes Excluded Diagonals instances (.param, every
// diagonal the generator excludes, in order: use count --diagonals K for
// the instance with K) or Blocked instances (grids with 'x').
func runGenFamily(ctx context.Context, c *cli, ff *familyFlags, set map[string]bool, n int, seed uint64, count int, out string) error {
	switch ff.family {
	case "xcc", "mcc", "cost":
		return runGenXcover(ctx, c, ff.family, &ff.xcover, n, seed, count, out)
	case "diagonals":
		if set["k"] || set["blocked"] {
			return usageErrorf("gen: --family diagonals takes -n, --min-free, --seed, --count, --out (the diagonals are chosen with count --diagonals K)")
		}
	case "blocked":
		if set["k"] || set["min-free"] {
			return usageErrorf("gen: --family blocked takes -n, --blocked, --seed, --count, --out")
		}
		if ff.blocked < 0 || ff.blocked > n*n {
			return usageErrorf("gen: --blocked must be between 0 and n² = %d, got %d", n*n, ff.blocked)
		}
		if n > solution.MaxGrid {
			return usageErrorf("gen: --family blocked writes grids: n = %d is more than %d", n, solution.MaxGrid)
		}
	default:
		return usageErrorf("gen: --family %q: want completion, diagonals, blocked, xcc, mcc or cost", ff.family)
	}
	if ff.minFree < 0 {
		return usageErrorf("gen: --min-free must be 0 or more, got %d", ff.minFree)
	}
	var fam interface {
		FileName(i int) string
		Write(ctx context.Context, w io.Writer, i int) error
	} = encode.BlockedFamily{N: n, Blocked: ff.blocked, Seed: seed}
	if ff.family == "diagonals" {
		fam = encode.DiagonalsFamily{N: n, MinFree: ff.minFree, Seed: seed}
	}
	if out == "" {
		err := fam.Write(ctx, c.stdout, 0)
		if err != nil && ctx.Err() != nil {
			return genStopped(c, ctx, 0, 1, "instances")
		}
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return usageErrorf("gen: --out: %v", err)
	}
	for i := range count {
		if err := ctx.Err(); err != nil {
			return genStopped(c, ctx, i, count, "instances")
		}
		name := filepath.Join(out, fam.FileName(i))
		o, err := createOut(name)
		if err != nil {
			return usageErrorf("gen: %v", err)
		}
		if err := fam.Write(ctx, o.f, i); err != nil {
			o.discard()
			if ctx.Err() != nil {
				return genStopped(c, ctx, i, count, "instances")
			}
			return err
		}
		if err := o.commit(); err != nil {
			return fmt.Errorf("gen: %s: %v", name, err)
		}
	}
	fmt.Fprintf(c.stdout, "%d %s instance(s) of n = %d, seed %d written to %s\n", count, ff.family, n, seed, out)
	return nil
}

// xcoverFamilyFlags are gen's flags for the exact-cover families.
type xcoverFamilyFlags struct {
	secondary, options, colors int
}

// runGenXcover writes random exact-cover problems of dlx.Random's
// families (xcc: colours, mcc: colours and bounds, cost: colours and
// costs) in Knuth's format: -n primary items, --secondary, --options and
// --colours as given (by default n, 3n and 3), one file per --seed index.
func runGenXcover(ctx context.Context, c *cli, family string, xf *xcoverFamilyFlags, n int, seed uint64, count int, out string) error {
	switch {
	case xf.secondary < 0:
		return usageErrorf("gen: --secondary must be at least 0 (0 = n), got %d", xf.secondary)
	case xf.options < 0:
		return usageErrorf("gen: --options must be at least 0 (0 = 3n), got %d", xf.options)
	case xf.colors < 1:
		return usageErrorf("gen: --colours must be at least 1, got %d", xf.colors)
	}
	spec := dlx.RandomSpec{Family: family, Primary: n, Secondary: xf.secondary, Options: xf.options, Colors: xf.colors}.WithDefaults()
	write := func(path string, i int) error {
		spec.Seed = seed + uint64(i)
		p, err := dlx.RandomContext(ctx, spec)
		if err != nil && ctx.Err() != nil {
			return genStopped(c, ctx, i, max(count, 1), "problems")
		}
		if err != nil {
			return usageErrorf("gen: %v", err)
		}
		if path == "" {
			fmt.Fprint(c.stdout, spec.Comment())
			_, err := p.WriteTo(c.stdout)
			return err
		}
		o, err := createOut(path)
		if err != nil {
			return usageErrorf("gen: %v", err)
		}
		fmt.Fprint(o.f, spec.Comment())
		if _, err := p.WriteTo(o.f); err != nil {
			o.discard()
			return fmt.Errorf("gen: %s: %w", path, err)
		}
		return o.commit()
	}
	if out == "" {
		return write("", 0)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return usageErrorf("gen: --out: %v", err)
	}
	for i := range count {
		if ctx.Err() != nil {
			return genStopped(c, ctx, i, count, "problems")
		}
		spec.Seed = seed + uint64(i)
		if err := write(filepath.Join(out, spec.FileName()), i); err != nil {
			return err
		}
	}
	fmt.Fprintf(c.stdout, "%d %s problem(s) with %d primary items, seeds %d.., written to %s\n", count, family, n, seed, out)
	return nil
}

// genMaxFiles bounds gen --count: one directory of a million files is
// more than any experiment of the papers used.
const genMaxFiles = 1_000_000

// genLimits are gen's --timeout and --max-size.
type genLimits struct {
	timeout time.Duration
	maxSize string
}

func addGenLimits(fs *flag.FlagSet) *genLimits {
	l := &genLimits{}
	fs.DurationVar(&l.timeout, "timeout", 0, "stop after `D` (e.g. 30s; 0 = no limit): the instances written are kept, exit 3")
	fs.StringVar(&l.maxSize, "max-size", "1GB", "refuse to write more than `SIZE` in all (e.g. 500MB, 20GB; 0 for no limit)")
	return l
}

// check refuses, before anything is written, a count of files or a total
// size beyond the bounds, and returns the context of the run.
func (l *genLimits) check(ctx context.Context, family string, n, count int, toDir bool) (context.Context, context.CancelFunc, error) {
	if err := checkTimeout(l.timeout); err != nil {
		return nil, nil, err
	}
	max, err := memlimit.ParseSize(l.maxSize)
	if err != nil {
		return nil, nil, usageErrorf("gen: --max-size %q: %v", l.maxSize, err)
	}
	if toDir && count > genMaxFiles {
		return nil, nil, usageErrorf("gen: --count %d: at most %d files in one directory", count, genMaxFiles)
	}
	files := uint64(count)
	if !toDir {
		files = 1
	}
	if total := files * encode.InstanceBytes(family, n); max > 0 && total > max {
		return nil, nil, usageErrorf("gen: %d instance(s) of n = %d take about %s, more than --max-size %s: raise --max-size or write fewer", files, n, memlimit.Bytes(total), l.maxSize)
	}
	rctx, cancel := withTimeout(ctx, l.timeout)
	return rctx, cancel, nil
}

// genStopped is gen's end when its context is done after i of count
// instances (what, "instances" or "problems"): exit 3 at --timeout,
// 130/143 at a signal.
func genStopped(c *cli, ctx context.Context, i, count int, what string) error {
	if ctx.Err() == context.DeadlineExceeded {
		fmt.Fprintf(c.stderr, "qtool: gen: time limit reached after %d of %d %s (those written are whole)\n", i, count, what)
		return withCode(exitTimeout, nil)
	}
	fmt.Fprintf(c.stderr, "qtool: gen: interrupted after %d of %d %s\n", i, count, what)
	return withCode(exitInterrupted, nil)
}
