package main

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/qtool-project/qtool/count"
	"github.com/qtool-project/qtool/split"
)

const clusterPlanUsage = `
Usage: qtool cluster plan count -n N --shards M [--probes K] [--seed S]
                     [--calibrate FILE,...] [--rate R] [--workers W] [--json]

Plans a count split into M shards before anything is submitted: the split
(the constellation counter's, as qtool count --shard i/M makes it), the
estimated work of each subproblem and so of each shard, the spread of the
shards' sizes, and — from count records of shards measured on this kind of
machine (--calibrate: qtool count -n 20 --shard i/m --workers 1 --json) —
the rate in core-seconds per estimated node and the total in core-hours.

The work of a subproblem is estimated by Knuth's random probing of its
backtrack tree (D. E. Knuth, "Estimating the efficiency of backtrack
programs", Math. Comp. 29 (1975), doi:10.1090/S0025-5718-1975-0373371-6):
K random walks from its placed queens down the free rows, each summing the
products of the branching it meets; the mean is an unbiased estimate of the
tree's nodes. The calibration records are read for their subproblems'
ids, nodes and seconds: each n's rate is the records' seconds over the
estimated nodes of their subproblems, so that the estimator's bias is
measured with it; the total uses the rate of the largest calibrated n, and
the rate extrapolated geometrically from the two largest is shown beside.

Examples:
  qtool cluster plan count -n 16 --shards 100
  qtool cluster plan count -n 18 --shards 1000 --rate 9e7

For n = 27 in 10⁶ shards, calibrated by shards of n = 20 and 21, see
docs/cluster.md.
`

// planShards is the summary of the estimated shard sizes.
type planShards struct {
	Mean float64 `json:"mean"`
	Min  float64 `json:"min"`
	P50  float64 `json:"p50"`
	P90  float64 `json:"p90"`
	P99  float64 `json:"p99"`
	Max  float64 `json:"max"`
	// Empty is the number of shards with no subproblem.
	Empty int `json:"empty"`
}

// planRate is a rate measured from calibration records at one n.
type planRate struct {
	N           int     `json:"n"`
	Subproblems int     `json:"subproblems"`
	Seconds     float64 `json:"seconds"`
	Nodes       uint64  `json:"nodes"`
	Estimated   float64 `json:"estimated_nodes"`
	// Bias is the nodes counted over the nodes estimated.
	Bias float64 `json:"bias"`
	// SecondsPerNode is core-seconds per estimated node.
	SecondsPerNode float64 `json:"seconds_per_estimated_node"`
}

