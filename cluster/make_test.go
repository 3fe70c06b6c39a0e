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
