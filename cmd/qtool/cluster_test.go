package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/cluster"
)

// emptyQueue is a scheduler with nothing queued and no accounting, for the
// tests that need no Slurm: the run directory alone decides.
type emptyQueue struct{}

func (emptyQueue) Submit(context.Context, *cluster.Run, string, map[string]string) (string, error) {
	return "1", nil
}
func (emptyQueue) Queue(context.Context, *cluster.Run) (map[int]cluster.Queued, error) {
	return nil, nil
}
func (emptyQueue) Accounting(context.Context, *cluster.Run) (map[int]cluster.Finished, error) {
	return nil, nil
}
func (emptyQueue) Cancel(context.Context, *cluster.Run, []int) error { return nil }

func withScheduler(t *testing.T, s cluster.Scheduler) {
	old := clusterSlurm
	clusterSlurm = s
	t.Cleanup(func() { clusterSlurm = old })
}

func TestClusterDryRun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	out := qtoolOK(t, "cluster", "submit", "count", "-n", "14", "--shards", "16", "--dir", dir, "--time", "10", "--throttle", "4", "--dry-run")
	for _, want := range []string{
		"#!/bin/bash\n",
		"#SBATCH --time=10\n",
		`"$qtool" count -n 14 --shard "$task"/"$tasks" --workers 1 --json --checkpoint "$ckpt" --resume > "$tmp"`,
		"# sbatch --parsable --array=0-15%4 --chdir=" + dir,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("dry run lacks %q:\n%s", want, out)
		}
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("--dry-run made the run directory")
	}
	out = qtoolOK(t, "cluster", "submit", "bench", "--tasks", "3", "--dir", dir, "--dry-run", "--", "--n", "4-9", "--backends", "bitmask")
	if !strings.Contains(out, `bench --n 4-9 --backends bitmask --task "$task"/"$tasks" --log "$dir/logs/$task.jsonl" --resume --format json --workers 1`) {
		t.Errorf("bench dry run:\n%s", out)
	}
	// Paths are made absolute: the tasks run in the run directory.
	boards := t.TempDir()
	for i, b := range []string{"n 6\n1 - - - - -\n", "n 6\n- 3 - - - -\n", "n 7\n0 - - - - - -\n"} {
		if err := os.WriteFile(filepath.Join(boards, "b"+strconv.Itoa(i)+".txt"), []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wd, _ := os.Getwd()
	rel, err := filepath.Rel(wd, boards)
	if err != nil {
		t.Fatal(err)
	}
	out = qtoolOK(t, "cluster", "submit", "bench", "--tasks", "3", "--dir", dir, "--dry-run", "--", "--mode", "complete", "--boards", rel, "--backends", "dlx")
	if !strings.Contains(out, "--boards "+boards+" ") {
		t.Errorf("bench --boards %s dry run does not name %s:\n%s", rel, boards, out)
	}
	if _, errOut, code := qtool(t, "", "cluster", "submit", "bench", "--tasks", "4", "--dir", dir, "--dry-run", "--", "--mode", "complete", "--boards", rel); code != 2 || !strings.Contains(errOut, "at most 3 tasks") {
		t.Errorf("4 tasks over 3 boards: exit %d, %q", code, errOut)
	}
}

func TestClusterBadUsage(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"cluster"}, "want a subcommand"},
		{[]string{"cluster", "submit", "count", "-n", "8", "--shards", "4"}, "--dir RUNDIR is required"},
		{[]string{"cluster", "submit", "count", "-n", "8", "--dir", dir}, "--shards M is required"},
		{[]string{"cluster", "submit", "count", "-n", "8", "--shards", "1048577", "--dir", dir}, "1048576"},
		{[]string{"cluster", "plan", "count", "-n", "8", "--shards", "1048577"}, "1 ≤ M ≤ 1048576 (the most tasks cluster submit takes)"},
		{[]string{"cluster", "submit", "count", "-n", "8", "--shards", "4", "--dir", dir, "--backend", "backtrack"}, "cannot split a count into shards"},
		{[]string{"cluster", "submit", "count", "-n", "8", "--shards", "4", "--dir", dir, "--cpus", "0"}, "--cpus must be at least 1"},
		// Without --backend, the default each task's count would run is
		// asked: beyond a count's range, and above bitmask's n where dlx
		// (which cannot shard) is the default.
		{[]string{"cluster", "submit", "count", "-n", "29", "--shards", "4", "--dir", dir, "--dry-run"}, "cannot count n = 29: the number of solutions exceeds 2^64 − 1"},
		{[]string{"cluster", "submit", "count", "-n", "30", "--unique", "--shards", "4", "--dir", dir, "--dry-run"}, "(n ≤ 29 for fundamental solutions)"},
		{[]string{"cluster", "submit", "count", "-n", "70", "--shards", "4", "--dir", dir}, "backend dlx cannot split a count into shards"},
		{[]string{"cluster", "submit", "bench", "--tasks", "2", "--dir", dir, "--", "--log", "x"}, "--log is set for every task"},
		{[]string{"cluster", "submit", "bench", "--tasks", "20", "--dir", dir, "--", "--n", "4-9", "--backends", "bitmask"}, "splits into at most 6 tasks"},
		{[]string{"cluster", "submit", "bench", "--tasks", "2", "--dir", dir, "--", "--n", "4-x"}, "--n"},
		{[]string{"cluster", "status", dir}, "no run here"},
		{[]string{"cluster", "collect"}, "want one RUNDIR"},
		{[]string{"bench", "--n", "4-6", "--task", "3/3"}, "want i/m"},
	} {
		out, errOut, code := qtool(t, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("qtool %s: exit %d, stderr %q (want 2 and %q); stdout %q", strings.Join(c.args, " "), code, errOut, c.want, out)
		}
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("a refused submit made the run directory")
	}
}

