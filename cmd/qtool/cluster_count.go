package main

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/cluster"
	"github.com/qtool-project/qtool/count"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/split"
)

func clusterSubmitCount(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("submit count", clusterUsage)
	var s slurmFlags
	s.add(fs)
	var n, shards int
	intFlag(fs, &n, "n", 0, "board order `N`")
	intFlag(fs, &shards, "shards", 0, "split the count into `M` shards, one array task each")
	backendName := fs.String("backend", "", "counting backend `B` that can shard (default: qtool count's)")
	every := fs.Duration("checkpoint-every", 0, "interval `D` between a task's checkpoint writes (default: qtool count's)")
	unique := fs.Bool("unique", false, "also count fundamental solutions")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	if len(operands) > 0 {
		return usageErrorf("cluster submit count: unexpected argument %q (see qtool cluster --help)", operands[0])
	}
	o, err := s.options()
	if err != nil {
		return err
	}
	switch {
	case n < 1:
		return usageErrorf("cluster submit count: -n N is required (N ≥ 1)")
	case shards < 1 || shards > cluster.MaxTasks:
		return usageErrorf("cluster submit count: --shards M is required, 1 ≤ M ≤ %d", cluster.MaxTasks)
	}
	// Checkpoints where the backend can write them: the named one, or the
	// one qtool count picks for an empty board.
	checkpoints := n <= count.ConstellationMaxN
	if *backendName != "" {
		be, err := backend.Lookup(*backendName)
		if err != nil {
			return usageErrorf("cluster submit count: %v", err)
		}
		prob := encode.Problem{Instance: encode.Instance{Board: encode.Empty(n)}}
		req := backend.Request{Mode: backend.Count, Shard: &backend.Shard{Index: 0, Count: shards}, Unique: *unique}
		if r := refusal(be, prob, req); r != nil {
			return usageErrorf("cluster submit count: %s", refusalText(r, prob))
		}
		req.Checkpoint = &backend.Checkpoint{}
		checkpoints = refusal(be, prob, req) == nil
	}
	if *every < 0 || (*every > 0 && !checkpoints) {
		return usageErrorf("cluster submit count: --checkpoint-every needs a positive interval and a backend that checkpoints")
	}
	r := cluster.NewCountRun(cluster.CountSpec{N: n, Shards: shards, Backend: *backendName, Unique: *unique, Checkpoints: checkpoints, Every: *every}, o)
	return clusterMake(ctx, c, &s, r)
}

// clusterCollect merges a finished run: the shards of a count, or the
// logs of a bench.
func clusterCollect(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("collect", clusterUsage)
	asJSON := fs.Bool("json", false, "count: print the merged record as one JSON object")
	format := fs.String("format", "text", "bench: table `format`: text, md, csv, latex or json")
	compare := fs.String("compare", "", "count: compare the run piece by piece with `OTHER` (a file of count records or a checkpoint, as qtool merge --compare takes, or another finished run directory) instead of adding it up")
	r, err := clusterOpen(c, fs, args)
	if err != nil {
		return err
	}
	if err := clusterNotDone(ctx, r); err != nil {
		return err
	}
	if *compare != "" && r.Kind != "count" {
		return usageErrorf("cluster collect: --compare applies to a count")
	}
	switch r.Kind {
	case "count":
		if *compare != "" {
			return collectCompare(ctx, c, r, *compare, *asJSON)
		}
		return collectCount(ctx, c, r, *asJSON)
	case "bench":
		return collectBench(ctx, c, r, *format)
	}
	return usageErrorf("cluster collect: %s: unknown kind of run %q", r.Dir, r.Kind)
}

// collectCompare compares the run's shards, piece by piece, with another
// count (as qtool merge --compare), or with another run's shards.
func collectCompare(ctx context.Context, c *cli, r *cluster.Run, other string, asJSON bool) error {
	a, err := runSide(ctx, r, r.Path("results"))
	if err != nil {
		return err
	}
	var b *split.Side
	if st, err := os.Stat(other); err == nil && st.IsDir() {
		o, err := cluster.Open(other)
		if err != nil {
			return usageErrorf("cluster collect: --compare: %s", clusterMsg(err))
		}
		if o.Kind != "count" {
			return usageErrorf("cluster collect: --compare %s: a run of %s, not a count", other, o.Kind)
		}
		if err := clusterNotDone(ctx, o); err != nil {
			return err
		}
		if b, err = runSide(ctx, o, filepath.Join(other, "results")); err != nil {
			return err
		}
	} else if b, err = readCompareSide(ctx, c, other); err != nil {
		return err
	}
	return comparePrint(c, a, b, asJSON)
}

// runSide is the run's shards as one side of a comparison, called name.
func runSide(ctx context.Context, r *cluster.Run, name string) (*split.Side, error) {
	recs, err := runShards(ctx, r)
	if err != nil {
		return nil, err
	}
	s, err := split.SideOf(name, recs)
	if err != nil {
		return nil, splitErr("cluster collect", err)
	}
	return s, nil
}

// runShards reads and checks every shard's record of a run.
func runShards(ctx context.Context, r *cluster.Run) ([]*split.Entry, error) {
	recs, err := r.Shards(ctx, recordsMaxFile)
	var pe *fs.PathError
	switch {
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return nil, runErr(ctx, "cluster collect", err)
	case errors.As(err, &pe) && pe.Op == "open":
		return nil, usageErrorf("%s: %v", pe.Path, pe.Err)
	case err != nil:
		return nil, usageErrorf("cluster collect: %s", strings.TrimPrefix(strings.TrimPrefix(err.Error(), "split: "), "cluster: "))
	}
	return recs, nil
}

// collectCount reads every shard's record and merges them with merge's
// checks, after checking each against the run's split.
func collectCount(ctx context.Context, c *cli, r *cluster.Run, asJSON bool) error {
	recs, err := runShards(ctx, r)
	if err != nil {
		return err
	}
	return mergePrint(c, "cluster collect", recs, asJSON)
}
