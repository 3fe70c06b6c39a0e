package experiments_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	satbackend "github.com/qtool-project/qtool/backend/sat"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
	"github.com/qtool-project/qtool/sat"
	"github.com/qtool-project/qtool/search"
)

var satLong = flag.Bool("sat.long", false, "run the slow sat checks and the large-n table (n up to 1000)")

// satBackends are the sat backends: "sat" and one per encoding.
func satBackends(t testing.TB) []backend.Backend {
	var bs []backend.Backend
	for _, name := range append([]string{"sat"}, satEncodingNames()...) {
		be, err := backend.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		bs = append(bs, be)
	}
	return bs
}

// satVariant is a sat backend with the options it is run with.
type satVariant struct {
	be   backend.Backend
	opts map[string]string
	name string
}

// satVariants are the sat backends with their own pairwise base case and,
// except pairwise, with groups of more than 3 variables written by the
// encoding itself (option pairwise-up-to), so that the auxiliary
// structure of every encoding is exercised on small boards.
func satVariants(t testing.TB) []satVariant {
	var vs []satVariant
	for _, be := range satBackends(t) {
		vs = append(vs, satVariant{be, nil, be.Name()})
		if be.Name() != "sat-pairwise" {
			vs = append(vs, satVariant{be, map[string]string{"pairwise-up-to": "3"}, be.Name() + "/cut=3"})
		}
	}
	return vs
}

func satEncodingNames() []string {
	var names []string
	for _, a := range encode.AMOEncodings() {
		names = append(names, "sat-"+a.String())
	}
	return names
}

// satOracle is the exact backend the sat results are checked against:
// bitmask when it is registered, else plain backtracking.
func satOracle(t testing.TB) backend.Backend {
	for _, name := range []string{"bitmask", "backtrack"} {
		if be, err := backend.Lookup(name); err == nil {
			return be
		}
	}
	t.Fatal("no exact backend to compare with")
	return nil
}

// TestSATCountsReference enumerates the solutions for n = 1..10 with every
// encoding: the number equals the OEIS count, every model decodes to a
// placement that encode.Verify accepts, and no placement comes twice.
func TestSATCountsReference(t *testing.T) {
	ref := oracle.All(t)
	for _, v := range satVariants(t) {
		be := v.be
		for n := 1; n <= 10; n++ {
			b := encode.Empty(n)
			seen := map[string]bool{}
			out, err := backend.SolveBoard(context.Background(), be, b, backend.Request{Mode: backend.Find, Options: v.opts, Visit: func(p encode.Placement) bool {
				if err := encode.Verify(b.Problem(), p); err != nil {
					t.Fatalf("%s n=%d: %v", v.name, n, err)
				}
				k := p.String()
				if seen[k] {
					t.Fatalf("%s n=%d: placement %s found twice", v.name, n, k)
				}
				seen[k] = true
				return true
			}})
			if err != nil {
				t.Fatalf("%s n=%d: %v", v.name, n, err)
			}
			if out.Status != backend.OK || out.Solutions != ref[n] || uint64(len(seen)) != ref[n] {
				t.Errorf("unexpected count for %q n=%d: got %d (%d visited, %v) want %d", v.name, n, out.Solutions, len(seen), out.Status, ref[n])
			}
			if out.Stats["variables"] < uint64(n*n) || out.Stats["clauses"] == 0 || out.Stats["solver-calls"] != ref[n]+1 {
				t.Errorf("%s n=%d: stats %v", v.name, n, out.Stats)
			}
		}
		for _, n := range []int{6, 8} {
			out, err := backend.SolveBoard(context.Background(), be, encode.Empty(n), backend.Request{Mode: backend.Count, Options: v.opts})
			if err != nil || out.Solutions != ref[n] || out.Status != backend.OK {
				t.Errorf("unexpected count for %q n=%d: got %d (%v, %v) want %d", v.name, n, out.Solutions, out.Status, err, ref[n])
			}
		}
	}
	// The structure is used: with groups of more than 3 written by the
	// encoding, the formula of n = 8 has auxiliary variables.
	be, _ := backend.Lookup("sat")
	out, err := backend.SolveBoard(context.Background(), be, encode.Empty(8), backend.Request{Mode: backend.Find, Limit: 1, Options: map[string]string{"pairwise-up-to": "3"}})
	if err != nil || out.Stats["variables"] <= 64 {
		t.Errorf("sat n=8 pairwise-up-to 3: %v, %v", out.Stats, err)
	}
}

