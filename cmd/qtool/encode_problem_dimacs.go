package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/cnf"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/memlimit"
	"github.com/qtool-project/qtool/solution"
)

// The variants of --problem, and the boards with blocked squares or
// excluded diagonals, written by qtool encode --to dimacs: the CNF of
// their model (encode.Model.EncodeCNF: every line's bounds as cardinality
// constraints of package cnf, the at-most-one encoding of --amo), variable
// i being the i-th free square in row-major order, as the comments list.

// sizeProblemDIMACS estimates the CNF of prob and the memory of building
// it: the model's memory first (as for the exact cover, before anything
// is built), then the exact counts of variables and clauses of the model
// (for a maximum or minimum problem whose number of pieces is not chosen
// yet, of the size its search starts from).
func sizeProblemDIMACS(prob encode.Problem, opts map[string]string) (out, mem uint64, what string, err error) {
	amo, err := dimacsAMO(opts)
	if err != nil {
		return 0, 0, "", err
	}
	_, mem, _, _ = sizeProblemDLX(prob, nil)
	what = fmt.Sprintf("the CNF of the %v problem, n = %d", prob.Variant, prob.Board.N)
	if mem > memlimit.Limit() {
		return 0, mem, what, nil
	}
	q := prob
	if q.Pieces == 0 && q.Variant.Goal() != encode.Place {
		q.Pieces = max(1, q.Bound())
	}
	m, err := encode.NewModel(q)
	if err != nil {
		return 0, 0, "", err
	}
	vars, clauses := m.CNFSize(amo)
	digits := uint64(len(strconv.Itoa(vars)))
	out = uint64(clauses)*(2*(digits+2)+2) + uint64(vars)*12 + uint64(len(m.Cells))*(digits+5)
	what = fmt.Sprintf("the CNF of the %v problem, n = %d, with --amo %s (%d variables, %d clauses)", prob.Variant, prob.Board.N, amo, vars, clauses)
	return out, mem, what, nil
}

// writeProblemDIMACS writes the CNF of the model of prob (its Pieces
// chosen), with comments that say what it is and which square each
// variable of the problem is.
func writeProblemDIMACS(w io.Writer, prob encode.Problem, how string, opts map[string]string) error {
	amo, err := dimacsAMO(opts)
	if err != nil {
		return err
	}
	n := prob.Board.N
	if prob.Variant.Goal() == encode.Maximum && prob.Pieces == 0 {
		// The maximum is 0: no square can hold a piece, and the empty
		// formula has the one model, the empty placement.
		dw := cnf.NewWriter(w, 0, 0, fmt.Sprintf("qtool encode: the %v problem, n = %d, 0 %s (%s): nothing to place, no variable", prob.Variant, n, solution.PieceName(prob.Variant, 0), how))
		return dw.Close()
	}
	m, err := encode.NewModel(prob)
	if err != nil {
		return err
	}
	vars, clauses := m.CNFSize(amo)
	comments := []string{
		fmt.Sprintf("qtool encode: the %v problem, n = %d, %d %s (%s), --amo %s", prob.Variant, n, m.Pieces, solution.PieceName(prob.Variant, m.Pieces), how, amo),
		fmt.Sprintf("variables 1..%d are the free squares, listed as variable=row,column (0-based, row-major), true where a piece stands; the others are auxiliary", len(m.Cells)),
	}
	if m.Kinds != nil {
		comments[1] = fmt.Sprintf("variables 1..%d are a free square and a kind of piece each, listed as variable=row,column,kind (0-based, row-major; kinds Q N K B R), true where that piece stands; the others are auxiliary", len(m.Cells))
	}
	if len(m.Given) > 0 {
		comments = append(comments, fmt.Sprintf("%d given pieces are left out of the formula", len(m.Given)))
	}
	var line strings.Builder
	for i, x := range m.Cells {
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		fmt.Fprintf(&line, "%d=%d,%d", i+1, x.R, x.C)
		if m.Kinds != nil {
			fmt.Fprintf(&line, ",%c", m.Kinds[i].Letter())
		}
		if line.Len() > 70 || i == len(m.Cells)-1 {
			comments = append(comments, line.String())
			line.Reset()
		}
	}
	dw := cnf.NewWriter(w, vars, clauses, comments...)
	if _, err := m.EncodeCNF(context.Background(), dw, amo); err != nil {
		return err
	}
	return dw.Close()
}
