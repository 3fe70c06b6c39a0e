package encode_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/qtool-project/qtool/encode"
)

// A board file in the grid form: 'Q' a queen, '.' an empty square; blank
// lines and # comments are ignored.
func ExampleParseBoard() {
	text := `# two queens given
.Q....
......
......
..Q...
......
......
`
	b, err := encode.ParseBoard(strings.NewReader(text), "board.txt")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.N, b.Given(), b.FreeRows())
	b.WriteCompact(os.Stdout)
	// Output:
	// 6 2 [1 2 4 5]
	// n 6
	// 0,1
	// 3,2
}

// Errors name the file, the line and the column.
func ExampleParseBoard_error() {
	_, err := encode.ParseBoard(strings.NewReader("Q...\n..o.\n....\n....\n"), "board.txt")
	fmt.Println(err)
	_, err = encode.ParseBoard(strings.NewReader("Q...\n....\n..Q.\n....\n"), "board.txt")
	fmt.Println(err)
	// Output:
	// board.txt:2:3: unexpected character "o": a grid holds only 'Q', '.', 'x' (blocked) and 'p' (pawn)
	// board.txt:3:3: queens at (0,0) a1 and (2,2) c3 share a diagonal
}

func ExampleVerify() {
	b := encode.Empty(8)
	fmt.Println(encode.Verify(b.Problem(), encode.Placement{0, 4, 7, 5, 2, 6, 1, 3}))
	fmt.Println(encode.Verify(b.Problem(), encode.Placement{0, 4, 7, 5, 2, 6, 3, 1}))
	// Other problems by their squares (one kind of piece) or their pieces:
	// the most kings that fit on a 3×3 board, 4 of them.
	kings := encode.Problem{Variant: encode.Kings, Instance: encode.Instance{Board: encode.Empty(3)}, Pieces: 4}
	fmt.Println(encode.Verify(kings, []encode.Cell{{R: 0, C: 0}, {R: 0, C: 2}, {R: 2, C: 0}, {R: 2, C: 2}}))
	fmt.Println(encode.Verify(kings, []encode.Cell{{R: 0, C: 0}, {R: 0, C: 1}, {R: 2, C: 0}, {R: 2, C: 2}}))
	// Output:
	// <nil>
	// encode: verify: queen at (6,3) d7 shares a diagonal with an earlier queen
	// <nil>
	// encode: verify: 2 pieces on king-block 0 (through (0,0) a1), at most 1 allowed
}

// The seed's solution of the 8-queens problem in chess notation: file
// letter = column, rank = row + 1.
func ExamplePlacement_Algebraic() {
	p := encode.Placement{5, 0, 4, 1, 7, 2, 6, 3}
	s, _ := p.Algebraic()
	fmt.Println(s)
	// Output:
	// a2, b4, c6, d8, e3, f1, g7, h5
}

// The 92 solutions of the 8-queens problem fall into 12 classes under the
// symmetries of the square: 11 of 8 and one of 4.
func ExampleCanonical() {
	for _, p := range []encode.Placement{{7, 3, 0, 2, 5, 1, 6, 4}, {2, 4, 1, 7, 0, 6, 3, 5}} {
		c, size := encode.Canonical(p)
		fmt.Printf("%v: canonical %v, class of %d\n", p, c, size)
	}
	// Output:
	// 7 3 0 2 5 1 6 4: canonical 0 4 7 5 2 6 1 3, class of 8
	// 2 4 1 7 0 6 3 5: canonical 2 4 1 7 0 6 3 5, class of 4
}