// TestSATCompletionCounts counts the completions of random boards with
// every encoding and compares with the exact oracle (bitmask or
// backtracking), verifying every completion.
func TestSATCompletionCounts(t *testing.T) {
	oracle := satOracle(t)
	checked, zero := 0, 0
	for n := 4; n <= 12; n++ {
		for _, k := range []int{1, n / 3, n / 2, n - 2} {
			for i := uint64(0); i < 3; i++ {
				b, err := encode.Generate(n, k, 44, i)
				if err != nil {
					t.Fatal(err)
				}
				want, err := backend.SolveBoard(context.Background(), oracle, b, backend.Request{Mode: backend.Count})
				if err != nil || want.Status != backend.OK {
					t.Fatalf("%s on %v: %v %v", oracle.Name(), b.Queens, err, want.Status)
				}
				if want.Solutions > 400 {
					continue
				}
				checked++
				if want.Solutions == 0 {
					zero++
				}
				for _, v := range satVariants(t) {
					got := uint64(0)
					out, err := backend.SolveBoard(context.Background(), v.be, b, backend.Request{Mode: backend.Find, Options: v.opts, Visit: func(p encode.Placement) bool {
						if err := encode.Verify(b.Problem(), p); err != nil {
							t.Errorf("%s on %v: %v", v.name, b.Queens, err)
						}
						got++
						return true
					}})
					if err != nil {
						t.Fatal(err)
					}
					if got != want.Solutions || out.Solutions != want.Solutions || out.Status != backend.OK {
						t.Errorf("unexpected count for %q on n=%d %v: got %d (%d visited, %v) want %d (%s)", v.name, n, b.Queens, out.Solutions, got, out.Status, want.Solutions, oracle.Name())
					}
				}
			}
		}
	}
	if checked < 60 || zero < 5 || zero == checked {
		t.Errorf("instance set too small or one-sided: %d boards, %d without completion", checked, zero)
	}
}

// TestSATSatUnsatAgreement asks the default sat backend for one completion
// of random boards with n up to 30, with its own pairwise base case and
// with groups of more than 4 written by the encoding, and compares
// satisfiability with the exact oracle; a completion found must pass
// encode.Verify.
func TestSATSatUnsatAgreement(t *testing.T) {
	oracle := satOracle(t)
	be, err := backend.Lookup("sat")
	if err != nil {
		t.Fatal(err)
	}
	ns := []int{13, 16, 20, 24, 30}
	if testing.Short() {
		ns = []int{13, 20}
	}
	nsat, nunsat, skipped := 0, 0, 0
	for _, n := range ns {
		for _, k := range []int{n / 4, n / 2, 2 * n / 3} {
			for i := uint64(0); i < 4; i++ {
				b, err := encode.Generate(n, k, 30, i)
				if err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				want, err := backend.SolveBoard(ctx, oracle, b, backend.Request{Mode: backend.Find, Limit: 1, Visit: func(encode.Placement) bool { return false }})
				cancel()
				if err != nil {
					t.Fatal(err)
				}
				if want.Status != backend.OK {
					skipped++ // the oracle could not decide in time
					continue
				}
				found := 0
				for _, opts := range []map[string]string{nil, {"pairwise-up-to": "4"}} {
					found = 0
					out, err := backend.SolveBoard(context.Background(), be, b, backend.Request{Mode: backend.Find, Limit: 1, Options: opts, Visit: func(p encode.Placement) bool {
						if err := encode.Verify(b.Problem(), p); err != nil {
							t.Errorf("n=%d %v: %v", n, b.Queens, err)
						}
						found++
						return true
					}})
					if err != nil {
						t.Fatal(err)
					}
					if out.Status != backend.OK || (found > 0) != (want.Solutions > 0) || found > 1 {
						t.Errorf("n=%d board %v %v: sat found %d (%v), %s found %d", n, b.Queens, opts, found, out.Status, oracle.Name(), want.Solutions)
					}
				}
				if found > 0 {
					nsat++
				} else {
					nunsat++
				}
			}
		}
	}
	t.Logf("%d satisfiable, %d unsatisfiable, %d left undecided by %s", nsat, nunsat, skipped, oracle.Name())
	if nsat < 5 || nunsat < 5 {
		t.Errorf("instance set too one-sided: %d satisfiable, %d unsatisfiable", nsat, nunsat)
	}
}

