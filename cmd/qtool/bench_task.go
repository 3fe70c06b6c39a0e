package main

import (
	"flag"
	"strings"

	"github.com/qtool-project/qtool/experiments"
)

// benchTaskFlag adds bench's --task: run one slice of the experiment, as an
// array task of qtool cluster submit bench does.
func benchTaskFlag(fs *flag.FlagSet, p *string) {
	fs.StringVar(p, "task", "", "run only slice `i/m` of the experiment (units i, i+m, …: problems, or samples of instances), as a task of qtool cluster submit bench")
}

// benchSlice cuts the spec down to the slice --task names; no --task
// leaves it whole.
func benchSlice(spec experiments.Spec, task string) (experiments.Spec, error) {
	if task == "" {
		return spec, nil
	}
	i, m, ok := parseSlice(task)
	if !ok {
		return spec, usageErrorf("bench: --task %q: want i/m with 0 ≤ i < m, e.g. 3/8", task)
	}
	s, err := spec.Slice(i, m)
	if err != nil {
		return spec, usageErrorf("bench: --task %s: %v", task, strings.TrimPrefix(err.Error(), "experiments: "))
	}
	return s, nil
}

// parseSlice reads "i/m", slice i of m (0 ≤ i < m): count's --shard,
// bench's --task.
func parseSlice(s string) (i, m int, ok bool) { return experiments.ParseSlice(s) }
