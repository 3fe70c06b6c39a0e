package search

import (
	"context"
	"runtime"
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

// TestBacktrackMRVStopsPromptly: a node of BacktrackMRV costs O(n), so it
// looks at its context every few nodes on a large board, not every
// checkEvery nodes: cancelled before it starts, the count of n = 2000
// stops within checkNodes(8n) = 16 nodes (it ran 4096, O(n) each, before
// its first look: at n = 300,000 it ignored SIGTERM for minutes).
func TestBacktrackMRVStopsPromptly(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, o := range []ValueOrder{ValueLeft, ValueMiddle, ValueRandom} {
		st, err := BacktrackMRV(ctx, encode.Empty(2000), o, 1, nil)
		if err != context.Canceled || st.Nodes > 16 {
			t.Errorf("%v: %d nodes, %v; want at most 16 nodes and context.Canceled", o, st.Nodes, err)
		}
	}
	// The queens given are placed (O(n) each) under the same looks.
	b := encode.Board{N: 2000, Queens: make([]int, 2000)}
	for r := range b.Queens {
		b.Queens[r] = -1
		if r < 1000 {
			b.Queens[r] = 2 * r
		}
	}
	if st, err := BacktrackMRV(ctx, b, ValueMiddle, 1, nil); err != context.Canceled || st.Nodes != 0 {
		t.Errorf("given queens: %d nodes, %v; want 0 nodes and context.Canceled", st.Nodes, err)
	}
}

// TestBacktrackMRVMemory: the fixed value orders test each column at its
// turn instead of keeping a buffer of the free columns per level, which
// took O(n²) memory on the first levels of a large board: the first
// solution of n = 3000 (middle-out, about n nodes) allocates O(n).
func TestBacktrackMRVMemory(t *testing.T) {
	const n = 3000
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	found := false
	st, err := BacktrackMRV(context.Background(), encode.Empty(n), ValueMiddle, 1, func(p encode.Placement) bool {
		found = true
		return false
	})
	runtime.ReadMemStats(&after)
	if err != nil || !found {
		t.Fatalf("%+v, %v", st, err)
	}
	// The arrays of the search: some 30 bytes a row (flags, domains,
	// placement, the middle-out order), and the recursion's stack.
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("n = %d: %d bytes allocated, want at most 1 MiB (O(n))", n, got)
	}
}

// TestBacktrackMRVRandomAffine: beyond mrvShuffleMax rows the random order
// is an affine map per level, without a buffer. It is still a complete
// search (small boards, with the shuffles turned off: A000170, and every
// completion of a board with a queen given), it finds a first solution of
// n = 6000 that the verifier accepts, and it allocates O(n): the shuffle
// buffers took O(n²) (2.4 GB after 20 s at n = 300,000).
func TestBacktrackMRVRandomAffine(t *testing.T) {
	defer func(old int) { mrvShuffleMax = old }(mrvShuffleMax)
	mrvShuffleMax = 0
	want := []uint64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680}
	for n := 1; n <= 11; n++ {
		for _, seed := range []int64{1, 2} {
			st, err := BacktrackMRV(context.Background(), encode.Empty(n), ValueRandom, seed, nil)
			if err != nil || st.Solutions != want[n-1] {
				t.Errorf("n=%d seed %d: %d solutions, %v; want %d", n, seed, st.Solutions, err, want[n-1])
			}
		}
	}
	given := encode.Board{N: 9, Queens: []int{-1, 4, -1, -1, -1, -1, -1, -1, -1}}
	ref, err := Backtrack(context.Background(), given, nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	st, err := BacktrackMRV(context.Background(), given, ValueRandom, 5, func(p encode.Placement) bool {
		if err := encode.Verify(given.Problem(), p); err != nil {
			t.Errorf("%v: %v", p, err)
		}
		seen[p.String()] = true
		return true
	})
	if err != nil || st.Solutions != ref.Solutions || uint64(len(seen)) != ref.Solutions {
		t.Errorf("completions: %d (%d distinct), %v; want %d", st.Solutions, len(seen), err, ref.Solutions)
	}
	mrvShuffleMax = 4096
	const n = 6000
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var got encode.Placement
	st, err = BacktrackMRV(context.Background(), encode.Empty(n), ValueRandom, 3, func(p encode.Placement) bool {
		got = append(encode.Placement(nil), p...)
		return false
	})
	runtime.ReadMemStats(&after)
	if err != nil || got == nil {
		t.Fatalf("n = %d: %+v, %v", n, st, err)
	}
	if err := encode.Verify(encode.Empty(n).Problem(), got); err != nil {
		t.Errorf("n = %d: %v", n, err)
	}
	if a := after.TotalAlloc - before.TotalAlloc; a > 4<<20 {
		t.Errorf("n = %d: %d bytes allocated, want at most 4 MiB (O(n)); %+v", n, a, st)
	} else {
		t.Logf("n = %d: %d bytes, %+v", n, a, st)
	}
}

// TestBacktrackStopsPromptly: a node of the row-by-row search tests every
// free column, so on a large board it looks at its context after
// checkNodes of them, not every checkEvery nodes: cancelled before it
// starts, the search of n = 100,000 stops after checkNodes(n) = 2 nodes
// (it ran 4096 nodes of 10⁵ tests each: about a second late at n = 10⁶).
func TestBacktrackStopsPromptly(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	const n = 100_000
	st, err := Backtrack(ctx, encode.Empty(n), nil)
	if err != context.Canceled || st.Nodes > uint64(checkNodes(n)) {
		t.Errorf("n = %d: %d nodes, %v; want at most %d and context.Canceled", n, st.Nodes, err, checkNodes(n))
	}
}