// TestSATLargeSparseBoard completes a board of order 3001 with 10 free rows:
// the dense numbering keeps the formula to the free squares.
func TestSATLargeSparseBoard(t *testing.T) {
	n := 3001 // 3001 mod 6 = 1: the construction below applies
	sol := make(encode.Placement, 0, n)
	for c := 1; c < n; c += 2 {
		sol = append(sol, c)
	}
	for c := 0; c < n; c += 2 {
		sol = append(sol, c)
	}
	if err := encode.Verify(encode.Empty(n).Problem(), sol); err != nil {
		t.Fatal(err)
	}
	b := encode.Board{N: n, Queens: append([]int(nil), sol...)}
	for i := 0; i < 10; i++ {
		b.Queens[(i*997+5)%n] = -1
	}
	for _, be := range satBackends(t) {
		found := 0
		out, err := backend.SolveBoard(context.Background(), be, b, backend.Request{Mode: backend.Find, Limit: 1, Visit: func(p encode.Placement) bool {
			if err := encode.Verify(b.Problem(), p); err != nil {
				t.Fatalf("%s: %v", be.Name(), err)
			}
			found++
			return true
		}})
		if err != nil || found != 1 {
			t.Fatalf("%s: %d found, %v", be.Name(), found, err)
		}
		if v := out.Stats["variables"]; v > uint64(n+2000) {
			t.Errorf("%s: %d variables for 10 free rows", be.Name(), v)
		}
	}
}

// sparseBoard returns the board of order 3001 holding the explicit
// solution (search.Construct) with the given number of rows emptied, spread
// over the board.
func sparseBoard(t testing.TB, free int) encode.Board {
	n := 3001
	sol, err := search.Construct(n)
	if err != nil {
		t.Fatal(err)
	}
	if err := encode.Verify(encode.Empty(n).Problem(), sol); err != nil {
		t.Fatal(err)
	}
	b := encode.Board{N: n, Queens: append([]int(nil), sol...)}
	for i := 0; i < free; i++ {
		b.Queens[(i*997+5)%n] = -1
	}
	if b.N-b.Given() != free {
		t.Fatalf("%d free rows, want %d", b.N-b.Given(), free)
	}
	return b
}

// sparseCompletions counts the completions of b by backtracking over its
// free rows and columns, the test's own oracle for boards too large for
// the search backends' bitmasks.
func sparseCompletions(b encode.Board) uint64 {
	n := b.N
	colUsed := make([]bool, n)
	diag := make([]bool, 2*n-1)
	anti := make([]bool, 2*n-1)
	var rows, cols []int
	for r := range n {
		if c := b.Queen(r); c >= 0 {
			colUsed[c], diag[r+c], anti[r-c+n-1] = true, true, true
		} else {
			rows = append(rows, r)
		}
	}
	for c := range n {
		if !colUsed[c] {
			cols = append(cols, c)
		}
	}
	var count uint64
	var place func(i int)
	place = func(i int) {
		if i == len(rows) {
			count++
			return
		}
		r := rows[i]
		for _, c := range cols {
			if colUsed[c] || diag[r+c] || anti[r-c+n-1] {
				continue
			}
			colUsed[c], diag[r+c], anti[r-c+n-1] = true, true, true
			place(i + 1)
			colUsed[c], diag[r+c], anti[r-c+n-1] = false, false, false
		}
	}
	place(0)
	return count
}

