package estimate

import (
	"fmt"
	"io"

	"github.com/qtool-project/qtool/split"
)

// CheckCalibration checks that a count record can calibrate a plan: it
// carries its split and every subproblem's count, and those add up
// (split.Check, whose error it returns as it is).
func CheckCalibration(e *split.Entry) error {
	if e.Split == nil || !e.Has("parts") || len(e.Parts) == 0 {
		return fmt.Errorf("estimate: %s: a record without per-subproblem counts (count with --json and the constellation counter)", e.Where)
	}
	return split.Check(e)
}

// WriteText prints the plan for people, one line a figure: the split,
// the shards, the estimate and its spread over the shards, the rates of
// the calibration and the core-hours.
func (p *Plan) WriteText(out io.Writer) {
	fmt.Fprintf(out, "split        %s\n", p.Split)
	fmt.Fprintf(out, "shards       %d, %.1f subproblems each (every %d-th from the shard's number)\n", p.Shards, float64(p.Subproblems)/float64(p.Shards), p.Shards)
	fmt.Fprintf(out, "estimate     %.3g nodes in all (Knuth's estimator, %d probes a subproblem, seed %d)\n", p.EstimatedNodes, p.Probes, p.Seed)
	s := p.Shard
	fmt.Fprintf(out, "per shard    mean %.3g, min %.3g, median %.3g, 90%% %.3g, 99%% %.3g, max %.3g nodes (max/mean %.2f)\n", s.Mean, s.Min, s.P50, s.P90, s.P99, s.Max, s.Max/s.Mean)
	if s.Empty > 0 {
		fmt.Fprintf(out, "empty        %d shards have no subproblem: more shards than subproblems\n", s.Empty)
	}
	for _, r := range p.Rates {
		fmt.Fprintf(out, "rate n=%-5d %.3g core-seconds per estimated node (%d subproblems, %.1f s, %d nodes counted, %.3g estimated: ×%.3f)\n", r.N, r.SecondsPerNode, r.Subproblems, r.Seconds, r.Nodes, r.Estimated, r.Bias)
	}
	if p.CoreHours > 0 {
		from := "at --rate %.3g nodes a core-second"
		arg := p.Rate
		if p.Rate == 0 {
			from, arg = "at the rate of n=%.0f", float64(p.Rates[len(p.Rates)-1].N)
		}
		fmt.Fprintf(out, "core-hours   %.3g "+from+"; largest shard %.3g core-hours (%.0f core-seconds)\n", p.CoreHours, arg, p.ShardHours, p.ShardHours*3600)
		if p.CoreHoursTrend > 0 {
			fmt.Fprintf(out, "             %.3g with the rate's trend from n=%d to n=%d carried on to n=%d\n", p.CoreHoursTrend, p.Rates[len(p.Rates)-2].N, p.Rates[len(p.Rates)-1].N, p.N)
		}
	}
}
