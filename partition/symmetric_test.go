package partition_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/qtool-project/qtool/partition"
)

var symmetries = []partition.Symmetry{partition.MirrorColumns, partition.Rotate180, partition.Transpose}

// key is a partition as a set: its members' solutions in row-0 order.
func key(sols []partition.Solution, members []int) string {
	return fmt.Sprint(partition.Square(len(sols[0]), sols, members))
}

// invariant says whether g maps the partition onto itself.
func invariant(sols []partition.Solution, members []int, g partition.Symmetry) bool {
	in := map[string]bool{}
	for _, m := range members {
		in[fmt.Sprint([]int(sols[m]))] = true
	}
	for _, m := range members {
		if !in[fmt.Sprint([]int(g.Apply(sols[m])))] {
			return false
		}
	}
	return true
}

// TestSymmetricAgrees: for n ≤ 10 (11 without -short) Symmetric finds
// exactly those of Cover's partitions that g maps onto themselves.
func TestSymmetricAgrees(t *testing.T) {
	for _, torus := range []bool{false, true} {
		for n := 1; n <= 11; n++ {
			if n == 11 && !torus && testing.Short() {
				continue
			}
			sols := queens(n, torus)
			if len(sols) == 0 {
				continue
			}
			want := map[partition.Symmetry]map[string]bool{}
			for _, g := range symmetries {
				want[g] = map[string]bool{}
			}
			if _, err := partition.Cover(context.Background(), n, sols, func(members []int) bool {
				for _, g := range symmetries {
					if invariant(sols, members, g) {
						want[g][key(sols, members)] = true
					}
				}
				return true
			}); err != nil {
				t.Fatal(err)
			}
			for _, g := range symmetries {
				got := map[string]bool{}
				st, err := partition.Symmetric(context.Background(), n, sols, g, func(members []int) bool {
					if !invariant(sols, members, g) {
						t.Errorf("n=%d %v: a partition that is not symmetric", n, g)
					}
					if _, err := partition.CheckSquare(partition.Square(n, sols, members)); err != nil {
						t.Errorf("n=%d %v: %v", n, g, err)
					}
					got[key(sols, members)] = true
					return true
				})
				if err != nil || int(st.Count) != len(want[g]) || len(got) != len(want[g]) {
					t.Errorf("torus=%v n=%d %v: %d symmetric partitions (%d distinct, %v), Cover has %d", torus, n, g, st.Count, len(got), err, len(want[g]))
				}
				for k := range want[g] {
					if !got[k] {
						t.Errorf("torus=%v n=%d %v: missed %s", torus, n, g, k)
					}
				}
			}
		}
	}
}

// TestTwelve: A168553(12) = 1 (a partition of the 12×12 board exists),
// which Cover did not reach in 100 s; the search over the partitions
// symmetric under the half turn finds one (677 nodes), checked square by
// square here with a check of its own.
func TestTwelve(t *testing.T) {
	n := 12
	sols := queens(n, false)
	if len(sols) != 14200 { // A000170
		t.Fatalf("%d solutions of 12 queens, A000170 says 14200", len(sols))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var found []int
	if _, err := partition.Symmetric(ctx, n, sols, partition.Rotate180, func(members []int) bool {
		found = append([]int(nil), members...)
		return false
	}); err != nil || found == nil {
		t.Fatalf("no partition found: %v", err)
	}
	sq := partition.Square(n, sols, found)
	for s := 0; s < n; s++ {
		var cells [][2]int
		for r := range sq {
			for c := range sq[r] {
				if sq[r][c] == s {
					cells = append(cells, [2]int{r, c})
				}
			}
		}
		if len(cells) != n {
			t.Fatalf("symbol %d on %d squares", s, len(cells))
		}
		for i, a := range cells {
			for _, b := range cells[:i] {
				dr, dc := a[0]-b[0], a[1]-b[1]
				if dr == 0 || dc == 0 || dr == dc || dr == -dc {
					t.Fatalf("symbol %d: queens at %v and %v attack each other", s, a, b)
				}
			}
		}
	}
	t.Logf("a partition of the 12×12 board: %v", sq)
}