// TestSATCountSparse counts the completions of boards of order 3001 with
// 12 and 16 free rows (more than the old limit of 11 on counting) with
// every sat backend: few completions, so enumeration is quick whatever
// the number of free rows. The count equals the test's own backtracking,
// every completion verifies and none comes twice.
func TestSATCountSparse(t *testing.T) {
	for _, free := range []int{12, 16} {
		b := sparseBoard(t, free)
		want := sparseCompletions(b)
		if want == 0 {
			t.Fatalf("%d free rows: the board lost its completions", free)
		}
		for _, v := range satVariants(t) {
			seen := map[string]bool{}
			out, err := backend.SolveBoard(context.Background(), v.be, b, backend.Request{Mode: backend.Find, Options: v.opts, Visit: func(p encode.Placement) bool {
				if err := encode.Verify(b.Problem(), p); err != nil {
					t.Fatalf("%s: %v", v.name, err)
				}
				k := p.String()
				if seen[k] {
					t.Fatalf("%s: completion found twice", v.name)
				}
				seen[k] = true
				return true
			}})
			if err != nil || out.Status != backend.OK || out.Solutions != want || uint64(len(seen)) != want {
				t.Errorf("%s, %d free rows: %d completions (%d visited, %v, %v), want %d", v.name, free, out.Solutions, len(seen), out.Status, err, want)
			}
			cnt, err := backend.SolveBoard(context.Background(), v.be, b, backend.Request{Mode: backend.Count, Options: v.opts})
			if err != nil || cnt.Status != backend.OK || cnt.Solutions != want {
				t.Errorf("%s, %d free rows: count %d (%v, %v), want %d", v.name, free, cnt.Solutions, cnt.Status, err, want)
			}
		}
		t.Logf("%d free rows: %d completions", free, want)
	}
}

// TestSATCountLong counts n = 11 and 12 by enumeration (2,680 and 14,200
// models) with every encoding: seconds to a minute each, so only with
// -sat.long.
func TestSATCountLong(t *testing.T) {
	if !*satLong {
		t.Skip("counting n = 11 and 12 by enumeration takes minutes: run with -sat.long")
	}
	ref := oracle.All(t)
	for _, n := range []int{11, 12} {
		for _, be := range satBackends(t) {
			start := time.Now()
			out, err := backend.SolveBoard(context.Background(), be, encode.Empty(n), backend.Request{Mode: backend.Count})
			if err != nil || out.Status != backend.OK || out.Solutions != ref[n] {
				t.Errorf("%s n=%d: %d (%v, %v), want %d", be.Name(), n, out.Solutions, out.Status, err, ref[n])
			}
			t.Logf("%s n=%d: %d solutions in %.1f s", be.Name(), n, out.Solutions, time.Since(start).Seconds())
		}
	}
}

func TestSATOptionsAndRefusals(t *testing.T) {
	ctx := context.Background()
	be, _ := backend.Lookup("sat")
	for _, a := range encode.AMOEncodings() {
		out, err := backend.SolveBoard(ctx, be, encode.Empty(6), backend.Request{Mode: backend.Count, Options: map[string]string{"amo": a.String()}})
		if err != nil || out.Solutions != 4 {
			t.Errorf("sat amo=%v n=6: %d, %v", a, out.Solutions, err)
		}
	}
	fixed, _ := backend.Lookup("sat-pairwise")
	cases := []struct {
		be   backend.Backend
		b    encode.Board
		req  backend.Request
		want string
	}{
		{be, encode.Empty(4), backend.Request{Options: map[string]string{"amo": "ladder"}}, `backend sat: unknown at-most-one encoding "ladder" (known: auto, pairwise, sequential, commander, product, bimander, product-bimander)`},
		{fixed, encode.Empty(4), backend.Request{Options: map[string]string{"amo": "product"}}, "backend sat-pairwise always uses the pairwise encoding, not product"},
		{be, encode.Empty(4), backend.Request{Unique: true}, "backend sat cannot count fundamental solutions"},
		{be, encode.Empty(4), backend.Request{Shard: &backend.Shard{Index: 0, Count: 2}}, "backend sat cannot split a count into shards"},
		{fixed, encode.Empty(2000), backend.Request{Mode: backend.Find}, "backend sat-pairwise: the pairwise encoding of this board has 4000000 variables and 13325338000 clauses, which would take about 1068.0 GB, more than this machine's"},
		{be, encode.Empty(1 << 15), backend.Request{Mode: backend.Find, Limit: 1}, "backend sat: encode: the CNF of a board with 32768 free rows"},
		{be, encode.Empty(1 << 15), backend.Request{Mode: backend.Count}, "backend sat cannot count n = 32768: the number of solutions exceeds 2^64"},
		{be, encode.Board{N: 4, Queens: []int{0, 1}}, backend.Request{}, "encode: queens at"},
		{be, encode.Empty(4), backend.Request{Options: map[string]string{"pairwise-up-to": "1"}}, `backend sat: pairwise-up-to "1": want an integer ≥ 2`},
		{be, encode.Empty(4), backend.Request{Options: map[string]string{"pairwise-up-to": "x"}}, `backend sat: pairwise-up-to "x": want an integer ≥ 2`},
	}
	for _, c := range cases {
		_, err := solveBoard(ctx, c.be, c.b, c.req)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s %+v: got %v, want %s…", c.be.Name(), c.req, err, c.want)
		}
	}
	// The guard is the size of the formula, not the number of free rows:
	// 3001 free rows (more than the 3000 the backends used to take) with
	// the product encoding are accepted when the machine has the memory
	// the estimate asks for. The context is cancelled at once: Run stops
	// while loading the formula.
	v, c, err := encode.CNFSize(encode.Empty(3001), encode.CNFOptions{AMO: encode.Product, Dense: true})
	if err != nil {
		t.Fatal(err)
	}
	need := satbackend.SATMemoryEstimate(v, c)
	if need < 8<<30 || need > 24<<30 {
		t.Errorf("product n=3001: %d variables, %d clauses, estimated %d bytes", v, c, need)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	out, err := backend.SolveBoard(cctx, be, encode.Empty(3001), backend.Request{Mode: backend.Find, Options: map[string]string{"amo": "product"}})
	if need <= satbackend.SATMemoryLimit() {
		if err != nil || out.Status != backend.Interrupted || out.Stats["clauses"] != uint64(c) {
			t.Errorf("product n=3001 (%.1f GB of %.1f): %v, %v", float64(need)/1e9, float64(satbackend.SATMemoryLimit())/1e9, out, err)
		}
	} else if err == nil || !strings.Contains(err.Error(), "which would take about") {
		t.Errorf("product n=3001 (%.1f GB of %.1f): %v, %v", float64(need)/1e9, float64(satbackend.SATMemoryLimit())/1e9, out.Status, err)
	}
	// The fixed backend accepts its own encoding by name.
	if out, err := backend.SolveBoard(ctx, fixed, encode.Empty(5), backend.Request{Options: map[string]string{"amo": "binomial"}}); err != nil || out.Solutions != 10 {
		t.Errorf("sat-pairwise amo=binomial: %d %v", out.Solutions, err)
	}
}

