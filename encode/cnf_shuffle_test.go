package encode_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

// TestCNFShuffleSemantics checks the defining property of the encoding
// (cnfCheckSemantics) with the variables shuffled and the diagonals
// interleaved, for every encoding, with and without KeepAttacked.
func TestCNFShuffleSemantics(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 2))
	for _, b := range cnfBoards() {
		for _, amo := range encode.AMOEncodings() {
			for _, keep := range []bool{false, true} {
				for _, inter := range []bool{false, true} {
					o := encode.CNFOptions{AMO: amo, KeepAttacked: keep, Dense: true, Shuffle: 3, Interleave: inter}
					if amo != encode.Pairwise {
						o.PairwiseUpTo = 2
					}
					cnfCheckSemantics(t, rng, b, o)
				}
			}
		}
	}
}

// TestCNFShuffleRenames checks that a shuffled formula is the dense one
// under other names: the same size, every variable 1..Vars used, the
// squares' variables a permutation that is not the identity and that
// Var, DecisionVars, Lines and WriteDIMACS agree on, and the clauses of
// the pairwise encoding (which has no auxiliary) the dense ones renamed.
// Interleave writes the same clauses in another order.
func TestCNFShuffleRenames(t *testing.T) {
	for _, b := range []encode.Board{encode.Empty(9), {N: 10, Queens: []int{-1, 3, -1, -1, 7}}} {
		for _, amo := range encode.AMOEncodings() {
			dense, err := encode.CNFWith(b, encode.CNFOptions{AMO: amo, Dense: true})
			if err != nil {
				t.Fatal(err)
			}
			o := encode.CNFOptions{AMO: amo, Dense: true, Shuffle: 11}
			f, err := encode.CNFWith(b, o)
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%v n=%d", amo, b.N)
			if f.Vars() != dense.Vars() || f.Clauses() != dense.Clauses() {
				t.Fatalf("%s: %d variables, %d clauses; dense %d, %d", name, f.Vars(), f.Clauses(), dense.Vars(), dense.Clauses())
			}
			used := make([]bool, f.Vars()+1)
			for _, c := range cnfClauses(f) {
				for _, l := range c {
					used[cnfAbs(l)] = true
				}
			}
			for v := 1; v <= f.Vars(); v++ {
				if !used[v] {
					t.Errorf("%s: variable %d in no clause", name, v)
				}
			}
			// Squares: old name → new name, from Var.
			rename := map[int]int{}
			moved := 0
			var dimacs bytes.Buffer
			if err := f.WriteDIMACS(&dimacs); err != nil {
				t.Fatal(err)
			}
			for r := 0; r < b.N; r++ {
				for c := 0; c < b.N; c++ {
					old, nw := dense.Var(r, c), f.Var(r, c)
					if (old == 0) != (nw == 0) {
						t.Fatalf("%s: square (%d,%d) is %d dense, %d shuffled", name, r, c, old, nw)
					}
					if old == 0 {
						continue
					}
					rename[old] = nw
					if old != nw {
						moved++
					}
					if line := fmt.Sprintf("c x %d %d %d\n", nw, r, c); !strings.Contains(dimacs.String(), line) {
						t.Errorf("%s: the DIMACS comments lack %q", name, line)
					}
				}
			}
			if moved == 0 {
				t.Errorf("%s: no square renamed", name)
			}
			dv := dense.DecisionVars()
			for i, v := range f.DecisionVars() {
				if rename[dv[i]] != v {
					t.Errorf("%s: decision variable %d is %d, want %d", name, i, v, rename[dv[i]])
				}
			}
			dl := dense.Lines()
			for i, l := range f.Lines() {
				for j, v := range l {
					if rename[dl[i][j]] != v {
						t.Errorf("%s: line %d has %d, want %d", name, i, v, rename[dl[i][j]])
					}
				}
			}
			if amo == encode.Pairwise {
				want := cnfSorted(cnfClauses(dense), func(v int) int { return rename[v] })
				if got := cnfSorted(cnfClauses(f), nil); !slices.EqualFunc(got, want, slices.Equal) {
					t.Errorf("%s: the shuffled clauses are not the dense ones renamed", name)
				}
			}
			inter, err := encode.CNFWith(b, encode.CNFOptions{AMO: amo, Dense: true, Interleave: true})
			if err != nil {
				t.Fatal(err)
			}
			if amo == encode.Pairwise {
				if got, want := cnfSorted(cnfClauses(inter), nil), cnfSorted(cnfClauses(dense), nil); !slices.EqualFunc(got, want, slices.Equal) {
					t.Errorf("%s: the interleaved clauses are not the dense ones", name)
				}
			}
		}
	}
	if _, err := encode.CNFWith(encode.Empty(8), encode.CNFOptions{AMO: encode.Product, Shuffle: 1}); err == nil || !strings.HasPrefix(err.Error(), "encode: ") {
		t.Errorf("Shuffle without Dense: error %v, want one from package encode", err)
	}
}

