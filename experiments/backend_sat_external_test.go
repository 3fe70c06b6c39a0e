package experiments_test

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// published is one of the 24 Excluded-Diagonals completion instances of
// CSPLib prob079 and its known answer.
type published struct {
	name  string
	board encode.Board
	sat   bool
}

// readQpos reads a .qpos board for the tests: a line "N K", then K lines
// "row col" (0-based). (The product's reader of the format belongs to the
// board parser; this one only has to read the files shipped here.)
func readQpos(t testing.TB, path string) encode.Board {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var n, k int
	if !sc.Scan() {
		t.Fatalf("%s: empty", path)
	}
	if _, err := fmt.Sscan(sc.Text(), &n, &k); err != nil {
		t.Fatalf("%s:1: %v", path, err)
	}
	b := encode.Board{N: n, Queens: make([]int, n)}
	for i := range b.Queens {
		b.Queens[i] = -1
	}
	for line := 2; sc.Scan(); line++ {
		var r, c int
		if _, err := fmt.Sscan(sc.Text(), &r, &c); err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		b.Queens[r] = c
	}
	if b.Given() != k {
		t.Fatalf("%s: %d queens, the header says %d", path, b.Given(), k)
	}
	if err := b.Validate(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return b
}

// publishedInstances reads the 24 instances and their answers from
// testdata/csplib-prob079/answers.tsv.
func publishedInstances(t testing.TB) []published {
	t.Helper()
	dir := filepath.Join("..", "testdata", "csplib-prob079")
	data, err := os.ReadFile(filepath.Join(dir, "answers.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var ps []published
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 5 || strings.HasPrefix(line, "#") {
			continue
		}
		ps = append(ps, published{name: f[0], board: readQpos(t, filepath.Join(dir, f[0])), sat: f[4] == "sat"})
	}
	if len(ps) != 24 {
		t.Fatalf("%d published instances, want 24", len(ps))
	}
	return ps
}

// installedExternal returns the registered external backends whose
// program is installed and that pred accepts; it skips the test when
// there is none.
func installedExternal(t *testing.T, pred func(name string, c backend.Caps) bool) []backend.Backend {
	t.Helper()
	var bs []backend.Backend
	missing := map[string]bool{}
	for _, name := range backend.Names() {
		b, _ := backend.Lookup(name)
		c := b.Caps()
		if !c.External || !pred(name, c) {
			continue
		}
		if err := backend.Unavailable(b); err != nil {
			missing[backend.UnavailableReason(err)] = true
			continue
		}
		bs = append(bs, b)
	}
	for m := range missing {
		t.Log(m)
	}
	if len(bs) == 0 {
		t.Skip("no external SAT solver installed")
	}
	return bs
}

// decide runs backend be on b and returns whether it found a completion,
// which must pass encode.Verify.
func decide(t *testing.T, ctx context.Context, be backend.Backend, b encode.Board) (found bool, out backend.Outcome, err error) {
	t.Helper()
	out, err = backend.SolveBoard(ctx, be, b, backend.Request{Mode: backend.Find, Limit: 1, Visit: func(p encode.Placement) bool {
		if err := encode.Verify(b.Problem(), p); err != nil {
			t.Errorf("%s: %v", be.Name(), err)
		}
		found = true
		return false
	}})
	return found, out, err
}

// TestExternalAgreesOnCompletion: every installed external solver, with
// its default encoding, decides generated completion instances of n = 5
// to 12 as backtracking does (a completion exactly when one exists, each
// verified), and with every encoding on a smaller set.
func TestExternalAgreesOnCompletion(t *testing.T) {
	bs := installedExternal(t, func(string, backend.Caps) bool { return true })
	for _, c := range completionCases(t, 5, 12, func(n int) []int { return []int{1, n / 3, n / 2, n - 3} }, 2017, 3, 15) {
		b, n, i, want := c.Board, c.N, c.I, c.Solutions > 0
		for _, be := range bs {
			if be.Caps().AliasOf == "" && (n%3 != 0 || i > 0) {
				continue // every encoding on n = 6, 9, 12, instance 0
			}
			found, out, err := decide(t, context.Background(), be, b)
			if err != nil {
				t.Fatalf("%s on %+v: %v", be.Name(), b, err)
			}
			if found != want || out.Status != backend.OK {
				t.Errorf("%s on %+v: found %v (status %v), backtrack says %v", be.Name(), b, found, out.Status, want)
			}
		}
	}
}

// TestExternalPublished: the installed solvers answer the published
// instances as CSPLib's answers say (and dlx agrees). Without -sat.long,
// only the instances of at most 16 free rows, each solver with its
// default encoding; with it, all 24, 10 minutes each.
func TestExternalPublished(t *testing.T) {
	bs := installedExternal(t, func(_ string, c backend.Caps) bool { return c.AliasOf != "" })
	dlx, err := backend.Lookup("dlx")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range publishedInstances(t) {
		free := p.board.N - p.board.Given()
		if !*satLong && free > 16 {
			continue
		}
		found, _, err := decide(t, context.Background(), dlx, p.board)
		if err != nil || found != p.sat {
			t.Fatalf("dlx on %s: found %v, %v; CSPLib says sat=%v", p.name, found, err, p.sat)
		}
		for _, be := range bs {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			found, out, err := decide(t, ctx, be, p.board)
			cancel()
			if err != nil {
				t.Fatalf("%s on %s: %v", be.Name(), p.name, err)
			}
			if out.Status != backend.OK {
				t.Logf("%s on %s: %v after %v", be.Name(), p.name, out.Status, out.Elapsed)
				continue
			}
			if found != p.sat {
				t.Errorf("%s on %s: found %v, CSPLib says sat=%v", be.Name(), p.name, found, p.sat)
			}
			t.Logf("%s on %s: %v in %.2fs", be.Name(), p.name, found, out.Elapsed.Seconds())
		}
	}
}

// TestExternalRequests: what an external backend refuses, and the sat
// backend's solver option.
func TestExternalRequests(t *testing.T) {
	b := encode.Empty(8)
	bs := installedExternal(t, func(name string, c backend.Caps) bool { return strings.HasSuffix(name, "-pairwise") })
	be := bs[0]
	for _, req := range []backend.Request{
		{Mode: backend.Find, Limit: 1, Options: map[string]string{"amo": "product"}},
		{Mode: backend.Find, Limit: 1, Unique: true},
	} {
		if _, err := backend.SolveBoard(context.Background(), be, b, req); err == nil {
			t.Errorf("%s accepted %+v", be.Name(), req)
		}
	}
	solver := strings.TrimSuffix(be.Name(), "-pairwise")
	s, _ := backend.Lookup("sat")
	found := 0
	out, err := backend.SolveBoard(context.Background(), s, b, backend.Request{Mode: backend.Find, Limit: 1, Options: map[string]string{"solver": solver, "amo": "pairwise"}, Visit: func(p encode.Placement) bool {
		if err := encode.Verify(b.Problem(), p); err != nil {
			t.Error(err)
		}
		found++
		return false
	}})
	if err != nil || found != 1 || out.Status != backend.OK {
		t.Errorf("sat with solver %s: %d found, %v, %v", solver, found, out.Status, err)
	}
	if _, err := backend.SolveBoard(context.Background(), s, b, backend.Request{Mode: backend.Find, Limit: 1, Options: map[string]string{"solver": "nosuch"}}); err == nil {
		t.Error("sat accepted solver nosuch")
	}
}

// TestExternalCounts: every installed solver (default encoding) counts by
// enumeration as backtracking does — the empty boards n = 1..7 and
// generated completion boards — and lists the completions, each verified
// and all distinct.
func TestExternalCounts(t *testing.T) {
	bs := installedExternal(t, func(_ string, c backend.Caps) bool { return c.AliasOf != "" })
	boards := []encode.Board{}
	for n := 1; n <= 7; n++ {
		boards = append(boards, encode.Empty(n))
	}
	for i := uint64(0); i < 4; i++ {
		b, err := encode.Generate(10, 3, 2005, i)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
	}
	for _, b := range boards {
		want, err := search.Backtrack(context.Background(), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, be := range bs {
			out, err := backend.SolveBoard(context.Background(), be, b, backend.Request{Mode: backend.Count})
			if err != nil || out.Status != backend.OK || out.Solutions != want.Solutions {
				t.Fatalf("%s counts %d on %v (%v, %v), backtracking %d", be.Name(), out.Solutions, b.Queens, out.Status, err, want.Solutions)
			}
			seen := map[string]bool{}
			out, err = backend.SolveBoard(context.Background(), be, b, backend.Request{Mode: backend.Find, Limit: 0, Visit: func(p encode.Placement) bool {
				if err := encode.Verify(b.Problem(), p); err != nil {
					t.Errorf("%s: %v", be.Name(), err)
				}
				key := fmt.Sprint(p)
				if seen[key] {
					t.Errorf("%s: %v listed twice", be.Name(), p)
				}
				seen[key] = true
				return true
			}})
			if err != nil || uint64(len(seen)) != want.Solutions || out.Solutions != want.Solutions {
				t.Errorf("%s lists %d (%d) on %v (%v), backtracking %d", be.Name(), len(seen), out.Solutions, b.Queens, err, want.Solutions)
			}
		}
	}
}

// TestExternalTimeout: a solver stopped by the deadline reports Timeout,
// leaves no process behind, and the harness records the cell as a timeout.
func TestExternalTimeout(t *testing.T) {
	bs := installedExternal(t, func(_ string, c backend.Caps) bool { return c.AliasOf != "" })
	// 21 free rows, no completion: minutes for every solver.
	var hard encode.Board
	for _, p := range publishedInstances(t) {
		if p.name == "nqc-diag21-259-d19.qpos" {
			hard = p.board
		}
	}
	for _, be := range bs {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		_, out, err := decide(t, ctx, be, hard)
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", be.Name(), err)
		}
		if out.Status != backend.Timeout {
			t.Errorf("%s: status %v, want timeout", be.Name(), out.Status)
		}
	}
}

var satPublished = flag.String("sat.published", "", "measure the sat backend on the published instances with these options (key=value,…; \"default\" for none), a time limit of -sat.limit each")
var satLimit = flag.Duration("sat.limit", 60*time.Second, "time limit of one instance for -sat.published and -sat.gen")
var satOnly = flag.String("sat.only", "", "TestSATPublished: only the instances whose names contain one of these (comma-separated)")
var satCPULimit = flag.Duration("sat.cpu", 0, "-sat.published: also stop an instance after this much processor time (0: none)")

// TestSATPublished: the sat backend (gini; by default cube and conquer on
// these boards) decides the published instances as CSPLib's answers say,
// every completion verified. Without flags it decides those of at most
// 18 free rows (a second or so); with -sat.long or -long all 24. With
// -sat.published OPTS it measures instead: the options OPTS, a time limit
// of -sat.limit (and -sat.cpu) each, a time-out logged rather than failed,
// and the wall and processor time of each instance printed.
func TestSATPublished(t *testing.T) {
	measure := *satPublished != ""
	opts := map[string]string{}
	if measure && *satPublished != "default" {
		for _, kv := range strings.Split(*satPublished, ",") {
			k, v, _ := strings.Cut(kv, "=")
			opts[k] = v
		}
	}
	be, _ := backend.Lookup("sat")
	var total, worst time.Duration
	var cpuTotal, cpuWorst float64
	decided := 0
	for _, p := range publishedInstances(t) {
		if !containsAny(p.name, *satOnly) {
			continue
		}
		if free := p.board.N - p.board.Given(); !measure && !*satLong && !*long && free > 18 {
			continue
		}
		cpu0, _ := satCPU()
		ctx, cancel := context.Background(), func() {}
		if measure {
			ctx, cancel = context.WithTimeout(ctx, *satLimit)
		}
		if measure && *satCPULimit > 0 {
			var cctx context.Context
			cctx, ccancel := context.WithCancel(ctx)
			go func() {
				for cctx.Err() == nil {
					time.Sleep(10 * time.Millisecond)
					if c, _ := satCPU(); c-cpu0 > satCPULimit.Seconds() {
						ccancel()
					}
				}
			}()
			wallCancel := cancel
			ctx, cancel = cctx, func() { ccancel(); wallCancel() }
		}
		found := false
		out, err := backend.SolveBoard(ctx, be, p.board, backend.Request{Mode: backend.Find, Limit: 1, Options: opts, Visit: func(pl encode.Placement) bool {
			if err := encode.Verify(p.board.Problem(), pl); err != nil {
				t.Errorf("%s: %v", p.name, err)
			}
			found = true
			return false
		}})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		cpu1, _ := satCPU()
		total += out.Elapsed
		worst = max(worst, out.Elapsed)
		cpuTotal += cpu1 - cpu0
		cpuWorst = max(cpuWorst, cpu1-cpu0)
		switch {
		case out.Status != backend.OK && !measure:
			t.Errorf("%s: %v", p.name, out.Status)
		case out.Status == backend.OK && found != p.sat:
			t.Errorf("%s: found %v, CSPLib says %v", p.name, found, p.sat)
		case out.Status == backend.OK:
			decided++
		}
		t.Logf("%-26s %-8v %7.2fs wall %7.2fs cpu, vars %d clauses %d, lookahead nodes %d (refuted %d), cubes %d (backjumps %d)", p.name, out.Status, out.Elapsed.Seconds(), cpu1-cpu0, out.Stats["variables"], out.Stats["clauses"], out.Stats["lookahead-nodes"], out.Stats["lookahead-refuted"], out.Stats["cubes"], out.Stats["cube-backjumps"])
	}
	if decided == 0 && *satOnly == "" {
		t.Error("no instance decided")
	}
	t.Logf("options %v: %d decided, total %.1fs wall %.1fs cpu, worst %.1fs wall %.1fs cpu", opts, decided, total.Seconds(), cpuTotal, worst.Seconds(), cpuWorst)
}

func containsAny(s, list string) bool {
	for _, w := range strings.Split(list, ",") {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}
