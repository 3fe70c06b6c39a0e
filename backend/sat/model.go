package sat

import (
	"context"
	"fmt"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/sat"
)

// runModel solves a model with gini: the CNF of encode.Model.EncodeCNF
// with the at-most-one encoding of the request, models enumerated
// (sat.Solver.EnumerateSets: every solution has the same number of pieces,
// so a model's blocking clause is the negation of its pieces). Stats holds
// the size of the formula and the solver calls. One solution of a queens
// model with at most SATCubeMaxFree rows that must hold a queen (excluded
// diagonals, blocked squares) is found by cube and conquer, as on
// completion boards (satModelCubes).
func (sb satBackend) runModel(ctx context.Context, m *encode.Model, req backend.Request, visit func([]int32) bool) (backend.Outcome, error) {
	amo, err := sb.encoding(req)
	if err != nil {
		return backend.Outcome{}, err
	}
	for _, o := range []string{"pairwise-up-to", "shuffle"} {
		if _, ok := req.Options[o]; ok {
			return backend.Outcome{}, fmt.Errorf("backend %s: %s applies to plain n-queens boards", sb.name, o)
		}
	}
	vars, clauses := m.CNFSize(amo)
	if need, have := SATMemoryEstimate(vars, clauses), SATMemoryLimit(); need > have {
		return backend.Outcome{}, backend.TooBig("backend %s: the %v encoding of this problem has %d variables and %d clauses, which would take about %.1f GB, more than this machine's %.1f GB", sb.name, amo, vars, clauses, float64(need)/1e9, float64(have)/1e9)
	}
	cube, err := satModelCubeOptions(sb.name, m, req)
	if err != nil {
		return backend.Outcome{}, err
	}
	out := backend.Outcome{Stats: map[string]uint64{"variables": uint64(vars), "clauses": uint64(clauses)}}
	s := sat.NewFor(vars, clauses)
	if _, err := m.EncodeCNF(ctx, s, amo); err != nil {
		return out, err
	}
	cells := make([]int, len(m.Cells))
	for i := range cells {
		cells[i] = i + 1
	}
	var onModel func() bool
	if visit != nil {
		chosen := make([]int32, 0, m.N)
		onModel = func() bool {
			chosen = chosen[:0]
			for i := range m.Cells {
				if s.Value(i + 1) {
					chosen = append(chosen, int32(i))
				}
			}
			return visit(chosen)
		}
	}
	var n uint64
	var st sat.Status
	if req.Mode == backend.Find && req.Limit == 1 && cube.on {
		st = satModelCubes(ctx, s, m, cube, out.Stats)
		if st == sat.Sat {
			n = 1
			if onModel != nil {
				onModel()
			}
		}
	} else {
		n, st = s.EnumerateSets(ctx, cells, 0, onModel)
	}
	out.Solutions = n
	out.Stats["solver-calls"] = uint64(s.Solves())
	if st == sat.Unknown {
		return out, ctx.Err()
	}
	return out, nil
}