// planRecord is cluster plan's JSON record.
type planRecord struct {
	N              int        `json:"n"`
	Shards         int        `json:"shards"`
	Split          string     `json:"split"`
	Subproblems    int        `json:"subproblems"`
	Probes         int        `json:"probes"`
	Seed           uint64     `json:"seed"`
	EstimatedNodes float64    `json:"estimated_nodes"`
	Shard          planShards `json:"shard_estimated_nodes"`
	Rates          []planRate `json:"rates,omitempty"`
	// Rate is --rate: nodes counted per core-second.
	Rate      float64 `json:"nodes_per_core_second,omitempty"`
	CoreHours float64 `json:"core_hours,omitempty"`
	// CoreHoursTrend uses the rate extrapolated from the two largest
	// calibrated orders.
	CoreHoursTrend float64 `json:"core_hours_trend,omitempty"`
	// ShardHours is the largest shard's estimate in core-hours.
	ShardHours float64 `json:"largest_shard_core_hours,omitempty"`
}

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
	p, err := count.NewConstellationPlan(n, 0)
	if err != nil {
		return usageErrorf("cluster plan count: %v", err)
	}
	rec := planRecord{N: n, Shards: shards, Split: p.Identity(), Subproblems: p.Subproblems(), Probes: probes, Seed: *seed}

	// Calibration first: a bad file is refused before the long estimate.
	var cal []*split.Entry
	if *calibrate != "" {
		for _, path := range strings.Split(*calibrate, ",") {
			recs, err := readRecords(ctx, c, path, "cluster plan")
			if err != nil {
				return err
			}
			for _, r := range recs {
				if r.Split == nil || !r.Has("parts") || len(r.Parts) == 0 {
					return usageErrorf("cluster plan: %s: a record without per-subproblem counts (count with --json and the constellation counter)", r.Where)
				}
				if err := split.Check(r); err != nil {
					return splitErr("cluster plan", err)
				}
			}
			cal = append(cal, recs...)
		}
	}

	est, err := planEstimates(ctx, p, probes, *seed, workers)
	if err != nil {
		return runErr(ctx, "cluster plan", err)
	}
	sizes := make([]float64, shards)
	for id, e := range est {
		sizes[id%shards] += e
		rec.EstimatedNodes += e
	}
	if shards > len(est) {
		rec.Shard.Empty = shards - len(est)
	}
	rec.Shard = planSummary(sizes, rec.Shard.Empty)

	bias := 1.0
	if len(cal) > 0 {
		rates, err := planCalibrate(ctx, cal, probes, *seed, workers)
		if err != nil {
			return err
		}
		rec.Rates = rates
		hi := rates[len(rates)-1]
		bias = hi.Bias
		if *rate == 0 {
			rec.CoreHours = rec.EstimatedNodes * hi.SecondsPerNode / 3600
			rec.ShardHours = rec.Shard.Max * hi.SecondsPerNode / 3600
			if len(rates) > 1 && hi.N < n {
				lo := rates[len(rates)-2]
				step := math.Pow(hi.SecondsPerNode/lo.SecondsPerNode, 1/float64(hi.N-lo.N))
				rec.CoreHoursTrend = rec.CoreHours * math.Pow(step, float64(n-hi.N))
			}
		}
	}
	if *rate > 0 {
		rec.Rate = *rate
		rec.CoreHours = rec.EstimatedNodes * bias / *rate / 3600
		rec.ShardHours = rec.Shard.Max * bias / *rate / 3600
	}
	if *asJSON {
		return writeJSON(c.stdout, rec)
	}
	out := c.stdout
	fmt.Fprintf(out, "split        %s\n", rec.Split)
	fmt.Fprintf(out, "shards       %d, %.1f subproblems each (every %d-th from the shard's number)\n", shards, float64(rec.Subproblems)/float64(shards), shards)
	fmt.Fprintf(out, "estimate     %.3g nodes in all (Knuth's estimator, %d probes a subproblem, seed %d)\n", rec.EstimatedNodes, probes, *seed)
	s := rec.Shard
	fmt.Fprintf(out, "per shard    mean %.3g, min %.3g, median %.3g, 90%% %.3g, 99%% %.3g, max %.3g nodes (max/mean %.2f)\n", s.Mean, s.Min, s.P50, s.P90, s.P99, s.Max, s.Max/s.Mean)
	if s.Empty > 0 {
		fmt.Fprintf(out, "empty        %d shards have no subproblem: more shards than subproblems\n", s.Empty)
	}
	for _, r := range rec.Rates {
		fmt.Fprintf(out, "rate n=%-5d %.3g core-seconds per estimated node (%d subproblems, %.1f s, %d nodes counted, %.3g estimated: ×%.3f)\n", r.N, r.SecondsPerNode, r.Subproblems, r.Seconds, r.Nodes, r.Estimated, r.Bias)
	}
	if rec.CoreHours > 0 {
		from := "at --rate %.3g nodes a core-second"
		arg := rec.Rate
		if rec.Rate == 0 {
			from, arg = "at the rate of n=%.0f", float64(rec.Rates[len(rec.Rates)-1].N)
		}
		fmt.Fprintf(out, "core-hours   %.3g "+from+"; largest shard %.3g core-hours (%.0f core-seconds)\n", rec.CoreHours, arg, rec.ShardHours, rec.ShardHours*3600)
		if rec.CoreHoursTrend > 0 {
			fmt.Fprintf(out, "             %.3g with the rate's trend from n=%d to n=%d carried on to n=%d\n", rec.CoreHoursTrend, rec.Rates[len(rec.Rates)-2].N, rec.Rates[len(rec.Rates)-1].N, n)
		}
	}
	return nil
}

// planSummary summarises the shard sizes.
func planSummary(sizes []float64, empty int) planShards {
	sorted := slices.Clone(sizes)
	slices.Sort(sorted)
	var sum float64
	for _, x := range sorted {
		sum += x
	}
	q := func(f float64) float64 { return sorted[min(len(sorted)-1, int(f*float64(len(sorted))))] }
	return planShards{Mean: sum / float64(len(sorted)), Min: sorted[0], P50: q(0.5), P90: q(0.9), P99: q(0.99), Max: sorted[len(sorted)-1], Empty: empty}
}

