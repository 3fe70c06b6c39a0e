package sat_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/sat"
)

// sendTo writes f's clauses into an Adder, as Solve wants them.
func (f formula) sendTo(a sat.Adder) error {
	for _, c := range f.clauses {
		for _, l := range c {
			a.Add(l)
		}
		a.Add(0)
	}
	return nil
}

// installed returns the external solvers on PATH; it skips the test when
// there is none.
func installed(t *testing.T) []sat.External {
	t.Helper()
	var es []sat.External
	for _, e := range sat.Externals() {
		if _, err := e.Path(); err == nil {
			es = append(es, e)
		} else {
			t.Logf("%s not installed: not tested", e.Name)
		}
	}
	if len(es) == 0 {
		t.Skip("no external SAT solver installed (cadical, cryptominisat5, minisat, picosat)")
	}
	return es
}

// TestExternalAgrees runs every installed solver on random 3-SAT formulas
// around the threshold and on pigeonhole formulas: each answer must be
// gini's, each model must satisfy every clause (checked by brute force of
// the clauses here and by sat.Checker).
func TestExternalAgrees(t *testing.T) {
	es := installed(t)
	rng := rand.New(rand.NewPCG(17, 1))
	var fs []formula
	for range 6 {
		fs = append(fs, random3SAT(rng, 12, 51))
	}
	fs = append(fs, pigeonhole(5, 4), pigeonhole(4, 4))
	for i, f := range fs {
		want := f.load().Solve(context.Background())
		for _, e := range es {
			res, err := e.Solve(context.Background(), f.vars, len(f.clauses), f.sendTo)
			if err != nil {
				t.Fatalf("formula %d, %s: %v", i, e.Name, err)
			}
			if res.Status != want {
				t.Errorf("formula %d, %s: %v, gini says %v", i, e.Name, res.Status, want)
				continue
			}
			if res.Status != sat.Sat {
				continue
			}
			var a uint64
			for v := 1; v <= f.vars; v++ {
				if res.Model[v] {
					a |= 1 << (v - 1)
				}
			}
			if !f.holds(a) {
				t.Errorf("formula %d, %s: the model falsifies a clause", i, e.Name)
			}
			chk := sat.NewChecker(res.Model)
			_ = f.sendTo(chk)
			if err := chk.Err(); err != nil {
				t.Errorf("formula %d, %s: %v", i, e.Name, err)
			}
		}
	}
}

func TestChecker(t *testing.T) {
	f := formula{vars: 3, clauses: [][]int{{1, -2}, {2, 3}, {-1, -3}}}
	for _, c := range []struct {
		model []bool
		bad   string
	}{
		{[]bool{false, true, false, false}, "clause 2 [2 3]"},
		{[]bool{false, true, true, false}, ""},
		{[]bool{false, true, true, true}, "clause 3 [-1 -3]"},
		{[]bool{false}, "clause 2"}, // every variable false
	} {
		chk := sat.NewChecker(c.model)
		_ = f.sendTo(chk)
		err := chk.Err()
		if (err == nil) != (c.bad == "") || (err != nil && !strings.Contains(err.Error(), c.bad)) {
			t.Errorf("model %v: error %v, want one naming %q", c.model, err, c.bad)
		}
	}
	chk := sat.NewChecker(nil)
	chk.Add(1)
	if chk.Err() == nil {
		t.Error("an open clause is not reported")
	}
}

// fakeSolver writes a shell script that plays a solver and returns it.
func fakeSolver(t *testing.T, script string) sat.External {
	t.Helper()
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("/bin/sh not installed")
	}
	path := filepath.Join(t.TempDir(), "fake-solver")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+script), 0o755); err != nil {
		t.Fatal(err)
	}
	return sat.External{Name: "fake", Program: path}
}

