package experiments_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
)

// missing is a backend whose program is not installed.
type missing struct{ backend.Backend }

func (missing) Name() string     { return "missing" }
func (missing) Available() error { return errors.New("no such program") }

// TestSpecBackends: HasBackend finds a grid's backend; Unavailable lists
// each backend that cannot run once.
func TestSpecBackends(t *testing.T) {
	bt, err := backend.Lookup("backtrack")
	if err != nil {
		t.Fatal(err)
	}
	m := missing{bt}
	s := experiments.NewSpec(
		experiments.Grid{Task: experiments.TaskCount, Backends: []backend.Backend{bt, m}, Problems: experiments.EmptyBoards([]int{4})},
		experiments.Grid{Task: experiments.TaskFirst, Backends: []backend.Backend{m}, Problems: experiments.EmptyBoards([]int{5})})
	if !s.HasBackend("backtrack") || !s.HasBackend("missing") || s.HasBackend("dlx") {
		t.Errorf("HasBackend: backtrack %t, missing %t, dlx %t; want true, true, false", s.HasBackend("backtrack"), s.HasBackend("missing"), s.HasBackend("dlx"))
	}
	if u := s.Unavailable(); len(u) != 1 || u[0].Name() != "missing" {
		t.Errorf("Unavailable() = %v, want [missing] once", u)
	}
}

// TestCheckResume: the first setting that differs is the conflict; a
// setting one side does not record is not.
func TestCheckResume(t *testing.T) {
	date := time.Date(2026, 1, 2, 3, 4, 0, 0, time.UTC)
	now := results.Env{Settings: map[string]string{"repeats": "3", "timeout": "10s", "workers": "1"}}
	old := []results.Env{
		{Date: date, Settings: map[string]string{"repeats": "3"}},
		{Date: date, Settings: map[string]string{"repeats": "3", "mintime": "1ms", "timeout": "2s"}},
	}
	c := experiments.CheckResume(now, old)
	if c == nil || *c != (experiments.SettingConflict{Setting: "timeout", Was: "2s", Is: "10s", Session: date}) {
		t.Fatalf("CheckResume = %+v, want timeout 2s against 10s", c)
	}
	if want := "experiments: the log's session of 2026-01-02 03:04 measured with timeout 2s, not 10s"; c.Error() != want {
		t.Errorf("Error() = %q, want %q", c.Error(), want)
	}
	if c := experiments.CheckResume(now, old[:1]); c != nil {
		t.Errorf("CheckResume of agreeing sessions = %+v, want none", c)
	}
}

// TestParseSlice reads i/m with 0 ≤ i < m.
func TestParseSlice(t *testing.T) {
	for s, want := range map[string]bool{"0/1": true, "3/8": true, "8/8": false, "-1/2": false, "1/0": false, "1": false, "a/b": false} {
		if _, _, ok := experiments.ParseSlice(s); ok != want {
			t.Errorf("ParseSlice(%q) ok = %t, want %t", s, ok, want)
		}
	}
	if i, m, _ := experiments.ParseSlice("3/8"); i != 3 || m != 8 {
		t.Errorf("ParseSlice(3/8) = %d/%d", i, m)
	}
}

// TestCheckTaskLogs: the logs of one split by one build pass; a log of
// another task, split or commit is refused, naming the files.
func TestCheckTaskLogs(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, envs ...results.Env) string {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		l := results.NewLog(f)
		for _, e := range envs {
			if err := l.WriteEnv(e); err != nil {
				t.Fatal(err)
			}
		}
		f.Close()
		return path
	}
	env := func(task, split, commit string) results.Env {
		return results.Env{Commit: commit, Settings: map[string]string{"task": task, "split": split}}
	}
	a := write("a", env("0/2", "s1", "c1"))
	b := write("b", env("1/2", "s1", "c1"), env("1/2", "s1", "c1"))
	if err := experiments.CheckTaskLogs([]string{a, b}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		paths []string
		want  string
	}{
		{[]string{b, a}, fmt.Sprintf(`experiments: %s: a run of task "1/2", want 0/2: not this task's log`, b)},
		{[]string{a, write("c", env("1/2", "s2", "c1"))}, "experiments: the tasks split different experiments: " + a + " has split s1, " + dir + "/c has s2"},
		{[]string{a, write("d", env("1/2", "s1", "c2"))}, "experiments: the tasks ran different versions of qtool: " + a + " has commit c1, " + dir + "/d has c2"},
		{[]string{a, dir + "/none"}, "experiments: task 1: open " + dir + "/none: no such file or directory"},
	} {
		if err := experiments.CheckTaskLogs(tc.paths); err == nil || err.Error() != tc.want {
			t.Errorf("CheckTaskLogs(%v) = %v, want %q", tc.paths, err, tc.want)
		}
	}
	if err := experiments.CheckTaskLogs([]string{a, write("e", results.Env{})}); err == nil || !strings.Contains(err.Error(), `a run of task ""`) {
		t.Errorf("a log without its task: %v", err)
	}
}

// TestCheckTaskLogsCutOrHeld: a task's log whose last record is cut short
// (a write that did not finish, or one still going on) or that a run of
// bench holds open is refused; cluster collect rendered such a union
// without a word, a cell short of a repeat. A last record that lacks only
// its newline is whole and passes.
func TestCheckTaskLogsCutOrHeld(t *testing.T) {
	dir := t.TempDir()
	env := `{"env":{"commit":"c1","settings":{"task":"%d/2","split":"s1"}}}` + "\n"
	rec := `{"n":4,"backend":"bitmask","mode":"count","repeat":0,"answer":2,"seconds":0.001,"runs":1,"status":"ok"}`
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	a := write("a", fmt.Sprintf(env, 0)+rec+"\n")
	whole := write("whole", fmt.Sprintf(env, 1)+rec)
	cut := write("cut", fmt.Sprintf(env, 1)+rec[:40])
	if err := experiments.CheckTaskLogs([]string{a, whole}); err != nil {
		t.Errorf("a last record without its newline: %v", err)
	}
	if err := experiments.CheckTaskLogs([]string{a, cut}); err == nil || !strings.Contains(err.Error(), cut+": the last record is cut short") {
		t.Errorf("a cut last record: %v", err)
	}
	l, _, _, err := experiments.OpenLog(whole, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := experiments.CheckTaskLogs([]string{a, whole}); !errors.Is(err, experiments.ErrLogBeingWritten) {
		t.Errorf("a log that a run holds: %v", err)
	}
	l.Close()
	if err := experiments.CheckTaskLogs([]string{a, whole}); err != nil {
		t.Errorf("the log once the run closed it: %v", err)
	}
}