// planCalibrate measures the rate of each n of the calibration records.
func planCalibrate(ctx context.Context, recs []*split.Entry, probes int, seed uint64, workers int) ([]planRate, error) {
	byN := map[int][]*split.Entry{}
	for _, r := range recs {
		byN[r.N] = append(byN[r.N], r)
	}
	var rates []planRate
	for _, n := range slices.Sorted(func(yield func(int) bool) {
		for n := range byN {
			if !yield(n) {
				return
			}
		}
	}) {
		p, err := count.NewConstellationPlan(n, 0)
		if err != nil {
			return nil, usageErrorf("cluster plan: calibration n=%d: %v", n, err)
		}
		r := planRate{N: n}
		var ids []int
		for _, e := range byN[n] {
			if e.Split.Identity != p.Identity() {
				return nil, usageErrorf("cluster plan: %s: split %q is not the constellation split of n=%d (%s)", e.Where, e.Split.Identity, n, p.Identity())
			}
			r.Seconds += e.Seconds
			for _, part := range e.Parts {
				ids = append(ids, part.ID)
				r.Nodes += part.Nodes
			}
		}
		est, err := planEstimateIDs(ctx, p, ids, probes, seed, workers)
		if err != nil {
			return nil, runErr(ctx, "cluster plan", err)
		}
		for _, e := range est {
			r.Estimated += e
		}
		r.Subproblems = len(ids)
		if r.Estimated <= 0 || r.Seconds <= 0 {
			return nil, usageErrorf("cluster plan: calibration n=%d: no time or no work measured", n)
		}
		r.SecondsPerNode = r.Seconds / r.Estimated
		r.Bias = float64(r.Nodes) / r.Estimated
		rates = append(rates, r)
	}
	return rates, nil
}

// planEstimates estimates every subproblem of p.
func planEstimates(ctx context.Context, p *count.ConstellationPlan, probes int, seed uint64, workers int) ([]float64, error) {
	ids := make([]int, p.Subproblems())
	for i := range ids {
		ids[i] = i
	}
	return planEstimateIDs(ctx, p, ids, probes, seed, workers)
}

// planEstimateIDs estimates the subproblems ids of p on workers
// goroutines. The probes of subproblem id are seeded by seed and id
// alone, so that the estimate does not depend on the workers or on which
// other subproblems are estimated.
func planEstimateIDs(ctx context.Context, p *count.ConstellationPlan, ids []int, probes int, seed uint64, workers int) ([]float64, error) {
	est := make([]float64, len(ids))
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	const chunk = 4096
	next := 0
	for range max(1, workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				lo := next
				next += chunk
				mu.Unlock()
				if lo >= len(ids) {
					return
				}
				if err := ctx.Err(); err != nil {
					mu.Lock()
					firstErr = err
					mu.Unlock()
					return
				}
				for k := lo; k < min(lo+chunk, len(ids)); k++ {
					est[k] = knuthEstimate(p.N(), p.Queens(ids[k]), probes, seed^uint64(ids[k])*0x9e3779b97f4a7c15)
				}
			}
		}()
	}
	wg.Wait()
	return est, firstErr
}

// knuthEstimate is the mean over probes random walks of Knuth's estimate
// of the nodes of the row-by-row backtrack tree that completes the queens
// placed (n ≤ 32): at each free row, from the top, the walk multiplies its
// weight by the number of squares left in the row and adds it, then puts
// a queen on one of them at random; a dead end ends the walk.
func knuthEstimate(n int, placed [][2]int, probes int, seed uint64) float64 {
	full := uint64(1)<<n - 1
	var cols, d1, d2, rowsTaken uint64 // d1 bit r+c, d2 bit c−r+n−1
	for _, q := range placed {
		r, c := q[0], q[1]
		cols |= 1 << c
		d1 |= 1 << (r + c)
		d2 |= 1 << (c - r + n - 1)
		rowsTaken |= 1 << r
	}
	rng := seed | 1
	var total float64
	for range probes {
		C, D1, D2 := cols, d1, d2
		weight, sum := 1.0, 0.0
		for r := 0; r < n; r++ {
			if rowsTaken>>r&1 != 0 {
				continue
			}
			avail := full &^ C &^ (D1 >> r) &^ (D2 >> (n - 1 - r))
			k := bits.OnesCount64(avail)
			if k == 0 {
				break
			}
			weight *= float64(k)
			sum += weight
			// xorshift64* (Marsaglia 2003; Vigna 2016) picks the square.
			rng ^= rng >> 12
			rng ^= rng << 25
			rng ^= rng >> 27
			j, _ := bits.Mul64(rng*0x2545f4914f6cdd1d, uint64(k))
			for ; j > 0; j-- {
				avail &= avail - 1
			}
			c := bits.TrailingZeros64(avail)
			C |= 1 << c
			D1 |= 1 << (r + c)
			D2 |= 1 << (c - r + n - 1)
		}
		total += sum
	}
	return total / float64(probes)
}
