package cluster

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestCreateExclusive: two Create calls on one new directory at the same
// moment: exactly one makes the run, the other is refused and the run's
// manifest is the winner's (issue 24 item 6; 2 of 10 tries both
// succeeded before the claim).
func TestCreateExclusive(t *testing.T) {
	for round := range 30 {
		dir := filepath.Join(t.TempDir(), "run")
		var wg sync.WaitGroup
		errs := make([]error, 2)
		runs := make([]*Run, 2)
		for k := range 2 {
			runs[k] = &Run{ID: NewID(), Kind: "test", Tasks: 2, Qtool: "/bin/echo", Command: []string{"x"}, Options: Options{CPUs: 1}}
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[k] = Create(dir, runs[k])
			}()
		}
		wg.Wait()
		ok := 0
		var winner *Run
		for k, err := range errs {
			if err == nil {
				ok++
				winner = runs[k]
			}
		}
		if ok != 1 {
			t.Fatalf("round %d: %d of 2 Create calls succeeded: %v", round, ok, errs)
		}
		got, err := Open(dir)
		if err != nil || got.ID != winner.ID {
			t.Fatalf("round %d: the run holds %v, %v; want the winner's %s", round, got, err, winner.ID)
		}
		if s, _ := os.ReadFile(got.Path(ScriptName)); !strings.Contains(string(s), "id="+winner.ID) {
			t.Fatalf("round %d: job.sh is not the winner's", round)
		}
	}
}

// TestRemoveUndoesCreate: a run whose submission failed is removed (the
// directory Create made) or emptied (the empty one it was given).
func TestRemoveUndoesCreate(t *testing.T) {
	base := t.TempDir()
	fresh := filepath.Join(base, "new")
	r := &Run{ID: NewID(), Kind: "test", Tasks: 1, Qtool: "/bin/echo", Command: []string{"x"}, Options: Options{CPUs: 1}}
	if err := Create(fresh, r); err != nil {
		t.Fatal(err)
	}
	if err := r.Remove(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(fresh); err == nil {
		t.Error("the directory Create made is still there")
	}
	empty := filepath.Join(base, "empty")
	os.Mkdir(empty, 0o755)
	r = &Run{ID: NewID(), Kind: "test", Tasks: 1, Qtool: "/bin/echo", Command: []string{"x"}, Options: Options{CPUs: 1}}
	if err := Create(empty, r); err != nil {
		t.Fatal(err)
	}
	r.Remove()
	if ents, err := os.ReadDir(empty); err != nil || len(ents) != 0 {
		t.Errorf("the given directory holds %v (%v), want it empty as it was", ents, err)
	}
	// Only a run being created can be removed.
	opened, _ := Open(empty)
	if opened != nil && opened.Remove() == nil {
		t.Error("Remove of an opened run")
	}
}

// TestMovedRunWorksOnItself: job.sh finds its run directory when it runs,
// so that a run copied (or moved) to a path with a space and a quote
// writes its results into the copy, not where it was made, and runs the
// copy's own executable (issue 24 item 6).
func TestMovedRunWorksOnItself(t *testing.T) {
	for _, tool := range []string{"bash", "timeout", "cp"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool, "not installed")
		}
	}
	orig := filepath.Join(t.TempDir(), "run")
	r := &Run{ID: NewID(), Kind: "test", Tasks: 2, Command: []string{"{dir}", "{task}"}, Options: Options{CPUs: 1}}
	r.Qtool = filepath.Join(orig, "bin", "qtool")
	if err := Create(orig, r); err != nil {
		t.Fatal(err)
	}
	if r.Qtool != "bin/qtool" {
		t.Fatalf("the executable inside the run is recorded as %q, want bin/qtool", r.Qtool)
	}
	os.WriteFile(r.QtoolPath(), []byte("#!/bin/sh\necho \"$@\"\n"), 0o755)
	copyDir := filepath.Join(t.TempDir(), "a run's copy")
	if out, err := exec.Command("cp", "-a", orig, copyDir).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v %s", err, out)
	}
	moved, err := Open(copyDir)
	if err != nil {
		t.Fatal(err)
	}
	if code := runTask(t, moved, 1); code != 0 {
		t.Fatalf("task in the copy: exit %d", code)
	}
	data, err := os.ReadFile(moved.ResultPath(1))
	real, _ := filepath.EvalSymlinks(copyDir)
	if err != nil || strings.TrimSpace(string(data)) != real+" 1" {
		t.Fatalf("the copy's result: %q %v, want %q", data, err, real+" 1")
	}
	if _, err := os.Stat(r.ResultPath(1)); err == nil {
		t.Fatal("the copied run wrote into the original")
	}
	// Run from elsewhere (no --chdir), the script finds itself by its own
	// path; in a directory that holds another run it refuses.
	c := exec.Command("bash", moved.Path(ScriptName))
	c.Dir = t.TempDir()
	c.Env = append(os.Environ(), "SLURM_ARRAY_TASK_ID=0", "SLURM_ARRAY_JOB_ID=78")
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("from elsewhere: %v %s", err, out)
	}
	if _, err := os.Stat(moved.ResultPath(0)); err != nil {
		t.Fatal("run from elsewhere: no result in the run")
	}
	other := &Run{ID: NewID(), Kind: "test", Tasks: 1, Qtool: "/bin/echo", Command: []string{"x"}, Options: Options{CPUs: 1}}
	otherDir := filepath.Join(t.TempDir(), "other")
	if err := Create(otherDir, other); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(t.TempDir(), "job.sh") // a spool copy, as sbatch makes
	data, _ = os.ReadFile(moved.Path(ScriptName))
	os.WriteFile(script, data, 0o755)
	c = exec.Command("bash", script)
	c.Dir = otherDir
	c.Env = append(os.Environ(), "SLURM_ARRAY_TASK_ID=0", "SLURM_ARRAY_JOB_ID=79")
	start := time.Now()
	if out, err := c.CombinedOutput(); err == nil || !strings.Contains(string(out), "no run.json of this run") {
		t.Fatalf("another run's directory: %v %s", err, out)
	}
	if time.Since(start) > 10*time.Second {
		t.Fatal("slow refusal")
	}
}

