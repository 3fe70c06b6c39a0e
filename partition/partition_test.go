package partition_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/qtool-project/qtool/partition"
)

// queens lists the n-queens solutions (toroidal: diagonals mod n) by
// trying every permutation: independent of qtool's backends.
func queens(n int, torus bool) []partition.Solution {
	var out []partition.Solution
	p := make([]int, n)
	used := make([]bool, n)
	var rec func(r int)
	rec = func(r int) {
		if r == n {
			out = append(out, append(partition.Solution(nil), p...))
			return
		}
		for c := range n {
			if used[c] {
				continue
			}
			ok := true
			for r2 := range r {
				d, e := r-r2, c-p[r2]
				if torus {
					if ((d-e)%n+n)%n == 0 || ((d+e)%n+n)%n == 0 {
						ok = false
					}
				} else if d == e || d == -e {
					ok = false
				}
			}
			if ok {
				used[c], p[r] = true, c
				rec(r + 1)
				used[c] = false
			}
		}
	}
	rec(0)
	return out
}

// exists is OEIS A168553 (n = 1..11): whether the plain board can be
// partitioned into n queens solutions.
var exists = []bool{1: true, 5: true, 7: true, 11: true}

// TestCoverDirectAgree: the two methods count the same partitions, plain
// (n ≤ 10, and n = 11 in full with -short off) and toroidal (n ≤ 11), every
// partition a Latin square of solutions; existence matches A168553 and,
// on the torus, Pólya's gcd(n, 6) = 1.
func TestCoverDirectAgree(t *testing.T) {
	for _, torus := range []bool{false, true} {
		for n := 1; n <= 11; n++ {
			if !torus && n == 11 && testing.Short() {
				continue
			}
			sols := queens(n, torus)
			var squares int
			check := func(members []int) bool {
				squares++
				sq := partition.Square(n, sols, members)
				got, err := partition.CheckSquare(sq)
				if err != nil {
					t.Errorf("n=%d: %v", n, err)
					return false
				}
				for s, g := range got {
					if fmt.Sprint(g) != fmt.Sprint(sols[members[s]]) {
						t.Errorf("n=%d: symbol %d is %v, member %v", n, s, g, sols[members[s]])
					}
				}
				return true
			}
			a, err1 := partition.Cover(context.Background(), n, sols, check)
			var b partition.Stats
			var err2 error
			if !(n == 11 && !torus) {
				b, err2 = partition.Direct(context.Background(), n, sols, nil)
			} else {
				b = a
			}
			if err1 != nil || err2 != nil || a.Count != b.Count || squares != int(a.Count) {
				t.Errorf("torus=%v n=%d: cover %d (%v), direct %d (%v), visited %d", torus, n, a.Count, err1, b.Count, err2, squares)
			}
			want := n < len(exists) && exists[n]
			if torus {
				want = n%2 != 0 && n%3 != 0
			}
			if (a.Count > 0) != want {
				t.Errorf("torus=%v n=%d: %d partitions, published existence %v", torus, n, a.Count, want)
			}
		}
	}
}

// TestCheckSquare refuses squares that are not partitions.
func TestCheckSquare(t *testing.T) {
	for _, sq := range [][][]int{
		{},
		{{0, 1}, {0, 1}, {1, 0}},
		{{0, 0}, {1, 1}},
		{{0, 2}, {1, 0}},
		{{0}, {1, 0}},
	} {
		if _, err := partition.CheckSquare(sq); !errors.Is(err, partition.ErrNotLatin) {
			t.Errorf("%v: %v", sq, err)
		}
	}
}

// TestStops: a context that has ended stops both searches.
func TestStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sols := queens(10, false)
	if _, err := partition.Direct(ctx, 10, sols, nil); err == nil {
		t.Error("Direct ignores a cancelled context")
	}
	if _, err := partition.Cover(ctx, 10, sols, nil); err == nil {
		t.Error("Cover ignores a cancelled context")
	}
}

func ExampleCover() {
	sols := queens(5, false)
	st, _ := partition.Cover(context.Background(), 5, sols, func(members []int) bool {
		for _, row := range partition.Square(5, sols, members) {
			fmt.Println(row)
		}
		return false // the first one
	})
	fmt.Println(len(sols), "solutions; stopped after", st.Count)
	// Output:
	// [0 1 2 3 4]
	// [3 4 0 1 2]
	// [1 2 3 4 0]
	// [4 0 1 2 3]
	// [2 3 4 0 1]
	// 10 solutions; stopped after 1
}