func TestExternalOutputs(t *testing.T) {
	f := formula{vars: 3, clauses: [][]int{{1, -2}, {2, 3}}}
	for _, c := range []struct {
		script string
		status sat.Status
		model  string // the true variables
		err    string
	}{
		{"cat >/dev/null; echo 'c hello'; echo 's SATISFIABLE'; echo 'v 1 -2'; echo 'v 3 0'; exit 10", sat.Sat, "[1 3]", ""},
		{"cat >/dev/null; printf 's UNSATISFIABLE\\n'; exit 20", sat.Unsat, "", ""},
		{"cat >/dev/null; echo 's UNKNOWN'; exit 0", sat.Unknown, "", ""},
		{"cat >/dev/null; printf 's SATISFIABLE\\nv 1 2 -3 0'; exit 10", sat.Sat, "[1 2]", ""}, // no last newline
		{"cat >/dev/null; echo 's SATISFIABLE'; echo 'v 1 4 0'; exit 10", 0, "", "literal 4 beyond"},
		{"cat >/dev/null; echo 's SATISFIABLE'; echo 'v 1 x 0'; exit 10", 0, "", `"x" in the model`},
		{"cat >/dev/null; echo 's SATISFIABLE'; echo 'v 1 2'; exit 10", 0, "", "does not end with 0"},
		{"cat >/dev/null; echo 's SATISFIABLE'; exit 20", 0, "", "exited with status 20"},
		{"cat >/dev/null; echo 's MAYBE'; exit 10", 0, "", `unknown answer "MAYBE"`},
		{"cat >/dev/null; echo 's SATISFIABLE'; echo 's UNSATISFIABLE'; exit 10", 0, "", "second answer"},
		{"cat >/dev/null; echo 'out of memory' >&2; exit 1", 0, "", `exit status 1 without an answer: "out of memory"`},
		{"exit 10", 0, "", "no answer line"},
		{"echo 's UNSATISFIABLE'; exit 20", 0, "", ""}, // may or may not read the formula first: see below
	} {
		e := fakeSolver(t, c.script)
		res, err := e.Solve(context.Background(), f.vars, len(f.clauses), f.sendTo)
		if c.script == "echo 's UNSATISFIABLE'; exit 20" {
			// An answer before the whole formula was read is refused
			// when the writing failed, and accepted when the pipe took
			// it all (the formula is small): either way no panic and
			// no wrong Sat.
			if err == nil && res.Status != sat.Unsat {
				t.Errorf("early answer: %v", res.Status)
			}
			continue
		}
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want one containing %q", c.script, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.script, err)
			continue
		}
		if res.Status != c.status {
			t.Errorf("%s: status %v, want %v", c.script, res.Status, c.status)
		}
		if c.model != "" {
			var trueVars []int
			for v := 1; v < len(res.Model); v++ {
				if res.Model[v] {
					trueVars = append(trueVars, v)
				}
			}
			if fmt.Sprint(trueVars) != c.model {
				t.Errorf("%s: true variables %v, want %s", c.script, trueVars, c.model)
			}
		}
	}
}

func TestExternalMissing(t *testing.T) {
	e := sat.External{Name: "nosuch", Program: "qtool-no-such-solver-program"}
	_, err := e.Solve(context.Background(), 1, 0, func(sat.Adder) error { return nil })
	if !errors.Is(err, sat.ErrUnavailable) {
		t.Fatalf("error %v, want ErrUnavailable", err)
	}
	if !strings.Contains(err.Error(), "not installed") {
		t.Errorf("message %q does not say it is not installed", err)
	}
}

// children returns the processes whose parent is this one, from /proc.
func children(t *testing.T) []string {
	t.Helper()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		t.Skip("no /proc")
	}
	me := strconv.Itoa(os.Getpid())
	var kids []string
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so split after ')'.
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) >= 2 && f[1] == me {
			kids = append(kids, e.Name()+" "+f[0])
		}
	}
	return kids
}

// alive reports whether process pid exists and is not a zombie.
func alive(pid string) bool {
	b, err := os.ReadFile(filepath.Join("/proc", pid, "stat"))
	if err != nil {
		return false
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(f) > 0 && f[0] != "Z" && f[0] != "X"
}

// TestExternalKilled stops solvers by their context: a fake solver that
// starts a helper process and never answers, and each installed solver on
// a pigeonhole formula too hard for the time given. Solve must return
// Unknown, leave no child (running or zombie) of this process, kill the
// helper, and leave the temporary directory empty.
func TestExternalKilled(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	pidFile := filepath.Join(t.TempDir(), "helper.pid")
	fake := fakeSolver(t, fmt.Sprintf("sleep 600 &\necho $! > %s\ncat >/dev/null\nsleep 600\n", pidFile))
	solvers := []sat.External{fake}
	for _, e := range sat.Externals() {
		if _, err := e.Path(); err == nil {
			solvers = append(solvers, e)
		}
	}
	hard := pigeonhole(13, 12)
	for _, e := range solvers {
		for _, stop := range []string{"deadline", "cancel"} {
			var ctx context.Context
			var cancel context.CancelFunc
			if stop == "deadline" {
				ctx, cancel = context.WithTimeout(context.Background(), 300*time.Millisecond)
			} else {
				ctx, cancel = context.WithCancel(context.Background())
				time.AfterFunc(300*time.Millisecond, cancel)
			}
			res, err := e.Solve(ctx, hard.vars, len(hard.clauses), hard.sendTo)
			cancel()
			if err != nil {
				t.Fatalf("%s, %s: %v", e.Name, stop, err)
			}
			if res.Status != sat.Unknown {
				t.Errorf("%s, %s: status %v, want UNKNOWN", e.Name, stop, res.Status)
			}
			if kids := children(t); len(kids) > 0 {
				t.Errorf("%s, %s: processes left (pid state): %v", e.Name, stop, kids)
			}
			if left, _ := os.ReadDir(tmp); len(left) > 0 {
				t.Errorf("%s, %s: files left in the temporary directory: %v", e.Name, stop, left)
			}
			if e.Name == "fake" {
				b, err := os.ReadFile(pidFile)
				if err != nil {
					t.Fatalf("the fake solver did not start its helper: %v", err)
				}
				// The helper was reparented when its shell died; give its
				// new parent a moment to reap it, then it must be gone.
				pid := strings.TrimSpace(string(b))
				for i := 0; i < 100 && alive(pid); i++ {
					time.Sleep(10 * time.Millisecond)
				}
				if alive(pid) {
					t.Errorf("%s, %s: helper process %s still running", e.Name, stop, pid)
				}
				os.Remove(pidFile)
			}
		}
	}
}
