package main

import (
	"context"
	_ "embed"
	"fmt"
	"math"
	"runtime"
	"strings"

	"github.com/qtool-project/qtool/count"
	"github.com/qtool-project/qtool/estimate"
	"github.com/qtool-project/qtool/split"
)

// clusterPlanUsage is its command's help (help/cluster-plan.txt).
//
//go:embed help/cluster-plan.txt
var clusterPlanUsage string

func clusterPlan(ctx context.Context, c *cli, args []string) error {
	if len(args) == 0 || args[0] != "count" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			fmt.Fprint(c.stdout, clusterPlanUsage[1:])
			return errHelp
		}
		return usageErrorf("cluster plan: want count (see qtool cluster plan --help)")
	}
	fs := flagSet("cluster plan count", clusterPlanUsage)
	var n, shards, probes, workers int
	intFlag(fs, &n, "n", 0, "board order `N`")
	intFlag(fs, &shards, "shards", 0, "split into `M` shards")
	intFlag(fs, &probes, "probes", 4, "random probes `K` a subproblem")
	intFlag(fs, &workers, "workers", 0, "goroutines `W` (0 = all cores)")
	seed := fs.Uint64("seed", 1, "random `seed` of the probes")
	calibrate := fs.String("calibrate", "", "count records `FILE,...` of measured shards (--workers 1)")
	rate := fs.Float64("rate", 0, "nodes counted per core-second `R`, measured as processor time (instead of the records' seconds)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	operands, err := parseFlags(c, fs, args[1:])
	if err != nil {
		return err
	}
	switch {
	case len(operands) > 0:
		return usageErrorf("cluster plan count: unexpected argument %q", operands[0])
	case n < 4 || n > count.ConstellationMaxN:
		return usageErrorf("cluster plan count: -n N is required, 4 ≤ N ≤ %d (the constellation counter's orders)", count.ConstellationMaxN)
	case shards < 1 || shards > 1<<30:
		return usageErrorf("cluster plan count: --shards M is required, 1 ≤ M ≤ %d", 1<<30)
	case probes < 1 || probes > 1<<20:
		return usageErrorf("cluster plan count: --probes K: want 1 ≤ K ≤ %d", 1<<20)
	case workers < 0:
		return usageErrorf("cluster plan count: --workers must be at least 0")
	case *rate < 0 || math.IsNaN(*rate) || math.IsInf(*rate, 0):
		return usageErrorf("cluster plan count: --rate R: want a positive number of nodes a core-second")
	}
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// Calibration first: a bad file is refused before the long estimate.
	cal, err := readCalibration(ctx, c, *calibrate)
	if err != nil {
		return err
	}
	rec, err := estimate.PlanCount(ctx, estimate.PlanOptions{N: n, Shards: shards, Probes: probes, Seed: *seed, Workers: workers, Calibration: cal, Rate: *rate})
	if err != nil {
		if ctx.Err() != nil {
			return runErr(ctx, "cluster plan", err)
		}
		return usageErrorf("cluster plan: %s", strings.TrimPrefix(err.Error(), "estimate: "))
	}
	if *asJSON {
		return writeJSON(c.stdout, rec)
	}
	rec.WriteText(c.stdout)
	return nil
}

// readCalibration reads the count records of --calibrate (a
// comma-separated list of files), each with its subproblems' counts.
func readCalibration(ctx context.Context, c *cli, list string) ([]*split.Entry, error) {
	var cal []*split.Entry
	if list != "" {
		for _, path := range strings.Split(list, ",") {
			recs, err := readRecords(ctx, c, path, "cluster plan")
			if err != nil {
				return nil, err
			}
			for _, r := range recs {
				if err := estimate.CheckCalibration(r); err != nil {
					return nil, usageErrorf("cluster plan: %s", strings.TrimPrefix(strings.TrimPrefix(err.Error(), "estimate: "), "split: "))
				}
			}
			cal = append(cal, recs...)
		}
	}
	return cal, nil
}
