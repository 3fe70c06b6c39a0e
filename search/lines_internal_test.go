package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

// TestRowColAgrees: the bitboard fast path counts and lists what the
// generic search does, on n-queens, toroidal and superqueens models with
// blocked squares, excluded diagonals and given queens.
func TestRowColAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, v := range []encode.Variant{encode.Queens, encode.Toroidal, encode.Superqueens} {
		for n := 1; n <= 11; n++ {
			for trial := range 4 {
				in := encode.Instance{Board: encode.Empty(n)}
				if trial > 0 {
					for r := range n {
						for c := range n {
							if rng.IntN(12) == 0 {
								in.Blocked = append(in.Blocked, encode.Cell{R: r, C: c})
							}
						}
					}
					for range rng.IntN(n) {
						in.Excluded = append(in.Excluded, encode.Diagonal{D: rng.IntN(2*n - 1), Sum: rng.IntN(2) == 0})
					}
				}
				m, err := encode.NewModel(encode.Problem{Variant: v, Instance: in})
				if err != nil {
					t.Fatal(err)
				}
				if m.Infeasible != "" {
					// The encoder proved it has no solution (more pieces
					// asked for than its lines hold): neither path runs.
					continue
				}
				rowOf, colOf, k, _, ok := rowColShape(m)
				if !ok {
					if len(m.Cells) > 0 && m.Infeasible == "" {
						t.Fatalf("%v n=%d: not of the row-column shape", v, n)
					}
					continue
				}
				sum := func(ch []int32) int64 {
					var x int64
					for _, c := range ch {
						x += int64(c)*int64(c) + 1
					}
					return x
				}
				var a, b int64
				fast, err1 := rowCol(context.Background(), m, rowOf, colOf, k, func(ch []int32) bool { a += sum(ch); return true })
				slow, err2 := linesGeneric(context.Background(), m, func(ch []int32) bool { b += sum(ch); return true })
				if err1 != nil || err2 != nil || fast.Solutions != slow.Solutions || a != b {
					t.Errorf("%v n=%d %+v: bitboard %d solutions (%d), generic %d (%d)", v, n, in, fast.Solutions, a, slow.Solutions, b)
				}
			}
		}
	}
}
