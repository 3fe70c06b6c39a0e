package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/memlimit"
)

func init() {
	registerEncoder(encoder{
		name:  "dimacs",
		about: "CNF in the DIMACS format, for qtool sat or any SAT solver (--amo chooses the at-most-one encoding)",
		// A plain board: encode.CNF (Formula); a model: Model.EncodeCNF.
	}.withForms(writeDIMACS, sizeDIMACS, writeProblemDIMACS, sizeProblemDIMACS))
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
func sizeDIMACS(b encode.Board, opts map[string]string) (out, mem uint64, what string, err error) {
	amo, err := dimacsAMO(opts)
	if err != nil {
		return 0, 0, "", err
	}
	free := uint64(b.N - b.Given())
	mem = free*free*cnfBytesPerSquare + 64*uint64(b.N)
	what = fmt.Sprintf("the CNF of n = %d", b.N)
	if mem > memlimit.Limit() {
		return 0, mem, what, nil
	}
	vars, clauses, err := encode.CNFSize(b, encode.CNFOptions{AMO: amo})
	if err != nil {
		return 0, 0, "", err
	}
	digits := uint64(len(strconv.Itoa(vars)))
	out = uint64(clauses)*(2*(digits+2)+2) + uint64(vars)*12
	what = fmt.Sprintf("the CNF of n = %d with --amo %s (%d variables, %d clauses)", b.N, amo, vars, clauses)
	return out, mem, what, nil
}

func dimacsAMO(opts map[string]string) (encode.AMOEncoding, error) {
	amo := encode.DefaultAMO
	for k, v := range opts {
		if k != "amo" {
			return amo, fmt.Errorf("--%s does not apply to --to dimacs", k)
		}
		a, err := encode.ParseAMO(v)
		if err != nil {
			names := make([]string, 0, 4)
			for _, e := range encode.AMOEncodings() {
				names = append(names, e.String())
			}
			return amo, fmt.Errorf("--amo %q: want one of %s", v, strings.Join(names, ", "))
		}
		amo = a
	}
	return amo, nil
}

// writeDIMACS writes the CNF of b (encode.CNF: x(r,c) = r·n+c+1, the rows,
// columns and squares that given queens take or attack left out) with the
// at-most-one encoding named by opts["amo"], encode.DefaultAMO when absent.
func writeDIMACS(w io.Writer, b encode.Board, opts map[string]string) error {
	amo, err := dimacsAMO(opts)
	if err != nil {
		return err
	}
	f, err := encode.CNF(b, amo)
	if err != nil {
		return err
	}
	return f.WriteDIMACS(w)
}
