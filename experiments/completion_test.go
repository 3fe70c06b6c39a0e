package experiments_test

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
)

func TestCompletionDeltas(t *testing.T) {
	// √(x·20) for x = 1, 2, 3, 4, 4.5, 5, 5.5, 6, 7, 8, 10, 12 is 4.47,
	// 6.32, 7.75, 8.94, 9.49, 10, 10.49, 10.95, 11.83, 12.65, 14.14, 15.49.
	if got, want := experiments.CompletionDeltas(20, experiments.DefaultCompletionX), []int{4, 6, 8, 9, 10, 11, 12, 13, 14, 15}; !slices.Equal(got, want) {
		t.Errorf("n=20: got %v want %v", got, want)
	}
	// Clipped to 1..n.
	if got, want := experiments.CompletionDeltas(4, []float64{0.01, 1, 100}), []int{1, 2, 4}; !slices.Equal(got, want) {
		t.Errorf("n=4: got %v want %v", got, want)
	}
}

// TestCompletionGrids: one grid per n and δ, deciding the instances that
// encode.Generate makes, named as qtool gen names its files, with k and
// the queens placed in their keys.
func TestCompletionGrids(t *testing.T) {
	dlx, err := backend.Lookup("dlx")
	if err != nil {
		t.Fatal(err)
	}
	c := experiments.Completion{Ns: []int{6, 9}, Deltas: []int{2, 4, 7}, Instances: 5, Seed: 3, Backends: []backend.Backend{dlx}}
	grids, err := c.Grids()
	if err != nil {
		t.Fatal(err)
	}
	// δ = 7 does not fit n = 6.
	type nd struct{ n, k int }
	var got []nd
	for _, g := range grids {
		if g.Task != experiments.TaskDecide || g.MaxTimeouts != 3 || len(g.Problems) != 5 || len(g.Backends) != 1 {
			t.Errorf("unexpected grid %+v", g)
		}
		got = append(got, nd{g.Problems[0].Board.N, g.Problems[0].K})
		for i, p := range g.Problems {
			want, err := encode.Generate(p.Board.N, p.K, 3, uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(p.Board.Queens, want.Queens) {
				t.Errorf("%s: board differs from encode.Generate", p.Name)
			}
			if p.Name != experiments.InstanceName(p.Board.N, p.K, 3, i) || !strings.HasPrefix(p.Name, "q") {
				t.Errorf("unexpected name %q", p.Name)
			}
			key := p.Key()
			if key.K != p.K || key.Given != want.Given() || key.Hash == "" || key.Board != p.Name {
				t.Errorf("%s: key %+v", p.Name, key)
			}
		}
	}
	if want := []nd{{6, 4}, {6, 2}, {9, 7}, {9, 5}, {9, 2}}; !slices.Equal(got, want) {
		t.Errorf("grids (n, k): got %v want %v", got, want)
	}
	// Instance i of a smaller δ extends instance i of a larger δ.
	for i := range 5 {
		fewer, more := grids[3].Problems[i].Board, grids[2].Problems[i].Board
		for r := range 9 {
			if q := fewer.Queen(r); q >= 0 && more.Queen(r) != q {
				t.Errorf("instance %d: k=5 queen in row %d is not in the k=7 board", i, r)
			}
		}
	}
	spec, err := c.Spec()
	if err != nil {
		t.Fatal(err)
	}
	if spec.Repeats != 1 || spec.Timeout != experiments.DefaultCompletionTimeout || spec.MinTime != 0 || spec.Validate() != nil {
		t.Errorf("unexpected spec %+v", spec)
	}
	env := spec.Env()
	for k, v := range map[string]string{"preset": "completion", "n": "6,9", "deltas": "2,4,7", "instances": "5", "repeats": "1"} {
		if env.Settings[k] != v {
			t.Errorf("env setting %s = %q, want %q", k, env.Settings[k], v)
		}
	}

	mc, err := backend.Lookup("minconflicts")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		c    experiments.Completion
		want string
	}{
		{experiments.Completion{Ns: []int{6}, Instances: 0, Backends: []backend.Backend{dlx}}, "instances must be at least 1"},
		{experiments.Completion{Ns: nil, Instances: 1, Backends: []backend.Backend{dlx}}, "no n"},
		{experiments.Completion{Ns: []int{6}, Instances: 1}, "no backend"},
		{experiments.Completion{Ns: []int{6}, Instances: 1, Backends: []backend.Backend{mc}}, "backend minconflicts cannot decide"},
		{experiments.Completion{Ns: []int{6}, Deltas: []int{7}, Instances: 1, Backends: []backend.Backend{dlx}}, "no δ from [7] fits n = [6]"},
		{experiments.Completion{Ns: []int{0}, Instances: 1, Backends: []backend.Backend{dlx}}, "n must be between 1 and"},
	} {
		if _, err := c.c.Grids(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got error %v, want %q", c.c, err, c.want)
		}
	}
}