// cnfSorted returns the clauses renamed by rename (nil: as they are),
// each sorted, in sorted order.
func cnfSorted(clauses [][]int, rename func(int) int) [][]int {
	out := make([][]int, len(clauses))
	for i, c := range clauses {
		d := make([]int, len(c))
		for j, l := range c {
			d[j] = l
			if rename != nil {
				v := rename(cnfAbs(l))
				if l < 0 {
					v = -v
				}
				d[j] = v
			}
		}
		slices.Sort(d)
		out[i] = d
	}
	slices.SortFunc(out, slices.Compare)
	return out
}

// TestDefaultCNFOptions checks the choice of the sat backend's default
// formula against its documentation: DefaultAMO in dense numbering up to
// CompactClauses clauses (the empty board up to n = 594), the compact
// formula beyond, and that the compact formula is as documented.
func TestDefaultCNFOptions(t *testing.T) {
	for _, tc := range []struct {
		b       encode.Board
		compact bool
	}{
		{encode.Empty(8), false},
		{encode.Empty(594), false},
		{encode.Empty(595), true},
		{encode.Empty(1000), true},
		// Queens given in the first 300 rows of 700 leave a board too
		// small for the compact formula.
		{encode.Board{N: 700, Queens: spreadQueens(700, 300)}, false},
	} {
		o, compact, err := encode.DefaultCNFOptions(tc.b)
		if err != nil {
			t.Fatal(err)
		}
		_, clauses, _ := encode.CNFSize(tc.b, encode.CNFOptions{AMO: encode.DefaultAMO, Dense: true})
		if compact != tc.compact || compact != (clauses > encode.CompactClauses) {
			t.Errorf("n=%d, %d given: compact %v, want %v (%d clauses with %v)", tc.b.N, tc.b.Given(), compact, tc.compact, clauses, encode.DefaultAMO)
		}
		want := encode.CNFOptions{AMO: encode.DefaultAMO, Dense: true}
		if compact {
			want = encode.CNFOptions{AMO: encode.Product, Dense: true, PairwiseUpTo: 8, Shuffle: 1, Interleave: true}
		}
		if o != want {
			t.Errorf("n=%d: options %+v, want %+v", tc.b.N, o, want)
		}
	}
	if _, _, err := encode.DefaultCNFOptions(encode.Board{N: 3, Queens: []int{5}}); err == nil {
		t.Error("DefaultCNFOptions accepted an invalid board")
	}
}

// spreadQueens returns a board of order n with queens in rows 0..k−1 (row
// r's in column 2r; 2k ≤ n): columns, sums 3r and differences −r all
// distinct, so no two attack each other.
func spreadQueens(n, k int) []int {
	q := make([]int, n)
	for r := range q {
		q[r] = -1
	}
	for r := 0; r < k; r++ {
		q[r] = 2 * r
	}
	return q
}
