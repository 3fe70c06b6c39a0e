package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
)

func benchArgs(log string, extra ...string) []string {
	return append([]string{"bench", "--backends", "test-right", "--n", "4-6", "--repeats", "2",
		"--mintime", "0", "--reference", benchRef, "--log", log}, extra...)
}

// TestBenchLogAppends: a second bench on the same log appends a session
// after the first instead of truncating it (issue #11 item 7).
func TestBenchLogAppends(t *testing.T) {
	right := counter("test-right", nil)
	withFakes(t, right)
	log := filepath.Join(t.TempDir(), "log.jsonl")
	for i := range 2 {
		if _, errOut, code := qtool(t, "", benchArgs(log)...); code != 0 {
			t.Fatalf("run %d: exit %d: %s", i, code, errOut)
		}
	}
	envs, recs := readLogFile(t, log)
	if len(envs) != 2 || len(recs) != 12 {
		t.Fatalf("after two runs the log holds %d sessions and %d records, want 2 and 12", len(envs), len(recs))
	}
}

// TestBenchLogInUse: a log that another run holds is refused before
// anything is measured.
func TestBenchLogInUse(t *testing.T) {
	right := counter("test-right", nil)
	withFakes(t, right)
	log := filepath.Join(t.TempDir(), "log.jsonl")
	held, _, _, err := experiments.OpenLog(log, false)
	if err != nil {
		t.Fatal(err)
	}
	_, errOut, code := qtool(t, "", benchArgs(log)...)
	if code != 2 || !strings.Contains(errOut, "is being written by another run") || right.hits.Load() != 0 {
		t.Errorf("bench on a held log: exit %d, %q, %d runs", code, errOut, right.hits.Load())
	}
	_, errOut, code = qtool(t, "", benchArgs(log, "--resume")...)
	if code != 2 || !strings.Contains(errOut, "another run") {
		t.Errorf("bench --resume on a held log: exit %d, %q", code, errOut)
	}
	held.Close()
	if _, errOut, code := qtool(t, "", benchArgs(log)...); code != 0 {
		t.Errorf("after the lock is released: exit %d %s", code, errOut)
	}
}

// TestBenchResumeLastLine: a last record that lacks only its newline is
// kept by --resume, not measured again, and the log stays one record a line.
func TestBenchResumeLastLine(t *testing.T) {
	right := counter("test-right", nil)
	withFakes(t, right)
	log := filepath.Join(t.TempDir(), "log.jsonl")
	if _, errOut, code := qtool(t, "", benchArgs(log)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, _ := os.ReadFile(log)
	if err := os.WriteFile(log, data[:len(data)-1], 0o644); err != nil { // the last newline lost
		t.Fatal(err)
	}
	right.hits.Store(0)
	if _, errOut, code := qtool(t, "", benchArgs(log, "--resume")...); code != 0 {
		t.Fatalf("resume: exit %d: %s", code, errOut)
	}
	if right.hits.Load() != 0 {
		t.Errorf("resume measured %d runs again, want 0", right.hits.Load())
	}
	_, recs := readLogFile(t, log)
	if len(recs) != 6 {
		t.Errorf("log holds %d records, want 6", len(recs))
	}
	after, _ := os.ReadFile(log)
	if !strings.HasPrefix(string(after), string(data)) {
		t.Errorf("the log was rewritten, not appended to")
	}
}

// TestBenchDuplicateRows: a log whose rows were duplicated (two runs
// appended the same records) gives the same statistics as the log without
// the duplicates, with a warning, never extra repeats.
func TestBenchDuplicateRows(t *testing.T) {
	right := counter("test-right", nil)
	withFakes(t, right)
	dir := t.TempDir()
	log := filepath.Join(dir, "log.jsonl")
	if _, errOut, code := qtool(t, "", benchArgs(log, "--format", "json")...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, _ := os.ReadFile(log)
	lines := strings.SplitAfter(string(data), "\n")
	doubled := filepath.Join(dir, "doubled.jsonl")
	os.WriteFile(doubled, []byte(string(data)+strings.Join(lines[1:], "")), 0o644)

	want, _, _ := qtool(t, "", "table", "--format", "json", log)
	got, errOut, code := qtool(t, "", "table", "--format", "json", doubled)
	if code != 0 || !strings.Contains(errOut, "6 record(s)") {
		t.Errorf("table of a doubled log: exit %d, stderr %q; want a warning about 6 records", code, errOut)
	}
	if cells(t, got) != cells(t, want) {
		t.Errorf("doubled rows changed the table:\n%s\nwant\n%s", cells(t, got), cells(t, want))
	}
	right.hits.Store(0)
	out, errOut, code := qtool(t, "", benchArgs(doubled, "--resume", "--format", "json")...)
	if code != 0 || right.hits.Load() != 0 || !strings.Contains(errOut, "6 record(s)") {
		t.Errorf("resume of a doubled log: exit %d, %d runs, %q", code, right.hits.Load(), errOut)
	}
	if cells(t, out) != cells(t, want) {
		t.Errorf("doubled rows changed the resumed table:\n%s\nwant\n%s", cells(t, out), cells(t, want))
	}
}

// cells is the tables of a JSON report, without the records.
func cells(t *testing.T, doc string) string {
	t.Helper()
	var v struct {
		Tables json.RawMessage `json:"tables"`
	}
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatalf("%v: %q", err, doc)
	}
	return string(v.Tables)
}

// TestBenchLateChecks: flags are checked before anything runs (issue #11
// item 11), and a run over a tiny time limit is a timeout, not OK.
func TestBenchLateChecks(t *testing.T) {
	right := counter("test-right", nil)
	withFakes(t, right)
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--plot", filepath.Join(dir, "x.gif")}, `--plot "` + filepath.Join(dir, "x.gif") + `": want a file name ending in .svg, .png or .pdf`},
		{[]string{"--plot", filepath.Join(dir, "no", "x.svg")}, "no directory"},
		{[]string{"--n", ""}, "--n needs a value"},
		{[]string{"--backends", " "}, "--backends needs a value"},
		{[]string{"--timeout", "5"}, `--timeout "5": a duration needs a unit`},
		{[]string{"--mintime", "1.5"}, `--mintime "1.5": a duration needs a unit`},
	} {
		args := append(benchArgs(filepath.Join(dir, "log.jsonl")), c.args...)
		_, errOut, code := qtool(t, "", args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d %q, want 2 and %q", c.args, code, errOut, c.want)
		}
	}
	if right.hits.Load() != 0 {
		t.Errorf("%d runs were measured before a flag was refused", right.hits.Load())
	}
	slow := &benchFake{name: "test-slow", run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		for i := 0; i < 1e6; i++ { // some work that does not look at ctx
			_ = i
		}
		return backend.Outcome{Solutions: benchCount(b.N)}, nil
	}}
	withFakes(t, slow)
	log := filepath.Join(dir, "ns.jsonl")
	_, errOut, _ := qtool(t, "", "bench", "--backends", "test-slow", "--n", "6", "--repeats", "1", "--mintime", "0",
		"--timeout", "1ns", "--reference", benchRef, "--log", log)
	_, recs := readLogFile(t, log)
	if len(recs) != 1 || recs[0].Status != results.Timeout {
		t.Errorf("--timeout 1ns: records %+v (%s), want one timeout", recs, errOut)
	}
}

