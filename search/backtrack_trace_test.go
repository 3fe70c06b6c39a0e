package search_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// TestBacktrackTraceCounts checks that the events are the counted work: one
// test event per test counted, in order, one place event per node below the
// root, one solution event per solution, removes matching places, a dead end
// exactly where a free row had no free square, and the queens of each event
// consistent with the events before it.
func TestBacktrackTraceCounts(t *testing.T) {
	boards := []encode.Board{encode.Empty(1), encode.Empty(2), encode.Empty(3), encode.Empty(6), encode.Empty(8), {N: 5, Queens: []int{0, 2, 4, 1, 3}},
		{N: 8, Queens: []int{-1, 2, -1, -1, 6, -1, -1, -1}}, {N: 6, Queens: []int{1, 3}}}
	for _, b := range boards {
		plain, err := search.Backtrack(context.Background(), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		var tests, places, removes, sols, dead uint64
		queens := make([]int, b.N)
		for r := range queens {
			queens[r] = b.Queen(r)
		}
		rowFree := map[int]bool{} // a free square was seen in the row since its last place/dead end
		st, err := search.BacktrackTrace(context.Background(), b, nil, func(e *search.BacktrackEvent) bool {
			switch e.Kind {
			case search.BacktrackTest:
				tests++
				if e.Stats.Tests != tests {
					t.Fatalf("%v: test event %d carries test count %d", b, tests, e.Stats.Tests)
				}
				if queens[e.Row] != -1 {
					t.Fatalf("%v: test in row %d that holds a queen", b, e.Row)
				}
				if e.Free != attackedBy(queens, e.Row, e.Col) {
					if e.Free {
						rowFree[e.Row] = true
					}
				} else {
					t.Fatalf("%v: square (%d,%d) reported free=%v with queens %v", b, e.Row, e.Col, e.Free, queens)
				}
			case search.BacktrackPlace:
				places++
				if e.Stats.Nodes != places+1 {
					t.Fatalf("%v: place event %d carries node count %d", b, places, e.Stats.Nodes)
				}
				if !rowFree[e.Row] {
					t.Fatalf("%v: place on (%d,%d) without a free test", b, e.Row, e.Col)
				}
				rowFree[e.Row] = false
				queens[e.Row] = e.Col
			case search.BacktrackRemove:
				removes++
				if queens[e.Row] != e.Col {
					t.Fatalf("%v: remove (%d,%d) not placed", b, e.Row, e.Col)
				}
				queens[e.Row] = -1
			case search.BacktrackDeadEnd:
				dead++
				if rowFree[e.Row] {
					t.Fatalf("%v: dead end in row %d that had a free square", b, e.Row)
				}
			case search.BacktrackSolution:
				sols++
				if err := encode.Verify(b.Problem(), encode.Placement(e.Queens)); err != nil {
					t.Fatal(err)
				}
			}
			if !slices.Equal(queens, e.Queens) {
				t.Fatalf("%v: after %v event queens %v, want %v", b, e.Kind, e.Queens, queens)
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		if st != plain {
			t.Errorf("%v: traced stats %+v, untraced %+v", b, st, plain)
		}
		if tests != st.Tests || places+1 != st.Nodes || sols != st.Solutions || removes != places {
			t.Errorf("%v: %d tests, %d places, %d removes, %d solutions reported; stats %+v", b, tests, places, removes, sols, st)
		}
		if want := deadEnds(b); dead != want {
			t.Errorf("%v: %d dead ends reported, brute force finds %d", b, dead, want)
		}
	}
}

// attackedBy reports whether a queen of q attacks square (r, c).
func attackedBy(q []int, r, c int) bool {
	for qr, qc := range q {
		if qc >= 0 && qr != r && (qc == c || qr-qc == r-c || qr+qc == r+c) {
			return true
		}
	}
	return false
}

// deadEnds counts by brute force the partial placements (queens in the
// first free rows) whose next free row has no square free of attack.
func deadEnds(b encode.Board) uint64 {
	q := make([]int, b.N)
	var free []int
	for r := range q {
		q[r] = b.Queen(r)
		if q[r] < 0 {
			free = append(free, r)
		}
	}
	var walk func(i int) uint64
	walk = func(i int) uint64 {
		if i == len(free) {
			return 0
		}
		var d uint64
		any := false
		for c := 0; c < b.N; c++ {
			if slices.Contains(q, c) || attackedBy(q, free[i], c) {
				continue
			}
			any = true
			q[free[i]] = c
			d += walk(i + 1)
			q[free[i]] = -1
		}
		if !any {
			d++
		}
		return d
	}
	return walk(0)
}

// TestBacktrackTraceWalkThrough checks the 4-queens search step by step, as
// a school text on the problem draws it: queens placed and dead ends, up to
// the first solution (rows here are its columns).
func TestBacktrackTraceWalkThrough(t *testing.T) {
	var steps []string
	st, err := search.BacktrackTrace(context.Background(), encode.Empty(4), nil, func(e *search.BacktrackEvent) bool {
		switch e.Kind {
		case search.BacktrackPlace:
			steps = append(steps, fmt.Sprintf("place %d,%d", e.Row, e.Col))
		case search.BacktrackDeadEnd:
			steps = append(steps, fmt.Sprintf("dead end %d", e.Row))
		case search.BacktrackSolution:
			steps = append(steps, "solution "+fmt.Sprint(e.Queens))
			return false
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "place 0,0|place 1,2|dead end 2|place 1,3|place 2,1|dead end 3|place 0,1|place 1,3|place 2,0|place 3,2|solution [1 3 0 2]"
	if got := strings.Join(steps, "|"); got != want {
		t.Errorf("steps:\n got %s\nwant %s", got, want)
	}
	if st.Solutions != 1 || st.Nodes != 9 {
		t.Errorf("stopped at the first solution with %+v, want 1 solution and 9 nodes", st)
	}
}

// TestBacktrackTraceStop checks that a hook returning false stops the search
// at once, at every kind of event.
func TestBacktrackTraceStop(t *testing.T) {
	for k := search.BacktrackTest; k <= search.BacktrackSolution; k++ {
		seen := 0
		_, err := search.BacktrackTrace(context.Background(), encode.Empty(6), nil, func(e *search.BacktrackEvent) bool {
			if seen > 0 {
				t.Fatalf("event %v after the hook stopped at %v", e.Kind, k)
			}
			if e.Kind == k {
				seen++
				return false
			}
			return true
		})
		if err != nil || seen != 1 {
			t.Errorf("stop at %v: err %v, seen %d", k, err, seen)
		}
	}
}

// BenchmarkBacktrackTrace measures a traced search with a hook that does
// nothing, next to BenchmarkBacktrack (the same search untraced).
func BenchmarkBacktrackTrace(b *testing.B) {
	for _, n := range []int{8, 12} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var events uint64
			for b.Loop() {
				st, _ := search.BacktrackTrace(context.Background(), encode.Empty(n), nil, func(*search.BacktrackEvent) bool {
					events++
					return true
				})
				BacktrackSink += st.Solutions
			}
			b.ReportMetric(float64(events)/float64(b.N), "events/op")
		})
	}
}