// collectRun makes a count run of n=8 in 4 shards whose results are the
// records qtool count prints, without Slurm.
func collectRun(t *testing.T) *cluster.Run {
	t.Helper()
	withScheduler(t, emptyQueue{})
	dir := filepath.Join(t.TempDir(), "run")
	qtoolOK(t, "cluster", "submit", "count", "-n", "8", "--shards", "4", "--dir", dir, "--qtool", "/bin/true")
	r, err := cluster.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ {
		out := qtoolOK(t, "count", "-n", "8", "--shard", strconv.Itoa(i)+"/4", "--json")
		if err := os.WriteFile(r.ResultPath(i), []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

func TestClusterCollect(t *testing.T) {
	r := collectRun(t)
	out := qtoolOK(t, "cluster", "collect", r.Dir)
	if !strings.Contains(out, "solutions  92\n") {
		t.Fatalf("collect: %s", out)
	}
	// A missing shard: refused, naming it, and status says it.
	os.Remove(r.ResultPath(2))
	os.WriteFile(r.AttemptsPath(2), []byte("start job=5_2 checkpoint=no\n"), 0o644)
	_, errOut, code := qtool(t, "", "cluster", "collect", r.Dir)
	if code != 1 || !strings.Contains(errOut, "1 of 4 tasks are not done (failed 2)") {
		t.Fatalf("collect without shard 2: exit %d, %q", code, errOut)
	}
	out = qtoolOK(t, "cluster", "status", r.Dir)
	if !strings.Contains(out, "failed    1 of 4: 2\n") || !strings.Contains(out, "task 2: no end recorded") {
		t.Errorf("status:\n%s", out)
	}
}

func TestClusterCollectCompare(t *testing.T) {
	r := collectRun(t)
	whole := writeFile(t, "whole.json", qtoolOK(t, "count", "-n", "8", "--json"))
	out := qtoolOK(t, "cluster", "collect", r.Dir, "--compare", whole)
	if !strings.Contains(out, "every subproblem agrees: 92 solutions") {
		t.Fatalf("compare with the whole count: %s", out)
	}
	// A whole count whose first part is off by 8 differs, and says where.
	data, _ := os.ReadFile(whole)
	var rec map[string]any
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	parts := rec["parts"].([]any)
	p0 := parts[0].(map[string]any)
	p0["solutions"] = p0["solutions"].(float64) + 8
	rec["solutions"] = rec["solutions"].(float64) + 8
	bad, _ := json.Marshal(rec)
	os.WriteFile(whole, append(bad, '\n'), 0o644)
	out, errOut, code := qtool(t, "", "cluster", "collect", r.Dir, "--compare", whole)
	if code != 1 {
		t.Fatalf("compare with a wrong part: exit %d, %q %q", code, out, errOut)
	}
	// Another n cannot be compared; the message names the run, not a temporary file.
	other := writeFile(t, "n9.json", qtoolOK(t, "count", "-n", "9", "--json"))
	_, errOut, code = qtool(t, "", "cluster", "collect", r.Dir, "--compare", other)
	if code != 2 || !strings.Contains(errOut, r.Path("results")) || strings.Contains(errOut, "qtool-collect-") {
		t.Fatalf("compare with n=9: exit %d, %q", code, errOut)
	}
}

func TestClusterCollectRefusesOtherSplits(t *testing.T) {
	r := collectRun(t)
	data, err := os.ReadFile(r.ResultPath(1))
	if err != nil {
		t.Fatal(err)
	}
	// The same shard of another split (another version of the shard list).
	other := strings.Replace(string(data), `"identity":"`, `"identity":"v0 `, 1)
	if other == string(data) {
		t.Fatalf("no split identity in %s", data)
	}
	os.WriteFile(r.ResultPath(1), []byte(other), 0o644)
	_, errOut, code := qtool(t, "", "cluster", "collect", r.Dir)
	if code != 2 || !strings.Contains(errOut, "identity") || !strings.Contains(errOut, "1.json") {
		t.Fatalf("collect of mixed splits: exit %d, %q", code, errOut)
	}
	// A record of another n in a shard's place.
	out := qtoolOK(t, "count", "-n", "9", "--shard", "1/4", "--json")
	os.WriteFile(r.ResultPath(1), []byte(out), 0o644)
	_, errOut, code = qtool(t, "", "cluster", "collect", r.Dir)
	if code != 2 || !strings.Contains(errOut, "n 9, but the run") {
		t.Fatalf("collect with an n=9 shard: exit %d, %q", code, errOut)
	}
}

// TestClusterResubmitTaskTime: a negative --task-time of resubmit is
// refused (it was taken silently as "the run's own"), and 0 is a choice
// of its own: no time limit for the resubmitted tasks.
func TestClusterResubmitTaskTime(t *testing.T) {
	r := collectRun(t)
	os.Remove(r.ResultPath(1))
	_, errOut, code := qtool(t, "", "cluster", "resubmit", r.Dir, "--task-time", "-5s", "--dry-run")
	if code != 2 || !strings.Contains(errOut, "--task-time must not be negative, got -5s") {
		t.Errorf("resubmit --task-time -5s: exit %d, stderr %q", code, errOut)
	}
	plain := qtoolOK(t, "cluster", "resubmit", r.Dir, "--dry-run")
	zero := qtoolOK(t, "cluster", "resubmit", r.Dir, "--task-time", "0", "--dry-run")
	if strings.Contains(plain, "QTOOL_TASK_TIME") || !strings.Contains(zero, "QTOOL_TASK_TIME") {
		t.Errorf("resubmit --dry-run:\n%s\nwith --task-time 0:\n%s\nwant QTOOL_TASK_TIME only in the second", plain, zero)
	}
}
