package encode_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

// TestGenerateDiagonals: reproducible, every row and column keeps
// minFree squares off the excluded diagonals, no diagonal twice, and the
// .param form reads back.
func TestGenerateDiagonals(t *testing.T) {
	for _, n := range []int{1, 4, 10, 17} {
		for _, minFree := range []int{1, 4} {
			ds, err := encode.GenerateDiagonals(n, minFree, 3, 1)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := encode.GenerateDiagonals(n, minFree, 3, 1)
			other, _ := encode.GenerateDiagonals(n, minFree, 3, 2)
			if fmt.Sprint(ds) != fmt.Sprint(again) || (n >= 10 && fmt.Sprint(ds) == fmt.Sprint(other)) {
				t.Errorf("n=%d: not a function of (seed, index)", n)
			}
			in := encode.Instance{Board: encode.Empty(n), Excluded: ds}
			seen := map[encode.Diagonal]bool{}
			for _, d := range ds {
				if seen[d] {
					t.Errorf("n=%d: %v twice", n, d)
				}
				seen[d] = true
			}
			for i := range n {
				row, col := 0, 0
				for j := range n {
					free := func(r, c int) bool {
						for _, d := range ds {
							if d.Holds(n, r, c) {
								return false
							}
						}
						return true
					}
					if free(i, j) {
						row++
					}
					if free(j, i) {
						col++
					}
				}
				if row < min(minFree, n) || col < min(minFree, n) {
					t.Errorf("n=%d minFree=%d: row/column %d keeps %d/%d squares", n, minFree, i, row, col)
				}
			}
			var buf bytes.Buffer
			if err := encode.WriteParam(&buf, n, ds); err != nil {
				t.Fatal(err)
			}
			back, err := encode.ParseInstance(&buf, "g.param")
			if err != nil || fmt.Sprint(back.Excluded) != fmt.Sprint(in.Excluded) || back.Board.N != n {
				t.Errorf("n=%d: read back %v, %v", n, back.Excluded, err)
			}
		}
	}
}

func TestGenerateBlocked(t *testing.T) {
	cs, err := encode.GenerateBlocked(8, 10, 1, 0)
	if err != nil || len(cs) != 10 {
		t.Fatal(cs, err)
	}
	in := encode.Instance{Board: encode.Empty(8), Blocked: cs}
	if err := in.Validate(); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	in.WriteGridBlocked(&buf)
	back, err := encode.ParseInstance(&buf, "b.txt")
	if err != nil || fmt.Sprint(back.Blocked) != fmt.Sprint(cs) {
		t.Errorf("read back %v, %v", back.Blocked, err)
	}
	if _, err := encode.GenerateBlocked(3, 10, 1, 0); err == nil {
		t.Error("10 blocked squares on 3×3 accepted")
	}
}
