package experiments_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/internal/oracle"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

func backends(t testing.TB, pred func(backend.Caps) bool) []backend.Backend {
	var out []backend.Backend
	for _, name := range backend.Names() {
		b, err := backend.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if pred(b.Caps()) {
			out = append(out, b)
		}
	}
	return out
}

// countLimit keeps counting by enumeration (sat) to small n.
func countLimit(b backend.Backend) int {
	if strings.HasPrefix(b.Name(), "sat") {
		return 8
	}
	return 11
}

// TestBackendsCountReference: every counting backend in the registry, on
// every n it is fast enough for, gives the OEIS count.
func TestBackendsCountReference(t *testing.T) {
	ref := oracle.All(t)
	for _, be := range backends(t, func(c backend.Caps) bool { return c.Count && !c.External }) {
		for n := 1; n <= countLimit(be); n++ {
			out, err := backend.SolveBoard(context.Background(), be, encode.Empty(n), backend.Request{Mode: backend.Count})
			if err != nil {
				t.Fatalf("%s n=%d: %v", be.Name(), n, err)
			}
			if out.Status != backend.OK || out.Solutions != ref[n] {
				t.Errorf("unexpected count for %q n=%d: got %d (%v) want %d", be.Name(), n, out.Solutions, out.Status, ref[n])
			}
		}
	}
}

// TestBackendsAgreeOnCompletion: on a set of generated completion
// instances every exact backend gives the same count (or, for backends that
// only find, a verified completion exactly when one exists), and every
// completion they return passes encode.Verify and keeps the given queens.
func TestBackendsAgreeOnCompletion(t *testing.T) {
	counters := backends(t, func(c backend.Caps) bool { return c.Count && c.Complete && !c.External })
	finders := backends(t, func(c backend.Caps) bool { return c.Find && c.Complete && !c.External })
	for _, c := range completionCases(t, 5, 12, func(n int) []int { return []int{1, n / 3, n / 2, n - 3} }, 2017, 4, 20) {
		b, want, i := c.Board, c.Solutions, c.I
		for _, be := range counters {
			if strings.HasPrefix(be.Name(), "sat") && want > 200 {
				continue
			}
			got := uint64(0)
			out, err := backend.SolveBoard(context.Background(), be, b, backend.Request{Mode: backend.Find, Visit: func(p encode.Placement) bool {
				if err := encode.Verify(b.Problem(), p); err != nil {
					t.Errorf("%s on %+v: %v", be.Name(), b, err)
				}
				got++
				return true
			}})
			if err != nil {
				t.Fatalf("%s: %v", be.Name(), err)
			}
			if got != want || out.Solutions != want {
				t.Errorf("%s disagrees on %+v: enumerated %d, reported %d, backtrack counts %d", be.Name(), b, got, out.Solutions, want)
			}
			cnt, err := backend.SolveBoard(context.Background(), be, b, backend.Request{Mode: backend.Count})
			if err != nil || cnt.Solutions != want {
				t.Errorf("%s count on %+v: %d, %v; want %d", be.Name(), b, cnt.Solutions, err, want)
			}
		}
		for _, be := range finders {
			found := 0
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			out, err := backend.SolveBoard(ctx, be, b, backend.Request{Mode: backend.Find, Limit: 1, Seed: int64(i), Visit: func(p encode.Placement) bool {
				if err := encode.Verify(b.Problem(), p); err != nil {
					t.Errorf("%s on %+v: %v", be.Name(), b, err)
				}
				found++
				return false
			}})
			cancel()
			if err != nil {
				t.Fatalf("%s: %v", be.Name(), err)
			}
			switch {
			case want == 0 && found > 0:
				t.Errorf("%s completed a board without completions: %+v", be.Name(), b)
			case want == 0 && be.Caps().Exact && out.Status != backend.OK:
				t.Errorf("%s: status %v on a board it should prove unsolvable", be.Name(), out.Status)
			case want == 0 && !be.Caps().Exact && out.Status == backend.OK:
				t.Errorf("%s (incomplete method) claims a final answer on an unsolvable board", be.Name())
			case want > 0 && be.Caps().Exact && found != 1:
				t.Errorf("%s found %d completions of a solvable board %+v", be.Name(), found, b)
			}
		}
	}
}

// TestBackendsLargeBoard: a 2,000-row board filled from a solution but for
// 12 rows is completed by every exact backend that completes boards.
func TestBackendsLargeBoard(t *testing.T) {
	n := 2000
	sol, err := search.Construct(n)
	if err != nil {
		t.Fatal(err)
	}
	b := encode.Board{N: n, Queens: append([]int(nil), sol...)}
	for i := 0; i < 12; i++ {
		b.Queens[(i*677+13)%n] = -1
	}
	if b.Given() != n-12 {
		t.Fatalf("%d queens given", b.Given())
	}
	for _, be := range backends(t, func(c backend.Caps) bool {
		return c.Find && c.Complete && !c.External && (c.MaxN == 0 || c.MaxN >= n)
	}) {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		found := false
		out, err := backend.SolveBoard(ctx, be, b, backend.Request{Mode: backend.Find, Limit: 1, Visit: func(p encode.Placement) bool {
			if err := encode.Verify(b.Problem(), p); err != nil {
				t.Errorf("%s: %v", be.Name(), err)
			}
			found = true
			return false
		}})
		cancel()
		if err != nil {
			t.Errorf("%s: %v", be.Name(), err)
			continue
		}
		if !found {
			t.Errorf("%s: no completion (status %v) in %v", be.Name(), out.Status, out.Elapsed)
		}
		t.Logf("%s completed the 2000-row board in %v", be.Name(), out.Elapsed)
	}
}
