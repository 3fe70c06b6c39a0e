package experiments_test

import (
	"context"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// completionCase is one generated completion instance with its number of
// completions, counted by plain backtracking (search.Backtrack), the
// reference the backends are checked against.
type completionCase struct {
	N, K      int
	I         uint64
	Board     encode.Board
	Solutions uint64
}

// completionCases generates per instances of encode.Generate(n, k, seed, i)
// for n = nMin..nMax and each k of ks(n), counts their completions by
// backtracking, and fails the test unless at least minEach of them have a
// completion and minEach have none (a one-sided set would test little).
func completionCases(t *testing.T, nMin, nMax int, ks func(n int) []int, seed, per uint64, minEach int) []completionCase {
	t.Helper()
	var cases []completionCase
	yes, no := 0, 0
	for n := nMin; n <= nMax; n++ {
		for _, k := range ks(n) {
			for i := range per {
				b, err := encode.Generate(n, k, seed, i)
				if err != nil {
					t.Fatal(err)
				}
				st, err := search.Backtrack(context.Background(), b, nil)
				if err != nil {
					t.Fatal(err)
				}
				if st.Solutions > 0 {
					yes++
				} else {
					no++
				}
				cases = append(cases, completionCase{N: n, K: k, I: i, Board: b, Solutions: st.Solutions})
			}
		}
	}
	if yes < minEach || no < minEach {
		t.Errorf("instance set too one-sided: %d with a completion, %d without", yes, no)
	}
	return cases
}
