package sat

import (
	"context"
	"fmt"
	"strconv"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/sat"
)

// Defaults of the sat backend's cube and conquer (satCubes), measured on
// the 24 published instances of CSPLib prob079 and on generated
// completion boards (docs/sat.md).
const (
	// SATCubeLeaf is the number of open rows and columns at which a node
	// of the lookahead becomes a cube for gini (sat.CubeOptions.Leaf):
	// roughly the last two queens. Larger cubes cost more than they save
	// on the published instances: gini's propagation of a cube costs tens
	// of microseconds, the lookahead's about half a microsecond a node,
	// and the clauses gini learns saved under 1 % of the nodes.
	SATCubeLeaf = 4
	// SATCubeMaxFree is the most free rows of a board on which the sat
	// backend uses cube and conquer by default. With more, the board is
	// nearly empty and loosely constrained, and CDCL on the whole formula
	// finds a completion sooner: measured on generated boards, cube and
	// conquer was faster up to 70 free rows, mixed at 80 and 90 (up to a
	// time-out where gini alone took 1 s), and far slower at 180 (time-outs
	// where gini alone took 1.4–6.7 s).
	SATCubeMaxFree = 64
)

// satCube is how the sat backend looks for one completion of a board:
// with on false, gini on the whole formula; with on true, cube and conquer
// (sat.Solver.CubeAndConquer) whose lookahead branches on the free rows
// and columns of the formula (encode.Formula.Lines, the exactly-one
// groups), propagates them and the diagonals (encode.Formula.Diagonals,
// at most one each), and hands a node to gini's CDCL search once at most
// leaf rows and columns are open.
type satCube struct {
	on   bool
	leaf int
}

// satCubeOptions reads Request.Options["cube"]: "off", "on", or the number
// of open rows and columns at which a node becomes a cube. By default
// cube and conquer with SATCubeLeaf runs on boards with queens given and
// at most SATCubeMaxFree free rows, the whole formula goes to gini
// otherwise.
func satCubeOptions(name string, b encode.Board, req backend.Request) (satCube, error) {
	free := b.N - b.Given()
	return parseSATCube(name, b.Given() > 0 && free <= SATCubeMaxFree, req)
}

// parseSATCube reads Request.Options["cube"] over the default on.
func parseSATCube(name string, on bool, req backend.Request) (satCube, error) {
	c := satCube{on: on, leaf: SATCubeLeaf}
	if v, ok := req.Options["cube"]; ok {
		switch v {
		case "off":
			c.on = false
		case "on":
			c.on = true
		default:
			k, err := strconv.Atoi(v)
			if err != nil || k < 0 {
				return c, fmt.Errorf("backend %s: cube %q: want off, on or a number of rows and columns ≥ 0", name, v)
			}
			c.on, c.leaf = true, k
		}
	}
	return c, nil
}

// satCubes finds one model of formula f, loaded in s, by cube and conquer.
func satCubes(ctx context.Context, s *sat.Solver, f *encode.Formula, c satCube) (sat.Status, sat.CubeStats) {
	return s.CubeAndConquer(ctx, sat.CubeOptions{ExactlyOne: f.Lines(), AtMostOne: f.Diagonals(), Leaf: c.leaf})
}

// satModelCubeOptions is satCubeOptions for a model: cube and conquer by
// default for the queens variant (excluded diagonals, blocked squares)
// with at most SATCubeMaxFree rows to fill.
func satModelCubeOptions(name string, m *encode.Model, req backend.Request) (satCube, error) {
	rows := 0
	for _, l := range m.Lines {
		if l.Family == encode.Rows && l.Lo == 1 && l.Hi == 1 {
			rows++
		}
	}
	return parseSATCube(name, m.Problem.Variant == encode.Queens && m.Infeasible == "" && rows <= SATCubeMaxFree, req)
}

// satModelCubes finds one solution of model m, loaded in s (cell i is
// variable i+1), by cube and conquer: its lines that must hold exactly
// one piece are the groups the lookahead branches on, those that may hold
// at most one the groups it propagates (the other lines only gini knows).
// It records the lookahead's statistics in stats.
func satModelCubes(ctx context.Context, s *sat.Solver, m *encode.Model, c satCube, stats map[string]uint64) sat.Status {
	var exactly, atMost [][]int
	for _, l := range m.Lines {
		if l.Hi != 1 || l.Lo > 1 {
			continue
		}
		g := make([]int, len(l.Cells))
		for i, x := range l.Cells {
			g[i] = int(x) + 1
		}
		if l.Lo == 1 {
			exactly = append(exactly, g)
		} else {
			atMost = append(atMost, g)
		}
	}
	st, cs := s.CubeAndConquer(ctx, sat.CubeOptions{ExactlyOne: exactly, AtMostOne: atMost, Leaf: c.leaf})
	stats["cubes"] = uint64(cs.Cubes)
	stats["lookahead-nodes"] = uint64(cs.Nodes)
	stats["lookahead-refuted"] = uint64(cs.Refuted)
	stats["cube-backjumps"] = uint64(cs.Backjump)
	return st
}
