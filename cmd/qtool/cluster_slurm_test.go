package main

import (
	"context"
	"encoding/json"
	"flag"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/qtool-project/qtool/checkpoint"
	"github.com/qtool-project/qtool/cluster"
	"github.com/qtool-project/qtool/results"
	"github.com/qtool-project/qtool/split"
)

// These tests run qtool cluster against a real Slurm: the one that
// scripts/slurm-localhost start makes on this machine (CI starts it in
// .ci/setup.d/40-slurm.sh), or any cluster whose controller answers. They
// skip when none does.

func needSlurm(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("sbatch"); err != nil {
		t.Skip("Slurm not installed (apt-get install slurm-wlm munge; then scripts/slurm-localhost start)")
	}
	if err := (cluster.Slurm{}).Ping(context.Background()); err != nil {
		t.Skipf("no Slurm controller answers (scripts/slurm-localhost start makes one here): %v", err)
	}
}

var (
	builtOnce sync.Once
	builtPath string
	builtErr  error
)

// builtQtool builds qtool once for the tasks to run (the test binary is
// not qtool).
func builtQtool(t *testing.T) string {
	t.Helper()
	builtOnce.Do(func() {
		dir, err := os.MkdirTemp("", "qtool-cluster-bin")
		if err != nil {
			builtErr = err
			return
		}
		builtPath = filepath.Join(dir, "qtool")
		out, err := exec.Command("go", "build", "-o", builtPath, ".").CombinedOutput()
		if err != nil {
			builtErr = err
			t.Logf("%s", out)
		}
	})
	if builtErr != nil {
		t.Fatalf("building qtool: %v", builtErr)
	}
	return builtPath
}

// slurmRunDir makes a run directory that Slurm's daemons can write, and
// cancels the run's jobs at the end of the test.
func slurmRunDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "run")
	t.Cleanup(func() {
		if r, err := cluster.Open(dir); err == nil {
			(cluster.Slurm{}).Cancel(context.Background(), r, nil)
		}
	})
	return dir
}

// qtoolOK runs qtool and fails the test unless it exits 0.
func qtoolOK(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, code := qtool(t, "", args...)
	if code != 0 {
		t.Fatalf("qtool %s: exit %d: %s%s", strings.Join(args, " "), code, out, errOut)
	}
	return out
}

func clusterStatusOf(t *testing.T, dir string) (map[string]int, []cluster.TaskStatus) {
	t.Helper()
	var st struct {
		Counts map[string]int       `json:"counts"`
		Tasks  []cluster.TaskStatus `json:"tasks"`
	}
	out := qtoolOK(t, "cluster", "status", dir, "--json")
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatalf("status --json: %v: %s", err, out)
	}
	return st.Counts, st.Tasks
}

func collectSolutions(t *testing.T, dir string) uint64 {
	t.Helper()
	var rec split.Total
	out := qtoolOK(t, "cluster", "collect", dir, "--json")
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("collect --json: %v: %s", err, out)
	}
	if !rec.Complete {
		t.Fatalf("collect: incomplete: %s", out)
	}
	return rec.Solutions
}

