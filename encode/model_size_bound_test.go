package encode

import (
	"testing"

	"github.com/qtool-project/qtool/cnf"
)

// TestCNFSizeBoundTotal checks that Problem.CNFSizeBound bounds the CNF
// that the built model writes (Model.CNFSize) for every at-most-one
// encoding, on variants whose rows fix the number of pieces (no Total
// line) and on Maximum variants that have one, and that the bound of
// queens with blocked squares stays near the formula: it counted the
// Total line that the model leaves out, n³ counter registers, and refused
// n = 300 as 72 GB.
func TestCNFSizeBoundTotal(t *testing.T) {
	blocked := func(n int) Instance {
		return Instance{Board: Empty(n), Blocked: []Cell{{0, 1}, {n / 2, n / 3}, {n - 1, n - 2}}}
	}
	for _, tc := range []struct {
		p     Problem
		total bool // the model has a Total line
		ratio uint64
	}{
		{p: Problem{Variant: Queens, Instance: blocked(300)}, ratio: 3},
		{p: Problem{Variant: Queens, Instance: blocked(12)}, ratio: 3},
		{p: Problem{Variant: Toroidal, Instance: Instance{Board: Empty(11)}}},
		{p: Problem{Variant: Superqueens, Instance: Instance{Board: Empty(10)}}},
		{p: Problem{Variant: Kings, Instance: Instance{Board: Empty(8)}, Pieces: 16}, total: true},
		{p: Problem{Variant: Bishops, Instance: blocked(8), Pieces: 13}, total: true},
	} {
		m, err := NewModel(tc.p)
		if err != nil {
			t.Fatalf("%v n=%d: %v", tc.p.Variant, tc.p.Board.N, err)
		}
		hasTotal := false
		for _, l := range m.Lines {
			hasTotal = hasTotal || l.Family == Total
		}
		if hasTotal != tc.total {
			t.Errorf("%v n=%d: Total line %v, want %v", tc.p.Variant, tc.p.Board.N, hasTotal, tc.total)
		}
		for _, amo := range cnf.AMOs() {
			vars, clauses := m.CNFSize(amo)
			bv, bc := tc.p.CNFSizeBound(amo)
			if bv < uint64(vars) || bc < uint64(clauses) {
				t.Errorf("%v n=%d %v: bound %d variables, %d clauses below the model's %d, %d", tc.p.Variant, tc.p.Board.N, amo, bv, bc, vars, clauses)
			}
			if tc.ratio > 0 && (bv > tc.ratio*uint64(vars) || bc > tc.ratio*uint64(clauses)) {
				t.Errorf("%v n=%d %v: bound %d variables, %d clauses, more than %d times the model's %d, %d", tc.p.Variant, tc.p.Board.N, amo, bv, bc, tc.ratio, vars, clauses)
			}
		}
	}
}
