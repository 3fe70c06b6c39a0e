package main

import (
	"bufio"
	"context"
	"fmt"
	"strings"
	"time"

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
	start := time.Now()
	z, err := p.BuildZDD(ctx)
	elapsed := time.Since(start)
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
		write := z.WriteDLX6
		if strings.HasSuffix(opt.zdd, ".json") {
			write = z.WriteJSON
		}
		if err := write(o.f); err != nil {
			o.discard()
			return fmt.Errorf("xcover: --zdd %s: %v", opt.zdd, err)
		}
		if err := o.commit(); err != nil {
			return fmt.Errorf("xcover: --zdd %s: %v", opt.zdd, err)
		}
	}
	count := z.CountString()
	rec := dlx.Report{
		File: name, Items: p.Items(), Primary: p.Primary(), Options: p.Options(),
		Algorithm: "C", Workers: 1, Nodes: z.Nodes, Updates: z.Updates, Cleansings: z.Cleansings,
		Seconds: elapsed.Seconds(), Status: backend.OK.String(), Complete: true,
		ZDD: &dlx.ReportZDD{Nodes: z.Size(), Memos: z.Memos, Hits: z.Hits, Count: count, File: opt.zdd},
	}
	if c := z.Count(); c.IsUint64() {
		rec.Solutions = c.Uint64()
	}
	sols := z.Sample(opt.sample, opt.seed)
	if opt.sample > 0 {
		rec.ZDD.Samples = make([][]string, 0, len(sols))
		for _, s := range sols {
			var lines []string
			for _, o := range s {
				lines = append(lines, p.OptionString(o))
			}
			rec.ZDD.Samples = append(rec.ZDD.Samples, lines)
		}
	}
	listed := !opt.asJSON && len(sols) > 0
	if listed {
		for i, s := range rec.ZDD.Samples {
			if i > 0 {
				out.WriteByte('\n')
			}
			for _, line := range s {
				out.WriteString(line)
				out.WriteByte('\n')
			}
		}
	}
	if err := xcoverReport(out, rec, backend.OK, opt, listed); err != nil {
		return err
	}
	return nil
}
