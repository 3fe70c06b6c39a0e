package main

import (
	"context"
	_ "embed"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/memlimit"
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
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	if len(operands) > 0 {
		return usageErrorf("gen: unexpected argument %q (see qtool gen --help)", operands[0])
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
		return genStopped(c, ctx, i, count)
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
