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
}

func addFamilyFlags(fs *flag.FlagSet) *familyFlags {
	ff := &familyFlags{}
	fs.StringVar(&ff.family, "family", "completion", "instance `family`: completion (queens-gen-fast), diagonals (Excluded Diagonals, queens-diag-gen) or blocked (Blocked n-Queens)")
	intFlag(fs, &ff.minFree, "min-free", 4, "--family diagonals: squares `F` each row and column keeps off the excluded diagonals (the published instances use 4)")
	intFlag(fs, &ff.blocked, "blocked", 0, "--family blocked: number `B` of blocked squares")
	return ff
}

// runGenFamily writes Excluded Diagonals instances (.param, every
// diagonal the generator excludes, in order: use count --diagonals K for
// the instance with K) or Blocked instances (grids with 'x').
func runGenFamily(ctx context.Context, c *cli, ff *familyFlags, set map[string]bool, n int, seed uint64, count int, out string) error {
	switch ff.family {
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
		return usageErrorf("gen: --family %q: want completion, diagonals or blocked", ff.family)
	}
	if ff.minFree < 0 {
		return usageErrorf("gen: --min-free must be 0 or more, got %d", ff.minFree)
	}
	write := func(w io.Writer, i int) error {
		if ff.family == "diagonals" {
			ds, err := encode.GenerateDiagonals(n, ff.minFree, seed, uint64(i))
			if err != nil {
				return usageErrorf("%v", err)
			}
			fmt.Fprintf(w, "# qtool gen: Excluded Diagonals, queens-diag-gen method (Gent, Jefferson & Nightingale, JAIR 59, 2017; CSPLib prob079)\n")
			fmt.Fprintf(w, "# n %d, min-free %d, seed %d, index %d, diagonals %d: the instance with d diagonals takes the first d (count --diagonals d)\n", n, ff.minFree, seed, i, len(ds))
			return encode.WriteParam(w, n, ds)
		}
		bs, err := encode.GenerateBlocked(n, ff.blocked, seed, uint64(i))
		if err != nil {
			return usageErrorf("%v", err)
		}
		fmt.Fprintf(w, "# qtool gen: Blocked n-Queens, %d squares blocked uniformly at random (Gent, Jefferson & Nightingale, JAIR 59, 2017)\n", ff.blocked)
		fmt.Fprintf(w, "# n %d, blocked %d, seed %d, index %d\n", n, ff.blocked, seed, i)
		return encode.Instance{Board: encode.Empty(n), Blocked: bs}.WriteGridBlocked(w)
	}
	if out == "" {
		return write(c.stdout, 0)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return usageErrorf("gen: --out: %v", err)
	}
	for i := range count {
		if err := ctx.Err(); err != nil {
			return genStopped(c, ctx, i, count)
		}
		name := filepath.Join(out, fmt.Sprintf("diag-%d-%d-s%d-%04d.param", n, ff.minFree, seed, i))
		if ff.family == "blocked" {
			name = filepath.Join(out, fmt.Sprintf("blocked-%d-b%d-s%d-%04d.txt", n, ff.blocked, seed, i))
		}
		o, err := createOut(name)
		if err != nil {
			return usageErrorf("gen: %v", err)
		}
		if err := write(o.f, i); err != nil {
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
