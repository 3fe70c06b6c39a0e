package search_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
	"github.com/qtool-project/qtool/search"
)

// TestMinConflictsSmallAndMedium solves every n in 4..300 with several
// seeds and checks every answer with the independent verifier.
func TestMinConflictsSmallAndMedium(t *testing.T) {
	ctx := context.Background()
	for n := 1; n <= 300; n++ {
		if n == 2 || n == 3 {
			continue
		}
		for seed := int64(1); seed <= 5; seed++ {
			b := encode.Empty(n)
			p, st, err := search.MinConflicts(ctx, b, search.MinConflictsOptions{Seed: seed})
			if err != nil {
				t.Fatalf("n = %d, seed %d: %v (stats %+v)", n, seed, err, st)
			}
			if err := encode.Verify(b.Problem(), p); err != nil {
				t.Fatalf("n = %d, seed %d: %v", n, seed, err)
			}
		}
	}
}

func TestMinConflictsMillion(t *testing.T) {
	const n = 1_000_000
	b := encode.Empty(n)
	p, st, err := search.MinConflicts(context.Background(), b, search.MinConflictsOptions{Seed: 7})
	if err != nil {
		t.Fatalf("n = %d: %v (stats %+v)", n, err, st)
	}
	if err := encode.Verify(b.Problem(), p); err != nil {
		t.Fatalf("n = %d: %v", n, err)
	}
	if st.Steps == 0 || st.Steps < st.Swaps {
		t.Errorf("implausible stats for n = %d: %+v", n, st)
	}
}

func TestMinConflictsLong(t *testing.T) {
	if !*long {
		t.Skip("n = 10⁷: run with -long")
	}
	for _, n := range []int{10_000_000, 10_000_001} {
		b := encode.Empty(n)
		p, st, err := search.MinConflicts(context.Background(), b, search.MinConflictsOptions{Seed: 1})
		if err != nil {
			t.Fatalf("n = %d: %v (stats %+v)", n, err, st)
		}
		if err := encode.Verify(b.Problem(), p); err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
		t.Logf("n = %d: %+v", n, st)
	}
}

func TestMinConflictsNoSolution(t *testing.T) {
	boards := []encode.Board{
		encode.Empty(2),
		encode.Empty(3),
		{N: 3, Queens: []int{0, -1, -1}},
		{N: 2, Queens: []int{-1, 1}},
	}
	for _, b := range boards {
		p, _, err := search.MinConflicts(context.Background(), b, search.MinConflictsOptions{})
		if !errors.Is(err, search.ErrConstructNoSolution) || p != nil {
			t.Errorf("board %v: got %v, %v; want an error wrapping ErrConstructNoSolution", b, p, err)
		}
	}
}

func TestMinConflictsTrivial(t *testing.T) {
	for _, b := range []encode.Board{
		encode.Empty(1),
		{N: 1, Queens: []int{0}},
		{N: 4, Queens: []int{1, 3, 0, 2}},        // every queen given
		{N: 5, Queens: []int{0, 2, 4, 1, -1}},    // one free row, whose column is forced and fits
		{N: 6, Queens: []int{-1, 3, -1, -1, -1}}, // short Queens: the missing rows are free
	} {
		p, _, err := search.MinConflicts(context.Background(), b, search.MinConflictsOptions{Seed: 3})
		if err != nil {
			t.Fatalf("board %v: %v", b, err)
		}
		if err := encode.Verify(b.Problem(), p); err != nil {
			t.Fatalf("board %v: %v", b, err)
		}
	}
}