// TestCompletionBackends: the default backends are the complete ones,
// sat with its default encoding only.
func TestCompletionBackends(t *testing.T) {
	bs, err := experiments.CompletionBackends(nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, b := range bs {
		names = append(names, b.Name())
		if ok, why := experiments.Supports(b, experiments.TaskDecide, encode.Empty(8)); !ok {
			t.Errorf("%s cannot decide: %s", b.Name(), why)
		}
	}
	if want := []string{"backtrack", "bitmask", "dlx", "sat"}; !slices.Equal(names, want) {
		t.Errorf("got %v want %v", names, want)
	}
	if _, err := experiments.CompletionBackends([]string{"dlx", "nosuch"}); err == nil || !strings.Contains(err.Error(), `unknown backend "nosuch"`) {
		t.Errorf("unknown backend: %v", err)
	}
	bm, _ := backend.Lookup("bitmask")
	if ok, why := experiments.Supports(bm, experiments.TaskDecide, encode.Empty(100)); ok || !strings.Contains(why, "n ≤ 64") {
		t.Errorf("bitmask at n = 100: %v %q", ok, why)
	}
}

// TestRunnerDecide: a decide grid on generated instances: every backend
// agrees with an independent search, and the report's summary counts the
// soluble instances.
func TestRunnerDecide(t *testing.T) {
	bs, err := experiments.CompletionBackends(nil)
	if err != nil {
		t.Fatal(err)
	}
	c := experiments.Completion{Ns: []int{8}, Deltas: []int{3, 5, 6}, Instances: 6, Seed: 1, Backends: bs}
	spec, err := c.Spec()
	if err != nil {
		t.Fatal(err)
	}
	recs, err := (&experiments.Runner{Spec: spec}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3*6*len(bs) {
		t.Fatalf("got %d records, want %d", len(recs), 3*6*len(bs))
	}
	soluble := map[int]int{}
	for _, g := range spec.Grids {
		for _, p := range g.Problems {
			if len(rnSolutions(p.Board, 1)) > 0 {
				soluble[p.Board.N-p.K]++
			}
		}
	}
	want := map[string]uint64{}
	for _, g := range spec.Grids {
		for _, p := range g.Problems {
			want[p.Name] = uint64(len(rnSolutions(p.Board, 1)))
		}
	}
	for _, r := range recs {
		if r.Mode != "decide" || r.Status != results.OK || r.Answer != want[r.Board] {
			t.Errorf("unexpected record %+v, want answer %d", r, want[r.Board])
		}
	}
	s := results.NewReport(nil, recs, "").Tables[0].Solubility
	if s == nil || len(s.Rows) != 3 {
		t.Fatalf("summary: %+v", s)
	}
	for _, row := range s.Rows {
		if row.Soluble != soluble[row.Free] || row.Decided() != 6 {
			t.Errorf("δ=%d: %d of %d soluble, want %d of 6", row.Free, row.Soluble, row.Decided(), soluble[row.Free])
		}
	}
	if soluble[3] != 0 || soluble[6] == 0 {
		t.Errorf("the instances do not span the transition: %v", soluble)
	}
}

// TestRunnerMaxTimeouts: once a backend has timed out on MaxTimeouts
// problems of a grid it is not run on the others, which are recorded as
// timeouts; the other grids start afresh.
func TestRunnerMaxTimeouts(t *testing.T) {
	var hits atomic.Int64
	sleeper := &rnFake{name: "sleeper", caps: rnAll, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		hits.Add(1)
		<-ctx.Done()
		return backend.Outcome{Status: backend.StatusOf(ctx)}, nil
	}}
	honest := rnHonest("honest", nil)
	c := experiments.Completion{Ns: []int{6}, Deltas: []int{3, 4}, Instances: 5, Seed: 1, Backends: []backend.Backend{sleeper, honest}}
	spec, err := c.Spec()
	if err != nil {
		t.Fatal(err)
	}
	spec.Timeout = 20 * time.Millisecond
	recs, err := (&experiments.Runner{Spec: spec}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if hits.Load() != 2*3 {
		t.Errorf("the sleeper ran %d times, want 6 (3 per grid)", hits.Load())
	}
	notRun := 0
	for _, r := range recs {
		if r.Backend == "sleeper" && r.Status != results.Timeout {
			t.Errorf("unexpected %+v", r)
		}
		if strings.HasPrefix(r.Message, "not run: timed out on 3 problems of the grid, the first q6-k") {
			notRun++
		}
	}
	if len(recs) != 20 || notRun != 4 {
		t.Errorf("%d records, %d not run; want 20 and 4", len(recs), notRun)
	}
	s := results.NewReport(nil, recs, "").Tables[0].Solubility
	for _, row := range s.Rows {
		if c := row.Cells[0]; c.HasMedian || c.Timeouts != 5 || row.Cells[1].Timeouts != 0 || row.Undecided != 0 {
			t.Errorf("δ=%d: %+v", row.Free, row)
		}
	}
}

// TestRunnerDoneByName: two problems with the same board under different
// names each take their own record from the log when resumed.
func TestRunnerDoneByName(t *testing.T) {
	b := encode.Board{N: 6, Queens: []int{1, -1, -1, -1, -1, -1}}
	honest := rnHonest("honest", nil)
	spec := experiments.Spec{Repeats: 1, Grids: []experiments.Grid{{Task: experiments.TaskDecide, Backends: []backend.Backend{honest},
		Problems: []experiments.Case{{Name: "a", Board: b, K: 1}, {Name: "b", Board: b, K: 2}}}}}
	first, err := (&experiments.Runner{Spec: spec}).Run(context.Background())
	if err != nil || len(first) != 2 || first[0].Key() != first[1].Key() {
		t.Fatalf("first run: %+v, %v", first, err)
	}
	// The log holds b's record only, and one of a file renamed since.
	renamed := first[0]
	renamed.Board = "old-name"
	done := []results.Record{first[1], renamed}
	honest.hits.Store(0)
	again, err := (&experiments.Runner{Spec: spec, Done: done}).Run(context.Background())
	if err != nil || len(again) != 0 || honest.hits.Load() != 0 {
		t.Errorf("resumed: %+v, %v, %d runs; want none", again, err, honest.hits.Load())
	}
	// Without the renamed record, a is measured again and b is not.
	again, err = (&experiments.Runner{Spec: spec, Done: done[:1]}).Run(context.Background())
	if err != nil || len(again) != 1 || again[0].Board != "a" || again[0].K != 1 {
		t.Errorf("resumed without a's record: %+v, %v", again, err)
	}
}
