package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/estimate"
)

// TestClusterPlan: Knuth's estimate of the work of n = 13's subproblems
// is within 10 % of the nodes the constellation counter counts in them,
// shard by shard; a calibration by the counter's own record gives back
// its seconds; bad usage is refused.
func TestClusterPlan(t *testing.T) {
	rec := qtoolOK(t, "count", "-n", "13", "--backend", "constellation", "--shard", "0/1", "--json")
	var counted struct {
		Nodes   uint64  `json:"nodes"`
		Seconds float64 `json:"seconds"`
	}
	if err := json.Unmarshal([]byte(rec), &counted); err != nil {
		t.Fatal(err)
	}
	out := qtoolOK(t, "cluster", "plan", "count", "-n", "13", "--shards", "7", "--probes", "64", "--json", "--calibrate", writeFile(t, "n13.json", rec))
	var plan estimate.Plan
	if err := json.Unmarshal([]byte(out), &plan); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if r := plan.EstimatedNodes / float64(counted.Nodes); r < 0.9 || r > 1.1 {
		t.Errorf("n = 13: %.4g nodes estimated, %d counted (×%.3f)", plan.EstimatedNodes, counted.Nodes, r)
	}
	if len(plan.Rates) != 1 || math.Abs(plan.Rates[0].Bias*plan.Rates[0].Estimated-float64(counted.Nodes)) > 1 {
		t.Errorf("calibration: %+v, counted %d nodes", plan.Rates, counted.Nodes)
	}
	if got := plan.CoreHours * 3600; math.Abs(got-counted.Seconds) > 1e-6*counted.Seconds+1e-9 {
		t.Errorf("core-hours of the calibrated n itself: %.6g s, the record took %.6g s", got, counted.Seconds)
	}
	if s := plan.Shard; s.Min > s.P50 || s.P50 > s.Max || s.Mean*7 < plan.EstimatedNodes*0.999 || s.Empty != 0 {
		t.Errorf("shard summary %+v of %.4g", s, plan.EstimatedNodes)
	}
	// More shards than subproblems: the empty ones are said.
	out = qtoolOK(t, "cluster", "plan", "count", "-n", "6", "--shards", "50")
	if !strings.Contains(out, "shards have no subproblem") {
		t.Errorf("n = 6 in 50 shards:\n%s", out)
	}
	for _, args := range [][]string{
		{"cluster", "plan"}, {"cluster", "plan", "count", "-n", "28", "--shards", "4"}, {"cluster", "plan", "count", "-n", "12"},
		{"cluster", "plan", "count", "-n", "12", "--shards", "4", "--rate", "-1"}, {"cluster", "plan", "count", "-n", "12", "--shards", "4", "--probes", "0"},
		{"cluster", "plan", "count", "-n", "12", "--shards", "4", "--calibrate", writeFile(t, "whole.json", qtoolOK(t, "count", "-n", "8", "--json"))},
	} {
		if _, errOut, code := qtool(t, "", args...); code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}
