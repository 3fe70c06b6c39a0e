package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/cluster"
	"github.com/qtool-project/qtool/count"
	"github.com/qtool-project/qtool/split"
)

// clusterSimShards is the number of shards of TestClusterCollectSimLong.
var clusterSimShards = flag.Int("cluster.sim", 100000, "shards of the simulated run of TestClusterCollectSimLong (-long)")

// clusterSimDir, when set, is where TestClusterCollectSimLong makes its
// run (a new path), kept for timing qtool cluster collect by hand.
var clusterSimDir = flag.String("cluster.sim.dir", "", "make the simulated run of TestClusterCollectSimLong there and keep it (a new path)")

// simSolutions is the made-up count of subproblem id of the simulation:
// SplitMix64 of the id, below 1000 (the machinery, not the counter, is
// tested: the expected total is their sum).
func simSolutions(id int) uint64 {
	z := uint64(id) + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return (z ^ (z >> 31)) % 1000
}

// simRecord is shard i of m of the n = 20 constellation split as qtool
// count --shard i/m --json writes it (the fields and their order of a
// real record), with the made-up counts.
func simRecord(p *count.ConstellationPlan, i, m int) ([]byte, uint64) {
	ids, _ := p.Shard(i, m)
	parts := make([]split.Part, 0, len(ids))
	var sum, nodes uint64
	for _, id := range ids {
		s := simSolutions(id)
		parts = append(parts, split.Part{ID: id, Solutions: s, Nodes: 7*s + 1})
		sum += s
		nodes += 7*s + 1
	}
	shard, shards := i, m
	rec := split.Record{
		N: p.N(), Backend: "constellation", BoardHash: "sha256:21c837c5aec70933f53ffa5e69c4a86e", Solutions: sum, Nodes: &nodes,
		Shard: &shard, Shards: &shards, Seconds: 0.5, Status: "ok", Complete: true, Method: count.ConstellationMethod,
		Stats: map[string]uint64{"done": uint64(len(ids)), "resumed": 0, "subproblems": uint64(len(ids))},
		Split: &split.Info{Method: p.Method(), Version: p.Version(), N: p.N(), Depth: p.Depth(), Total: p.Subproblems(), Identity: p.Identity(), Shard: i, Shards: m, Todo: len(ids)},
		Parts: parts,
	}
	data, err := json.Marshal(rec)
	if err != nil {
		panic(err)
	}
	return append(data, '\n'), sum
}

