package export_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/export"
)

// The 4-queens problem as a pseudo-Boolean problem, and an answer read
// back and verified.
func Example() {
	m, err := encode.NewModel(encode.Problem{Instance: encode.Instance{Board: encode.Empty(4)}})
	if err != nil {
		fmt.Println(err)
		return
	}
	var b strings.Builder
	if err := export.OPB(&b, m); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(strings.Split(b.String(), "\n")[0], "\n")
	answer := "s SATISFIABLE\nv -x1 x2 -x3 -x4 -x5 -x6 -x7 x8 x9 -x10 -x11 -x12 -x13 -x14 x15 -x16\n"
	_, err = export.ReadPB(strings.NewReader(answer), "answer", func(chosen []int32) bool {
		pieces, err := export.Solution(m, chosen)
		if err == nil {
			err = encode.Verify(m.Problem, pieces)
		}
		fmt.Println(pieces, err)
		return true
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	// Output:
	// * #variable= 16 #constraint= 18
	// [{0 1} {1 3} {2 0} {3 2}] <nil>
}
