package sat_test

import (
	"context"
	"testing"

	"github.com/qtool-project/qtool/backend"
	_ "github.com/qtool-project/qtool/backend/dlx" // the reference counts
	satbackend "github.com/qtool-project/qtool/backend/sat"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/sat"
)

// TestSATModelCompact runs first solutions of models (queens with blocked
// squares or excluded diagonals, toroidal queens, a plain board on its
// model) with the compact formula of large boards, here chosen from size
// 0 on: the backend reports the size of Product pairwise up to 8
// (encode.Model.CNFSizeCut), answers as dlx's count says, and every
// solution passes encode.Verify; on the two of order 120, with the
// memory limit of the compact search lowered so that every search passes
// it, three searches are dropped and the fourth, under the fourth
// numbering, answers the same.
func TestSATModelCompact(t *testing.T) {
	defer satbackend.SetModelCompactClauses(0)()
	be, _ := backend.Lookup("sat")
	ref, err := backend.Lookup("dlx")
	if err != nil {
		t.Fatal(err)
	}
	queens := func(n int, blocked []encode.Cell, excluded []encode.Diagonal) encode.Problem {
		return encode.Problem{Variant: encode.Queens, Instance: encode.Instance{Board: encode.Empty(n), Blocked: blocked, Excluded: excluded}}
	}
	// Models large enough that gini is still searching when the memory
	// limit is first looked at.
	large := []encode.Problem{
		queens(120, []encode.Cell{{R: 0, C: 0}, {R: 59, C: 60}, {R: 100, C: 7}}, nil),
		queens(120, nil, []encode.Diagonal{{D: 119, Sum: true}, {D: 0}, {D: 30}}),
	}
	problems := []encode.Problem{
		queens(8, []encode.Cell{{R: 0, C: 0}, {R: 3, C: 4}, {R: 7, C: 2}}, nil),
		queens(10, nil, []encode.Diagonal{{D: 9, Sum: true}, {D: 0}, {D: 3}}),
		queens(4, []encode.Cell{{R: 0, C: 1}, {R: 0, C: 2}}, nil), // no solution
		{Variant: encode.Toroidal, Instance: encode.Instance{Board: encode.Empty(7)}},
		{Variant: encode.Toroidal, Instance: encode.Instance{Board: encode.Empty(6)}}, // no solution
		encode.Empty(3).Problem(), // no solution
		encode.Empty(9).Problem(),
	}
	problems = append(problems, large...)
	for _, restarts := range []bool{false, true} {
		if restarts {
			problems = large
			if _, ok := sat.ResidentMemory(); !ok {
				t.Skip("the memory limit needs the resident memory, read on Linux only")
			}
			defer satbackend.SetCompactLimit(func(uint64) uint64 { return 1 })()
		}
		for _, p := range problems {
			// The large ones have solutions (they are found and verified);
			// the small ones are counted by dlx.
			want := backend.Outcome{Solutions: 1}
			if p.Board.N < 20 {
				if want, err = backend.Solve(context.Background(), ref, p, backend.Request{Mode: backend.Count}); err != nil {
					t.Fatal(err)
				}
			}
			m, err := encode.NewModel(p)
			if err != nil {
				t.Fatal(err)
			}
			vars, clauses := m.CNFSizeCut(encode.Product, encode.CompactPairwiseUpTo)
			var found []encode.Cell
			out, err := backend.Solve(context.Background(), be, p, backend.Request{Mode: backend.Find, Limit: 1, OnModel: true,
				Options:    map[string]string{"cube": "off"},
				VisitCells: func(c []encode.Cell) bool { found = append([]encode.Cell(nil), c...); return true }})
			if err != nil {
				t.Fatalf("%v n=%d: %v", p.Variant, p.Board.N, err)
			}
			if out.Solutions != min(want.Solutions, 1) {
				t.Errorf("%v n=%d: %d solutions, want %d (dlx counts %d)", p.Variant, p.Board.N, out.Solutions, min(want.Solutions, 1), want.Solutions)
			}
			if out.Stats["variables"] != uint64(vars) || out.Stats["clauses"] != uint64(clauses) {
				t.Errorf("%v n=%d: %d variables, %d clauses; want the compact formula's %d, %d", p.Variant, p.Board.N, out.Stats["variables"], out.Stats["clauses"], vars, clauses)
			}
			// Without the lowered limit, the restarts of the large ones
			// depend on the memory of the test process.
			if wantRestarts := map[bool]uint64{false: 0, true: 3}[restarts]; (restarts || p.Board.N < 20) && out.Stats["restarts"] != wantRestarts {
				t.Errorf("%v n=%d: %d restarts, want %d", p.Variant, p.Board.N, out.Stats["restarts"], wantRestarts)
			}
			if out.Solutions == 1 {
				if err := encode.Verify(p, found); err != nil {
					t.Errorf("%v n=%d: the solution %v: %v", p.Variant, p.Board.N, found, err)
				}
			}
		}
	}
}
