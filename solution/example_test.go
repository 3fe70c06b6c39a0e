package solution_test

import (
	"os"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/solution"
)

// A solution of the 6-queens problem as a grid and in list form, as qtool
// solve prints them.
func ExampleWrite() {
	prob := encode.Problem{Instance: encode.Instance{Board: encode.Empty(6)}}
	q := encode.Placement{1, 3, 5, 0, 2, 4}
	solution.Write(os.Stdout, prob, q, nil, "grid", 1, 0)
	solution.Write(os.Stdout, prob, q, nil, "list", 1, 0)
	// Output:
	// # solution 1
	// .Q....
	// ...Q..
	// .....Q
	// Q.....
	// ..Q...
	// ....Q.
	// 1 3 5 0 2 4
}

// Four kings on the 3×3 board, several a row: the grid of their letters
// and the compact form's squares.
func ExampleCells() {
	prob := encode.Problem{Variant: encode.Kings, Instance: encode.Instance{Board: encode.Empty(3)}}
	cells := []encode.Cell{{R: 0, C: 0}, {R: 0, C: 2}, {R: 2, C: 0}, {R: 2, C: 2}}
	solution.Cells(os.Stdout, prob, cells, "grid", 1)
	solution.Cells(os.Stdout, prob, cells, "list", 1)
	// Output:
	// # solution 1: 4 kings
	// K.K
	// ...
	// K.K
	// n 3 0,0 0,2 2,0 2,2
}
