package estimate

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/qtool-project/qtool/count"
	"github.com/qtool-project/qtool/split"
)

// A Plan is the estimated work of a count of the constellation split
// (count.ConstellationPlan) dealt into shards as qtool count --shard i/M
// deals it (subproblem id to shard id mod M), with, when calibrated, the
// core-hours it takes. It is qtool cluster plan's JSON record.
type Plan struct {
	N              int     `json:"n"`
	Shards         int     `json:"shards"`
	Split          string  `json:"split"`
	Subproblems    int     `json:"subproblems"`
	Probes         int     `json:"probes"`
	Seed           uint64  `json:"seed"`
	EstimatedNodes float64 `json:"estimated_nodes"`
	Shard          Spread  `json:"shard_estimated_nodes"`
	Rates          []Rate  `json:"rates,omitempty"`
	// Rate is PlanOptions.Rate: nodes counted per core-second.
	Rate      float64 `json:"nodes_per_core_second,omitempty"`
	CoreHours float64 `json:"core_hours,omitempty"`
	// CoreHoursTrend uses the rate extrapolated geometrically from the
	// two largest calibrated orders.
	CoreHoursTrend float64 `json:"core_hours_trend,omitempty"`
	// ShardHours is the largest shard's estimate in core-hours.
	ShardHours float64 `json:"largest_shard_core_hours,omitempty"`
}

// Spread summarises the estimated sizes of the shards.
type Spread struct {
	Mean float64 `json:"mean"`
	Min  float64 `json:"min"`
	P50  float64 `json:"p50"`
	P90  float64 `json:"p90"`
	P99  float64 `json:"p99"`
	Max  float64 `json:"max"`
	// Empty is the number of shards with no subproblem.
	Empty int `json:"empty"`
}

// A Rate is measured from calibration records at one order: their
// seconds over the estimated nodes of their subproblems, so that the
// estimator's bias is measured with it.
type Rate struct {
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

// PlanOptions say what to plan.
type PlanOptions struct {
	N, Shards, Probes int
	Seed              uint64
	Workers           int // goroutines of the estimates (at least 1)
	// Calibration are count records of shards measured on the machine
	// the count will run on (with --workers 1), each with its
	// subproblems' counts; none for no core-hours but by Rate.
	Calibration []*split.Entry
	// Rate, when positive, is nodes counted per core-second (measured as
	// processor time), instead of the calibration's seconds; the
	// calibration's bias still applies.
	Rate float64
}

// PlanCount estimates every subproblem of order o.N's constellation split
// (Knuth's probes, Subproblems), deals them into o.Shards shards and
// turns the estimate into core-hours by the rate of the largest
// calibrated order (the one o.Rate gives). It stops with ctx's error.
func PlanCount(ctx context.Context, o PlanOptions) (*Plan, error) {
	p, err := count.NewConstellationPlanContext(ctx, o.N, 0)
	if err != nil {
		return nil, fmt.Errorf("estimate: %w", err)
	}
	rec := &Plan{N: o.N, Shards: o.Shards, Split: p.Identity(), Subproblems: p.Subproblems(), Probes: o.Probes, Seed: o.Seed}
	ids := make([]int, p.Subproblems())
	for i := range ids {
		ids[i] = i
	}
	est, err := Subproblems(ctx, p.N(), p.Queens, ids, o.Probes, o.Seed, o.Workers)
	if err != nil {
		return nil, err
	}
	sizes := make([]float64, o.Shards)
	for id, e := range est {
		sizes[id%o.Shards] += e
		rec.EstimatedNodes += e
	}
	empty := 0
	if o.Shards > len(est) {
		empty = o.Shards - len(est)
	}
	rec.Shard = spread(sizes, empty)

	bias := 1.0
	if len(o.Calibration) > 0 {
		rates, err := calibrate(ctx, o.Calibration, o.Probes, o.Seed, o.Workers)
		if err != nil {
			return nil, err
		}
		rec.Rates = rates
		hi := rates[len(rates)-1]
		bias = hi.Bias
		if o.Rate == 0 {
			rec.CoreHours = rec.EstimatedNodes * hi.SecondsPerNode / 3600
			rec.ShardHours = rec.Shard.Max * hi.SecondsPerNode / 3600
			if len(rates) > 1 && hi.N < o.N {
				lo := rates[len(rates)-2]
				step := math.Pow(hi.SecondsPerNode/lo.SecondsPerNode, 1/float64(hi.N-lo.N))
				rec.CoreHoursTrend = rec.CoreHours * math.Pow(step, float64(o.N-hi.N))
			}
		}
	}
	if o.Rate > 0 {
		rec.Rate = o.Rate
		rec.CoreHours = rec.EstimatedNodes * bias / o.Rate / 3600
		rec.ShardHours = rec.Shard.Max * bias / o.Rate / 3600
	}
	return rec, nil
}

// spread summarises the shard sizes.
func spread(sizes []float64, empty int) Spread {
	sorted := slices.Clone(sizes)
	slices.Sort(sorted)
	var sum float64
	for _, x := range sorted {
		sum += x
	}
	q := func(f float64) float64 { return sorted[min(len(sorted)-1, int(f*float64(len(sorted))))] }
	return Spread{Mean: sum / float64(len(sorted)), Min: sorted[0], P50: q(0.5), P90: q(0.9), P99: q(0.99), Max: sorted[len(sorted)-1], Empty: empty}
}

// calibrate measures the rate of each order of the calibration records.
func calibrate(ctx context.Context, recs []*split.Entry, probes int, seed uint64, workers int) ([]Rate, error) {
	byN := map[int][]*split.Entry{}
	for _, r := range recs {
		byN[r.N] = append(byN[r.N], r)
	}
	var rates []Rate
	for _, n := range slices.Sorted(func(yield func(int) bool) {
		for n := range byN {
			if !yield(n) {
				return
			}
		}
	}) {
		p, err := count.NewConstellationPlanContext(ctx, n, 0)
		if err != nil {
			return nil, fmt.Errorf("estimate: calibration n=%d: %v", n, err)
		}
		r := Rate{N: n}
		var ids []int
		for _, e := range byN[n] {
			if e.Split.Identity != p.Identity() {
				return nil, fmt.Errorf("estimate: %s: split %q is not the constellation split of n=%d (%s)", e.Where, e.Split.Identity, n, p.Identity())
			}
			r.Seconds += e.Seconds
			for _, part := range e.Parts {
				ids = append(ids, part.ID)
				r.Nodes += part.Nodes
			}
		}
		est, err := Subproblems(ctx, p.N(), p.Queens, ids, probes, seed, workers)
		if err != nil {
			return nil, err
		}
		for _, e := range est {
			r.Estimated += e
		}
		r.Subproblems = len(ids)
		if r.Estimated <= 0 || r.Seconds <= 0 {
			return nil, fmt.Errorf("estimate: calibration n=%d: no time or no work measured", n)
		}
		r.SecondsPerNode = r.Seconds / r.Estimated
		r.Bias = float64(r.Nodes) / r.Estimated
		rates = append(rates, r)
	}
	return rates, nil
}
