package search_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// TestConstructAll checks the construction for every n in 1..3000 with the
// independent verifier, and that n = 2 and 3 are refused as having no
// solution.
func TestConstructAll(t *testing.T) {
	for n := 1; n <= 3000; n++ {
		p, err := search.Construct(n)
		if n == 2 || n == 3 {
			if !errors.Is(err, search.ErrConstructNoSolution) {
				t.Errorf("n = %d: got %v, %v; want an error wrapping ErrConstructNoSolution", n, p, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
		if err := encode.Verify(encode.Empty(n).Problem(), p); err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
	}
}

func TestConstructLarge(t *testing.T) {
	for _, n := range []int{1_000_001, 1_000_002, 1_000_003, 10_000_000} {
		if n == 10_000_000 && testing.Short() {
			continue
		}
		p, err := search.Construct(n)
		if err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
		if err := encode.Verify(encode.Empty(n).Problem(), p); err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
	}
}

// TestConstructSeedLists checks the construction against the lists that
// the seed document gives: the row (1-based) of the queen in each column,
// left to right.
func TestConstructSeedLists(t *testing.T) {
	for _, tc := range []struct {
		n    int
		rows []int
	}{
		{8, []int{2, 4, 6, 8, 3, 1, 7, 5}},
		{9, []int{4, 6, 8, 2, 5, 7, 9, 1, 3}},
		{14, []int{2, 4, 6, 8, 10, 12, 14, 3, 1, 7, 9, 11, 13, 5}},
		{15, []int{4, 6, 8, 10, 12, 14, 2, 5, 7, 9, 11, 13, 15, 1, 3}},
		{20, []int{2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 3, 1, 7, 9, 11, 13, 15, 17, 19, 5}},
		{10, []int{2, 4, 6, 8, 10, 1, 3, 5, 7, 9}},
	} {
		p, err := search.Construct(tc.n)
		if err != nil {
			t.Fatalf("n = %d: %v", tc.n, err)
		}
		got := make([]int, tc.n)
		for r, c := range p {
			got[c] = r + 1
		}
		if !slices.Equal(got, tc.rows) {
			t.Errorf("unexpected rows by column for n = %d: got %v want %v", tc.n, got, tc.rows)
		}
	}
}

func TestConstructBadN(t *testing.T) {
	for _, n := range []int{0, -1, encode.MaxN + 1} {
		if p, err := search.Construct(n); err == nil || errors.Is(err, search.ErrConstructNoSolution) {
			t.Errorf("n = %d: got %v, %v; want an error about n", n, p, err)
		}
	}
}

// ConstructSink keeps the benchmarked work alive.
var ConstructSink encode.Placement

func BenchmarkConstruct(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000, 10_000_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p, err := search.Construct(n)
				if err != nil {
					b.Fatal(err)
				}
				ConstructSink = p
			}
		})
	}
}

// countingCtx is a context whose Err reports cancellation from its k-th
// call on, and counts the calls.
type countingCtx struct {
	context.Context
	k, calls int
}

func (c *countingCtx) Err() error {
	c.calls++
	if c.calls >= c.k {
		return context.Canceled
	}
	return nil
}

// TestConstructContext checks that the construction looks at its context
// as it goes and stops at the first look after it ends, on every residue
// of n mod 6, and that the compact form equals the plain one.
func TestConstructContext(t *testing.T) {
	for n := 3_000_000; n < 3_000_006; n++ {
		ctx := &countingCtx{Context: context.Background(), k: 3}
		if p, err := search.ConstructContext(ctx, n); !errors.Is(err, context.Canceled) || p != nil {
			t.Errorf("n = %d: got %v, want context.Canceled", n, err)
		}
		if ctx.calls != 3 {
			t.Errorf("n = %d: Err called %d times after the context ended at the 3rd, want no more", n, ctx.calls)
		}
		ctx = &countingCtx{Context: context.Background(), k: 1 << 30}
		p, err := search.ConstructContext(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		if want := n / (1 << 16) / 2; ctx.calls < want {
			t.Errorf("n = %d: Err called %d times, want at least %d", n, ctx.calls, want)
		}
		cols, err := search.ConstructColumns(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		for r, c := range cols {
			if int(c) != p[r] {
				t.Fatalf("n = %d: row %d: ConstructColumns %d, Construct %d", n, r, c, p[r])
			}
		}
	}
	for _, n := range []int{0, 2, 3, search.ConstructMaxN + 1} {
		if _, err := search.ConstructColumns(context.Background(), n); err == nil {
			t.Errorf("n = %d: no error", n)
		}
	}
	if _, err := search.Construct(encode.MaxN + 1); err == nil {
		t.Errorf("n = MaxN+1: no error")
	}
	if got := search.ConstructBytes(1000); got != 8000 {
		t.Errorf("ConstructBytes(1000) = %d, want 8000", got)
	}
}