func TestSlurmCount14(t *testing.T) {
	needSlurm(t)
	bin, dir := builtQtool(t), slurmRunDir(t)
	qtoolOK(t, "cluster", "submit", "count", "-n", "14", "--shards", "16", "--dir", dir, "--qtool", bin, "--wait")
	counts, _ := clusterStatusOf(t, dir)
	if counts["done"] != 16 {
		t.Fatalf("status: %v, want 16 done", counts)
	}
	if got := collectSolutions(t, dir); got != 365596 {
		t.Fatalf("n=14 in 16 shards: %d solutions, want 365596 (A000170)", got)
	}
	// Every shard's result is one complete record of its own shard.
	for i := 0; i < 16; i++ {
		data, err := os.ReadFile(filepath.Join(dir, "results", strconv.Itoa(i)+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var rec split.Record
		if err := json.Unmarshal(data, &rec); err != nil || !rec.Complete || rec.Shard == nil || *rec.Shard != i || *rec.Shards != 16 {
			t.Fatalf("result %d: %v %s", i, err, data)
		}
	}
}

// waitStarted waits until every task given has started an attempt.
func waitStarted(t *testing.T, dir string, tasks ...int) {
	t.Helper()
	r, err := cluster.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for _, i := range tasks {
		for {
			as, err := r.Attempts(i)
			if err != nil {
				t.Fatal(err)
			}
			if len(as) > 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("task %d did not start in 2 minutes", i)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
}

// TestSlurmKilledTasks (n = 17 in 4 shards) kills one task with SIGKILL (no chance to write
// anything) and one with scancel (SIGTERM, then SIGKILL after KillWait, as
// at a time limit): status says both failed, collect refuses naming them,
// resubmit reruns exactly those, and the total is A000170's.
func TestSlurmKilledTasks(t *testing.T) {
	needSlurm(t)
	bin, dir := builtQtool(t), slurmRunDir(t)
	// n = 17 in 4 shards: each shard counts for about 3 s of processor
	// time even on an idle machine (n = 16's shards took under half a
	// second there, so task 0 could end before it was killed), long enough
	// to be killed while it counts.
	// The domains counter, not the default join, which counts n = 17 in
	// under 3 s in all.
	qtoolOK(t, "cluster", "submit", "count", "-n", "17", "--shards", "4", "--backend", "domains", "--dir", dir, "--qtool", bin, "--throttle", "2", "--checkpoint-every", "100ms")
	waitStarted(t, dir, 0, 1)
	r, err := cluster.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	// Task 1 is stopped once it has counted for a while (a checkpoint
	// holds finished subproblems), so that SIGTERM finds work to save.
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if st, err := checkpoint.Read(r.CheckpointPath(1)); err == nil && len(st.Parts) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("task 1 wrote no checkpoint in 2 minutes")
		}
	}
	q, err := (cluster.Slurm{}).Queue(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	killJob(t, q[0].ID)
	if out, err := exec.Command("scancel", q[1].Job).CombinedOutput(); err != nil {
		t.Fatalf("scancel %s: %v %s", q[1].Job, err, out)
	}
	// Tasks 2 and 3 run once 0 and 1 are gone; wait for the array to end.
	st, err := cluster.Wait(context.Background(), r, cluster.Slurm{}, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, 1} {
		if !st.Tasks[i].Is(cluster.Failed) {
			t.Fatalf("task %d after scancel: %+v, want failed", i, st.Tasks[i])
		}
	}
	if w := st.Tasks[0].Why; !strings.Contains(w, "no end recorded") && !strings.Contains(w, "SIGKILL") {
		t.Errorf("task 0 killed by SIGKILL: why %q", w)
	}
	if len(st.With(cluster.Done)) != 2 || !st.Tasks[2].Is(cluster.Done) || !st.Tasks[3].Is(cluster.Done) {
		t.Fatalf("tasks 2, 3 should be done: %+v", st.Tasks)
	}
	// No result of a killed task looks complete.
	for _, i := range []int{0, 1} {
		if _, err := os.Stat(r.ResultPath(i)); err == nil {
			t.Fatalf("killed task %d left a result", i)
		}
	}
	out, errOut, code := qtool(t, "", "cluster", "collect", dir)
	if code != 1 || !strings.Contains(errOut, "failed 0-1") {
		t.Fatalf("collect with tasks 0, 1 failed: exit %d, %q %q", code, out, errOut)
	}
	out = qtoolOK(t, "cluster", "resubmit", dir, "--wait")
	if !strings.Contains(out, "resubmitted 2 tasks (0-1)") {
		t.Fatalf("resubmit: %s", out)
	}
	if got := collectSolutions(t, dir); got != 95815104 {
		t.Fatalf("n=17: %d, want 95815104 (A000170)", got)
	}
	// Tasks 2 and 3 ran once, tasks 0 and 1 twice.
	_, tasks := clusterStatusOf(t, dir)
	for i, want := range []int{2, 2, 1, 1} {
		if tasks[i].Attempts != want {
			t.Errorf("task %d: %d attempts, want %d", i, tasks[i].Attempts, want)
		}
	}
	// Task 1 got SIGTERM, wrote its checkpoint and exited 143; its second
	// attempt resumed from it.
	as, err := r.Attempts(1)
	if err != nil {
		t.Fatal(err)
	}
	var events []string
	for _, a := range as {
		events = append(events, a.Event+"/"+strconv.Itoa(a.Exit)+"/"+strconv.FormatBool(a.Checkpoint))
	}
	if got := strings.Join(events, " "); got != "start/0/false signal/0/false end/143/false start/0/true end/0/false" {
		t.Errorf("task 1's attempts: %s", got)
	}
	data, err := os.ReadFile(r.ResultPath(1))
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Split struct {
			Resumed int `json:"resumed"`
		} `json:"split"`
	}
	if err := json.Unmarshal(data, &rec); err != nil || rec.Split.Resumed == 0 {
		t.Errorf("task 1 did not resume subproblems from its checkpoint: %v %s", err, data)
	}
}

// killJob sends SIGKILL to every process of a job on this node, as the
// kernel's out-of-memory killer or a lost node would end them: nothing
// gets a chance to write. (scancel --signal=KILL is turned by Slurm into a
// cancel: SIGTERM first.)
func killJob(t *testing.T, id string) {
	t.Helper()
	out, err := exec.Command("scontrol", "listpids", id).CombinedOutput()
	if err != nil {
		t.Fatalf("scontrol listpids %s: %v %s", id, err, out)
	}
	killed := 0
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || f[1] != id {
			continue
		}
		if pid, err := strconv.Atoi(f[0]); err == nil && pid > 1 {
			if p, err := os.FindProcess(pid); err == nil && p.Signal(syscall.SIGKILL) == nil {
				killed++
			}
		}
	}
	if killed == 0 {
		t.Fatalf("no process of job %s to kill: %s", id, out)
	}
}

// TestSlurmBenchCompletion splits the completion preset into 8 tasks, one
// sample of instances (n, δ) each, and checks that the union of the
// tasks' logs holds the same answers as the single-machine run.
func TestSlurmBenchCompletion(t *testing.T) {
	needSlurm(t)
	bin, dir := builtQtool(t), slurmRunDir(t)
	args := []string{"--preset", "completion", "--n", "20", "--deltas", "6-13", "--instances", "6", "--backends", "bitmask,dlx"}
	single := filepath.Join(t.TempDir(), "single.jsonl")
	one := qtoolOK(t, append(append([]string{"bench"}, args...), "--log", single, "--format", "md")...)
	sub := append([]string{"cluster", "submit", "bench", "--tasks", "8", "--dir", dir, "--qtool", bin, "--wait", "--"}, args...)
	qtoolOK(t, sub...)
	many := qtoolOK(t, "cluster", "collect", dir, "--format", "md")
	want := benchAnswers(t, single)
	got := map[results.Key]string{}
	for i := 0; i < 8; i++ {
		for k, v := range benchAnswers(t, filepath.Join(dir, "logs", strconv.Itoa(i)+".jsonl")) {
			if _, dup := got[k]; dup {
				t.Fatalf("run %v measured by two tasks", k)
			}
			got[k] = v
		}
	}
	if len(got) != len(want) || len(want) != 8*6*2 {
		t.Fatalf("%d runs from the tasks, %d from the single run, want %d", len(got), len(want), 8*6*2)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%v: tasks %q, single run %q", k, got[k], v)
		}
	}
	// The tables agree on every row's answers (the columns before the times).
	if a, b := solubleRows(one), solubleRows(many); strings.Join(a, "\n") != strings.Join(b, "\n") || len(a) != 8 {
		t.Errorf("tables differ:\nsingle:\n%s\ncluster:\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
}

// benchAnswers reads a bench log: per run, its answer, status and nodes.
func benchAnswers(t *testing.T, path string) map[results.Key]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, recs, err := results.ReadLog(f, path)
	if err != nil {
		t.Fatal(err)
	}
	m := map[results.Key]string{}
	for _, r := range recs {
		b, _ := json.Marshal([]any{r.Answer, r.Status, r.Nodes})
		m[r.Key()] = string(b)
	}
	return m
}

// solubleRows returns the first six columns (n, δ, δ²/n, placed, soluble,
// fraction) of the rows of the decide table in a markdown report.
func solubleRows(md string) []string {
	var rows []string
	in := false
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "**decide") {
			in = true
			continue
		}
		if in && strings.HasPrefix(line, "**") {
			break
		}
		cells := strings.Split(line, "|")
		if !in || len(cells) < 8 || strings.Contains(line, "---") || strings.Contains(line, "soluble") {
			continue
		}
		rows = append(rows, strings.Join(cells[1:7], "|"))
	}
	return rows
}