// TestSATCancel: a run whose context ends stops with Timeout or
// Interrupted and a partial count (a lower bound).
func TestSATCancel(t *testing.T) {
	be, _ := backend.Lookup("sat")
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	out, err := backend.SolveBoard(ctx, be, encode.Empty(11), backend.Request{Mode: backend.Count})
	if err != nil {
		t.Fatal(err)
	}
	if out.Status != backend.Timeout || out.Solutions >= 2680 {
		t.Errorf("n=11 under 100ms: %d solutions, status %v; want a partial count and timeout", out.Solutions, out.Status)
	}
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	out, err = backend.SolveBoard(ctx, be, encode.Empty(200), backend.Request{Mode: backend.Find, Limit: 1})
	if err != nil || out.Status != backend.Interrupted || out.Solutions != 0 {
		t.Errorf("cancelled n=200: %d solutions, %v, %v", out.Solutions, out.Status, err)
	}
}

// TestSATDIMACSRoundTripGini writes the CNF of boards with every encoding
// and numbering, reads it back with gini's own DIMACS reader
// (gini.NewDimacs), solves it with gini directly and decodes the model
// through the formula: satisfiability agrees with the oracle and every
// completion verifies. The same text read by sat.ReadDIMACS enumerates to
// the oracle's count.
func TestSATDIMACSRoundTripGini(t *testing.T) {
	oracle := satOracle(t)
	var bs []encode.Board
	for n := 4; n <= 9; n++ {
		for i := uint64(0); i < 3; i++ {
			b, err := encode.Generate(n, n/3, 7, i)
			if err != nil {
				t.Fatal(err)
			}
			bs = append(bs, b)
		}
	}
	bs = append(bs, encode.Empty(2), encode.Empty(8))
	for _, b := range bs {
		want, err := backend.SolveBoard(context.Background(), oracle, b, backend.Request{Mode: backend.Count})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range encode.AMOEncodings() {
			for _, o := range []encode.CNFOptions{{AMO: a}, {AMO: a, Dense: true}, {AMO: a, KeepAttacked: true}, {AMO: a, PairwiseUpTo: 2}} {
				f, err := encode.CNFWith(b, o)
				if err != nil {
					t.Fatal(err)
				}
				var buf bytes.Buffer
				if err := f.WriteDIMACS(&buf); err != nil {
					t.Fatal(err)
				}
				text := buf.Bytes()
				g, err := gini.NewDimacs(bytes.NewReader(text))
				if err != nil {
					t.Fatalf("gini rejects our DIMACS: %v", err)
				}
				r := g.Solve()
				if (r == 1) != (want.Solutions > 0) || r == 0 {
					t.Fatalf("n=%d %v %+v: gini says %d, %s counts %d", b.N, b.Queens, o, r, oracle.Name(), want.Solutions)
				}
				if r == 1 {
					p, err := f.Decode(func(v int) bool { return g.Value(z.Dimacs2Lit(v)) })
					if err != nil {
						t.Fatal(err)
					}
					if err := encode.Verify(b.Problem(), p); err != nil {
						t.Fatalf("gini's model of our DIMACS: %v", err)
					}
				}
				s := sat.New()
				info, err := sat.ReadDIMACS(bytes.NewReader(text), "rt.cnf", s)
				if err != nil || len(info.Warnings) > 0 || info.Vars != f.Vars() || info.Clauses != f.Clauses() {
					t.Fatalf("sat.ReadDIMACS: %+v %v", info, err)
				}
				cnt, st := s.Enumerate(context.Background(), f.DecisionVars(), 0, nil)
				if cnt != want.Solutions || st != sat.Unsat {
					t.Errorf("n=%d %v %+v: %d models read back, want %d", b.N, b.Queens, o, cnt, want.Solutions)
				}
			}
		}
	}
}

