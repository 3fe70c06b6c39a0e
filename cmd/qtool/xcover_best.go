package main

import (
	"bufio"
	"context"
	"fmt"
	"time"

	"github.com/qtool-project/qtool/backend"
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
	start := time.Now()
	sols, st, err := p.Best(ctx, opt.best, dlx.Config{Limit: opt.limit})
	elapsed := time.Since(start)
	status := backend.OK
	if err != nil {
		if ctx.Err() == nil {
			return usageErrorf("xcover: %v", err)
		}
		status = backend.StatusOf(ctx)
	}
	rec := dlx.Report{
		File: name, Items: p.Items(), Primary: p.Primary(), Options: p.Options(),
		Algorithm: "C", Workers: 1,
		Solutions: st.Solutions, Nodes: st.Nodes, Updates: st.Updates, Cleansings: st.Cleansings,
		Seconds: elapsed.Seconds(), Status: status.String(),
		Complete: status == backend.OK && (opt.limit == 0 || st.Solutions < opt.limit),
		Limit:    opt.limit,
	}
	best := make([]dlx.ReportCost, 0, len(sols))
	for _, s := range sols {
		e := dlx.ReportCost{Cost: s.Cost}
		for _, o := range s.Options {
			e.Options = append(e.Options, p.OptionString(o))
		}
		best = append(best, e)
	}
	rec.Best = &best
	listed := !opt.countOnly && !opt.asJSON && len(sols) > 0
	if listed {
		for i, s := range best {
			if i > 0 {
				out.WriteByte('\n')
			}
			fmt.Fprintf(out, "| cost %d\n", s.Cost)
			for _, line := range s.Options {
				out.WriteString(line)
				out.WriteByte('\n')
			}
		}
	}
	if err := xcoverReport(out, rec, status, opt, listed); err != nil {
		return err
	}
	return endStatus(status)
}
