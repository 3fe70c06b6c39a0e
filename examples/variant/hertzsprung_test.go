package variant_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/qtool-project/qtool/backend"
	_ "github.com/qtool-project/qtool/backend/all"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/examples/variant"
	"github.com/qtool-project/qtool/solution"
)

// a002464 is OEIS A002464 for n = 1..9 (Hertzsprung's problem).
var a002464 = []uint64{1, 0, 0, 2, 14, 90, 646, 5242, 47622}

// brute counts the permutations of 0..n-1 with no two neighbours one
// apart, directly.
func brute(n int) uint64 {
	p, used := make([]int, n), make([]bool, n)
	var rec func(i int) uint64
	rec = func(i int) uint64 {
		if i == n {
			return 1
		}
		var c uint64
		for v := range n {
			if !used[v] && (i == 0 || (p[i-1]-v != 1 && v-p[i-1] != 1)) {
				used[v], p[i] = true, v
				c += rec(i + 1)
				used[v] = false
			}
		}
		return c
	}
	return rec(0)
}

func count(t *testing.T, name string, n int) uint64 {
	t.Helper()
	b, err := backend.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	p := encode.Problem{Variant: variant.Hertzsprung, Instance: encode.Instance{Board: encode.Empty(n)}}
	out, err := backend.Solve(context.Background(), b, p, backend.Request{Mode: backend.Count})
	if err != nil {
		t.Fatalf("%s, n = %d: %v", name, n, err)
	}
	return out.Solutions
}

// TestHertzsprung: the registered variant is counted by every model
// backend as A002464 and the brute force say, every solution found
// passes the verifier, and its name parses.
func TestHertzsprung(t *testing.T) {
	if v, err := encode.ParseVariant("hertzsprung"); err != nil || v != variant.Hertzsprung || v.String() != "hertzsprung" {
		t.Fatalf("ParseVariant: %v, %v", v, err)
	}
	if w, one := variant.Hertzsprung.Word(), solution.PieceName(variant.Hertzsprung, 1); w != "rook-kings" || one != "rook-king" {
		t.Errorf("the word of its pieces: %q, one %q; want rook-kings, rook-king", w, one)
	}
	for n := 1; n <= 8; n++ {
		if b := brute(n); b != a002464[n-1] {
			t.Fatalf("n = %d: brute force %d, A002464 %d", n, b, a002464[n-1])
		}
		for _, name := range []string{"dlx", "sat", "backtrack"} {
			if got := count(t, name, n); got != a002464[n-1] {
				t.Errorf("%s, n = %d: %d solutions, want %d", name, n, got, a002464[n-1])
			}
		}
	}
	four := encode.Problem{Variant: variant.Hertzsprung, Instance: encode.Instance{Board: encode.Empty(4)}}
	if err := encode.Verify(four, []encode.Cell{{R: 0, C: 1}, {R: 1, C: 3}, {R: 2, C: 0}, {R: 3, C: 2}}); err != nil {
		t.Errorf("1 3 0 2: %v", err)
	}
	if err := encode.Verify(four, []encode.Cell{{R: 0, C: 1}, {R: 1, C: 2}, {R: 2, C: 0}, {R: 3, C: 3}}); err == nil {
		t.Error("1 2 0 3 (rooks on diagonal neighbours) passes the verifier")
	}
	b, _ := backend.Lookup("dlx")
	p := encode.Problem{Variant: variant.Hertzsprung, Instance: encode.Instance{Board: encode.Empty(7)}}
	seen := 0
	_, err := backend.Solve(context.Background(), b, p, backend.Request{Mode: backend.Find, Limit: 0, VisitCells: func(cells []encode.Cell) bool {
		seen++
		if err := encode.Verify(p, cells); err != nil {
			t.Errorf("solution %v: %v", cells, err)
		}
		return true
	}})
	if err != nil || seen != int(a002464[6]) {
		t.Errorf("n = 7: %d solutions listed, error %v", seen, err)
	}
}

// Example: a new problem is one file; here it is counted by dancing links.
func Example() {
	b, _ := backend.Lookup("dlx")
	for n := 4; n <= 8; n++ {
		p := encode.Problem{Variant: variant.Hertzsprung, Instance: encode.Instance{Board: encode.Empty(n)}}
		out, err := backend.Solve(context.Background(), b, p, backend.Request{Mode: backend.Count})
		fmt.Println(n, out.Solutions, err)
	}
	// Output:
	// 4 2 <nil>
	// 5 14 <nil>
	// 6 90 <nil>
	// 7 646 <nil>
	// 8 5242 <nil>
}
