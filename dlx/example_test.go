package dlx_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/qtool-project/qtool/dlx"
)

// toyText is Knuth's toy problem from TAOCP 7.2.2.1, with primary items
// A–E and secondary items F and G, as the repository ships it in
// examples/toy.dlx (the one copy of its text).
var toyText = func() string {
	b, err := os.ReadFile(filepath.Join("..", "examples", "toy.dlx"))
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// Knuth's toy problem read from a file in dlx1's format, the one that the
// repository ships. The figures are those that dlx1 prints for the same
// input.
func Example() {
	f, err := os.Open("../examples/toy.dlx")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	p, err := dlx.Parse(f, "toy.dlx")
	if err != nil {
		fmt.Println(err)
		return
	}
	st, err := p.Solve(context.Background(), func(options []int) bool {
		for _, o := range options {
			fmt.Println(p.OptionString(o))
		}
		return true
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d solution, %d nodes, %d updates\n", st.Solutions, st.Nodes, st.Updates)
	// Output:
	// A D
	// C E F
	// B G
	// 1 solution, 6 nodes, 30 updates
}

// Secondary items may be covered at most once, and may also stay uncovered.
// Here a domino and a monomino (primary items) go into a row of four cells
// (secondary items): every solution leaves one cell empty.
func ExampleNewMatrix_secondary() {
	cells := []string{"c1", "c2", "c3", "c4"}
	p, err := dlx.NewMatrix([]string{"domino", "mono"}, cells)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := range cells {
		if i+1 < len(cells) {
			p.AddOption("domino", cells[i], cells[i+1])
		}
		p.AddOption("mono", cells[i])
	}
	p.Solve(context.Background(), func(options []int) bool {
		var parts []string
		for _, o := range options {
			parts = append(parts, p.OptionString(o))
		}
		fmt.Println(strings.Join(parts, " + "))
		return true
	})
	// Output:
	// domino c1 c2 + mono c3
	// domino c1 c2 + mono c4
	// domino c2 c3 + mono c1
	// domino c2 c3 + mono c4
	// domino c3 c4 + mono c1
	// domino c3 c4 + mono c2
}

// WriteTo writes a problem in dlx1's format.
func ExampleMatrix_WriteTo() {
	p, _ := dlx.NewMatrix([]string{"a", "b"}, []string{"x"})
	p.AddOption("a", "x")
	p.AddOption("b", "x")
	p.AddOption("a", "b")
	p.WriteTo(os.Stdout)
	// Output:
	// a b | x
	// a x
	// b x
	// a b
}

// Colours, as in Knuth's dlx2: options that give secondary item X the same
// colour may share it. This is his example; the option "X:0 Y:1" has no
// primary item and is ignored.
func ExampleParse_colours() {
	const text = `A B C | X Y
A B X:0 Y:0
A C X:1 Y:1
X:0 Y:1
B X:1
C Y:1
`
	p, err := dlx.Parse(strings.NewReader(text), "dlx2.dlx")
	if err != nil {
		fmt.Println(err)
		return
	}
	st, _ := p.Solve(context.Background(), func(options []int) bool {
		for _, o := range options {
			fmt.Println(p.OptionString(o))
		}
		return true
	})
	fmt.Printf("%d solution, %d nodes, %d updates, %d cleansings\n", st.Solutions, st.Nodes, st.Updates, st.Cleansings)
	// Output:
	// A C X:1 Y:1
	// B X:1
	// 1 solution, 4 nodes, 14 updates, 5 cleansings
}

// Multiplicities, built in code: choose exactly two of four cells in a row
// (item "#" with bounds 2..2), no two next to each other (each pair of
// neighbours is a primary item with bounds 0..1).
func ExampleMatrix_SetBounds() {
	p, _ := dlx.NewMatrix([]string{"#", "01", "12", "23"}, nil)
	p.SetBounds(0, 2, 2)
	for i := 1; i <= 3; i++ {
		p.SetBounds(i, 0, 1)
	}
	p.AddOption("#", "01")       // cell 0
	p.AddOption("#", "01", "12") // cell 1
	p.AddOption("#", "12", "23") // cell 2
	p.AddOption("#", "23")       // cell 3
	n, _, _ := p.Count(context.Background())
	fmt.Println(n, "ways") // {0,2}, {0,3}, {1,3}
	// Output: 3 ways
}

// The trace hook reports each step of Algorithm X, with its level.
func ExampleConfig_trace() {
	p, _ := dlx.Parse(strings.NewReader("A B\nA\nB\nA B\n"), "two.dlx")
	p.Run(context.Background(), dlx.Config{Trace: func(e dlx.Event) {
		switch e.Kind {
		case dlx.Choose:
			fmt.Printf("%d: choose %s (%d options)\n", e.Level, p.Item(e.Item), e.Len)
		case dlx.Try:
			fmt.Printf("%d: try %s\n", e.Level, p.OptionString(e.Option))
		case dlx.Solution:
			fmt.Printf("%d: solution\n", e.Level)
		}
	}})
	// Output:
	// 0: choose A (2 options)
	// 0: try A
	// 1: choose B (1 options)
	// 1: try B
	// 2: solution
	// 0: try A B
	// 1: solution
}
