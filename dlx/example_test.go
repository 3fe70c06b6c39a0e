package dlx_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"qtool/dlx"
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
func ExampleNewProblem_secondary() {
	cells := []string{"c1", "c2", "c3", "c4"}
	p, err := dlx.NewProblem([]string{"domino", "mono"}, cells)
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
func ExampleProblem_WriteTo() {
	p, _ := dlx.NewProblem([]string{"a", "b"}, []string{"x"})
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
