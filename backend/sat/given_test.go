package sat_test

import (
	"context"
	"testing"

	"github.com/qtool-project/qtool/backend"
	satbackend "github.com/qtool-project/qtool/backend/sat"
	"github.com/qtool-project/qtool/encode"
)

// staircase is the board of order n with k queens given on (i, 2i), i <
// k: no two share a row, a column (2i) or a diagonal (3i and −i).
func staircase(n, k int) encode.Board {
	q := make([]int, n)
	for r := range q {
		q[r] = -1
		if r < k {
			q[r] = 2 * r
		}
	}
	return encode.Board{N: n, Queens: q}
}

// firstRows is the board of order n with the queens of the first k rows
// of a solution of the empty board that backend be finds (so that it has
// a completion).
func firstRows(t *testing.T, be backend.Backend, n, k int) encode.Board {
	t.Helper()
	var sol encode.Placement
	_, err := backend.Solve(context.Background(), be, encode.Empty(n).Problem(), backend.Request{Mode: backend.Find, Limit: 1,
		Visit: func(p encode.Placement) bool { sol = append(encode.Placement(nil), p...); return true }})
	if err != nil || len(sol) != n {
		t.Fatalf("n=%d: %v, %v", n, sol, err)
	}
	q := make([]int, n)
	for r := range q {
		q[r] = -1
		if r < k {
			q[r] = sol[r]
		}
	}
	return encode.Board{N: n, Queens: q}
}

// TestSATCompletionDiagonalCounts checks which completion boards get the
// diagonal counts by default (encode.CNFOptions.DiagonalCounts): those of
// at most SATCubeMaxFree free rows, which cube and conquer decides, and
// no board with more free rows, on which the counter (about 2k² registers
// for k free rows) is larger than the squares' own variables and kept
// gini from finding any completion of n = 700 with 3 queens given in
// 120 s (docs/sat.md). The formula's size that the backend reports is
// compared with encode.CNFSize of the options stated, and with the
// figures it has: n = 100 with 3 queens given, 97 free rows, is product-
// bimander's 13,889 variables and 191,105 clauses, not the 50,851 and
// 283,080 it had with the counts. Every completion found is checked by
// encode.Verify (which keeps the given queens), and option diagonal-
// counts still overrides the default.
func TestSATCompletionDiagonalCounts(t *testing.T) {
	be, err := backend.Lookup("sat")
	if err != nil {
		t.Fatal(err)
	}
	free := satbackend.SATCubeMaxFree
	for _, tc := range []struct {
		b       encode.Board
		opt     map[string]string
		counts  bool
		vars    int // 0: not stated
		clauses int
	}{
		{b: staircase(100, 3), counts: false, vars: 13889, clauses: 191105},
		{b: staircase(100, 3), opt: map[string]string{"diagonal-counts": "true"}, counts: true, vars: 50851, clauses: 283080},
		{b: firstRows(t, be, 300, 300-free), counts: true},    // SATCubeMaxFree free rows
		{b: firstRows(t, be, 300, 300-free-1), counts: false}, // one more
		{b: encode.Empty(40), counts: false},
	} {
		opts, _, err := encode.DefaultCNFOptions(tc.b)
		if err != nil {
			t.Fatal(err)
		}
		opts.DiagonalCounts = tc.counts
		vars, clauses, err := encode.CNFSize(tc.b, opts)
		if err != nil {
			t.Fatal(err)
		}
		if tc.vars != 0 && (vars != tc.vars || clauses != tc.clauses) {
			t.Fatalf("n=%d, %d given, counts %v: CNFSize %d variables, %d clauses; want %d, %d", tc.b.N, tc.b.Given(), tc.counts, vars, clauses, tc.vars, tc.clauses)
		}
		var first encode.Placement
		out, err := backend.Solve(context.Background(), be, tc.b.Problem(), backend.Request{Mode: backend.Find, Limit: 1, Options: tc.opt,
			Visit: func(p encode.Placement) bool { first = append(encode.Placement(nil), p...); return true }})
		if err != nil {
			t.Fatalf("n=%d, %d given: %v", tc.b.N, tc.b.Given(), err)
		}
		if got := out.Stats["variables"]; got != uint64(vars) || out.Stats["clauses"] != uint64(clauses) {
			t.Errorf("n=%d, %d given, %v: %d variables, %d clauses; want %d, %d (diagonal counts %v)", tc.b.N, tc.b.Given(), tc.opt, got, out.Stats["clauses"], vars, clauses, tc.counts)
		}
		if out.Solutions != 1 {
			t.Fatalf("n=%d, %d given: %d solutions, want 1", tc.b.N, tc.b.Given(), out.Solutions)
		}
		if err := encode.Verify(tc.b.Problem(), first); err != nil {
			t.Errorf("n=%d, %d given: the completion %v: %v", tc.b.N, tc.b.Given(), first, err)
		}
	}
}
