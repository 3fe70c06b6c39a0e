package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/qtool-project/qtool/encode"
)

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
		if n > maxGrid {
			return usageErrorf("gen: --family blocked writes grids: n = %d is more than %d", n, maxGrid)
		}
	default:
		return usageErrorf("gen: --family %q: want completion, diagonals, blocked, xcc, mcc or cost", ff.family)
	}
	if ff.minFree < 0 {
		return usageErrorf("gen: --min-free must be 0 or more, got %d", ff.minFree)
	}
	var fam interface {
		FileName(i int) string
		Write(w io.Writer, i int) error
	} = encode.BlockedFamily{N: n, Blocked: ff.blocked, Seed: seed}
	if ff.family == "diagonals" {
		fam = encode.DiagonalsFamily{N: n, MinFree: ff.minFree, Seed: seed}
	}
	if out == "" {
		return fam.Write(c.stdout, 0)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return usageErrorf("gen: --out: %v", err)
	}
	for i := range count {
		if err := ctx.Err(); err != nil {
			return genStopped(c, ctx, i, count)
		}
		name := filepath.Join(out, fam.FileName(i))
		o, err := createOut(name)
		if err != nil {
			return usageErrorf("gen: %v", err)
		}
		if err := fam.Write(o.f, i); err != nil {
			o.discard()
			return err
		}
		if err := o.commit(); err != nil {
			return fmt.Errorf("gen: %s: %v", name, err)
		}
	}
	fmt.Fprintf(c.stdout, "%d %s instance(s) of n = %d, seed %d written to %s\n", count, ff.family, n, seed, out)
	return nil
}
