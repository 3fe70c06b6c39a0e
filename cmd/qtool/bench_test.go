package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
	"github.com/qtool-project/qtool/results"
	"github.com/qtool-project/qtool/search"
)

// benchFake is a test-only backend. It is made visible to qtool bench
// through benchLookup for the duration of one test, not registered, so
// that no other test (which may check every registered backend) meets it.
type benchFake struct {
	name string
	run  func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error)
	hits atomic.Int64
}

func (f *benchFake) Name() string { return f.name }
func (f *benchFake) Caps() backend.Caps {
	return backend.Caps{Count: true, Find: true, All: true, Complete: true, Exact: true}
}
func (f *benchFake) Run(ctx context.Context, prob encode.Problem, req backend.Request) (backend.Outcome, error) {
	b := prob.Board
	f.hits.Add(1)
	return f.run(ctx, b, req)
}

// benchCount counts the solutions of the empty n×n board by the oracle's
// brute force, independently of every backend.
func benchCount(n int) uint64 { return uint64(len(oracle.Completions(encode.Empty(n)))) }

// counter is a fake that counts correctly, plus off(n).
func counter(name string, off func(n int) uint64) *benchFake {
	return &benchFake{name: name, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		c := benchCount(b.N)
		if off != nil {
			c += off(b.N)
		}
		return backend.Outcome{Solutions: c}, nil
	}}
}

