package cluster

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// refusing is a Scheduler whose sbatch refuses every submission.
type refusing struct{ fakeQueue }

func (refusing) Submit(context.Context, *Run, string, map[string]string) (string, error) {
	return "", errors.New("cluster: sbatch: error: invalid partition specified: nope")
}

func makeRun() *Run {
	return &Run{ID: NewID(), Kind: "test", Title: "test", Tasks: 3, Qtool: "bin/qtool", Command: []string{"c"}, Options: Options{CPUs: 1}}
}

// Make creates, installs and submits; a failed install or submission
// leaves no directory behind and says so.
func TestMake(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "run")
	r := makeRun()
	r.Qtool = filepath.Join(dir, "bin", "qtool")
	s := &fakeQueue{}
	j, err := Make(context.Background(), dir, r, s, func() (string, error) { return self, nil })
	if err != nil || j.ID != "99" || j.Array != "0-2" || len(s.submitted) != 1 {
		t.Fatalf("Make: %+v %v, submitted %v", j, err, s.submitted)
	}
	if st, err := os.Stat(r.QtoolPath()); err != nil || st.Mode()&0o111 == 0 {
		t.Errorf("installed qtool: %v %v", st, err)
	}
	if jobs, err := r.Jobs(); err != nil || len(jobs) != 1 {
		t.Errorf("jobs.log: %+v %v", jobs, err)
	}
	// A second Make in the same directory is Create's refusal, as it is.
	if _, err := Make(context.Background(), dir, makeRun(), s, nil); err == nil || errors.As(err, new(*MakeError)) || !strings.Contains(err.Error(), "already holds a run") {
		t.Errorf("Make over a run: %v", err)
	}

	dir = filepath.Join(t.TempDir(), "refused")
	_, err = Make(context.Background(), dir, makeRun(), &refusing{}, nil)
	var me *MakeError
	if !errors.As(err, &me) || me.Install || me.Removed != nil {
		t.Fatalf("refused submission: %#v", err)
	}
	want := "cluster: sbatch: error: invalid partition specified: nope (nothing was submitted and " + dir + " is left as it was: mend the option and run the same qtool cluster submit again)"
	if err.Error() != want {
		t.Errorf("refused submission:\n got %s\nwant %s", err, want)
	}
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the refused run's directory is left: %v", err)
	}

	dir = filepath.Join(t.TempDir(), "noexec")
	_, err = Make(context.Background(), dir, makeRun(), s, func() (string, error) { return "", errors.New("no executable") })
	if !errors.As(err, &me) || !me.Install || err.Error() != "cluster: copying qtool into the run: no executable (nothing was submitted; "+dir+" is left as it was)" {
		t.Errorf("failed install: %v", err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) || len(s.submitted) != 1 {
		t.Errorf("the failed install's directory: %v; submitted %v", err, s.submitted)
	}
	me = &MakeError{Dir: "d", Err: errors.New("x"), Removed: errors.New("busy")}
	if got := me.Error(); got != "cluster: x (nothing was submitted; removing the half-made d failed: busy: remove it by hand before you submit again)" {
		t.Errorf("a run not removed: %s", got)
	}
}

// A dry run prints the script and the sbatch line and makes nothing.
func TestWriteDryRun(t *testing.T) {
	r := makeRun()
	r.Dir = filepath.Join(t.TempDir(), "run")
	r.Options.Throttle = 2
	var b bytes.Buffer
	if err := WriteDryRun(&b, r); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.HasPrefix(out, Script(r)) || out[len(Script(r)):] != "\n# submitted with:\n# "+SbatchLine(r, []int{0, 1, 2}, nil)+"\n" || r.Created.IsZero() {
		t.Errorf("dry run:\n%s", out)
	}
	if !strings.Contains(out, "--array=0-2%2") {
		t.Errorf("dry run without the array: %s", out)
	}
	if _, err := os.Stat(r.Dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a dry run made %s: %v", r.Dir, err)
	}
	r.Tasks = 0
	if err := WriteDryRun(&b, r); err == nil {
		t.Error("a dry run of a run without tasks")
	}
}

