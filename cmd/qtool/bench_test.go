package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"qtool/encode"
	"qtool/experiments"
	"qtool/results"
)

// benchFake is a test-only backend. It is made visible to qtool bench
// through benchLookup for the duration of one test, not registered, so
// that no other test (which may check every registered backend) meets it.
type benchFake struct {
	name string
	run  func(ctx context.Context, b encode.Board, req experiments.Request) (experiments.Outcome, error)
	hits atomic.Int64
}

func (f *benchFake) Name() string { return f.name }
func (f *benchFake) Caps() experiments.Caps {
	return experiments.Caps{Count: true, Find: true, All: true, Complete: true, Exact: true}
}
func (f *benchFake) Run(ctx context.Context, b encode.Board, req experiments.Request) (experiments.Outcome, error) {
	f.hits.Add(1)
	return f.run(ctx, b, req)
}

// benchCount counts the solutions of the empty n×n board by brute force,
// independently of every backend.
func benchCount(n int) uint64 {
	p := make([]int, n)
	var place func(r int) uint64
	place = func(r int) uint64 {
		if r == n {
			return 1
		}
		var k uint64
		for c := 0; c < n; c++ {
			ok := true
			for q := 0; q < r; q++ {
				if p[q] == c || p[q]-c == q-r || p[q]-c == r-q {
					ok = false
					break
				}
			}
			if ok {
				p[r] = c
				k += place(r + 1)
			}
		}
		return k
	}
	return place(0)
}

// counter is a fake that counts correctly, plus off(n).
func counter(name string, off func(n int) uint64) *benchFake {
	return &benchFake{name: name, run: func(ctx context.Context, b encode.Board, req experiments.Request) (experiments.Outcome, error) {
		c := benchCount(b.N)
		if off != nil {
			c += off(b.N)
		}
		return experiments.Outcome{Solutions: c}, nil
	}}
}

func withFakes(t *testing.T, fakes ...experiments.Backend) {
	t.Helper()
	old := benchLookup
	benchLookup = func(name string) (experiments.Backend, error) {
		for _, f := range fakes {
			if f.Name() == name {
				return f, nil
			}
		}
		return old(name)
	}
	t.Cleanup(func() { benchLookup = old })
}

// qtoolCtx runs the command line under ctx, as main does with Ctrl-C.
func qtoolCtx(ctx context.Context, args ...string) (string, string, int) {
	var out, errOut bytes.Buffer
	c := &cli{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}
	code := exitCode(&errOut, runContext(ctx, c, args))
	return out.String(), errOut.String(), code
}

const benchRef = "../../testdata/nqueens-counts.tsv"

func readLogFile(t *testing.T, path string) ([]results.Env, []results.Record) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	envs, recs, err := results.ReadLog(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return envs, recs
}

// TestBenchMismatch: a backend that returns a wrong count is a MISMATCH in
// the table and the exit status is 1, whether the reference table or the
// other backends catch it.
func TestBenchMismatch(t *testing.T) {
	wrong := counter("test-wrong", func(n int) uint64 {
		if n == 6 {
			return 1
		}
		return 0
	})
	withFakes(t, wrong, counter("test-right", nil))
	dir := t.TempDir()
	for _, ref := range []string{benchRef, "none"} {
		out, errOut, code := qtool(t, "", "bench", "--backends", "backtrack,test-right,test-wrong", "--n", "4-7",
			"--repeats", "2", "--reference", ref, "--log", filepath.Join(dir, "log.jsonl"))
		if code != 1 {
			t.Fatalf("--reference %s: exit %d, want 1; stderr %s", ref, code, errOut)
		}
		if !regexp.MustCompile(`(?m)^ +6 +4 +.* MISMATCH $`).MatchString(out) {
			t.Errorf("--reference %s: no MISMATCH cell in row n=6:\n%s", ref, out)
		}
		if strings.Count(out, "MISMATCH") != 2 { // the cell and its note
			t.Errorf("--reference %s: other cells marked:\n%s", ref, out)
		}
		if !strings.Contains(errOut, "qtool: bench: 1 MISMATCH cell(s)") {
			t.Errorf("--reference %s: unexpected stderr %q", ref, errOut)
		}
	}
	// The honest backends alone agree: exit 0.
	_, errOut, code := qtool(t, "", "bench", "--backends", "backtrack,test-right", "--n", "4-7", "--repeats", "1",
		"--reference", benchRef, "--log", filepath.Join(dir, "ok.jsonl"))
	if code != 0 {
		t.Errorf("honest backends: exit %d: %s", code, errOut)
	}
}

