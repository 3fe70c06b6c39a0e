package main

import (
	"bufio"
	"context"

	"github.com/qtool-project/qtool/dlx"
)

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