func TestMinConflictsBadInput(t *testing.T) {
	ctx := context.Background()
	for _, b := range []encode.Board{
		{N: 0},
		{N: -3},
		{N: 4, Queens: []int{0, 1, -1, -1}}, // diagonal attack
		{N: 4, Queens: []int{0, -1, 0, -1}}, // same column
		{N: 4, Queens: []int{7}},            // off the board
		{N: 2, Queens: []int{-1, -1, -1}},   // more rows than n
	} {
		if _, _, err := search.MinConflicts(ctx, b, search.MinConflictsOptions{}); !errors.Is(err, encode.ErrInvalidBoard) {
			t.Errorf("board %v: got %v, want an error wrapping encode.ErrInvalidBoard", b, err)
		}
	}
	for _, o := range []search.MinConflictsOptions{{MaxSteps: -1}, {Partners: -2}, {InitTries: -1}} {
		if _, _, err := search.MinConflicts(ctx, encode.Empty(8), o); err == nil {
			t.Errorf("options %+v: no error", o)
		}
	}
}

func TestMinConflictsDeterministic(t *testing.T) {
	ctx := context.Background()
	sol, err := search.Construct(120)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, b := range []encode.Board{encode.Empty(5000), encode.Empty(64), mcKeepSome(rng, sol, 0.3)} {
		p1, st1, err1 := search.MinConflicts(ctx, b, search.MinConflictsOptions{Seed: 42})
		p2, st2, err2 := search.MinConflicts(ctx, b, search.MinConflictsOptions{Seed: 42})
		if err1 != nil || err2 != nil {
			t.Fatalf("n = %d: %v, %v", b.N, err1, err2)
		}
		if !slices.Equal(p1, p2) || st1 != st2 {
			t.Errorf("n = %d: same seed, different answers:\n%v %+v\n%v %+v", b.N, p1, st1, p2, st2)
		}
		p3, _, err := search.MinConflicts(ctx, b, search.MinConflictsOptions{Seed: 43})
		if err != nil {
			t.Fatalf("n = %d: %v", b.N, err)
		}
		if slices.Equal(p1, p3) {
			t.Errorf("n = %d: seeds 42 and 43 gave the same placement %v", b.N, p1)
		}
		for _, p := range [][]int{p1, p3} {
			if err := encode.Verify(b.Problem(), encode.Placement(p)); err != nil {
				t.Fatalf("n = %d: %v", b.N, err)
			}
		}
	}
}

// mcKeepSome returns the board that keeps each queen of solution sol with
// probability frac: a board that has a completion.
func mcKeepSome(rng *rand.Rand, sol encode.Placement, frac float64) encode.Board {
	b := encode.Board{N: len(sol), Queens: make([]int, len(sol))}
	for r, c := range sol {
		b.Queens[r] = -1
		if rng.Float64() < frac {
			b.Queens[r] = c
		}
	}
	return b
}

// TestMinConflictsCompletionLarge builds boards with a completion by keeping
// a random part of a known solution (from the construction, or from
// min-conflicts with another seed, or a symmetric image of either) and
// checks that min-conflicts completes each of them.
func TestMinConflictsCompletionLarge(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 6))
	found, boards := 0, 0
	for _, n := range []int{50, 64, 75, 100, 128, 150, 200, 1000, 100_000} {
		var sols []encode.Placement
		c, err := search.Construct(n)
		if err != nil {
			t.Fatal(err)
		}
		sols = append(sols, c, encode.Rot90.Apply(c), encode.FlipCols.Apply(c))
		for seed := int64(100); seed < 103; seed++ {
			p, _, err := search.MinConflicts(ctx, encode.Empty(n), search.MinConflictsOptions{Seed: seed})
			if err != nil {
				t.Fatalf("n = %d: %v", n, err)
			}
			sols = append(sols, p)
		}
		for i, sol := range sols {
			for _, frac := range []float64{0.05, 0.2, 0.4, 0.6, 0.8} {
				b := mcKeepSome(rng, sol, frac)
				boards++
				p, st, err := search.MinConflicts(ctx, b, search.MinConflictsOptions{Seed: int64(i)})
				if err != nil {
					t.Errorf("n = %d, solution %d, %.0f%% kept (%d queens): %v (stats %+v)", n, i, 100*frac, b.Given(), err, st)
					continue
				}
				if err := encode.Verify(b.Problem(), p); err != nil { // also checks that every given queen is kept
					t.Fatalf("n = %d: %v", n, err)
				}
				found++
			}
		}
	}
	t.Logf("%d of %d boards completed", found, boards)
}

