package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/cluster"
	"github.com/qtool-project/qtool/experiments"
)

func clusterSubmitBench(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("submit bench", clusterUsage)
	var s slurmFlags
	s.add(fs)
	var tasks int
	intFlag(fs, &tasks, "tasks", 0, "split the experiment into `M` array tasks")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	o, err := s.options()
	if err != nil {
		return err
	}
	if tasks < 1 || tasks > cluster.MaxTasks {
		return usageErrorf("cluster submit bench: --tasks M is required, 1 ≤ M ≤ %d", cluster.MaxTasks)
	}
	benchArgs, err := cluster.AbsBenchPaths(operands)
	if err != nil {
		return usageErrorf("cluster submit bench: %s", strings.TrimPrefix(err.Error(), "cluster: "))
	}
	if a := cluster.BenchOwnFlag(benchArgs); a != "" {
		return usageErrorf("cluster submit bench: %s is set for every task (its own log, resumed, --task i/M); leave it out", a)
	}
	// Check the experiment and its split as bench builds them, measuring
	// nothing: with a context that has ended, bench stops before the first run.
	dead, cancel := context.WithCancel(ctx)
	cancel()
	var errOut bytes.Buffer
	check := &cli{stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &errOut}
	probe := append(append([]string{"bench"}, benchArgs...), "--task", fmt.Sprintf("0/%d", tasks), "--log", "")
	if err := runContext(dead, check, probe); err != nil {
		var ee *exitError
		if errors.As(err, &ee) && ee.code == exitUsage {
			return usageErrorf("cluster submit bench: %s", strings.TrimPrefix(err.Error(), "bench: "))
		}
	}
	r := cluster.NewBenchRun(benchArgs, tasks, o)
	return clusterMake(ctx, c, &s, r)
}

// collectBench checks that the tasks' logs are the slices of one split,
// measured by one version of qtool (experiments.CheckTaskLogs), and
// renders their union as qtool table.
func collectBench(ctx context.Context, c *cli, r *cluster.Run, format string) error {
	logs := make([]string, r.Tasks)
	for i := range logs {
		logs[i] = r.LogPath(i)
	}
	if err := experiments.CheckTaskLogs(logs); err != nil {
		return usageErrorf("cluster collect: %s", strings.TrimPrefix(err.Error(), "experiments: "))
	}
	return runContext(ctx, c, append(append([]string{"table"}, logs...), "--format", format))
}
