package classroom_test

import (
	"context"
	"fmt"
	"os"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/encode"
)

// The first steps of plain backtracking on the 4-queens problem, as qtool
// trace prints them: a queen on a1 and the squares it attacks, then a queen
// on c2.
func ExampleRun() {
	_, err := classroom.Run(context.Background(), "backtrack", encode.Empty(4), classroom.Options{}, func(e classroom.Event) bool {
		if !e.Major {
			return true
		}
		f := e.Frame()
		classroom.WriteText(os.Stdout, f)
		return f.Step < 2
	})
	if err != nil {
		panic(err)
	}
	// Output:
	// step 1: place a queen on a1 and mark the squares it attacks
	//   tested a1: free
	//     a b c d
	//   1 Q x x x
	//   2 x x . .
	//   3 x . x .
	//   4 x . . x
	//   nodes 2 · tests 1 · solutions 0
	//
	// step 2: place a queen on c2 and mark the squares it attacks
	//   tested a2, b2: attacked; c2: free
	//     a b c d
	//   1 Q x x x
	//   2 x x Q x
	//   3 x x x x
	//   4 x . x x
	//   nodes 3 · tests 4 · solutions 0
}

// Judge is the board checker of qtool check, with the attacking pair.
func ExampleJudge() {
	v, _ := classroom.Judge(4, []classroom.Square{{0, 0}, {2, 1}, {3, 3}})
	fmt.Println(v.Message)
	fmt.Println(v.Pair)
	// Output:
	// illegal: queens at (0,0) a1 and (3,3) d4 share a diagonal
	// [[0 0] [3 3]]
}