func withFakes(t *testing.T, fakes ...backend.Backend) {
	t.Helper()
	old := benchLookup
	benchLookup = func(name string) (backend.Backend, error) {
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
	victim := &benchFake{name: "test-victim", run: func(rctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		if calls.Add(1) == 5 {
			cancel() // the user presses Ctrl-C during the fifth run
			<-rctx.Done()
			return backend.Outcome{Status: backend.StatusOf(rctx)}, nil
		}
		return backend.Outcome{Solutions: benchCount(b.N)}, nil
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
	sleeper := &benchFake{name: "test-sleeper", run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		if b.N < 6 {
			return backend.Outcome{Solutions: benchCount(b.N)}, nil
		}
		<-ctx.Done()
		return backend.Outcome{Status: backend.StatusOf(ctx)}, nil
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
// numbers of the log (all but the processor time, which only the JSON
// log keeps); the plot is written.
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
		fromLog[i].CPU = 0 // the CSV form has no processor time; the log has
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
		{[]string{"bench", "--mode", "all", "--log", log}, `bench: --mode "all": want count, first, complete or decide`},
		{[]string{"bench", "--n", "9-4", "--log", log}, `bench: --n: range "9-4" in "9-4" runs backwards`},
		{[]string{"bench", "--backends", "nosuch", "--log", log}, `bench: unknown backend "nosuch"`},
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
		{[]string{"bench", "--preset", "nosuch", "--log", log}, `bench: unknown --preset "nosuch" (want completion, diagonals, peers, sat or xcover)`},
		{[]string{"bench", "--preset", "completion", "--mode", "count", "--log", log}, "bench: --preset completion makes its own problems: --mode does not apply"},
		{[]string{"bench", "--preset", "completion", "--boards", dir, "--log", log}, "--boards does not apply"},
		{[]string{"bench", "--deltas", "3-5", "--log", log}, "bench: --deltas applies to --preset completion only"},
		{[]string{"bench", "--instances", "5", "--log", log}, "bench: --instances applies to --preset completion, diagonals, peers or sat only"},
		{[]string{"bench", "--preset", "completion", "--instances", "0", "--log", log}, "bench: --instances must be at least 1, got 0"},
		{[]string{"bench", "--preset", "completion", "--deltas", "0-3", "--log", log}, `bench: --deltas: δ "0" in "0-3": want an integer from 1`},
		{[]string{"bench", "--preset", "completion", "--n", "8", "--deltas", "9", "--log", log}, "no δ from [9] fits n = [8]"},
		{[]string{"bench", "--preset", "completion", "--backends", "minconflicts", "--log", log}, "bench: backend minconflicts cannot decide completions for these n: it cannot prove that no completion exists"},
		{[]string{"bench", "--preset", "completion", "--backends", "bitmask", "--n", "100", "--log", log}, "bench: backend bitmask cannot decide completions for these n: it accepts n ≤ 64"},
		{[]string{"bench", "--preset", "completion", "--seed", "-1", "--log", log}, "bench: --seed must not be negative for --preset completion, got -1"},
		{[]string{"bench", "--preset", "completion", "--timeout", "-1s", "--log", log}, "bench: --timeout must not be negative"},
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

// decideByBacktracking decides an instance with search.Backtrack, stopping
// at the first completion, which it verifies.
func decideByBacktracking(t *testing.T, b encode.Board) bool {
	t.Helper()
	found := false
	_, err := search.Backtrack(context.Background(), b, func(p encode.Placement) bool {
		if err := encode.Verify(b.Problem(), p); err != nil {
			t.Fatalf("search.Backtrack: %v", err)
		}
		found = true
		return false
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// completionRow matches the summary row of n and δ and captures the
// soluble count, the number decided and the backends' cells.
func completionRow(n, delta int) *regexp.Regexp {
	return regexp.MustCompile(`(?m)^ +` + strconv.Itoa(n) + ` +` + strconv.Itoa(delta) + ` +\d+\.\d\d +\S+ +(\d+)/(\d+) +\d\.\d\d \[\d\.\d\d, \d\.\d\d\] +(.*)$`)
}

// TestBenchCompletion runs a small completion preset with the default
// backends and checks the table against search.Backtrack on the same
// instances: the soluble counts of every n and δ, every backend's answer
// on every instance in the log, no MISMATCH, the 50% table; qtool table
// renders the log the same.
func TestBenchCompletion(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "completion.jsonl")
	png := filepath.Join(dir, "completion.png")
	const instances = 8
	out, errOut, code := qtool(t, "", "bench", "--preset", "completion", "--n", "8,12", "--deltas", "3-8",
		"--instances", strconv.Itoa(instances), "--seed", "5", "--timeout", "20s", "--log", log, "--plot", png)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	if strings.Contains(out, "MISMATCH") || strings.Contains(out, "ERROR") {
		t.Errorf("a cell is not OK:\n%s", out)
	}
	type instance struct {
		answer   uint64 // 1 when it can be completed
		k, given int
	}
	want := map[string]instance{}
	time := regexp.MustCompile(`^\d+(\.\d+)?(ns|µs|ms|s)$`)
	yes, no := 0, 0
	for _, n := range []int{8, 12} {
		for delta := 3; delta <= 8; delta++ {
			soluble := 0
			for i := range instances {
				b, err := encode.Generate(n, n-delta, 5, uint64(i))
				if err != nil {
					t.Fatal(err)
				}
				inst := instance{k: n - delta, given: b.Given()}
				if decideByBacktracking(t, b) {
					inst.answer = 1
					soluble++
				}
				want[fmt.Sprintf("q%d-k%d-s5-%04d", n, n-delta, i)] = inst
			}
			yes, no = yes+soluble, no+instances-soluble
			m := completionRow(n, delta).FindStringSubmatch(out)
			if m == nil {
				t.Errorf("no row for n=%d δ=%d:\n%s", n, delta, out)
				continue
			}
			if m[1] != strconv.Itoa(soluble) || m[2] != strconv.Itoa(instances) {
				t.Errorf("n=%d δ=%d: table says %s/%s soluble, backtracking finds %d/%d", n, delta, m[1], m[2], soluble, instances)
			}
			// backtrack, bitmask, dlx and sat each have a time.
			cells := strings.Fields(m[3])
			for _, c := range cells {
				if !time.MatchString(c) {
					t.Errorf("n=%d δ=%d: cell %q is not a time", n, delta, c)
				}
			}
			if len(cells) != 4 {
				t.Errorf("n=%d δ=%d: cells %q, want 4 times", n, delta, m[3])
			}
		}
	}
	if yes == 0 || no == 0 {
		t.Fatalf("the instances are all alike (%d soluble, %d not): the test proves little", yes, no)
	}
	_, recs := readLogFile(t, log)
	perBackend := map[string]int{}
	for _, r := range recs {
		w, ok := want[r.Board]
		if !ok || r.Mode != "decide" || r.Status != results.OK || r.Answer != w.answer || r.K != w.k || r.Given != w.given {
			t.Errorf("unexpected record %+v, want %+v (the answer by backtracking)", r, w)
		}
		perBackend[r.Backend]++
	}
	for _, b := range []string{"backtrack", "bitmask", "dlx", "sat"} {
		if perBackend[b] != len(want) {
			t.Errorf("%s decided %d instances, want %d", b, perBackend[b], len(want))
		}
	}
	for _, s := range []string{"50% soluble", "Gent et al. fit", "5.26", "preset: completion", "instances: 8", "deltas: 3,4,5,6,7,8"} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	if data, err := os.ReadFile(png); err != nil || !bytes.HasPrefix(data, []byte("\x89PNG")) {
		t.Errorf("no PNG plot: %v", err)
	}
	table, errOut, code := qtool(t, "", "table", log)
	if code != 0 || table != out {
		t.Errorf("qtool table: exit %d (%s), and its table differs from bench's:\n%s\n---\n%s", code, errOut, table, out)
	}
	// The CSV form keeps what the summary needs (queens given and asked).
	csvOut, _, code := qtool(t, "", "table", log, "--format", "csv")
	csvPath := filepath.Join(dir, "runs.csv")
	if err := os.WriteFile(csvPath, []byte(csvOut), 0o644); code != 0 || err != nil {
		t.Fatal(code, err)
	}
	fromCSV, errOut, code := qtool(t, "", "table", csvPath, "--format", "md")
	fromLog, _, _ := qtool(t, "", "table", log, "--format", "md")
	if code != 0 || !strings.Contains(fromCSV, "| 12 | 8 |") || fromCSV[strings.Index(fromCSV, "**decide"):] != fromLog[strings.Index(fromLog, "**decide"):] {
		t.Errorf("table of the CSV: exit %d (%s):\n%s\n---\n%s", code, errOut, fromCSV, fromLog)
	}
}

// decider is a fake that decides correctly by brute force, independent of
// every backend, and hands over the completion it finds.
func decider(name string) *benchFake {
	return &benchFake{name: name, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		p := benchComplete(b)
		if p == nil {
			return backend.Outcome{}, nil
		}
		req.Visit(p)
		return backend.Outcome{Solutions: 1}, nil
	}}
}

// benchComplete returns the first completion of b, or nil, by the
// oracle's brute force.
func benchComplete(b encode.Board) encode.Placement {
	if all := oracle.Completions(b); len(all) > 0 {
		return all[0]
	}
	return nil
}

// TestBenchCompletionMismatch: a backend that says no where there is a
// completion, or hands over a placement that moves a given queen, is a
// MISMATCH in every group where it erred, and the exit status is 1.
func TestBenchCompletionMismatch(t *testing.T) {
	liar := &benchFake{name: "test-liar", run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		return backend.Outcome{}, nil // "no completion", always
	}}
	cheat := &benchFake{name: "test-cheat", run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		p := benchComplete(b)
		if p == nil {
			return backend.Outcome{}, nil
		}
		for r := range p { // a legal placement that ignores the given queens
			if b.Queen(r) >= 0 {
				p = make(encode.Placement, b.N)
				copy(p, []int{1, 3, 5, 7, 2, 0, 6, 4})
				break
			}
		}
		req.Visit(p)
		return backend.Outcome{Solutions: 1}, nil
	}}
	withFakes(t, liar, cheat, decider("test-right"))
	dir := t.TempDir()
	for _, c := range []struct {
		fake, message string
	}{
		{"test-liar", "backends disagree: 1 by backtrack, test-right; 0 by test-liar"},
		{"test-cheat", "invalid placement: encode: verify: row"},
	} {
		out, errOut, code := qtool(t, "", "bench", "--preset", "completion", "--backends", "backtrack,test-right,"+c.fake,
			"--n", "8", "--deltas", "3,6", "--instances", "6", "--log", filepath.Join(dir, c.fake+".jsonl"))
		if code != 1 || !strings.Contains(errOut, "MISMATCH cell(s)") {
			t.Errorf("%s: exit %d, stderr %q; want 1 and MISMATCH", c.fake, code, errOut)
		}
		// δ = 3: no instance can be completed, and the fake is right;
		// δ = 6: some can, and it is wrong.
		m3, m6 := completionRow(8, 3).FindStringSubmatch(out), completionRow(8, 6).FindStringSubmatch(out)
		if m3 == nil || m6 == nil || m3[1] != "0" || m6[1] == "0" {
			t.Fatalf("%s: unexpected rows:\n%s", c.fake, out)
		}
		if strings.HasSuffix(strings.TrimSpace(m3[3]), "MISMATCH") || !strings.HasSuffix(strings.TrimSpace(m6[3]), "MISMATCH") {
			t.Errorf("%s: want a MISMATCH at δ=6 only:\n%s", c.fake, out)
		}
		if !strings.Contains(out, c.message) {
			t.Errorf("%s: no note %q:\n%s", c.fake, c.message, out)
		}
	}
}

// TestBenchCompletionResume: Ctrl-C during the preset keeps every decision
// measured; --resume decides only the others, and the table is whole.
func TestBenchCompletionResume(t *testing.T) {
	log := filepath.Join(t.TempDir(), "completion.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls atomic.Int64
	right := decider("test-right")
	victim := &benchFake{name: "test-victim", run: func(rctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		if calls.Add(1) == 7 {
			cancel() // Ctrl-C during the seventh decision
			<-rctx.Done()
			return backend.Outcome{Status: backend.StatusOf(rctx)}, nil
		}
		return right.run(rctx, b, req)
	}}
	withFakes(t, victim, right)
	args := []string{"bench", "--preset", "completion", "--backends", "test-right,test-victim", "--n", "8",
		"--deltas", "4,6", "--instances", "5", "--log", log}
	out, errOut, code := qtoolCtx(ctx, args...)
	if code != 130 || !strings.Contains(errOut, "--resume") {
		t.Fatalf("interrupted: exit %d, stderr %q", code, errOut)
	}
	_, recs := readLogFile(t, log)
	// Instances 0-5 of δ=4 by both, then test-right on the 7th: 13.
	if len(recs) != 13 {
		t.Fatalf("log after the interruption: %d records, want 13:\n%s", len(recs), out)
	}
	right.hits.Store(0)
	victim.hits.Store(0)
	calls.Store(-1000)
	out, errOut, code = qtoolCtx(context.Background(), append(args, "--resume")...)
	if code != 0 {
		t.Fatalf("resumed: exit %d: %s", code, errOut)
	}
	// 2 δ × 5 instances × 2 backends = 20 decisions, 13 already made.
	if right.hits.Load() != 3 || victim.hits.Load() != 4 {
		t.Errorf("resume ran test-right %d and test-victim %d times, want 3 and 4", right.hits.Load(), victim.hits.Load())
	}
	envs, recs := readLogFile(t, log)
	seen := map[results.Key]bool{}
	for _, r := range recs {
		if seen[r.Key()] {
			t.Errorf("decided twice: %+v", r.Key())
		}
		seen[r.Key()] = true
	}
	if len(envs) != 2 || len(seen) != 20 {
		t.Errorf("log after resuming: %d envs, %d decisions; want 2 and 20", len(envs), len(seen))
	}
	for _, delta := range []int{4, 6} {
		if m := completionRow(8, delta).FindStringSubmatch(out); m == nil || m[2] != "5" || len(strings.Fields(m[3])) != 2 {
			t.Errorf("δ=%d: row incomplete after resuming:\n%s", delta, out)
		}
	}
	table, _, code := qtool(t, "", "table", log)
	if code != 0 || table != out {
		t.Errorf("qtool table differs from the resumed bench:\n%s\n---\n%s", table, out)
	}
}

// TestBenchCompletionTimeout: decisions over the time limit are TIMEOUT,
// never a time; once more than half the instances of a group have timed
// out, the backend is not run on the rest.
func TestBenchCompletionTimeout(t *testing.T) {
	sleeper := &benchFake{name: "test-sleeper", run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		<-ctx.Done()
		return backend.Outcome{Status: backend.StatusOf(ctx)}, nil
	}}
	withFakes(t, sleeper)
	out, errOut, code := qtool(t, "", "bench", "--preset", "completion", "--backends", "dlx,test-sleeper", "--n", "8",
		"--deltas", "5", "--instances", "5", "--timeout", "50ms", "--log", filepath.Join(t.TempDir(), "log.jsonl"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	m := completionRow(8, 5).FindStringSubmatch(out)
	if m == nil || !strings.HasSuffix(strings.TrimSpace(m[3]), "TIMEOUT 5/5") {
		t.Errorf("no TIMEOUT 5/5 cell:\n%s", out)
	}
	if sleeper.hits.Load() != 3 {
		t.Errorf("the sleeper ran %d times, want 3 (then more than half had timed out)", sleeper.hits.Load())
	}
}
