package cluster

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// States lists the states in the order a status report shows them.
var States = []State{Done, Running, Pending, Failed, Missing, Unknown}

// Counts returns how many tasks are in each state, by the state's name.
func (st *Status) Counts() map[string]int {
	m := map[string]int{}
	for _, s := range States {
		m[s.String()] = st.Count(s)
	}
	return m
}

// WriteStatus writes the status of run r for people: a line per state
// with the tasks in it, the reasons of the failed ones, and the next
// command to run.
func WriteStatus(out io.Writer, r *Run, st *Status) {
	fmt.Fprintf(out, "run       %s (%s, jobs named %s)\n", r.Dir, r.Title, r.JobName())
	for _, s := range States {
		ts := st.With(s)
		if s == Unknown && len(ts) == 0 {
			continue
		}
		line := fmt.Sprintf("%-9s %d of %d", s, len(ts), r.Tasks)
		if len(ts) > 0 && len(ts) < r.Tasks {
			line += ": " + Ranges(ts)
		}
		fmt.Fprintln(out, line)
	}
	writeFailures(out, st)
	if st.Queue != "" {
		fmt.Fprintf(out, "note      Slurm cannot be asked (%s): states from the run directory alone\n", strings.TrimPrefix(st.Queue, "cluster: "))
	}
	if st.Accounting != "" {
		fmt.Fprintf(out, "note      no Slurm accounting (%s): states from the run directory and squeue\n", strings.TrimPrefix(st.Accounting, "cluster: "))
	}
	switch {
	case st.Count(Done) == r.Tasks:
		fmt.Fprintf(out, "next      qtool cluster collect %s\n", ShellQuote(r.Dir))
	case st.Finished():
		fmt.Fprintf(out, "next      qtool cluster resubmit %s\n", ShellQuote(r.Dir))
	}
}

// writeFailures writes the failed tasks grouped by their reason, and how
// many tasks resumed from a checkpoint.
func writeFailures(out io.Writer, st *Status) {
	resumed := 0
	why := map[string][]int{}
	var whys []string
	for _, t := range st.Tasks {
		if t.Resumed > 0 {
			resumed++
		}
		if t.Is(Failed) {
			w := t.Why
			if t.Sched != "" {
				w += "; Slurm: " + t.Sched
			}
			if t.Resume {
				w += "; resumes from its checkpoint"
			}
			if why[w] == nil {
				whys = append(whys, w)
			}
			why[w] = append(why[w], t.Task)
		}
	}
	for _, w := range whys {
		word := "tasks"
		if len(why[w]) == 1 {
			word = "task"
		}
		fmt.Fprintf(out, "  %s %s: %s\n", word, Ranges(why[w]), w)
	}
	if resumed > 0 {
		fmt.Fprintf(out, "resumed   %d tasks started from a checkpoint at least once\n", resumed)
	}
}

// NotDone says which tasks of r are not done and what to do about it
// ("3 of 8 tasks are not done (failed 2-4): qtool cluster resubmit DIR"),
// "" when every task is done.
func NotDone(r *Run, st *Status) string {
	if st.Count(Done) == r.Tasks {
		return ""
	}
	var parts []string
	for _, s := range States[1:] {
		if ts := st.With(s); len(ts) > 0 {
			parts = append(parts, fmt.Sprintf("%s %s", s, Ranges(ts)))
		}
	}
	next := "qtool cluster resubmit " + ShellQuote(r.Dir)
	if !st.Finished() {
		next = "wait for them (qtool cluster status " + ShellQuote(r.Dir) + ")"
	}
	return fmt.Sprintf("%d of %d tasks are not done (%s): %s", r.Tasks-st.Count(Done), r.Tasks, strings.Join(parts, "; "), next)
}

// TaskTime writes a duration as timeout(1) takes it: seconds with a
// fraction; "" for none (d ≤ 0).
func TaskTime(d time.Duration) string {
	if d <= 0 {
		return ""
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

// AllTasks is the task numbers 0 … m-1.
func AllTasks(m int) []int {
	ts := make([]int, m)
	for i := range ts {
		ts[i] = i
	}
	return ts
}

// SbatchLine is the sbatch command that submits tasks of r (with env),
// quoted for a shell.
func SbatchLine(r *Run, tasks []int, env map[string]string) string {
	args := SbatchArgs(r, ArraySpec(tasks, r.Options.Throttle), env)
	for i, a := range args {
		args[i] = ShellQuote(a)
	}
	return "sbatch " + strings.Join(args, " ")
}

// InstallQtool copies the executable self to the run's QtoolPath
// (a temporary file renamed into place).
func (r *Run) InstallQtool(self string) error {
	return copyFile(self, r.QtoolPath(), 0o755)
}

// copyFile copies a file to path (temp file + rename).
func copyFile(from, path string, perm os.FileMode) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	tmp, err := os.CreateTemp(filepath.Dir(path), ".qtool.tmp*")
	if err != nil {
		return err
	}
	_, err = io.Copy(tmp, in)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), perm)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// EachTask calls f for every task 0 … tasks-1 on all cores and returns
