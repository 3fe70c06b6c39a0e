package encode

import (
	"context"

	"github.com/qtool-project/qtool/cnf"
)

// EncodeCNF writes the model as CNF into dst: variable i+1 says that free
// cell i holds a piece (the given pieces have no variable: they are
// already taken off the lines' bounds), and each line gets its
// cardinality constraint from package cnf with at-most-one encoding amo:
// exactly-one for a [1,1] line, at-most-one for [0,1], Sinz's sequential
// counter for other bounds. An infeasible model is the empty clause. The
// auxiliary variables follow the cells; it returns the largest variable
// used. It stops when ctx ends, checked after every line, and returns
// ctx's error.
func (m *Model) EncodeCNF(ctx context.Context, dst cnf.Adder, amo cnf.AMO) (vars int, err error) {
	return m.EncodeCNFCut(ctx, dst, amo, 0)
}

// EncodeCNFCut is EncodeCNF with the groups of up to cut variables written
// pairwise whatever the encoding (CNFOptions.PairwiseUpTo; 0: the
// encoding's own), as the compact formula of DefaultCNFOptions writes
// them (CompactPairwiseUpTo).
func (m *Model) EncodeCNFCut(ctx context.Context, dst cnf.Adder, amo cnf.AMO, cut int) (vars int, err error) {
	e := cnf.NewEncoder(dst, amo, cut, len(m.Cells))
	if m.Infeasible != "" {
		dst.Add(0)
		return e.Vars(), nil
	}
	lits := make([]int, 0, len(m.Cells))
	for _, l := range m.Lines {
		if err := ctx.Err(); err != nil {
			return e.Vars(), err
		}
		lits = lits[:0]
		for _, c := range l.Cells {
			lits = append(lits, int(c)+1)
		}
		e.Between(lits, l.Lo, min(l.Hi, len(lits)))
	}
	return e.Vars(), nil
}

// CNFSize returns the variables and clauses EncodeCNF writes, without
// writing them.
func (m *Model) CNFSize(amo cnf.AMO) (vars, clauses int) { return m.CNFSizeCut(amo, 0) }

// CNFSizeCut returns the variables and clauses EncodeCNFCut writes.
func (m *Model) CNFSizeCut(amo cnf.AMO, cut int) (vars, clauses int) {
	if m.Infeasible != "" {
		return len(m.Cells), 1
	}
	vars = len(m.Cells)
	for _, l := range m.Lines {
		c, a := cnf.BetweenSize(amo, len(l.Cells), l.Lo, min(l.Hi, len(l.Cells)), cut)
		vars += a
		clauses += c
	}
	return vars, clauses
}

// DecodeCNF returns the pieces of the model in which value(v) is the
// value of variable v: the given pieces and the free cells whose variable
// is true, in row-major order.
func (m *Model) DecodeCNF(value func(v int) bool) []Cell {
	var chosen []int32
	for i := range m.Cells {
		if value(i + 1) {
			chosen = append(chosen, int32(i))
		}
	}
	return m.Solution(chosen)
}
