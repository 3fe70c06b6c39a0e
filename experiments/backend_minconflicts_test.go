package experiments_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

func mcBackend(t testing.TB) backend.Backend {
	t.Helper()
	be, err := backend.Lookup("minconflicts")
	if err != nil {
		t.Fatal(err)
	}
	return be
}

// mcFind runs the backend in Find mode and returns what Visit received,
// each placement checked by the verifier.
func mcFind(t *testing.T, be backend.Backend, ctx context.Context, b encode.Board, req backend.Request) ([]encode.Placement, backend.Outcome) {
	t.Helper()
	var got []encode.Placement
	req.Mode, req.Limit = backend.Find, 1
	req.Visit = func(p encode.Placement) bool {
		if err := encode.Verify(b.Problem(), p); err != nil {
			t.Errorf("%s, n = %d: %v", be.Name(), b.N, err)
		}
		got = append(got, slices.Clone(p))
		return true
	}
	out, err := backend.SolveBoard(ctx, be, b, req)
	if err != nil {
		t.Fatalf("%s, n = %d: %v", be.Name(), b.N, err)
	}
	if out.Solutions != uint64(len(got)) {
		t.Errorf("%s, n = %d: reported %d solutions, visited %d", be.Name(), b.N, out.Solutions, len(got))
	}
	return got, out
}

func TestMinConflictsBackendCaps(t *testing.T) {
	c := mcBackend(t).Caps()
	if !c.Find || !c.Complete || c.Count || c.All || c.Exact || c.Unique || c.Shards {
		t.Errorf("unexpected caps for minconflicts: %+v", c)
	}
}

func TestMinConflictsBackendFind(t *testing.T) {
	be := mcBackend(t)
	ctx := context.Background()
	for _, n := range []int{1, 4, 5, 8, 13, 50, 99, 1000, 100_000} {
		for seed := int64(1); seed <= 3; seed++ {
			got, out := mcFind(t, be, ctx, encode.Empty(n), backend.Request{Seed: seed, Limit: 1})
			if len(got) != 1 || out.Status != backend.OK {
				t.Fatalf("n = %d, seed %d: %d solutions, status %v", n, seed, len(got), out.Status)
			}
			for _, k := range []string{"steps", "swaps", "restarts", "initial_conflicts"} {
				if _, ok := out.Stats[k]; !ok {
					t.Errorf("n = %d: stats lack %q: %v", n, k, out.Stats)
				}
			}
			if out.Stats["steps"] < out.Stats["swaps"] {
				t.Errorf("n = %d: more swaps than steps: %v", n, out.Stats)
			}
		}
	}
	// Same seed, same placement.
	a, _ := mcFind(t, be, ctx, encode.Empty(3000), backend.Request{Seed: 9})
	b, _ := mcFind(t, be, ctx, encode.Empty(3000), backend.Request{Seed: 9})
	if !slices.Equal(a[0], b[0]) {
		t.Error("seed 9 gave two different placements")
	}
}

func TestMinConflictsBackendNoSolution(t *testing.T) {
	be := mcBackend(t)
	for _, n := range []int{2, 3} {
		got, out := mcFind(t, be, context.Background(), encode.Empty(n), backend.Request{})
		if len(got) != 0 || out.Status != backend.OK {
			t.Errorf("n = %d: got %d solutions, status %v; want the final answer none (status ok)", n, len(got), out.Status)
		}
	}
}

// TestMinConflictsBackendCompletion checks min-conflicts against the exact
// backtracking backend on generated completion instances: it completes
// every board that has a completion, and on the others it gives up with
// Status Unknown, never a final "none".
func TestMinConflictsBackendCompletion(t *testing.T) {
	be := mcBackend(t)
	exact, err := backend.Lookup("backtrack")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	solvable, unsolvable := 0, 0
	for n := 6; n <= 14; n++ {
		for _, k := range []int{2, n / 3, n / 2, 2 * n / 3} {
			for i := uint64(0); i < 6; i++ {
				b, err := encode.Generate(n, k, 31, i)
				if err != nil {
					t.Fatal(err)
				}
				ref, err := backend.SolveBoard(ctx, exact, b, backend.Request{Mode: backend.Find, Limit: 1, Visit: func(encode.Placement) bool { return false }})
				if err != nil {
					t.Fatal(err)
				}
				got, out := mcFind(t, be, ctx, b, backend.Request{Seed: int64(i), Options: map[string]string{"restarts": "20"}})
				switch {
				case ref.Solutions > 0:
					solvable++
					if len(got) != 1 || out.Status != backend.OK {
						t.Errorf("board %+v has a completion, minconflicts: %d solutions, status %v, stats %v", b, len(got), out.Status, out.Stats)
					}
				default:
					unsolvable++
					if len(got) != 0 || out.Status != backend.Unknown {
						t.Errorf("board %+v has no completion, minconflicts: %d solutions, status %v", b, len(got), out.Status)
					}
				}
			}
		}
	}
	if solvable < 30 || unsolvable < 30 {
		t.Errorf("instance set too one-sided: %d solvable, %d unsolvable", solvable, unsolvable)
	}
}