// Resubmittable names the failed and missing tasks, and refuses without
// the queue.
func TestResubmittable(t *testing.T) {
	r := testRun(t, "/bin/true", "x")
	os.WriteFile(r.ResultPath(0), []byte("{}\n"), 0o644)
	os.WriteFile(r.AttemptsPath(2), []byte("start job=1_2 checkpoint=no\nend job=1_2 exit=143\n"), 0o644)
	s := &fakeQueue{queue: map[int]Queued{1: {Job: "1_1", State: "RUNNING"}}}
	ts, err := Resubmittable(context.Background(), r, s)
	if err != nil || fmt.Sprint(ts) != "[2 3]" || len(s.submitted) != 0 {
		t.Errorf("resubmittable: %v %v", ts, err)
	}
	if _, err := Resubmittable(context.Background(), r, &noSlurm{}); !errors.Is(err, ErrQueue) || !strings.HasSuffix(err.Error(), ": cannot tell which tasks still run") {
		t.Errorf("without the queue: %v", err)
	}
	if _, _, err := Resubmit(context.Background(), r, &noSlurm{}, nil); !errors.Is(err, ErrQueue) {
		t.Errorf("resubmit without the queue: %v", err)
	}
}

// The status record carries the run and the counts beside the tasks.
func TestStatusRecord(t *testing.T) {
	r := testRun(t, "/bin/true", "x")
	os.WriteFile(r.ResultPath(0), []byte("{}\n"), 0o644)
	st, err := GetStatus(context.Background(), r, &fakeQueue{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(st.Record(r))
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Run    string         `json:"run"`
		Job    string         `json:"job_name"`
		Size   int            `json:"array_tasks"`
		Counts map[string]int `json:"counts"`
		Tasks  []any          `json:"tasks"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if got.Run != r.Dir || got.Job != r.JobName() || got.Size != 4 || got.Counts["done"] != 1 || got.Counts["missing"] != 3 || len(got.Tasks) != 4 {
		t.Errorf("status record %s", data)
	}
}

// shardRecord is shard i of m of a count of n by bitmask, as qtool count
// --shard i/m --json prints it (without parts).
func shardRecord(n, i, m int, solutions uint64) string {
	return fmt.Sprintf(`{"n":%d,"backend":"bitmask","solutions":%d,"shard":%d,"shards":%d,"seconds":0.1,"status":"ok","complete":true}`+"\n", n, solutions, i, m)
}

// Shards reads every task's record and refuses, naming the least task,
// a result that is missing, a directory, doubled, or of another shard.
func TestShards(t *testing.T) {
	r := NewCountRun(CountSpec{N: 6, Shards: 3, Backend: "bitmask"}, Options{CPUs: 1})
	r.ID, r.Qtool = NewID(), "/bin/true"
	if err := Create(filepath.Join(t.TempDir(), "run"), r); err != nil {
		t.Fatal(err)
	}
	write := func(i int, text string) {
		if err := os.WriteFile(r.ResultPath(i), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3 {
		write(i, shardRecord(6, i, 3, uint64(i)))
	}
	recs, err := r.Shards(context.Background(), 1<<20)
	if err != nil || len(recs) != 3 || recs[2].Solutions != 2 || recs[1].Where != r.ResultPath(1)+":1" {
		t.Fatalf("Shards: %v %v", recs, err)
	}
	if _, err := r.Shards(context.Background(), 10); err == nil || !strings.HasPrefix(err.Error(), "split: ") {
		t.Errorf("a record larger than the bound: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Shards(ctx, 1<<20); !errors.Is(err, context.Canceled) {
		t.Errorf("under a cancelled context: %v", err)
	}
	write(2, shardRecord(6, 1, 3, 1))
	if _, err := r.Shards(context.Background(), 1<<20); err == nil || !strings.HasSuffix(err.Error(), "shard 1, but the run "+r.Dir+" has shard 2: not a shard of this run") {
		t.Errorf("shard 1 in 2's place: %v", err)
	}
	write(1, shardRecord(6, 1, 3, 1)+shardRecord(6, 1, 3, 1))
	if _, err := r.Shards(context.Background(), 1<<20); err == nil || err.Error() != "cluster: "+r.ResultPath(1)+": 2 records, want the one of shard 1" {
		t.Errorf("two records: %v", err)
	}
	write(0, `{"n":6,"backend":"bitmask","solutions":0,"shard":0,"shards":3,"status":"timeout","complete":false}`)
	if _, err := r.Shards(context.Background(), 1<<20); err == nil || !strings.Contains(err.Error(), "is incomplete") {
		t.Errorf("an incomplete shard: %v", err)
	}
	os.Remove(r.ResultPath(0))
	var pe *fs.PathError
	if _, err := r.Shards(context.Background(), 1<<20); !errors.As(err, &pe) || pe.Path != r.ResultPath(0) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing result: %v", err)
	}
	os.Mkdir(r.ResultPath(0), 0o755)
	if _, err := r.Shards(context.Background(), 1<<20); !errors.As(err, &pe) || pe.Err.Error() != "is a directory, not a file" {
		t.Errorf("a directory for a result: %v", err)
	}
}

// stoppedAfterQueueing is a Scheduler whose sbatch is stopped (Ctrl-C,
// SIGTERM) after the controller queued the job and before it printed the
// id; with lost, the controller never got it.
type stoppedAfterQueueing struct {
	queueing
	lost bool
}

func (s *stoppedAfterQueueing) Submit(ctx context.Context, r *Run, array string, env map[string]string) (string, error) {
	if !s.lost {
		s.queueing.Submit(ctx, r, array, env)
	}
	return "", fmt.Errorf("cluster: sbatch: stopped before it answered: %w", context.Canceled)
}

// A submission stopped by a signal after Slurm took it is recorded, not
// undone: Make removed the run directory ("nothing was submitted") while
// its tasks were queued, to fail on a missing run.json, and resubmit left
// the job out of jobs.log. One that Slurm never got is still refused and
// removed, with the signal's error and no advice to mend an option.
func TestSubmitStoppedAfterQueueing(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := filepath.Join(t.TempDir(), "run")
	r := makeRun()
	s := &stoppedAfterQueueing{queueing: queueing{queue: map[int]Queued{}}}
	j, err := Make(ctx, dir, r, s, nil)
	if err != nil || j.ID != "5" || j.Array != "0-2" {
		t.Fatalf("Make stopped after the job was queued: %+v %v", j, err)
	}
	if _, err := os.Stat(r.Path(ManifestName)); err != nil {
		t.Fatalf("the run directory of a queued job: %v", err)
	}
	if log, err := os.ReadFile(r.Path(JobsName)); err != nil || !strings.HasPrefix(string(log), "job=5 array=0-2 ") {
		t.Errorf("jobs.log: %q %v", log, err)
	}

	dir2 := filepath.Join(t.TempDir(), "run")
	r2 := makeRun()
	lost := &stoppedAfterQueueing{queueing: queueing{queue: map[int]Queued{}}, lost: true}
	_, err = Make(ctx, dir2, r2, lost, nil)
	if !errors.Is(err, context.Canceled) || strings.Contains(err.Error(), "mend the option") || !strings.Contains(err.Error(), "nothing was submitted") {
		t.Errorf("Make stopped before the job was queued: %v", err)
	}
	if _, err := os.Stat(dir2); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the directory of a run that nothing was submitted for: %v", err)
	}
}

// A Slurm command stopped by its context says so and wraps the context's
// error, so that qtool cluster ends with the signal's exit status (130,
// 143); it said "sbatch: signal: killed" (or "context canceled") as a
// refusal, exit 2, with advice to mend an option.
func TestSlurmStoppedByContext(t *testing.T) {
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "squeue"), []byte("#!/bin/sh\nexec sleep 30\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := Slurm{Bin: bin}.Queue(ctx, makeRun())
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "squeue: stopped before it answered") {
		t.Errorf("squeue stopped by its context: %v", err)
	}
}
