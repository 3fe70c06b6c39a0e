package sat

import (
	"context"
	"fmt"
	"runtime/debug"

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
// completion boards (satModelCubes); one solution of a large model with
// the automatic encoding by the compact formula, as on plain boards
// (modelFormula).
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
	cube, err := satModelCubeOptions(sb.name, m, req)
	if err != nil {
		return backend.Outcome{}, err
	}
	mf := sb.modelFormula(m, req, amo, cube)
	vars, clauses := m.CNFSizeCut(mf.amo, mf.cut)
	if need, have := SATMemoryEstimate(vars, clauses), SATMemoryLimit(); need > have {
		return backend.Outcome{}, backend.TooBig("backend %s: the %v encoding of this problem has %d variables and %d clauses, which would take about %.1f GB, more than this machine's %.1f GB", sb.name, mf.amo, vars, clauses, float64(need)/1e9, float64(have)/1e9)
	}
	out := backend.Outcome{Stats: map[string]uint64{"variables": uint64(vars), "clauses": uint64(clauses)}}
	var memLimit uint64
	calls := uint64(0)
	for attempt := 1; ; attempt++ {
		s := sat.NewFor(vars, clauses)
		perm := mf.perm(vars)
		if _, err := m.EncodeCNFCut(ctx, renamer{s, perm}, mf.amo, mf.cut); err != nil {
			return out, err
		}
		if mf.compact && attempt < compactAttempts {
			debug.FreeOSMemory() // the garbage of loading, as on plain boards
			memLimit = limitMemory(s, memLimit)
		}
		n, st := sb.modelSearch(ctx, s, m, req, cube, mf.compact, perm, visit, out.Stats)
		calls += uint64(s.Solves())
		out.Stats["solver-calls"] = calls
		if !s.OverMemory() {
			out.Solutions = n
			if st == sat.Unknown {
				return out, ctx.Err()
			}
			return out, nil
		}
		out.Stats["restarts"]++
		debug.FreeOSMemory() // s is dead here: its memory goes back
		mf.shuffle++
	}
}

// modelSearch runs one search of model m loaded in s (cell i is variable
// perm[i+1], or i+1 when perm is nil): cube and conquer, one solve
// without a blocking clause (compact), or the solutions enumerated; it
// calls visit on each solution's chosen cells and returns how many.
func (sb satBackend) modelSearch(ctx context.Context, s *sat.Solver, m *encode.Model, req backend.Request, cube satCube, compact bool, perm []int32, visit func([]int32) bool, stats map[string]uint64) (uint64, sat.Status) {
	var onModel func() bool
	if visit != nil {
		chosen := make([]int32, 0, m.N)
		onModel = func() bool {
			chosen = chosen[:0]
			for i := range m.Cells {
				if s.Value(varName(perm, i+1)) {
					chosen = append(chosen, int32(i))
				}
			}
			return visit(chosen)
		}
	}
	one := req.Mode == backend.Find && req.Limit == 1
	if one && (cube.on || compact) {
		var st sat.Status
		if cube.on {
			st = satModelCubes(ctx, s, m, cube, stats)
		} else {
			st = s.Solve(ctx)
		}
		if st != sat.Sat {
			return 0, st
		}
		if onModel != nil {
			onModel()
		}
		return 1, st
	}
	cells := make([]int, len(m.Cells))
	for i := range cells {
		cells[i] = varName(perm, i+1)
	}
	return s.EnumerateSets(ctx, cells, 0, onModel)
}