// TestSlurmCount16TimeLimit runs n = 16 in 64 shards with a time limit per
// attempt so short that tasks are killed mid-way (SIGTERM, then SIGKILL,
// as Slurm does at its own limit), and resubmits until every shard is done:
// the total is exactly A000170's, and the files show shards that resumed
// from a checkpoint.
func TestSlurmCount16TimeLimit(t *testing.T) {
	needSlurm(t)
	bin, dir := builtQtool(t), slurmRunDir(t)
	// The limit is set from how long one shard's process takes here (a
	// calibration, not an assertion): half of it, so that most attempts
	// stop mid-way.
	start := time.Now()
	if out, err := exec.Command(bin, "count", "-n", "16", "--shard", "0/64", "--backend", "domains", "--workers", "1", "--json").CombinedOutput(); err != nil {
		t.Fatalf("count --shard 0/64: %v %s", err, out)
	}
	limit := time.Since(start) / 2
	t.Logf("one shard took %v here; task time limit %v", 2*limit, limit)
	qtoolOK(t, "cluster", "submit", "count", "-n", "16", "--shards", "64", "--backend", "domains", "--dir", dir, "--qtool", bin,
		"--task-time", limit.String(), "--kill-wait", "2", "--wait")
	r, err := cluster.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	// midway counts the failed tasks whose checkpoint holds some but not
	// all of their subproblems: stopped mid-way.
	midway := 0
	for round := 0; ; round++ {
		counts, tasks := clusterStatusOf(t, dir)
		if counts["done"] == 64 {
			break
		}
		for _, tk := range tasks {
			if tk.State != "failed" {
				continue
			}
			if !strings.Contains(tk.Why, "time limit") {
				t.Fatalf("task %d failed otherwise than by its time limit: %+v", tk.Task, tk)
			}
			if st, err := checkpoint.Read(r.CheckpointPath(tk.Task)); err == nil && len(st.Parts) > 0 && len(st.Parts) < st.Todo {
				midway++
			}
		}
		if round == 12 {
			t.Fatalf("not done after 12 resubmits: %v", counts)
		}
		// Once some task was stopped mid-way, the rest run without a
		// limit; until then each resubmit raises it by a quarter: small
		// steps, so that the limit cannot jump from "before the first
		// subproblem" (start-up is much of a shard's time, more so on a
		// busy machine) to "the whole shard" in one resubmit.
		next := "0"
		if midway == 0 {
			limit = limit * 5 / 4
			next = limit.String()
		}
		t.Logf("round %d: %v, %d stopped mid-way so far; resubmitting with --task-time %s", round, counts, midway, next)
		qtoolOK(t, "cluster", "resubmit", dir, "--task-time", next, "--wait")
	}
	if midway == 0 {
		t.Fatal("no task was stopped mid-way by the time limit: the test proves nothing")
	}
	if got := collectSolutions(t, dir); got != 14772512 {
		t.Fatalf("n=16 in 64 shards: %d, want 14772512 (A000170)", got)
	}
	// From the files: a shard whose final record took subproblems from the
	// checkpoint an earlier, killed attempt wrote, and whose attempt log says
	// it started from a checkpoint.
	resumed := 0
	for i := 0; i < 64; i++ {
		data, err := os.ReadFile(r.ResultPath(i))
		if err != nil {
			t.Fatal(err)
		}
		var rec struct {
			Stats map[string]uint64 `json:"stats"`
			Split struct {
				Resumed int `json:"resumed"`
			} `json:"split"`
		}
		if err := json.Unmarshal(data, &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Split.Resumed == 0 {
			continue
		}
		as, err := r.Attempts(i)
		if err != nil {
			t.Fatal(err)
		}
		if len(as) < 4 || !as[len(as)-2].Checkpoint || as[len(as)-1].Exit != 0 {
			t.Fatalf("shard %d resumed %d subproblems, but its attempts say %+v", i, rec.Split.Resumed, as)
		}
		resumed++
	}
	t.Logf("%d tasks stopped mid-way by the time limit; %d shards finished from a checkpoint", midway, resumed)
	if resumed == 0 {
		t.Fatal("no shard resumed from a checkpoint")
	}
}

// TestSlurmBenchBoards splits a grid of board files, one task per board,
// and compares the answers with the single-machine run's.
func TestSlurmBenchBoards(t *testing.T) {
	needSlurm(t)
	bin, dir := builtQtool(t), slurmRunDir(t)
	boards := t.TempDir()
	for i, b := range []string{"n 8\n0 - - - - - - -\n", "n 8\n- 2 - - - - - -\n", "n 9\n- - - - 4 - - - -\n", "n 10\n1 - - - - - - - - -\n"} {
		if err := os.WriteFile(filepath.Join(boards, "b"+strconv.Itoa(i)+".txt"), []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{"--mode", "count", "--boards", boards, "--backends", "bitmask,dlx", "--repeats", "1", "--mintime", "0"}
	single := filepath.Join(t.TempDir(), "single.jsonl")
	qtoolOK(t, append(append([]string{"bench"}, args...), "--log", single)...)
	qtoolOK(t, append([]string{"cluster", "submit", "bench", "--tasks", "4", "--dir", dir, "--qtool", bin, "--wait", "--"}, args...)...)
	qtoolOK(t, "cluster", "collect", dir)
	want := benchAnswers(t, single)
	got := map[results.Key]string{}
	for i := 0; i < 4; i++ {
		a := benchAnswers(t, filepath.Join(dir, "logs", strconv.Itoa(i)+".jsonl"))
		if len(a) != 2 {
			t.Errorf("task %d measured %d runs, want one board by 2 backends", i, len(a))
		}
		maps.Copy(got, a)
	}
	if len(want) != 8 || len(got) != len(want) {
		t.Fatalf("%d runs from the tasks, %d from the single run, want 8", len(got), len(want))
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%v: tasks %q, single run %q", k, got[k], v)
		}
	}
}

var long = flag.Bool("long", false, "run the slow tests (a real Slurm time limit stopping n = 19 shards)")

// TestSlurmTimeLimitLong (-long; give go test -timeout 60m) lets Slurm's
// own time limit (--time 1, the shortest Slurm has: one minute, enforced
// within about 30 s) stop count shards that run longer: SIGTERM from
// slurmstepd, the checkpoint written, exit 143; each resubmit resumes them
// for another minute until they are done, and the total is A000170's. It
// takes n = 18 in 2 shards, or n = 19 where those finish within the minute.
func TestSlurmTimeLimitLong(t *testing.T) {
	if !*long {
		t.Skip("a real Slurm time limit takes minutes: run with -long")
	}
	needSlurm(t)
	bin := builtQtool(t)
	for _, c := range []struct {
		n    int
		want uint64
	}{{18, 666090624}, {19, 4968057848}} {
		dir := slurmRunDir(t)
		qtoolOK(t, "cluster", "submit", "count", "-n", strconv.Itoa(c.n), "--shards", "2", "--backend", "domains", "--dir", dir, "--qtool", bin, "--time", "1", "--wait")
		counts, tasks := clusterStatusOf(t, dir)
		t.Logf("n=%d after the first attempts: %v", c.n, counts)
		stopped := 0
		for _, tk := range tasks {
			if tk.State == "failed" {
				if !strings.Contains(tk.Why, "SIGTERM") {
					t.Fatalf("task %d: %+v, want stopped by SIGTERM at the time limit", tk.Task, tk)
				}
				stopped++
			}
		}
		if stopped == 0 {
			t.Logf("n=%d: every shard finished within the minute; a larger n", c.n)
			continue
		}
		for round := 0; counts["done"] < 2; round++ {
			if round == 30 {
				t.Fatalf("not done after 30 resubmits: %v", counts)
			}
			qtoolOK(t, "cluster", "resubmit", dir, "--wait")
			counts, _ = clusterStatusOf(t, dir)
			t.Logf("n=%d after resubmit %d: %v", c.n, round+1, counts)
		}
		if got := collectSolutions(t, dir); got != c.want {
			t.Fatalf("n=%d: %d, want %d (A000170)", c.n, got, c.want)
		}
		return
	}
	t.Fatal("no shard ran into the one-minute limit: the test proves nothing")
}
