package cluster

import (
	"context"
	"errors"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestShellQuote(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	for _, s := range []string{"", "plain", "with space", "it's", `"double"`, "$HOME", "`id`", "a\nb", "semi;colon", "*", "back\\slash", "{task}"} {
		out, err := exec.Command("bash", "-c", "printf %s "+ShellQuote(s)).Output()
		if err != nil || string(out) != s {
			t.Errorf("ShellQuote(%q) = %s: bash printed %q (%v)", s, ShellQuote(s), out, err)
		}
	}
}

func TestCommandWords(t *testing.T) {
	got := commandWords([]string{"count", "--shard", "{task}/{tasks}", "--checkpoint", "{checkpoint}", "--log", "{log}", "x y", "{nope}"})
	want := `count --shard "$task"/"$tasks" --checkpoint "$ckpt" --log "$dir/logs/$task.jsonl" 'x y' '{nope}'`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestArraySpecRanges(t *testing.T) {
	for _, c := range []struct {
		tasks    []int
		throttle int
		spec     string
		ranges   string
	}{
		{[]int{0, 1, 2, 3}, 0, "0-3", "0-3"},
		{[]int{0, 2, 3, 4, 9}, 4, "0,2-4,9%4", "0, 2-4, 9"},
		{[]int{7}, 0, "7", "7"},
	} {
		if got := ArraySpec(c.tasks, c.throttle); got != c.spec {
			t.Errorf("ArraySpec(%v, %d) = %q, want %q", c.tasks, c.throttle, got, c.spec)
		}
		if got := Ranges(c.tasks); got != c.ranges {
			t.Errorf("Ranges(%v) = %q, want %q", c.tasks, got, c.ranges)
		}
	}
}

func testRun(t *testing.T, qtool string, cmd ...string) *Run {
	t.Helper()
	r := &Run{ID: NewID(), Kind: "test", Title: "test", Tasks: 4, Qtool: qtool, Command: cmd, Options: Options{CPUs: 1, KillWait: 1}}
	if err := Create(filepath.Join(t.TempDir(), "run"), r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestCreateOpen(t *testing.T) {
	r := testRun(t, "/bin/echo", "hi")
	got, err := Open(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != r.ID || got.Tasks != 4 || got.Command[0] != "hi" || got.Dir != r.Dir {
		t.Errorf("Open: %+v, want %+v", got, r)
	}
	// A run directory is not made twice, nor in a directory with files.
	if err := Create(r.Dir, &Run{ID: NewID(), Kind: "test", Tasks: 1, Qtool: "x", Command: []string{"y"}, Options: Options{CPUs: 1}}); err == nil || !strings.Contains(err.Error(), "already holds a run") {
		t.Errorf("Create over a run: %v", err)
	}
	if _, err := Open(t.TempDir()); !errors.Is(err, ErrNotRun) {
		t.Errorf("Open of an empty directory: %v", err)
	}
	for _, bad := range []string{`{"id":"x"`, `{"id":"a b","kind":"count","tasks":1,"qtool":"q","command":["c"],"options":{"cpus":1}}`, `{"unknown":1}`, `{"id":"a","kind":"count","tasks":0,"qtool":"q","command":["c"],"options":{"cpus":1}}`} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ManifestName), []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(dir); err == nil {
			t.Errorf("Open accepted the manifest %s", bad)
		}
	}
}

// runTask runs the job script as Slurm would run array task i.
func runTask(t *testing.T, r *Run, i int, env ...string) int {
	t.Helper()
	if _, err := exec.LookPath("timeout"); err != nil {
		t.Skip("timeout(1) not installed")
	}
	c := exec.Command("bash", r.Path(ScriptName))
	c.Dir = r.Dir // as sbatch --chdir does
	c.Env = append(os.Environ(), append([]string{"SLURM_ARRAY_TASK_ID=" + strconv.Itoa(i), "SLURM_ARRAY_JOB_ID=77"}, env...)...)
	err := c.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0
}

// The job script moves a result into results/ only when the command
// succeeded; a failed or killed command leaves none, and every attempt is
// in the task's log.
func TestScriptResults(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	ok := testRun(t, "/bin/echo", "task", "{task}", "of", "{tasks}")
	if code := runTask(t, ok, 2); code != 0 {
		t.Fatalf("echo task: exit %d", code)
	}
	data, err := os.ReadFile(ok.ResultPath(2))
	if err != nil || string(data) != "task 2 of 4\n" {
		t.Fatalf("result: %q %v", data, err)
	}
	as, err := ok.Attempts(2)
	if err != nil || len(as) != 2 || as[0].Event != "start" || as[0].Job != "77_2" || as[1].Event != "end" || as[1].Exit != 0 {
		t.Fatalf("attempts: %+v %v", as, err)
	}

	fail := testRun(t, "/bin/sh", "-c", "echo partial; exit 5")
	if code := runTask(t, fail, 1); code != 5 {
		t.Fatalf("failing task: exit %d, want 5", code)
	}
	if _, err := os.Stat(fail.ResultPath(1)); err == nil {
		t.Fatal("a failed task left a result")
	}

	// A command past its time limit gets SIGTERM, then SIGKILL: no result.
	slow := testRun(t, "/bin/sh", "-c", "trap '' TERM; sleep 30")
	start := time.Now()
	if code := runTask(t, slow, 0, "QTOOL_TASK_TIME=0.2s"); code != 137 {
		t.Fatalf("task ignoring SIGTERM: exit %d, want 137 (SIGKILL after the kill wait)", code)
	}
	if time.Since(start) > 20*time.Second {
		t.Fatal("the task was not killed at its limit")
	}
	if _, err := os.Stat(slow.ResultPath(0)); err == nil {
		t.Fatal("a killed task left a result")
	}
	if entries, _ := os.ReadDir(slow.Path("tmp")); len(entries) != 0 {
		t.Errorf("tmp/ keeps %d files", len(entries))
	}
}

// fakeQueue is a Scheduler whose queue and accounting the test sets.
type fakeQueue struct {
	queue     map[int]Queued
	acct      map[int]Finished
	submitted []string
}

func (f *fakeQueue) Submit(_ context.Context, _ *Run, array string, _ map[string]string) (string, error) {
	f.submitted = append(f.submitted, array)
	return "99", nil
}
func (f *fakeQueue) Queue(context.Context, *Run) (map[int]Queued, error) { return f.queue, nil }
func (f *fakeQueue) Accounting(context.Context, *Run) (map[int]Finished, error) {
	if f.acct == nil {
		return nil, errors.New("cluster: sacct: Slurm accounting storage is disabled")
	}
	return f.acct, nil
}
func (f *fakeQueue) Cancel(context.Context, *Run, []int) error { return nil }

func TestStatusAndResubmit(t *testing.T) {
	r := &Run{ID: NewID(), Kind: "test", Title: "test", Tasks: 6, Qtool: "q", Command: []string{"c"}, Options: Options{CPUs: 1}}
	if err := Create(filepath.Join(t.TempDir(), "run"), r); err != nil {
		t.Fatal(err)
	}
	write := func(path, text string) {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// 0 done; 1 running; 2 pending; 3 killed without an end line, with a
	// checkpoint; 4 stopped by SIGTERM; 5 never ran.
	write(r.ResultPath(0), "{}\n")
	write(r.AttemptsPath(0), "start job=1_0 checkpoint=no\nend job=1_0 exit=0\n")
	write(r.AttemptsPath(1), "start job=1_1 checkpoint=no\n")
	write(r.AttemptsPath(3), "start job=1_3 checkpoint=no\npartial li")
	write(r.CheckpointPath(3), "progress")
	write(r.AttemptsPath(4), "start job=1_4 checkpoint=no\nsignal job=1_4 sig=TERM\nend job=1_4 exit=143\n")
	s := &fakeQueue{queue: map[int]Queued{1: {Job: "1_1", State: "RUNNING"}, 2: {Job: "1_2", State: "PENDING", Reason: "Resources"}}}
	st, err := GetStatus(context.Background(), r, s)
	if err != nil {
		t.Fatal(err)
	}
	want := []State{Done, Running, Pending, Failed, Failed, Missing}
	for i, w := range want {
		if !st.Tasks[i].Is(w) {
			t.Errorf("task %d: %+v, want %s", i, st.Tasks[i], w)
		}
	}
	if w := st.Tasks[3].Why; !strings.Contains(w, "SIGKILL") || !st.Tasks[3].Resume {
		t.Errorf("task 3: %+v", st.Tasks[3])
	}
	if w := st.Tasks[4].Why; !strings.Contains(w, "SIGTERM") {
		t.Errorf("task 4: why %q", w)
	}
	if st.Accounting == "" || st.Finished() {
		t.Errorf("accounting %q, finished %v", st.Accounting, st.Finished())
	}
	// Resubmit takes the failed and missing tasks only.
	ts, j, err := Resubmit(context.Background(), r, s, nil)
	if err != nil || j.ID != "99" || len(ts) != 3 || s.submitted[0] != "3-5" {
		t.Fatalf("resubmit: %v %+v %v, submitted %v", ts, j, err, s.submitted)
	}
	jobs, err := r.Jobs()
	if err != nil || len(jobs) != 1 || jobs[0].ID != "99" || jobs[0].Array != "3-5" {
		t.Fatalf("jobs.log: %+v %v", jobs, err)
	}
	// Slurm's accounting names a task that never wrote a line.
	s.acct = map[int]Finished{5: {Job: "1_5", State: "NODE_FAIL", ExitCode: "0:0"}}
	st, err = GetStatus(context.Background(), r, s)
	if err != nil {
		t.Fatal(err)
	}
	if !st.Tasks[5].Is(Failed) || st.Tasks[5].Sched != "NODE_FAIL" {
		t.Errorf("task 5 with accounting: %+v", st.Tasks[5])
	}
}

// queueing is a Scheduler that queues what it is given, safely for
// concurrent use.
type queueing struct {
	mu        sync.Mutex
	queue     map[int]Queued
	submitted []string
}

func (q *queueing) Submit(_ context.Context, r *Run, array string, _ map[string]string) (string, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.submitted = append(q.submitted, array)
	for i := 0; i < r.Tasks; i++ {
		q.queue[i] = Queued{Job: "5_" + strconv.Itoa(i), State: "PENDING"}
	}
	return "5", nil
}
func (q *queueing) Queue(context.Context, *Run) (map[int]Queued, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return maps.Clone(q.queue), nil
}
func (q *queueing) Accounting(context.Context, *Run) (map[int]Finished, error) { return nil, nil }
func (q *queueing) Cancel(context.Context, *Run, []int) error                  { return nil }

// Resubmits of one run at the same moment submit each task once.
func TestResubmitConcurrent(t *testing.T) {
	r := testRun(t, "/bin/true", "x")
	q := &queueing{queue: map[int]Queued{}}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, _, err := Resubmit(context.Background(), r, q, nil); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if len(q.submitted) != 1 {
		t.Fatalf("8 concurrent resubmits submitted %v", q.submitted)
	}
}

// noSlurm is a Scheduler that cannot be reached.
type noSlurm struct{ fakeQueue }

func (noSlurm) Queue(context.Context, *Run) (map[int]Queued, error) {
	return nil, errors.New("cluster: squeue not found: is Slurm installed here?")
}

// Without a scheduler the files alone decide; resubmit refuses.
func TestStatusWithoutScheduler(t *testing.T) {
	r := testRun(t, "/bin/true", "x")
	os.WriteFile(r.ResultPath(0), []byte("{}\n"), 0o644)
	os.WriteFile(r.AttemptsPath(1), []byte("start job=1_1 checkpoint=no\n"), 0o644)
	os.WriteFile(r.AttemptsPath(2), []byte("start job=1_2 checkpoint=no\nend job=1_2 exit=143\n"), 0o644)
	st, err := GetStatus(context.Background(), r, &noSlurm{})
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range []State{Done, Unknown, Failed, Missing} {
		if !st.Tasks[i].Is(w) {
			t.Errorf("task %d: %+v, want %s", i, st.Tasks[i], w)
		}
	}
	if st.Queue == "" || st.Finished() {
		t.Errorf("queue note %q, finished %v", st.Queue, st.Finished())
	}
	if _, _, err := Resubmit(context.Background(), r, &noSlurm{}, nil); err == nil {
		t.Error("resubmit without a scheduler")
	}
}