// TestBenchResume: Ctrl-C after a few runs prints the table so far and
// exits 130 with every measured run in the log; --resume then measures
// only the runs the log lacks, and qtool table renders the whole log.
func TestBenchResume(t *testing.T) {
	log := filepath.Join(t.TempDir(), "bench.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls atomic.Int64
	victim := &benchFake{name: "test-victim", run: func(rctx context.Context, b encode.Board, req experiments.Request) (experiments.Outcome, error) {
		if calls.Add(1) == 5 {
			cancel() // the user presses Ctrl-C during the fifth run
			<-rctx.Done()
			return experiments.Outcome{Status: experiments.StatusOf(rctx)}, nil
		}
		return experiments.Outcome{Solutions: benchCount(b.N)}, nil
	}}
	right := counter("test-right", nil)
	withFakes(t, victim, right)
	args := []string{"bench", "--backends", "test-right,test-victim", "--n", "4-7", "--repeats", "2",
		"--mintime", "0", "--reference", benchRef, "--log", log}
	out, errOut, code := qtoolCtx(ctx, args...)
	if code != 130 {
		t.Fatalf("interrupted bench: exit %d, want 130; stderr %s", code, errOut)
	}
	if !strings.Contains(errOut, "--resume") || !strings.Contains(out, "count: all solutions") {
		t.Errorf("interrupted bench: stdout %q stderr %q", out, errOut)
	}
	envs, recs := readLogFile(t, log)
	// Runs 1-4 of the victim and the right backend's runs before the fifth
	// victim run: n=4 r0 r1, n=5 r0 r1, n=6 r0 → 4+5 = 9 records.
	if len(envs) != 1 || len(recs) != 9 {
		t.Fatalf("log after the interruption: %d envs, %d records; want 1 and 9", len(envs), len(recs))
	}

	right.hits.Store(0)
	victim.hits.Store(0)
	calls.Store(-1000) // no more Ctrl-C
	out, errOut, code = qtoolCtx(context.Background(), append(args, "--resume")...)
	if code != 0 {
		t.Fatalf("resumed bench: exit %d: %s", code, errOut)
	}
	// 4 problems × 2 repeats × 2 backends = 16 runs, 9 already measured.
	if got := right.hits.Load() + victim.hits.Load(); got != 7 || victim.hits.Load() != 4 {
		t.Errorf("resume ran %d runs (%d of the victim), want 7 (4)", got, victim.hits.Load())
	}
	envs, recs = readLogFile(t, log)
	seen := map[results.Key]bool{}
	for _, r := range recs {
		if seen[r.Key()] {
			t.Errorf("measured twice: %+v", r.Key())
		}
		seen[r.Key()] = true
		if want := benchCount(r.N); r.Status != results.OK || r.Answer != want {
			t.Errorf("unexpected record %+v, want %d solutions", r, want)
		}
	}
	if len(envs) != 2 || len(seen) != 16 {
		t.Errorf("log after resuming: %d envs, %d runs; want 2 and 16", len(envs), len(seen))
	}
	if !regexp.MustCompile(`(?m)^ +7 +40 +\S`).MatchString(out) {
		t.Errorf("the resumed table lacks n=7:\n%s", out)
	}

	table, errOut, code := qtool(t, "", "table", log)
	if code != 0 || table != out {
		t.Errorf("qtool table: exit %d (%s), and its table differs from bench's:\n%s\n---\n%s", code, errOut, table, out)
	}
}

// TestBenchTimeout: a run over the time limit is a TIMEOUT cell, promptly,
// and the larger n are not run.
func TestBenchTimeout(t *testing.T) {
	sleeper := &benchFake{name: "test-sleeper", run: func(ctx context.Context, b encode.Board, req experiments.Request) (experiments.Outcome, error) {
		if b.N < 6 {
			return experiments.Outcome{Solutions: benchCount(b.N)}, nil
		}
		<-ctx.Done()
		return experiments.Outcome{Status: experiments.StatusOf(ctx)}, nil
	}}
	withFakes(t, sleeper)
	log := filepath.Join(t.TempDir(), "log.jsonl")
	start := time.Now()
	out, errOut, code := qtool(t, "", "bench", "--backends", "backtrack,test-sleeper", "--n", "4-9",
		"--timeout", "100ms", "--mintime", "0", "--reference", benchRef, "--log", log)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for n := 6; n <= 9; n++ {
		if !regexp.MustCompile(`(?m)^ +` + strconv.Itoa(n) + ` +\d+ +\S.* TIMEOUT $`).MatchString(out) {
			t.Errorf("no TIMEOUT cell for n=%d:\n%s", n, out)
		}
	}
	if sleeper.hits.Load() != 2*3+1 {
		t.Errorf("the sleeper ran %d times, want 7 (n=4, 5 three times, n=6 once)", sleeper.hits.Load())
	}
	t.Logf("bench with a timing-out backend took %v", time.Since(start))
}

// TestBenchFormats: every format renders; the CSV read back gives the
// numbers of the log; the plot is written.
func TestBenchFormats(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log.jsonl")
	png := filepath.Join(dir, "plot.png")
	out, errOut, code := qtool(t, "", "bench", "--backends", "backtrack", "--n", "4-6", "--repeats", "2",
		"--format", "csv", "--plot", png, "--reference", benchRef, "--log", log)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	fromCSV, err := results.ReadCSV(strings.NewReader(out), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	_, fromLog := readLogFile(t, log)
	if len(fromCSV) != 6 || len(fromCSV) != len(fromLog) {
		t.Fatalf("CSV has %d records, the log %d; want 6", len(fromCSV), len(fromLog))
	}
	for i := range fromLog {
		if fromCSV[i] != fromLog[i] {
			t.Errorf("record %d: CSV %+v, log %+v", i, fromCSV[i], fromLog[i])
		}
	}
	data, err := os.ReadFile(png)
	if err != nil || !bytes.HasPrefix(data, []byte("\x89PNG")) {
		t.Errorf("no PNG plot: %v", err)
	}
	csvPath := filepath.Join(dir, "runs.csv")
	if err := os.WriteFile(csvPath, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		format, want string
	}{
		{"md", "| solutions |"},
		{"latex", `\begin{tabular}`},
		{"json", `"environments"`},
		{"text", "geomean"},
	} {
		got, errOut, code := qtool(t, "", "table", log, "--format", c.format)
		if code != 0 || !strings.Contains(got, c.want) {
			t.Errorf("table --format %s: exit %d (%s), output lacks %q:\n%s", c.format, code, errOut, c.want, got)
		}
	}
	got, errOut, code := qtool(t, "", "table", csvPath, "--format", "csv")
	if code != 0 || got != out {
		t.Errorf("table of the CSV: exit %d (%s); got\n%s\nwant\n%s", code, errOut, got, out)
	}
}

func TestBenchUsage(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log.jsonl")
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte("{\"n\":8}\n{oops\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "--mode", "all", "--log", log}, `bench: --mode "all": want count, first or complete`},
		{[]string{"bench", "--n", "9-4", "--log", log}, `bench: --n: experiments: range "9-4" in "9-4" runs backwards`},
		{[]string{"bench", "--backends", "nosuch", "--log", log}, `bench: experiments: unknown backend "nosuch"`},
		{[]string{"bench", "--repeats", "0", "--log", log}, "bench: --repeats must be at least 1, got 0"},
		{[]string{"bench", "--backends", "backtrack", "--base", "dlx9", "--log", log}, "bench: --base dlx9 is not among the backends measured"},
		{[]string{"bench", "--n", "4", "--boards", dir, "--log", log}, "bench: give --n or --boards, not both"},
		{[]string{"bench", "--resume", "--log", ""}, "bench: --resume needs a log"},
		{[]string{"bench", "--format", "html", "--log", log}, `bench: --format "html"`},
		{[]string{"bench", "--reference", filepath.Join(dir, "none.tsv"), "--log", log}, "bench: --reference: open"},
		{[]string{"bench", "--boards", t.TempDir(), "--log", log}, "no board files"},
		{[]string{"bench", "--boards", dir, "--log", log}, "bad.jsonl:1:1: unexpected character"},
		{[]string{"bench", "extra", "--log", log}, `bench: unexpected argument "extra"`},
		{[]string{"table"}, "table: give the log to render"},
		{[]string{"table", filepath.Join(dir, "missing.jsonl")}, "missing.jsonl: no such file"},
		{[]string{"table", bad}, "bad.jsonl:1: record: no backend"},
		{[]string{"table", log, "--format", "xml"}, `table: --format "xml"`},
	} {
		_, errOut, code := qtool(t, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, errOut, c.want)
		}
	}
	if _, err := os.Stat("bench-log.jsonl"); err == nil {
		t.Errorf("a test left a default log in the package directory")
	}
}
