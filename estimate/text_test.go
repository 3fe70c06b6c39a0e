package estimate

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/split"
)

// TestWriteText: the plan's lines, with the empty shards and both
// core-hour figures of a calibration of two orders.
func TestWriteText(t *testing.T) {
	p := &Plan{N: 22, Shards: 4, Split: "constellations v1 n=22", Subproblems: 10, Probes: 4, Seed: 1, EstimatedNodes: 4e9,
		Shard: Spread{Mean: 1e9, Min: 5e8, P50: 1e9, P90: 1.5e9, P99: 1.5e9, Max: 1.5e9, Empty: 1},
		Rates: []Rate{{N: 20, Subproblems: 3, Seconds: 2, Nodes: 1000, Estimated: 900, Bias: 1000.0 / 900, SecondsPerNode: 2.0 / 900},
			{N: 21, Subproblems: 4, Seconds: 8, Nodes: 4000, Estimated: 3800, Bias: 4000.0 / 3800, SecondsPerNode: 8.0 / 3800}},
		CoreHours: 2.5, CoreHoursTrend: 3, ShardHours: 0.5}
	var b bytes.Buffer
	p.WriteText(&b)
	want := `split        constellations v1 n=22
shards       4, 2.5 subproblems each (every 4-th from the shard's number)
estimate     4e+09 nodes in all (Knuth's estimator, 4 probes a subproblem, seed 1)
per shard    mean 1e+09, min 5e+08, median 1e+09, 90% 1.5e+09, 99% 1.5e+09, max 1.5e+09 nodes (max/mean 1.50)
empty        1 shards have no subproblem: more shards than subproblems
rate n=20    0.00222 core-seconds per estimated node (3 subproblems, 2.0 s, 1000 nodes counted, 900 estimated: ×1.111)
rate n=21    0.00211 core-seconds per estimated node (4 subproblems, 8.0 s, 4000 nodes counted, 3.8e+03 estimated: ×1.053)
core-hours   2.5 at the rate of n=21; largest shard 0.5 core-hours (1800 core-seconds)
             3 with the rate's trend from n=20 to n=21 carried on to n=22
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	p.Rates, p.Rate, p.CoreHoursTrend, p.Shard.Empty = nil, 1e8, 0, 0
	p.WriteText(&b)
	if !strings.Contains(b.String(), "core-hours   2.5 at --rate 1e+08 nodes a core-second;") || strings.Contains(b.String(), "empty") {
		t.Errorf("with --rate:\n%s", b.String())
	}
}

// TestCheckCalibration: a record without parts is refused, and so is a
// shard whose parts do not add up (split.Check's error).
func TestCheckCalibration(t *testing.T) {
	for _, tc := range []struct{ rec, want string }{
		{`{"n":8,"backend":"bitmask","solutions":92,"shard":0,"shards":1,"status":"ok","complete":true}`, "estimate: in:1: a record without per-subproblem counts"},
		{`{"n":8,"backend":"constellation","solutions":92,"shard":0,"shards":1,"status":"ok","complete":true,` +
			`"split":{"method":"constellations","version":1,"n":8,"subproblems":2,"identity":"x","shard":0,"shards":1,"todo":2},` +
			`"parts":[{"id":0,"solutions":1}]}`, "split: "},
	} {
		recs, err := split.ReadAll(context.Background(), strings.NewReader(tc.rec), "in", 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckCalibration(recs[0]); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q…", tc.rec, err, tc.want)
		}
	}
}
