package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/qtool-project/qtool/dlx"
)

// xcoverFamilyFlags are gen's flags for the exact-cover families.
type xcoverFamilyFlags struct {
	secondary, options, colors int
}

// runGenXcover writes random exact-cover problems of dlx.Random's
// families (xcc: colours, mcc: colours and bounds, cost: colours and
// costs) in Knuth's format: -n primary items, --secondary, --options and
// --colours as given (by default n, 3n and 3), one file per --seed index.
func runGenXcover(ctx context.Context, c *cli, family string, xf *xcoverFamilyFlags, n int, seed uint64, count int, out string) error {
	spec := dlx.RandomSpec{Family: family, Primary: n, Secondary: xf.secondary, Options: xf.options, Colors: xf.colors}.WithDefaults()
	write := func(path string, i int) error {
		spec.Seed = seed + uint64(i)
		p, err := dlx.Random(spec)
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
			return fmt.Errorf("gen: %s: %v", path, err)
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
		if err := ctx.Err(); err != nil {
			fmt.Fprintf(c.stderr, "qtool: gen: interrupted after %d of %d problems\n", i, count)
			return withCode(exitInterrupted, nil)
		}
		spec.Seed = seed + uint64(i)
		if err := write(filepath.Join(out, spec.FileName()), i); err != nil {
			return err
		}
	}
	fmt.Fprintf(c.stdout, "%d %s problem(s) with %d primary items, seeds %d.., written to %s\n", count, family, n, seed, out)
	return nil
}
