package search_test

import (
	"context"
	"math/bits"
	"slices"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
	"github.com/qtool-project/qtool/search"
)

// TestBitmaskTraceCounts checks the traced bitmask search against the
// untraced one: for n = 4..8 (and boards with given queens) the same nodes
// and solutions as BitmaskCount without symmetry and as BitmaskFind, the
// OEIS counts on empty boards, the same solutions in the same order as
// BitmaskFind, one place event per node, removes matching places, the free
// mask of each place holding its column and the queens so far attacking no
// free square, and every solution checked by the verifier.
func TestBitmaskTraceCounts(t *testing.T) {
	ref := oracle.Counts(t)
	ctx := context.Background()
	var boards []encode.Board
	for n := 4; n <= 8; n++ {
		boards = append(boards, encode.Empty(n))
	}
	boards = append(boards, encode.Empty(1), encode.Empty(3), encode.Board{N: 8, Queens: []int{-1, 2, -1, -1, 6, -1, -1, -1}},
		encode.Board{N: 6, Queens: []int{1, 3}}, encode.Board{N: 5, Queens: []int{0, 2, 4, 1, 3}})
	for _, b := range boards {
		count, err := search.BitmaskCount(ctx, b, search.BitmaskOptions{Symmetry: search.BitmaskNone, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		var want []encode.Placement
		find, err := search.BitmaskFind(ctx, b, search.BitmaskOptions{}, func(p encode.Placement) bool {
			want = append(want, slices.Clone(p))
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		var places, removes, sols, dead uint64
		var got []encode.Placement
		st, err := search.BitmaskTrace(ctx, b, func(p encode.Placement) bool {
			if err := encode.Verify(b.Problem(), p); err != nil {
				t.Errorf("%v: traced solution %v: %v", b, p, err)
			}
			got = append(got, slices.Clone(p))
			return true
		}, func(e *search.BitmaskEvent) bool {
			switch e.Kind {
			case search.BitmaskPlace:
				places++
				if e.Stats.Nodes != places || e.Free&(1<<uint(e.Col)) == 0 || bits.TrailingZeros64(e.Free) != e.Col || e.Queens[e.Row] != e.Col {
					t.Fatalf("%v: place %d on (%d,%d) free %b nodes %d", b, places, e.Row, e.Col, e.Free, e.Stats.Nodes)
				}
				for c := 0; c < b.N; c++ {
					if e.Free&(1<<uint(c)) != 0 && attacked(e.Queens, e.Row, c) {
						t.Fatalf("%v: (%d,%d) marked free but attacked by %v", b, e.Row, c, e.Queens)
					}
				}
			case search.BitmaskRemove:
				removes++
			case search.BitmaskDeadEnd:
				dead++
				if e.Free != 0 || e.Col != -1 {
					t.Fatalf("%v: dead end with free %b", b, e.Free)
				}
			case search.BitmaskSolution:
				sols++
				if e.Stats.Solutions != sols {
					t.Fatalf("%v: solution event %d carries %d", b, sols, e.Stats.Solutions)
				}
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		if st.Nodes != count.Nodes || st.Solutions != count.Solutions || st.Nodes != find.Nodes || st.Solutions != find.Solutions {
			t.Errorf("%v: traced %d nodes %d solutions; BitmaskCount %d, %d; BitmaskFind %d, %d", b, st.Nodes, st.Solutions, count.Nodes, count.Solutions, find.Nodes, find.Solutions)
		}
		if places != st.Nodes || removes != places || sols != st.Solutions {
			t.Errorf("%v: %d places %d removes %d solution events for %+v", b, places, removes, sols, st)
		}
		if b.Given() == 0 && st.Solutions != ref[b.N][0] {
			t.Errorf("n=%d: traced %d solutions, OEIS %d", b.N, st.Solutions, ref[b.N][0])
		}
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%v: traced solutions %v, BitmaskFind %v", b, got, want)
		}
		if b.N == 8 && b.Given() == 0 && (st.Nodes != 2056 || dead == 0) {
			t.Errorf("n=8: %d nodes, %d dead ends", st.Nodes, dead)
		}
	}
}

// TestBitmaskTraceStop: a hook returning false ends the search at once.
func TestBitmaskTraceStop(t *testing.T) {
	calls := 0
	st, err := search.BitmaskTrace(context.Background(), encode.Empty(8), nil, func(*search.BitmaskEvent) bool {
		calls++
		return calls < 5
	})
	if err != nil || calls != 5 || st.Nodes > 5 {
		t.Errorf("%d calls, %+v, %v", calls, st, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := search.BitmaskTrace(ctx, encode.Empty(14), nil, nil); err == nil {
		t.Error("a cancelled context ran to the end")
	}
	if _, err := search.BitmaskTrace(context.Background(), encode.Empty(65), nil, nil); err == nil {
		t.Error("n = 65 accepted")
	}
}

func attacked(q []int, r, c int) bool {
	for qr, qc := range q {
		if qc >= 0 && qr != r && (qc == c || qr-qc == r-c || qr+qc == r+c) {
			return true
		}
	}
	return false
}
