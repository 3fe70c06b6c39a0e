package target

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

// WriteDIMACS writes the job's problem as a CNF in the DIMACS format with
// the at-most-one encoding j.AMO: a plain board as encode.CNF (x(r,c) =
// r·n+c+1), or with j.Auto the formula the sat backend writes by default
// (encode.DefaultCNFOptions: on large boards compact, its variables
// shuffled, the comments listing the squares'); a model as its
// cardinality constraints (Model.EncodeCNF).
func WriteDIMACS(w io.Writer, j Job) error {
	if j.Model {
		return writeModelDIMACS(w, j.Prob, j.How, j.AMO)
	}
	opts, err := boardOptions(j)
	if err != nil {
		return err
	}
	f, err := encode.CNFWith(j.Prob.Board, opts)
	if err != nil {
		return err
	}
	return f.WriteDIMACS(w)
}

// boardOptions are the CNF options of a plain board's job: j.AMO, or
// the sat backend's default choice with j.Auto.
func boardOptions(j Job) (encode.CNFOptions, error) {
	if !j.Auto {
		return encode.CNFOptions{AMO: j.AMO}, nil
	}
	opts, _, err := encode.DefaultCNFOptions(j.Prob.Board)
	return opts, err
}

// SizeDIMACS estimates what WriteDIMACS writes and the memory it takes,
// and says what it is, before anything large is built; a formula whose
// construction does not fit in memory is sized by its memory alone.
func SizeDIMACS(j Job) (out, mem uint64, what string, err error) {
	if j.Model {
		return sizeModelDIMACS(j.Prob, j.AMO)
	}
	return sizeBoardDIMACS(j)
}

// cnfBytesPerSquare is the memory of encode.Formula per encoded square:
// its row and column, and its place in the column, diagonal and
// antidiagonal groups (5 int32), with the grouping's scratch.
const cnfBytesPerSquare = 24

// sizeDIMACS estimates the DIMACS text of b and the memory of building it:
// the squares first (a formula too large to build is refused before
// encode.CNFSize spends O(k²) time on it), then the exact counts of
// variables and clauses, each clause taken as two literals of the largest
// variable's width (most clauses of every at-most-one encoding are binary).
func sizeBoardDIMACS(j Job) (out, mem uint64, what string, err error) {
	b := j.Prob.Board
	free := uint64(b.N - b.Given())
	mem = free*free*cnfBytesPerSquare + 64*uint64(b.N)
	what = fmt.Sprintf("the CNF of n = %d", b.N)
	if mem > memlimit.Limit() {
		return 0, mem, what, nil
	}
	opts, err := boardOptions(j)
	if err != nil {
		return 0, 0, "", err
	}
	vars, clauses, err := encode.CNFSize(b, opts)
	if err != nil {
		return 0, 0, "", err
	}
	amo := opts.AMO.String()
	if j.Auto {
		amo = encode.AutoAMO + " (" + amo + ")"
	}
	digits := uint64(len(strconv.Itoa(vars)))
	out = uint64(clauses)*(2*(digits+2)+2) + uint64(vars)*12
	what = fmt.Sprintf("the CNF of n = %d with --amo %s (%d variables, %d clauses)", b.N, amo, vars, clauses)
	return out, mem, what, nil
}

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
func sizeModelDIMACS(prob encode.Problem, amo encode.AMOEncoding) (out, mem uint64, what string, err error) {
	_, mem, _ = sizeModelDLX(prob)
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
func writeModelDIMACS(w io.Writer, prob encode.Problem, how string, amo encode.AMOEncoding) error {
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
