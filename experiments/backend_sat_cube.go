package experiments

import (
	"context"

	"qtool/encode"
	"qtool/sat"
)

// satCubes finds one model of formula f (loaded in s) for board b by cube
// and conquer (Heule, Kullmann, Wieringa and Biere, "Cube and Conquer:
// guiding CDCL SAT solvers by lookaheads", HVC 2011,
// doi:10.1007/978-3-642-34188-5_8): a search over the first depth levels
// places queens as dancing links would — always in the free row or column
// with the fewest squares left, a line with none ending the branch — and
// each branch that reaches depth becomes a cube, the assumption that its
// queens stand where it put them, which gini decides incrementally (the
// clauses it learns on one cube serve the next). It returns Sat with the
// model in s, Unsat when every cube was refuted or cut off, or Unknown
// when ctx ended first, and the number of cubes solved.
func satCubes(ctx context.Context, s *sat.Solver, f *encode.Formula, b encode.Board, depth int) (sat.Status, int) {
	n := b.N
	var rows, cols []int
	colFree := make([]bool, n)
	for c := range colFree {
		colFree[c] = true
	}
	sum := make([]bool, 2*n-1)
	dif := make([]bool, 2*n-1)
	for r := 0; r < n; r++ {
		if c := b.Queen(r); c >= 0 {
			colFree[c] = false
			sum[r+c], dif[r-c+n-1] = true, true
		} else {
			rows = append(rows, r)
		}
	}
	for c := 0; c < n; c++ {
		if colFree[c] {
			cols = append(cols, c)
		}
	}
	rowFree := make([]bool, n)
	for _, r := range rows {
		rowFree[r] = true
	}
	ok := func(r, c int) bool {
		return rowFree[r] && colFree[c] && !sum[r+c] && !dif[r-c+n-1] && f.Var(r, c) != 0
	}
	var cube []int
	solved := 0
	var walk func(level int) sat.Status
	walk = func(level int) sat.Status {
		if ctx.Err() != nil {
			return sat.Unknown
		}
		// The free row or column with the fewest squares left.
		best, bestRow, line := -1, true, -1
		for _, r := range rows {
			if !rowFree[r] {
				continue
			}
			k := 0
			for _, c := range cols {
				if ok(r, c) {
					k++
				}
			}
			if best < 0 || k < best {
				best, bestRow, line = k, true, r
			}
		}
		for _, c := range cols {
			if !colFree[c] {
				continue
			}
			k := 0
			for _, r := range rows {
				if ok(r, c) {
					k++
				}
			}
			if best < 0 || k < best {
				best, bestRow, line = k, false, c
			}
		}
		if best == 0 {
			return sat.Unsat // a line without a square: no completion here
		}
		if best < 0 || level == depth {
			solved++
			return s.SolveAssuming(ctx, cube...)
		}
		var cands [][2]int
		if bestRow {
			for _, c := range cols {
				if ok(line, c) {
					cands = append(cands, [2]int{line, c})
				}
			}
		} else {
			for _, r := range rows {
				if ok(r, line) {
					cands = append(cands, [2]int{r, line})
				}
			}
		}
		for _, rc := range cands {
			r, c := rc[0], rc[1]
			rowFree[r], colFree[c], sum[r+c], dif[r-c+n-1] = false, false, true, true
			cube = append(cube, f.Var(r, c))
			st := walk(level + 1)
			cube = cube[:len(cube)-1]
			rowFree[r], colFree[c], sum[r+c], dif[r-c+n-1] = true, true, false, false
			if st != sat.Unsat {
				return st
			}
		}
		return sat.Unsat
	}
	return walk(0), solved
}