// the error of the least task that failed (the one a loop in order would
// have met first; tasks after it may be skipped), nil when none did.
func EachTask(tasks int, f func(i int) error) error {
	errs := make([]error, tasks)
	var next atomic.Int64
	var failed atomic.Int64 // the least task that failed, +1; 0 for none
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), tasks) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= tasks {
					return
				}
				if f := failed.Load(); f != 0 && int(f-1) < i {
					return // an earlier task failed: its error is the one
				}
				if errs[i] = f(i); errs[i] != nil {
					for {
						f := failed.Load()
						if (f != 0 && int(f-1) < i) || failed.CompareAndSwap(f, int64(i)+1) {
							break
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	if f := failed.Load(); f != 0 {
		return errs[f-1]
	}
	return nil
}

// CountSpec is what a count run counts: qtool count -n N in Shards
// shards, by Backend ("" for qtool count's default), with fundamental
// solutions when Unique; Checkpoints when the backend checkpoints its
// shards (every Every, 0 for qtool count's default interval).
type CountSpec struct {
	N, Shards   int
	Backend     string
	Unique      bool
	Checkpoints bool
	Every       time.Duration
}

// countCheckpointFlags are the flags a count task is given to checkpoint
// its shard and resume it (qtool count --checkpoint FILE --resume).
var countCheckpointFlags = []string{"--checkpoint", "{checkpoint}", "--resume"}

// NewCountRun is the run of the count c with the options o: one task a
// shard, each running qtool count --shard i/M --json on o.CPUs workers.
func NewCountRun(c CountSpec, o Options) *Run {
	cmd := []string{"count", "-n", strconv.Itoa(c.N), "--shard", "{task}/{tasks}", "--workers", strconv.Itoa(o.CPUs), "--json"}
	split := map[string]string{"n": strconv.Itoa(c.N), "shards": strconv.Itoa(c.Shards)}
	title := fmt.Sprintf("count n=%d in %d shards", c.N, c.Shards)
	if c.Backend != "" {
		cmd = append(cmd, "--backend", c.Backend)
		split["backend"] = c.Backend
		title += " by " + c.Backend
	}
	if c.Unique {
		cmd = append(cmd, "--unique")
	}
	if c.Checkpoints {
		cmd = append(cmd, countCheckpointFlags...)
		if c.Every > 0 {
			cmd = append(cmd, "--checkpoint-every", c.Every.String())
		}
	}
	return &Run{Kind: "count", Title: title, Tasks: c.Shards, Command: cmd, Split: split, Options: o}
}

// CheckShard checks the record of shard i of a count run, found at where,
// against the run: its n, shard and number of shards, and its backend
// when the run names one.
func (r *Run) CheckShard(where string, i, n, shards, shard int, backend string) error {
	want := func(field, got, want string) error {
		return fmt.Errorf("cluster: %s: %s %s, but the run %s has %s %s: not a shard of this run", where, field, got, r.Dir, field, want)
	}
	if got := strconv.Itoa(n); got != r.Split["n"] {
		return want("n", got, r.Split["n"])
	}
	if got := strconv.Itoa(shards); got != r.Split["shards"] {
		return want("shards", got, r.Split["shards"])
	}
	if shard != i {
		return want("shard", strconv.Itoa(shard), strconv.Itoa(i))
	}
	if b := r.Split["backend"]; b != "" && backend != b {
		return want("backend", backend, b)
	}
	return nil
}

// StatusRecord is a run's status as one JSON object (qtool cluster status
// --json): the run directory, its title, job name and number of tasks,
// how many tasks are in each state, and every task's status.
type StatusRecord struct {
	Run    string         `json:"run"`
	Title  string         `json:"title"`
	Job    string         `json:"job_name"`
	Size   int            `json:"array_tasks"`
	Counts map[string]int `json:"counts"`
	*Status
}

// Record is st as the status record of run r.
func (st *Status) Record(r *Run) StatusRecord {
	return StatusRecord{r.Dir, r.Title, r.JobName(), r.Tasks, st.Counts(), st}
}
