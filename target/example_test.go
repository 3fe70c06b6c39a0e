package target_test

import (
	"os"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/target"
)

// The 4-queens problem as a CNF in the DIMACS format, with pairwise
// at-most-one clauses.
func ExampleWriteDIMACS() {
	j := target.Job{Prob: encode.Problem{Instance: encode.Instance{Board: encode.Empty(4)}}, AMO: encode.Pairwise}
	_, _, what, _ := target.SizeDIMACS(j)
	os.Stdout.WriteString(what + "\n")
	// Output: the CNF of n = 4 with --amo pairwise (16 variables, 84 clauses)
}
