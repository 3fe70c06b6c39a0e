package search_test

import (
	"context"
	"runtime"
	"slices"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// mcPairs counts the attacking pairs of a full placement by brute force.
func mcPairs(p []int) int64 {
	var k int64
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			if p[i] == p[j] || p[i]-p[j] == i-j || p[i]-p[j] == j-i {
				k++
			}
		}
	}
	return k
}

// TestMinConflictsTrace replays the trace of searches on small boards (empty
// and with given queens): the Place and Move events rebuild the placement,
// every Conflicts figure equals a recount of the attacking pairs, a picked
// queen is attacked by the number of queens it says, and the final replayed
// placement is the solution returned.
func TestMinConflictsTrace(t *testing.T) {
	ctx := context.Background()
	boards := []encode.Board{encode.Empty(4), encode.Empty(8), encode.Empty(30), {N: 8, Queens: []int{-1, -1, 4, -1, -1, -1, -1, -1}}}
	for _, b := range boards {
		for seed := int64(1); seed <= 20; seed++ {
			cur := make([]int, b.N)
			for r := range cur {
				cur[r] = b.Queen(r)
			}
			placed := 0
			kinds := map[search.MinConflictsEventKind]int{}
			var last uint64
			var bad string
			trace := func(e search.MinConflictsEvent) {
				if bad != "" {
					return
				}
				kinds[e.Kind]++
				if e.Step < last {
					bad = "step count went down"
				}
				last = e.Step
				switch e.Kind {
				case search.MinConflictsRestart:
					placed = 0
					return
				case search.MinConflictsPlace:
					cur[e.Row] = e.Col
					placed++
					if placed < b.N-b.Given() {
						return // pairs of a partial placement are not recounted
					}
				case search.MinConflictsPick:
					if cur[e.Row] != e.Col {
						bad = "picked queen is not where the trace put it"
						return
					}
					att := 0
					for r, c := range cur {
						if r != e.Row && (c == e.Col || c-e.Col == r-e.Row || c-e.Col == e.Row-r) {
							att++
						}
					}
					if att != e.Attackers || att == 0 {
						bad = "wrong attacker count of a picked queen"
						return
					}
				case search.MinConflictsMove:
					if cur[e.Row] != e.PartnerCol || cur[e.Partner] != e.Col {
						bad = "move does not swap the two queens' columns"
						return
					}
					cur[e.Row], cur[e.Partner] = e.Col, e.PartnerCol
				}
				if k := mcPairs(cur); k != e.Conflicts {
					bad = "conflicts after the event differ from a recount"
				}
			}
			p, st, err := search.MinConflicts(ctx, b, search.MinConflictsOptions{Seed: seed, Trace: trace})
			if err != nil {
				t.Fatalf("n = %d, seed %d: %v", b.N, seed, err)
			}
			if bad != "" {
				t.Fatalf("n = %d, seed %d: %s (at step %d)", b.N, seed, bad, last)
			}
			if !slices.Equal(p, cur) {
				t.Fatalf("n = %d, seed %d: replayed %v, returned %v", b.N, seed, cur, p)
			}
			if uint64(kinds[search.MinConflictsPick]) != st.Steps || uint64(kinds[search.MinConflictsMove]) != st.Swaps || uint64(kinds[search.MinConflictsRestart]) != st.Restarts {
				t.Fatalf("n = %d, seed %d: events %v, stats %+v", b.N, seed, kinds, st)
			}
			if kinds[search.MinConflictsPick] != kinds[search.MinConflictsMove]+kinds[search.MinConflictsStay] {
				t.Fatalf("n = %d, seed %d: a step neither moved nor stayed: %v", b.N, seed, kinds)
			}
		}
	}
}

// TestMinConflictsTraceSameSearch checks that a trace does not change the
// search: the same seed gives the same placement and stats with and without.
func TestMinConflictsTraceSameSearch(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{50, 1000, 20000} {
		p1, st1, err1 := search.MinConflicts(ctx, encode.Empty(n), search.MinConflictsOptions{Seed: 9})
		events := 0
		p2, st2, err2 := search.MinConflicts(ctx, encode.Empty(n), search.MinConflictsOptions{Seed: 9, Trace: func(search.MinConflictsEvent) { events++ }})
		if err1 != nil || err2 != nil || !slices.Equal(p1, p2) || st1 != st2 || events < n {
			t.Fatalf("n = %d: %v %+v / %v %+v, %d events", n, err1, st1, err2, st2, events)
		}
	}
}

// TestMinConflictsColumns checks that the compact form gives the same
// solution as MinConflicts, verified, and that n beyond its reach or
// below 1 is refused before allocating.
func TestMinConflictsColumns(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{1, 4, 5, 100, 100_001} {
		cols, st, err := search.MinConflictsColumns(ctx, n, search.MinConflictsOptions{Seed: 3})
		if err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
		p, st2, err := search.MinConflicts(ctx, encode.Empty(n), search.MinConflictsOptions{Seed: 3})
		if err != nil || st != st2 || len(p) != len(cols) {
			t.Fatalf("n = %d: %v %+v %+v", n, err, st, st2)
		}
		for r, c := range cols {
			if int(c) != p[r] {
				t.Fatalf("n = %d, row %d: %d, %d", n, r, c, p[r])
			}
		}
		if err := encode.Verify(encode.Empty(n).Problem(), p); err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
	}
	for _, n := range []int{0, -1, search.MinConflictsMaxN + 1} {
		if _, _, err := search.MinConflictsColumns(ctx, n, search.MinConflictsOptions{}); err == nil {
			t.Errorf("n = %d: no error", n)
		}
	}
}

// TestMinConflictsBytes compares the estimate with what the search really
// allocates: never less, and not more than a third above.
func TestMinConflictsBytes(t *testing.T) {
	for _, n := range []int{100_000, 2_000_000} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		cols, _, err := search.MinConflictsColumns(context.Background(), n, search.MinConflictsOptions{Seed: 1})
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		got := after.TotalAlloc - before.TotalAlloc
		est := search.MinConflictsBytes(n, 0)
		t.Logf("n = %d: estimate %d bytes, allocated %d", n, est, got)
		if est < got || est > got*4/3 {
			t.Errorf("n = %d: estimate %d bytes, allocated %d (%.2f bytes a queen)", n, est, got, float64(got)/float64(len(cols)))
		}
		if per := float64(est) / float64(n); n >= 1_000_000 && per > 6 {
			t.Errorf("n = %d: %.2f bytes a queen, want at most 6", n, per)
		}
	}
	if search.MinConflictsBytes(1000, 500) <= search.MinConflictsBytes(1000, 0) {
		t.Errorf("a board with given queens needs the list of free rows on top")
	}
}