func TestParseTime(t *testing.T) {
	good := map[string]time.Duration{"30": 30 * time.Minute, "0": 0, "5:30": 5*time.Minute + 30*time.Second, "2:00:00": 2 * time.Hour,
		"1-12": 36 * time.Hour, "1-0:30": 24*time.Hour + 30*time.Minute, "1-0:0:5": 24*time.Hour + 5*time.Second, "UNLIMITED": 0, "infinite": 0}
	for s, want := range good {
		if d, err := ParseTime(s); err != nil || d != want {
			t.Errorf("ParseTime(%q) = %v, %v; want %v", s, d, err, want)
		}
	}
	for _, s := range []string{"", "-5", "abc", "1:2:3:4", "5m", "1-", "-1-2", "+5", "1.5", "1-2-3", "99999999999", "170000000", "999999999-0"} {
		if _, err := ParseTime(s); err == nil {
			t.Errorf("ParseTime(%q) accepted", s)
		}
	}
}

// FuzzParseTime: no input makes ParseTime panic; what it accepts is made
// of digits, '-' and ':' (or names no limit) and is not negative.
func FuzzParseTime(f *testing.F) {
	for _, s := range []string{"30", "-5", "abc", "1-12:30:00", "2:00:00", "UNLIMITED", "99999999999", "1--2", ":"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseTime(s)
		if err != nil {
			return
		}
		if d < 0 || (strings.Trim(s, "0123456789-:") != "" && !strings.EqualFold(s, "unlimited") && !strings.EqualFold(s, "infinite")) {
			t.Fatalf("ParseTime(%q) = %v", s, d)
		}
	})
}
