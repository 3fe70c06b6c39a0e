package target_test

import (
	"context"
	"fmt"
	"os"
	"strings"

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

// The targets of qtool encode --to, and the 4-queens problem written by
// one of them as Knuth's exact-cover matrix.
func ExampleLookup() {
	fmt.Println(strings.Join(target.Names(), " "))
	e, _ := target.Lookup("dlx")
	var b strings.Builder
	if err := e.Write(context.Background(), &b, target.Job{Prob: encode.Empty(4).Problem()}); err != nil {
		fmt.Println(err)
	}
	lines := strings.Split(b.String(), "\n")
	fmt.Println(len(lines)-1, "lines; the first option:", lines[2])
	// Output:
	// asp dimacs dlx lp minizinc mps opb
	// 18 lines; the first option: r0 c0 b3
}