// SATSink keeps benchmark results alive.
var SATSink uint64

// satTooLarge reports why the formula of the empty board of order n with
// encoding amo is left out of the large-n benchmarks, or "" when it is run:
// more than 50 million clauses (pairwise from n = 300, bimander alone at
// n = 1000) take gigabytes and most of the time just to load.
func satTooLarge(t testing.TB, n int, amo encode.AMOEncoding) string {
	_, clauses, err := encode.CNFSize(encode.Empty(n), encode.CNFOptions{AMO: amo, Dense: true})
	if err != nil {
		t.Fatal(err)
	}
	if clauses > 50_000_000 {
		return fmt.Sprintf("%d clauses", clauses)
	}
	return ""
}

// BenchmarkSAT times the first solution of the empty board with each
// at-most-one encoding (encoding and loading into gini included), and
// reports the formula size and the processor time per run (cpu-s/op, less
// sensitive than the wall time to other work on the machine). With
// -sat.long it goes up to n = 1000; a run is given up after 3 minutes.
// Gini is deterministic: repeats differ only by the machine's noise,
// neighbouring n by the luck of the search.
func BenchmarkSAT(b *testing.B) {
	ns := []int{8, 16, 32, 64, 100}
	if *satLong {
		ns = append(ns, 200, 500, 1000)
	}
	for _, n := range ns {
		for _, name := range satEncodingNames() {
			be, _ := backend.Lookup(name)
			amo, _ := encode.ParseAMO(strings.TrimPrefix(name, "sat-"))
			b.Run(fmt.Sprintf("n=%d/amo=%s", n, amo), func(b *testing.B) {
				if why := satTooLarge(b, n, amo); why != "" {
					b.Skip(why)
				}
				var out backend.Outcome
				cpu0, cpuOK := satCPU()
				for b.Loop() {
					ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
					var err error
					out, err = backend.SolveBoard(ctx, be, encode.Empty(n), backend.Request{Mode: backend.Find, Limit: 1})
					cancel()
					if out.Status == backend.Timeout {
						b.Skipf("no solution within 3 minutes (%d clauses)", out.Stats["clauses"])
					}
					if err != nil || out.Solutions != 1 {
						b.Fatalf("%v %v", out, err)
					}
					SATSink += out.Solutions
				}
				if cpu1, ok := satCPU(); ok && cpuOK {
					b.ReportMetric((cpu1-cpu0)/float64(b.N), "cpu-s/op")
				}
				b.ReportMetric(float64(out.Stats["variables"]), "vars")
				b.ReportMetric(float64(out.Stats["clauses"]), "clauses")
			})
		}
	}
}

