package magic_test

import (
	"fmt"
	"os"

	"github.com/qtool-project/qtool/magic"
)

// From Pólya's toroidal solution of n = 5 to a magic square, and back.
func Example() {
	p := magic.Polya(5)
	s, err := magic.FromQueens(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	magic.Format(os.Stdout, s)
	rep, _ := magic.Check(s)
	fmt.Println("sum", rep.Sum, "magic", rep.Magic, "pandiagonal", rep.Pandiagonal)
	runs, _ := magic.QueensOf(s)
	fmt.Println("numbers", runs[0], "stand on", []int(runs[0].Queens))
	// Output:
	//  1  7 13 19 25
	// 18 24  5  6 12
	// 10 11 17 23  4
	// 22  3  9 15 16
	// 14 20 21  2  8
	// sum 65 magic true pandiagonal true
	// numbers 1..5 stand on [0 2 4 1 3]
}
