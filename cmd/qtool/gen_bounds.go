package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/memlimit"
)

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
	max, err := parseSize(l.maxSize)
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
// instances: exit 3 at --timeout, 130/143 at a signal.
func genStopped(c *cli, ctx context.Context, i, count int) error {
	if ctx.Err() == context.DeadlineExceeded {
		fmt.Fprintf(c.stderr, "qtool: gen: time limit reached after %d of %d instances (those written are whole)\n", i, count)
		return withCode(exitTimeout, nil)
	}
	fmt.Fprintf(c.stderr, "qtool: gen: interrupted after %d of %d instances\n", i, count)
	return withCode(exitInterrupted, nil)
}