// BenchmarkSATCount counts the 92 solutions of n = 8 by enumeration with
// each encoding.
func BenchmarkSATCount(b *testing.B) {
	for _, n := range []int{8, 10} {
		for _, name := range satEncodingNames() {
			be, _ := backend.Lookup(name)
			b.Run("n="+strconv.Itoa(n)+"/amo="+strings.TrimPrefix(name, "sat-"), func(b *testing.B) {
				for b.Loop() {
					out, err := backend.SolveBoard(context.Background(), be, encode.Empty(n), backend.Request{Mode: backend.Count})
					if err != nil {
						b.Fatal(err)
					}
					SATSink += out.Solutions
				}
			})
		}
	}
}

// BenchmarkSATDropAttacked measures what leaving out the squares that the
// given queens take or attack buys (encode.CNF's default) against encoding
// every square with the given queens as unit clauses only
// (CNFOptions.KeepAttacked): time to the first completion or to the proof
// that there is none, with the default encoding, on random completion
// instances (encode.Generate).
func BenchmarkSATDropAttacked(b *testing.B) {
	for _, n := range []int{30, 60, 100} {
		for _, k := range []int{n / 4, n / 2} {
			var boards []encode.Board
			for i := uint64(0); i < 3; i++ {
				bd, err := encode.Generate(n, k, 99, i)
				if err != nil {
					b.Fatal(err)
				}
				boards = append(boards, bd)
			}
			for _, keep := range []bool{false, true} {
				name := fmt.Sprintf("n=%d/k=%d/attacked=%s", n, k, map[bool]string{false: "dropped", true: "kept"}[keep])
				b.Run(name, func(b *testing.B) {
					vars, clauses := 0, 0
					for b.Loop() {
						vars, clauses = 0, 0
						for _, bd := range boards {
							f, err := encode.CNFWith(bd, encode.CNFOptions{AMO: encode.DefaultAMO, KeepAttacked: keep})
							if err != nil {
								b.Fatal(err)
							}
							s := sat.NewSize(f.Vars(), f.Clauses())
							f.Encode(s)
							if s.Solve(context.Background()) == sat.Sat {
								SATSink++
							}
							vars += f.Squares()
							clauses += f.Clauses()
						}
					}
					b.ReportMetric(float64(vars)/float64(len(boards)), "squares")
					b.ReportMetric(float64(clauses)/float64(len(boards)), "clauses")
				})
			}
		}
	}
}

// TestSATTable prints, with -sat.long, the size of the formula of the empty
// board for n = 50 … 1000 with each encoding and the time gini takes to the
// first solution (encoding and loading included), wall and processor
// seconds, each run limited to two minutes; every solution is verified.
func TestSATTable(t *testing.T) {
	if !*satLong {
		t.Skip("the large-n table takes many minutes: run with -sat.long")
	}
	t.Logf("%5s %-17s %10s %12s %9s %9s %s", "n", "amo", "variables", "clauses", "seconds", "cpu-s", "status")
	for _, n := range []int{50, 100, 200, 500, 1000} {
		for _, a := range encode.AMOEncodings() {
			f, err := encode.CNF(encode.Empty(n), a)
			if err != nil {
				t.Fatal(err)
			}
			if why := satTooLarge(t, n, a); why != "" {
				t.Logf("%5d %-17s %10d %12d %9s %9s not run (%s)", n, a, f.Vars(), f.Clauses(), "-", "-", why)
				continue
			}
			be, _ := backend.Lookup("sat-" + a.String())
			runtime.GC()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			cpu0, _ := satCPU()
			found := 0
			out, err := backend.SolveBoard(ctx, be, encode.Empty(n), backend.Request{Mode: backend.Find, Limit: 1, Visit: func(p encode.Placement) bool {
				if err := encode.Verify(encode.Empty(n).Problem(), p); err != nil {
					t.Errorf("n=%d %v: %v", n, a, err)
				}
				found++
				return false
			}})
			cpu1, ok := satCPU()
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if out.Status == backend.OK && found != 1 {
				t.Errorf("n=%d %v: %d solutions", n, a, found)
			}
			cpu := "-"
			if ok {
				cpu = fmt.Sprintf("%.2f", cpu1-cpu0)
			}
			t.Logf("%5d %-17s %10d %12d %9.2f %9s %v", n, a, f.Vars(), f.Clauses(), out.Elapsed.Seconds(), cpu, out.Status)
		}
	}
}