// TestClusterCollectSimLong (-long) simulates a run of n = 20 in 10⁵
// shards (-cluster.sim M for another M): a run directory made by cluster
// submit, every task's result written in the real on-disk format, then
// collect, collect --compare and merge --compare of all of them, timed;
// then a killed task (no result, a partial temporary file, an attempt
// without an end) is refused by name until it is run again, and a task
// that ran twice, a result file holding its record twice and another
// shard's record in its place leave the total as it was or are refused.
func TestClusterCollectSimLong(t *testing.T) {
	if !*long {
		t.Skip("10⁵ result files: run with -long")
	}
	m := *clusterSimShards
	withScheduler(t, emptyQueue{})
	p, err := count.NewConstellationPlan(20, 0)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "run")
	if *clusterSimDir != "" {
		dir = *clusterSimDir
	}
	qtoolOK(t, "cluster", "submit", "count", "-n", "20", "--shards", fmt.Sprint(m), "--dir", dir, "--qtool", "/bin/true", "--backend", "constellation")
	r, err := cluster.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	var want uint64
	all, err := os.Create(filepath.Join(filepath.Dir(dir), filepath.Base(dir)+"-all.json"))
	if err != nil {
		t.Fatal(err)
	}
	records := make([][]byte, m)
	for i := 0; i < m; i++ {
		data, sum := simRecord(p, i, m)
		records[i] = data
		want += sum
		if err := os.WriteFile(r.ResultPath(i), data, 0o644); err != nil {
			t.Fatal(err)
		}
		all.Write(data)
	}
	all.Close()
	var check uint64
	for id := 0; id < p.Subproblems(); id++ {
		check += simSolutions(id)
	}
	if check != want {
		t.Fatalf("the shards' sums %d are not the subproblems' %d", want, check)
	}
	t.Logf("%d result files written in %.1f s", m, time.Since(start).Seconds())
	wantLine := fmt.Sprintf("solutions  %d\n", want)

	timed := func(what string, args ...string) string {
		t.Helper()
		start := time.Now()
		out := qtoolOK(t, args...)
		t.Logf("%s: %.2f s", what, time.Since(start).Seconds())
		return out
	}
	if out := timed("collect of "+fmt.Sprint(m)+" results", "cluster", "collect", dir); !strings.Contains(out, wantLine) {
		t.Fatalf("collect: %s (want %d)", out, want)
	}
	if out := timed("status", "cluster", "status", dir); !strings.Contains(out, fmt.Sprintf("done      %d of %d", m, m)) {
		t.Errorf("status:\n%s", out)
	}
	sameLine := fmt.Sprintf("every subproblem agrees: %d solutions", want)
	if out := timed("collect --compare with one file of every record", "cluster", "collect", dir, "--compare", all.Name()); !strings.Contains(out, sameLine) {
		t.Errorf("collect --compare: %s", out)
	}
	if out := timed("merge --compare of that file with itself", "merge", "--compare", all.Name(), all.Name()); !strings.Contains(out, sameLine) {
		t.Errorf("merge --compare: %s", out)
	}
	if out := timed("merge of that file", "merge", all.Name()); !strings.Contains(out, wantLine) {
		t.Errorf("merge: %s", out)
	}

	// A task killed mid-way: its result never renamed in, a partial
	// output in tmp/, an attempt that started and never ended.
	k := m / 3
	os.Remove(r.ResultPath(k))
	os.MkdirAll(r.Path("tmp"), 0o755)
	os.WriteFile(filepath.Join(r.Path("tmp"), fmt.Sprintf("%d.json", k)), records[k][:len(records[k])/2], 0o644)
	os.WriteFile(r.AttemptsPath(k), []byte(fmt.Sprintf("start job=7_%d checkpoint=yes\n", k)), 0o644)
	_, errOut, code := qtool(t, "", "cluster", "collect", dir)
	if code != 1 || !strings.Contains(errOut, fmt.Sprintf("(failed %d)", k)) {
		t.Fatalf("collect with task %d killed: exit %d, %q", k, code, errOut)
	}
	// Run again: the same record (a count is deterministic), the same total.
	os.WriteFile(r.ResultPath(k), records[k], 0o644)
	if out := qtoolOK(t, "cluster", "collect", dir); !strings.Contains(out, wantLine) {
		t.Fatalf("collect after the rerun: %s", out)
	}
	// A task that ran twice (a requeue): the second attempt renames the
	// same record over the first.
	os.WriteFile(r.AttemptsPath(k), []byte(fmt.Sprintf("start job=7_%d checkpoint=no\nend job=7_%d exit=0\nstart job=8_%d checkpoint=yes\nend job=8_%d exit=0\n", k, k, k, k)), 0o644)
	os.WriteFile(r.ResultPath(k), records[k], 0o644)
	if out := qtoolOK(t, "cluster", "collect", dir); !strings.Contains(out, wantLine) {
		t.Fatalf("collect after a task ran twice: %s", out)
	}
	// Its record twice in its file, or another shard's record in its
	// place: refused, never added.
	os.WriteFile(r.ResultPath(k), append(append([]byte{}, records[k]...), records[k]...), 0o644)
	if _, errOut, code := qtool(t, "", "cluster", "collect", dir); code != 2 || !strings.Contains(errOut, "2 records") {
		t.Errorf("collect with a record twice: exit %d, %q", code, errOut)
	}
	os.WriteFile(r.ResultPath(k), records[k+1], 0o644)
	if _, errOut, code := qtool(t, "", "cluster", "collect", dir); code != 2 || !strings.Contains(errOut, "not a shard of this run") {
		t.Errorf("collect with shard %d in %d's place: exit %d, %q", k+1, k, code, errOut)
	}
	// Shard k given twice to merge (and k+1 missing): refused.
	twice := filepath.Join(t.TempDir(), "twice.json")
	f, _ := os.Create(twice)
	for i := 0; i < m; i++ {
		if i == k+1 {
			f.Write(records[k])
			continue
		}
		f.Write(records[i])
	}
	f.Close()
	if _, errOut, code := qtool(t, "", "merge", twice); code != 2 || !strings.Contains(errOut, "appears twice") {
		t.Errorf("merge with shard %d twice: exit %d, %q", k, code, errOut)
	}
	os.WriteFile(r.ResultPath(k), records[k], 0o644)
	if out := qtoolOK(t, "cluster", "collect", dir); !strings.Contains(out, wantLine) {
		t.Fatalf("collect at the end: %s", out)
	}
}
