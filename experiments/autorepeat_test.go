package experiments_test

import (
	"context"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
)

func precise(a *experiments.AutoRepeats, ts []float64) bool {
	return len(ts) >= 2 && results.Summarize(ts).Spread() <= a.Target
}

// TestAutoRepeats: with --repeats auto a cell is repeated beyond the
// fixed repeats until its interval is narrow enough, its budget spent or
// its maximum reached; with an easy target, not at all.
func TestAutoRepeats(t *testing.T) {
	bt, err := backend.Lookup("backtrack")
	if err != nil {
		t.Fatal(err)
	}
	run := func(a *experiments.AutoRepeats) map[int][]float64 {
		spec := experiments.NewSpec(experiments.Grid{Task: experiments.TaskCount, Backends: []backend.Backend{bt}, Problems: experiments.EmptyBoards([]int{5, 6})})
		spec.Repeats, spec.MinTime, spec.Auto = 2, 0, a
		recs, err := (&experiments.Runner{Spec: spec}).Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		times := map[int][]float64{}
		for _, r := range recs {
			times[r.N] = append(times[r.N], r.Seconds)
		}
		return times
	}
	for n, ts := range run(&experiments.AutoRepeats{Target: 100, Max: 10, Budget: time.Second}) {
		if len(ts) != 2 {
			t.Errorf("n=%d: %d repeats for an easy target, want the fixed 2", n, len(ts))
		}
	}
	a := &experiments.AutoRepeats{Target: 1e-9, Max: 7, Budget: time.Minute}
	for n, ts := range run(a) {
		if len(ts) != 7 {
			t.Errorf("n=%d: %d repeats for an unreachable target, want the maximum 7", n, len(ts))
		}
	}
	a = &experiments.AutoRepeats{Target: 0.05, Max: 30, Budget: time.Minute}
	for n, ts := range run(a) {
		if len(ts) < 30 && !precise(a, ts) {
			t.Errorf("n=%d: stopped after %d repeats at ±%.0f%%", n, len(ts), 100*results.Summarize(ts).Spread())
		}
		if len(ts) > 2 && precise(a, ts[:len(ts)-1]) {
			t.Errorf("n=%d: repeated after the target was reached", n)
		}
	}
	bad := experiments.NewSpec(experiments.Grid{Task: experiments.TaskCount, Backends: []backend.Backend{bt}, Problems: experiments.EmptyBoards([]int{5})})
	bad.Auto = &experiments.AutoRepeats{Target: 0.05, Max: 1, Budget: time.Second}
	if bad.Validate() == nil {
		t.Errorf("Max below Repeats accepted")
	}
}