// TestMinConflictsCompletionSmall compares min-conflicts with a brute force
// written here on random small boards: where a completion exists it must
// find one, and where none exists it must say "not found", never give a
// wrong answer.
func TestMinConflictsCompletionSmall(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 8))
	counts := map[bool]int{}
	for iter := 0; iter < 1500; iter++ {
		n := 4 + rng.IntN(7) // 4..10
		b := oracle.RandomBoard(rng, n, rng.IntN(n/2+2))
		want := len(oracle.Completions(b))
		p, st, err := search.MinConflicts(ctx, b, search.MinConflictsOptions{Seed: int64(iter), MaxRestarts: 10})
		switch {
		case want > 0 && err != nil:
			t.Errorf("board %v has %d completions but min-conflicts says %v (stats %+v)", b, want, err, st)
		case want > 0:
			if err := encode.Verify(b.Problem(), p); err != nil {
				t.Fatalf("board %v: %v", b, err)
			}
		case !errors.Is(err, search.ErrMinConflictsNotFound):
			t.Errorf("board %v has no completion but min-conflicts says %v, %v", b, p, err)
		}
		counts[want > 0]++
	}
	if counts[true] < 100 || counts[false] < 100 {
		t.Errorf("unbalanced sample: %d boards with a completion, %d without", counts[true], counts[false])
	}
}

// TestMinConflictsBudget checks that a board without completion ends with
// ErrMinConflictsNotFound after the budget, with the stats to show it.
func TestMinConflictsBudget(t *testing.T) {
	b := encode.Board{N: 4, Queens: []int{0, -1, -1, -1}} // no 4-queens solution has a queen in a corner
	_, st, err := search.MinConflicts(context.Background(), b, search.MinConflictsOptions{MaxSteps: 100, MaxRestarts: 9})
	if !errors.Is(err, search.ErrMinConflictsNotFound) {
		t.Fatalf("got %v, want ErrMinConflictsNotFound", err)
	}
	if st.Restarts != 9 || st.Steps != 1000 {
		t.Errorf("unexpected stats: got %+v, want 9 restarts and 1000 steps", st)
	}
}

func TestMinConflictsCancel(t *testing.T) {
	// A context that has ended stops even the initial placement.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := search.MinConflicts(ctx, encode.Empty(1_000_000), search.MinConflictsOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("n = 10⁶, cancelled: got %v, want context.Canceled", err)
	}
	// A search without a budget on a board without completion ends with
	// its context.
	rng := rand.New(rand.NewPCG(9, 10))
	b := oracle.RandomBoard(rng, 12, 5)
	for len(oracle.Completions(b)) != 0 {
		b = oracle.RandomBoard(rng, 12, 5)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, st, err := search.MinConflicts(ctx, b, search.MinConflictsOptions{MaxRestarts: -1})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("got %v, want context.DeadlineExceeded", err)
	}
	if st.Steps == 0 {
		t.Errorf("no steps counted: %+v", st)
	}
}

// MinConflictsSink keeps the benchmarked work alive.
var MinConflictsSink encode.Placement

func BenchmarkMinConflicts(b *testing.B) {
	for _, n := range []int{1000, 100_000, 1_000_000, 10_000_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			seed := int64(0)
			var steps uint64
			for b.Loop() {
				seed++
				p, st, err := search.MinConflicts(context.Background(), encode.Empty(n), search.MinConflictsOptions{Seed: seed})
				if err != nil {
					b.Fatal(err)
				}
				steps += st.Steps
				MinConflictsSink = p
			}
			b.ReportMetric(float64(steps)/float64(b.N), "steps/op")
		})
	}
}
