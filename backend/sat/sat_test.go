package sat_test

import (
	"context"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
	satbackend "github.com/qtool-project/qtool/backend/sat"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/sat"
)

// queensCounts are the numbers of solutions of n queens, n = 0..9 (OEIS
// A000170).
var queensCounts = []uint64{1, 1, 0, 0, 2, 10, 4, 40, 92, 352}

// TestSATOptionsCount counts the empty boards of order 1 to 9 with backend
// sat under the options that choose the formula: amo auto (the default's
// name), the compact formula's settings stated one by one (product,
// pairwise up to 8, shuffled numbering) and other shuffles of other
// encodings, against the reference counts; and finds a first solution
// with each, checked by encode.Verify.
func TestSATOptionsCount(t *testing.T) {
	ctx := context.Background()
	be, err := backend.Lookup("sat")
	if err != nil {
		t.Fatal(err)
	}
	for _, opt := range []map[string]string{
		{"amo": "auto"},
		{"amo": "AUTO"},
		{"amo": "product", "pairwise-up-to": "8", "shuffle": "1"},
		{"amo": "product", "pairwise-up-to": "2", "shuffle": "12345"},
		{"amo": "sequential", "shuffle": "2"},
		{"amo": "commander", "shuffle": "3", "pairwise-up-to": "2"},
		{"amo": "bimander", "shuffle": "4", "pairwise-up-to": "2"},
		{"amo": "product-bimander", "shuffle": "5", "pairwise-up-to": "3"},
		{"amo": "pairwise", "shuffle": "0"},
	} {
		for n := 1; n <= 9; n++ {
			p := encode.Empty(n).Problem()
			out, err := backend.Solve(ctx, be, p, backend.Request{Mode: backend.Count, Options: opt})
			if err != nil {
				t.Fatalf("%v n=%d: %v", opt, n, err)
			}
			if out.Solutions != queensCounts[n] {
				t.Errorf("%v n=%d: %d solutions, want %d", opt, n, out.Solutions, queensCounts[n])
			}
			var first encode.Placement
			out, err = backend.Solve(ctx, be, p, backend.Request{Mode: backend.Find, Limit: 1, Options: opt,
				Visit: func(pl encode.Placement) bool { first = append(encode.Placement(nil), pl...); return true }})
			if err != nil {
				t.Fatalf("%v n=%d find: %v", opt, n, err)
			}
			if want := min(queensCounts[n], 1); out.Solutions != want {
				t.Fatalf("%v n=%d find: %d solutions, want %d", opt, n, out.Solutions, want)
			}
			if out.Solutions == 1 {
				if err := encode.Verify(p, first); err != nil {
					t.Errorf("%v n=%d: the first solution %v: %v", opt, n, first, err)
				}
			}
		}
	}
}

// TestSATShuffleBadValue checks that a shuffle that is not a number is a
// one-line error naming the option.
func TestSATShuffleBadValue(t *testing.T) {
	ctx := context.Background()
	be, _ := backend.Lookup("sat")
	_, err := backend.Solve(ctx, be, encode.Empty(6).Problem(), backend.Request{Mode: backend.Count, Options: map[string]string{"shuffle": "x"}})
	if err == nil || !strings.Contains(err.Error(), "shuffle") || strings.Contains(err.Error(), "\n") {
		t.Errorf("shuffle x: error %v, want one line naming the option", err)
	}
}

// TestSATCompactRestarts runs the default's compact formula on the
// smallest empty board that gets it (n = 595) with a memory limit that
// every search passes at once: the backend drops three searches, each
// under the next numbering, and the fourth, without limit, finds a
// solution that encode.Verify accepts.
func TestSATCompactRestarts(t *testing.T) {
	if testing.Short() {
		t.Skip("four loads of a formula of 3 million clauses")
	}
	if _, ok := sat.ResidentMemory(); !ok {
		t.Skip("the memory limit needs the resident memory, read on Linux only")
	}
	b := encode.Empty(595)
	if _, compact, err := encode.DefaultCNFOptions(b); err != nil || !compact {
		t.Fatalf("n = 595: compact %v, %v; want the compact formula", compact, err)
	}
	defer satbackend.SetCompactLimit(func(uint64) uint64 { return 1 })()
	be, _ := backend.Lookup("sat")
	var first encode.Placement
	out, err := backend.Solve(context.Background(), be, b.Problem(), backend.Request{Mode: backend.Find, Limit: 1,
		Visit: func(p encode.Placement) bool { first = append(encode.Placement(nil), p...); return true }})
	if err != nil {
		t.Fatal(err)
	}
	if out.Solutions != 1 || out.Stats["restarts"] != 3 || out.Stats["solver-calls"] != 4 {
		t.Fatalf("%d solutions, stats %v; want 1, 3 restarts, 4 solver calls", out.Solutions, out.Stats)
	}
	if err := encode.Verify(b.Problem(), first); err != nil {
		t.Errorf("the solution: %v", err)
	}
}
