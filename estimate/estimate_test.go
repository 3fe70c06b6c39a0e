package estimate

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"
	"time"
)

// nodes counts the nodes of the row-by-row backtrack tree below the
// queens placed, by brute force (the root not counted).
func nodes(n int, placed [][2]int) float64 {
	cols, d1, d2 := map[int]bool{}, map[int]bool{}, map[int]bool{}
	taken := map[int]bool{}
	for _, q := range placed {
		cols[q[1]], d1[q[0]+q[1]], d2[q[1]-q[0]], taken[q[0]] = true, true, true, true
	}
	var walk func(r int) float64
	walk = func(r int) float64 {
		for r < n && taken[r] {
			r++
		}
		if r == n {
			return 0
		}
		var s float64
		for c := range n {
			if cols[c] || d1[r+c] || d2[c-r] {
				continue
			}
			cols[c], d1[r+c], d2[c-r] = true, true, true
			s += 1 + walk(r+1)
			cols[c], d1[r+c], d2[c-r] = false, false, false
		}
		return s
	}
	return walk(0)
}

// TestKnuthUnbiased: the mean of many probes comes within 2 % of the
// tree's true size (Knuth's estimate is unbiased), on an empty board and
// below placed queens.
func TestKnuthUnbiased(t *testing.T) {
	for _, tc := range []struct {
		n      int
		placed [][2]int
	}{
		{8, nil},
		{10, nil},
		{11, [][2]int{{0, 3}, {5, 0}}},
	} {
		want := nodes(tc.n, tc.placed)
		got := Knuth(tc.n, tc.placed, 200000, 7)
		if math.Abs(got-want) > 0.02*want {
			t.Errorf("n=%d placed %v: estimate %.0f, tree %.0f", tc.n, tc.placed, got, want)
		}
	}
}

// TestSubproblemsWorkers: the estimates do not depend on the workers.
func TestSubproblemsWorkers(t *testing.T) {
	queens := func(id int) [][2]int { return [][2]int{{0, id}} }
	ids := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}
	one, err := Subproblems(context.Background(), 9, queens, ids, 50, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	four, err := Subproblems(context.Background(), 9, queens, ids, 50, 1, 4)
	if err != nil {
		t.Fatal(err)
	}
	for i := range one {
		if one[i] != four[i] || one[i] <= 0 {
			t.Errorf("subproblem %d: %v on 1 worker, %v on 4", i, one[i], four[i])
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Subproblems(ctx, 9, queens, ids, 50, 1, 2); err == nil {
		t.Errorf("a cancelled context: no error")
	}
}

// TestSubproblemsManyWorkers: a huge number of workers starts no more
// goroutines than there are chunks of subproblems, and gives the estimates
// of one worker: cluster plan count --workers 1000000000000 started
// goroutines one by one for hours, deaf to SIGTERM.
func TestSubproblemsManyWorkers(t *testing.T) {
	queens := func(id int) [][2]int { return [][2]int{{0, id}} }
	ids := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}
	one, err := Subproblems(context.Background(), 9, queens, ids, 50, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	type result struct {
		est []float64
		err error
	}
	done := make(chan result, 1)
	go func() {
		est, err := Subproblems(context.Background(), 9, queens, ids, 50, 1, math.MaxInt)
		done <- result{est, err}
	}()
	select {
	case got := <-done:
		if got.err != nil || !slices.Equal(got.est, one) {
			t.Errorf("math.MaxInt workers: %v, %v; want %v", got.est, got.err, one)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("math.MaxInt workers: no answer after 10 s")
	}
}

// TestPlanCountCancelled: a plan stops at once when its context is done,
// the constellations and prefixes of the split included: cluster plan
// count -n 27 --shards 1048576 spent over a second of processor time
// listing them (twice) after SIGTERM before it looked at its context.
func TestPlanCountCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	_, err := PlanCount(ctx, PlanOptions{N: 27, Shards: 1048576, Probes: 1, Seed: 1, Workers: 1})
	if d := time.Since(start); !errors.Is(err, context.Canceled) || d > 700*time.Millisecond { // ~0.01 s now, over 1 s before
		t.Errorf("n = 27, cancelled: %v after %v; want context.Canceled at once", err, d)
	}
}
