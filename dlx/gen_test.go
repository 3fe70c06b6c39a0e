package dlx_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/dlx"
)

// The problems of the tests and benchmarks, generated here so that the
// figures can be compared with Knuth's: his toy problem, Langford pairs, the
// n-queens problem as his queens-dlx writes it, and the 6×10 pentomino
// problem.

// toyText, Knuth's toy problem, is in example_test.go.

// langford returns Langford's problem of order n: items 1..n and s1..s2n;
// option "i s_j s_k" puts the two copies of i in slots j and k = j+i+1.
func langford(t testing.TB, n int) *dlx.Matrix {
	var primary []string
	for i := 1; i <= n; i++ {
		primary = append(primary, fmt.Sprint(i))
	}
	for j := 1; j <= 2*n; j++ {
		primary = append(primary, fmt.Sprintf("s%d", j))
	}
	p := mustProblem(t, primary, nil)
	for i := 1; i <= n; i++ {
		for j := 1; j+i+1 <= 2*n; j++ {
			mustOption(t, p, fmt.Sprint(i), fmt.Sprintf("s%d", j), fmt.Sprintf("s%d", j+i+1))
		}
	}
	return p
}

// queens returns the n-queens problem in the form of Knuth's queens-dlx:
// primary items r_t and c_t in organ-pipe order (middle rows and columns
// first), secondary items for the diagonals that hold more than one square,
// and one option per square.
func queens(t testing.TB, n int) *dlx.Matrix {
	var primary, secondary []string
	for j := 0; j < n; j++ {
		var t int
		if j%2 == 1 {
			t = (n - 1 - j) >> 1
		} else {
			t = (n + j) >> 1
		}
		primary = append(primary, fmt.Sprintf("r%d", t), fmt.Sprintf("c%d", t))
	}
	for k := 1; k <= 2*n-3; k++ {
		secondary = append(secondary, fmt.Sprintf("a%d", k))
	}
	for k := 1; k <= 2*n-3; k++ {
		secondary = append(secondary, fmt.Sprintf("b%d", k))
	}
	p := mustProblem(t, primary, secondary)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			items := []string{fmt.Sprintf("r%d", i), fmt.Sprintf("c%d", j)}
			if a := i + j; a >= 1 && a <= 2*n-3 {
				items = append(items, fmt.Sprintf("a%d", a))
			}
			if b := i - j + n - 1; b >= 1 && b <= 2*n-3 {
				items = append(items, fmt.Sprintf("b%d", b))
			}
			mustOption(t, p, items...)
		}
	}
	return p
}

// pentomino returns the problem of packing the twelve pentominoes into a
// rows×cols box (dlx.Pentominoes).
func pentomino(t testing.TB, rows, cols int) *dlx.Matrix {
	t.Helper()
	p, err := dlx.Pentominoes(rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustProblem(t testing.TB, primary, secondary []string) *dlx.Matrix {
	t.Helper()
	p, err := dlx.NewMatrix(primary, secondary)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustOption(t testing.TB, p *dlx.Matrix, items ...string) {
	t.Helper()
	if err := p.AddOption(items...); err != nil {
		t.Fatal(err)
	}
}

func mustParse(t testing.TB, text string) *dlx.Matrix {
	t.Helper()
	p, err := dlx.Parse(strings.NewReader(text), "test.dlx")
	if err != nil {
		t.Fatal(err)
	}
	return p
}
