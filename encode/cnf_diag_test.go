package encode_test

import (
	"testing"

	"github.com/qtool-project/qtool/cnf"
	"github.com/qtool-project/qtool/encode"
)

// TestDiagonalCountsSize: with CNFOptions.DiagonalCounts, the sizes that
// CNFSize computes in closed form and that the Formula reports are what
// Encode writes, for every encoding, on empty and partly filled boards.
func TestDiagonalCountsSize(t *testing.T) {
	for n := 1; n <= 14; n++ {
		for _, k := range []int{0, n / 3, n / 2} {
			b, err := encode.Generate(n, k, 5, uint64(n))
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range encode.AMOEncodings() {
				for _, dense := range []bool{false, true} {
					opts := encode.CNFOptions{AMO: a, Dense: dense, DiagonalCounts: true}
					f, err := encode.CNFWith(b, opts)
					if err != nil {
						t.Fatal(err)
					}
					var c cnf.Counter
					f.Encode(&c)
					vars, clauses, err := encode.CNFSize(b, opts)
					if err != nil || c.Clauses != f.Clauses() || c.Clauses != clauses || f.Vars() != vars || c.MaxVar > vars {
						t.Errorf("n=%d k=%d %v dense=%v: wrote %d clauses (max var %d), Formula says %d/%d, CNFSize %d/%d (%v)",
							n, k, a, dense, c.Clauses, c.MaxVar, f.Vars(), f.Clauses(), vars, clauses, err)
					}
				}
			}
		}
	}
}
