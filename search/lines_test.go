package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// linesBrute counts the solutions of a model by trying every subset of its
// free cells of the right size against every line.
func linesBrute(m *encode.Model) uint64 {
	if m.Infeasible != "" {
		return 0
	}
	need := m.Pieces - len(m.Given)
	var count uint64
	var chosen []int32
	var rec func(i int)
	rec = func(i int) {
		if len(chosen) == need {
			in := make(map[int32]bool, len(chosen))
			for _, x := range chosen {
				in[x] = true
			}
			for _, l := range m.Lines {
				c := 0
				for _, x := range l.Cells {
					if in[x] {
						c++
					}
				}
				if c < l.Lo || c > l.Hi {
					return
				}
			}
			count++
			return
		}
		if i == len(m.Cells) {
			return
		}
		chosen = append(chosen, int32(i))
		rec(i + 1)
		chosen = chosen[:len(chosen)-1]
		rec(i + 1)
	}
	rec(0)
	return count
}

// TestLinesBruteForce: Lines counts what brute force counts, for every
// variant on boards up to 4×4 (5×5 for the n-piece variants), plain and with blocked squares and a given
// piece, and every solution it visits passes encode.Verify.
func TestLinesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, v := range encode.Variants() {
		for n := 1; n <= 5; n++ {
			if n == 5 && v.Goal() != encode.Place {
				continue // C(25, 9) subsets: too many for brute force here
			}
			for trial := range 3 {
				in := encode.Instance{Board: encode.Empty(n)}
				if trial > 0 {
					for r := range n {
						for c := range n {
							if rng.IntN(8) == 0 {
								in.Blocked = append(in.Blocked, encode.Cell{R: r, C: c})
							}
						}
					}
					if trial == 2 && v != encode.Domination {
						in.Excluded = []encode.Diagonal{{D: rng.IntN(2*n - 1), Sum: true}}
					}
				}
				p := encode.Problem{Variant: v, Instance: in}
				for k := max(1, p.Bound()-1); k <= p.Bound()+1 && k <= n*n; k++ {
					if v.Goal() == encode.Place && k != n {
						continue
					}
					p.Pieces = k
					m, err := encode.NewModel(p)
					if err != nil {
						t.Fatal(err)
					}
					want := linesBrute(m)
					var bad error
					st, err := search.Lines(context.Background(), m, func(ch []int32) bool {
						if err := encode.Verify(p, m.Solution(ch)); err != nil && bad == nil {
							bad = err
						}
						return true
					})
					if err != nil || bad != nil {
						t.Fatalf("%v n=%d k=%d: %v %v", v, n, k, err, bad)
					}
					if st.Solutions != want {
						t.Errorf("%v n=%d k=%d %+v: Lines counts %d, brute force %d", v, n, k, in, st.Solutions, want)
					}
				}
			}
		}
	}
}
