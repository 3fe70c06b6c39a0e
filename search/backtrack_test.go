package search_test

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
	"github.com/qtool-project/qtool/search"
)

func TestBacktrackOracles(t *testing.T) {
	for _, c := range []struct {
		n                      int
		solutions, nodes, test uint64
	}{
		{8, 92, 2057, 15720},
		{12, 14200, 856189, 10103868},
	} {
		st, err := search.Backtrack(context.Background(), encode.Empty(c.n), nil)
		if err != nil {
			t.Fatal(err)
		}
		if st.Solutions != c.solutions || st.Nodes != c.nodes || st.Tests != c.test {
			t.Errorf("n=%d: got %d solutions, %d nodes, %d tests; want %d, %d, %d", c.n, st.Solutions, st.Nodes, st.Tests, c.solutions, c.nodes, c.test)
		}
	}
}

func TestBacktrackCounts(t *testing.T) {
	ref := oracle.Counts(t)
	maxN := 14
	if testing.Short() {
		maxN = 11
	}
	for n := 1; n <= maxN; n++ {
		st, err := search.Backtrack(context.Background(), encode.Empty(n), nil)
		if err != nil {
			t.Fatal(err)
		}
		if st.Solutions != ref[n][0] {
			t.Errorf("unexpected count for n=%d: got %d want %d", n, st.Solutions, ref[n][0])
		}
	}
}

func TestBacktrackEnumeration(t *testing.T) {
	ref := oracle.Counts(t)
	for n := 1; n <= 10; n++ {
		var sols []encode.Placement
		_, err := search.Backtrack(context.Background(), encode.Empty(n), func(p encode.Placement) bool {
			if err := encode.Verify(encode.Empty(n).Problem(), p); err != nil {
				t.Fatalf("n=%d: %v", n, err)
			}
			sols = append(sols, append(encode.Placement(nil), p...))
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		if uint64(len(sols)) != ref[n][0] {
			t.Errorf("unexpected count for n=%d: got %d want %d", n, len(sols), ref[n][0])
		}
		set := map[string]bool{}
		for i, p := range sols {
			if i > 0 && !encode.Less(sols[i-1], p) {
				t.Errorf("n=%d: solutions out of lexicographic order: %v then %v", n, sols[i-1], p)
			}
			set[p.String()] = true
		}
		for _, p := range sols {
			for _, s := range encode.Symmetries {
				if !set[s.Apply(p).String()] {
					t.Errorf("n=%d: image of %v under %v missing", n, p, s)
				}
			}
		}
	}
	var first encode.Placement
	search.Backtrack(context.Background(), encode.Empty(8), func(p encode.Placement) bool {
		first = append(first, p...)
		return false
	})
	if first.String() != "0 4 7 5 2 6 1 3" {
		t.Errorf("first solution for n=8: got %v want 0 4 7 5 2 6 1 3", first)
	}
}

func TestBacktrackCompletion(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	nonzero := 0
	for i := 0; i < 300; i++ {
		n := 4 + rng.IntN(8)
		b := oracle.RandomBoard(rng, n, 1+rng.IntN(n/2+1))
		want := uint64(len(oracle.Completions(b)))
		var got uint64
		st, err := search.Backtrack(context.Background(), b, func(p encode.Placement) bool {
			if err := encode.Verify(b.Problem(), p); err != nil {
				t.Fatalf("%+v: %v", b, err)
			}
			got++
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		if got != want || st.Solutions != want {
			t.Errorf("completions of %+v: got %d (%d) want %d", b, got, st.Solutions, want)
		}
		if want > 0 {
			nonzero++
		}
	}
	if nonzero < 30 {
		t.Errorf("only %d of the random boards have completions: the test is too weak", nonzero)
	}
}

func TestBacktrackLargeBoard(t *testing.T) {
	// A 3,000-row board filled from a solution but for 10 rows: the search
	// works on the free rows and columns only.
	n := 3000
	sol, err := search.Construct(n)
	if err != nil {
		t.Fatal(err)
	}
	if err := encode.Verify(encode.Empty(n).Problem(), sol); err != nil {
		t.Fatal(err)
	}
	b := encode.Board{N: n, Queens: append([]int(nil), sol...)}
	for _, r := range []int{0, 7, 100, 1499, 1500, 2000, 2500, 2997, 2998, 2999} {
		b.Queens[r] = -1
	}
	var found encode.Placement
	st, err := search.Backtrack(context.Background(), b, func(p encode.Placement) bool {
		found = append(found, p...)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.Solutions < 1 {
		t.Fatal("no completion found for a board made from a solution")
	}
	if err := encode.Verify(b.Problem(), found[:n]); err != nil {
		t.Fatal(err)
	}
	if st.Tests > 10*10*st.Nodes {
		t.Errorf("%d tests for %d nodes: the search is not restricted to free columns", st.Tests, st.Nodes)
	}
}

func TestBacktrackCancel(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	st, err := search.Backtrack(ctx, encode.Empty(30), nil)
	if err == nil {
		t.Fatalf("n=30 finished in 20ms: %+v", st)
	}
	if ctx.Err() == nil || err != ctx.Err() {
		t.Errorf("got %v, want the context's error", err)
	}
}

func TestBacktrackInvalid(t *testing.T) {
	if _, err := search.Backtrack(context.Background(), encode.Board{N: 4, Queens: []int{0, 1}}, nil); err == nil {
		t.Error("attacking given queens accepted")
	}
}

// BacktrackSink keeps benchmark results alive.
var BacktrackSink uint64

func BenchmarkBacktrack(b *testing.B) {
	for _, n := range []int{8, 12, 14} {
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				st, _ := search.Backtrack(context.Background(), encode.Empty(n), nil)
				BacktrackSink += st.Solutions
			}
		})
	}
}
