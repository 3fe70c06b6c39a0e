package textin_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/qtool-project/qtool/internal/textin"
)

func Example() {
	in := "\ufeffn 4\n1 3 0 2\n" + strings.Repeat("9", 100) + "\n"
	r := textin.NewReader(strings.NewReader(in), "board.txt", 80)
	for {
		line, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			break
		}
		fmt.Printf("%d: %s\n", r.LineNo(), line)
	}
	// Output:
	// 1: n 4
	// 2: 1 3 0 2
	// board.txt:3:81: line longer than 80 bytes, the longest this input allows
}
