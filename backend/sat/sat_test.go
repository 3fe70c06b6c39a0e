package sat_test

import (
	"context"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
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