func TestMinConflictsBackendLargeCompletion(t *testing.T) {
	const n = 200_000
	sol, err := search.Construct(n)
	if err != nil {
		t.Fatal(err)
	}
	// Free a random third of the rows. (A regular third, every third row,
	// leaves a unique completion that local search does not find.)
	b := encode.Board{N: n, Queens: slices.Clone(sol)}
	rng := rand.New(rand.NewPCG(3, 4))
	for r := range b.Queens {
		if rng.IntN(3) == 0 {
			b.Queens[r] = -1
		}
	}
	got, out := mcFind(t, mcBackend(t), context.Background(), b, backend.Request{Seed: 1})
	if len(got) != 1 {
		t.Fatalf("no completion: status %v, stats %v", out.Status, out.Stats)
	}
}

// mcUnsolvable is a 4×4 board with a queen in a corner: no 4-queens solution
// has one.
var mcUnsolvable = encode.Board{N: 4, Queens: []int{0, -1, -1, -1}}

func TestMinConflictsBackendBudgetAndOptions(t *testing.T) {
	be := mcBackend(t)
	ctx := context.Background()
	_, out := mcFind(t, be, ctx, mcUnsolvable, backend.Request{Options: map[string]string{"steps": "50", "restarts": "2", "partners": "4", "walk": "0.5", "tries": "3"}})
	if out.Status != backend.Unknown || out.Stats["steps"] != 150 || out.Stats["restarts"] != 2 {
		t.Errorf("unexpected outcome with a budget of 3 tries of 50 steps: status %v, stats %v", out.Status, out.Stats)
	}
	for _, opts := range []map[string]string{
		{"steps": "-1"},
		{"steps": "many"},
		{"restarts": "-2"},
		{"walk": "2"},
		{"walk": "NaN"},
		{"partner": "4"},
	} {
		if _, err := backend.SolveBoard(ctx, be, encode.Empty(8), backend.Request{Mode: backend.Find, Limit: 1, Options: opts}); err == nil || !strings.HasPrefix(err.Error(), "backend ") {
			t.Errorf("options %v: got %v, want an error", opts, err)
		}
	}
}

func TestMinConflictsBackendRefuses(t *testing.T) {
	be := mcBackend(t)
	ctx := context.Background()
	for _, req := range []backend.Request{
		{Mode: backend.Count},
		{Mode: backend.Find, Unique: true},
		{Mode: backend.Find, Shard: &backend.Shard{Index: 0, Count: 2}},
	} {
		if _, err := solveBoard(ctx, be, encode.Empty(8), req); err == nil {
			t.Errorf("request %+v: no error", req)
		}
	}
	if _, err := backend.SolveBoard(ctx, be, encode.Board{N: 4, Queens: []int{0, 1}}, backend.Request{Mode: backend.Find, Limit: 1}); err == nil {
		t.Error("invalid board: no error")
	}
}

func TestMinConflictsBackendEarlyEnd(t *testing.T) {
	be := mcBackend(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, out := mcFind(t, be, ctx, encode.Empty(1_000_000), backend.Request{})
	if len(got) != 0 || out.Status != backend.Interrupted {
		t.Errorf("cancelled: %d solutions, status %v; want interrupted", len(got), out.Status)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	got, out = mcFind(t, be, ctx, mcUnsolvable, backend.Request{Options: map[string]string{"restarts": "-1"}})
	if len(got) != 0 || out.Status != backend.Timeout || out.Stats["steps"] == 0 {
		t.Errorf("time limit: %d solutions, status %v, stats %v; want timeout", len(got), out.Status, out.Stats)
	}
}