// TestBenchResumeHint: the hint printed after Ctrl-C, pasted, continues the
// run: same flags, --resume, the same log (issue #11 item 13).
func TestBenchResumeHint(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "my log.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls atomic.Int64
	victim := &benchFake{name: "test-victim", run: func(rctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		if calls.Add(1) == 3 {
			cancel()
			<-rctx.Done()
			return backend.Outcome{Status: backend.StatusOf(rctx)}, nil
		}
		return backend.Outcome{Solutions: benchCount(b.N)}, nil
	}}
	withFakes(t, victim)
	args := []string{"bench", "--backends=test-victim", "--n", "5-7", "--repeats", "1", "--mintime", "0", "--reference", benchRef, "--log", log}
	_, errOut, code := qtoolCtx(ctx, args...)
	if code != 130 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, hint, ok := strings.Cut(strings.TrimSpace(errOut), "to continue: ")
	if !ok {
		t.Fatalf("no hint in %q", errOut)
	}
	words := shellSplit(t, hint)
	if words[0] != "qtool" {
		t.Fatalf("hint %q does not start with qtool", hint)
	}
	calls.Store(-100)
	victim.hits.Store(0)
	out, errOut, code := qtool(t, "", words[1:]...)
	if code != 0 || victim.hits.Load() != 1 || !strings.Contains(out, "test-victim") {
		t.Fatalf("pasted hint %q: exit %d, %d runs (want the 1 left): %s", hint, code, victim.hits.Load(), errOut)
	}
}

// shellSplit splits a command line as a POSIX shell does for the quoting
// that shellQuote uses: words, and single quotes with '\” inside.
func shellSplit(t *testing.T, s string) []string {
	var words []string
	var cur strings.Builder
	in, started := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case in && c == '\'':
			in = false
		case in:
			cur.WriteByte(c)
		case c == '\'':
			in, started = true, true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			started = true
		case c == ' ':
			if started {
				words = append(words, cur.String())
				cur.Reset()
				started = false
			}
		default:
			cur.WriteByte(c)
			started = true
		}
	}
	if in {
		t.Fatalf("unbalanced quotes in %q", s)
	}
	if started {
		words = append(words, cur.String())
	}
	return words
}
