package main

import (
	"bufio"
	"context"
	"fmt"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/dlx"
)

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
