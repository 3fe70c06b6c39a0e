package search

import (
	"context"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

// TestBacktrackMRVCounts: every value order is a complete search: the
// counts of n = 1..10 are A000170's, and a board with queens given has the
// completions of the row-by-row search; every solution listed is valid.
func TestBacktrackMRVCounts(t *testing.T) {
	want := []uint64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724}
	given := encode.Board{N: 9, Queens: []int{-1, 4, -1, -1, -1, -1, -1, -1, -1}}
	ref, err := Backtrack(context.Background(), given, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []ValueOrder{ValueLeft, ValueMiddle, ValueRandom} {
		for n := 1; n <= 10; n++ {
			st, err := BacktrackMRV(context.Background(), encode.Empty(n), o, 7, nil)
			if err != nil || st.Solutions != want[n-1] {
				t.Errorf("%v n=%d: %d solutions, %v; want %d", o, n, st.Solutions, err, want[n-1])
			}
		}
		seen := map[string]bool{}
		st, err := BacktrackMRV(context.Background(), given, o, 7, func(p encode.Placement) bool {
			if err := encode.Verify(given.Problem(), p); err != nil {
				t.Errorf("%v: %v: %v", o, p, err)
			}
			seen[p.String()] = true
			return true
		})
		if err != nil || st.Solutions != ref.Solutions || uint64(len(seen)) != ref.Solutions {
			t.Errorf("%v completions: %d (%d distinct), %v; want %d", o, st.Solutions, len(seen), err, ref.Solutions)
		}
	}
}

// TestBacktrackMRVFirst: the middle-out and the random orders find a first
// solution of n = 100 and 1000 within a few nodes a row (no timing).
func TestBacktrackMRVFirst(t *testing.T) {
	for _, o := range []ValueOrder{ValueMiddle, ValueRandom} {
		for _, n := range []int{100, 1000} {
			var got encode.Placement
			st, err := BacktrackMRV(context.Background(), encode.Empty(n), o, 1, func(p encode.Placement) bool {
				got = append(encode.Placement(nil), p...)
				return false
			})
			if err != nil || got == nil || st.Nodes > uint64(4*n) {
				t.Fatalf("%v n=%d: %+v, %v", o, n, st, err)
			}
			if err := encode.Verify(encode.Empty(n).Problem(), got); err != nil {
				t.Errorf("%v n=%d: %v", o, n, err)
			}
		}
	}
}
