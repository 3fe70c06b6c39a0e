package export

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/encode"
)

// MiniZincSearch is the search annotation of a MiniZinc model: the
// variable selection and the value choice of int_search (see the
// MiniZinc handbook, "Search"), e.g. "first_fail" and "indomain_median".
// The zero value leaves the search to the solver.
type MiniZincSearch struct {
	Var, Val string
}

var (
	mznVars = []string{"input_order", "first_fail", "anti_first_fail", "smallest", "largest", "occurrence", "most_constrained", "max_regret", "dom_w_deg"}
	mznVals = []string{"indomain_min", "indomain_max", "indomain_middle", "indomain_median", "indomain", "indomain_random", "indomain_split", "indomain_reverse_split", "indomain_interval"}
)

// ParseMiniZincSearch reads "VAR,VAL" (e.g. "first_fail,indomain_median";
// "" for the solver's own search).
func ParseMiniZincSearch(s string) (MiniZincSearch, error) {
	if s == "" {
		return MiniZincSearch{}, nil
	}
	v, val, ok := strings.Cut(s, ",")
	if !ok || !slices.Contains(mznVars, v) || !slices.Contains(mznVals, val) {
		return MiniZincSearch{}, fmt.Errorf("export: search %q: want VAR,VAL with VAR one of %s and VAL one of %s", s, strings.Join(mznVars, ", "), strings.Join(mznVals, ", "))
	}
	return MiniZincSearch{Var: v, Val: val}, nil
}

// mznExpr returns the MiniZinc expression of the line number of family f
// through the square (r, c), for the families whose numbering is a closed
// form (encode's numbering up to a constant shift), or "".
func mznExpr(f encode.Family, n int, r, c string) string {
	switch f {
	case encode.Columns:
		return c
	case encode.Diagonals:
		return r + "+" + c
	case encode.Antidiags:
		return r + "-" + c
	case encode.TorusDiags:
		return fmt.Sprintf("(%s+%s) mod %d", r, c, n)
	case encode.TorusAnti:
		return fmt.Sprintf("(%s-%s+%d) mod %d", r, c, n, n)
	}
	return ""
}

// rowForm reports whether every row of the problem must hold exactly one
// piece, so that a row is one variable whose value is its piece's column.
func rowForm(m *encode.Model) bool {
	for _, ru := range m.Problem.Variant.Rules() {
		if ru.Family == encode.Rows && ru.Lo == 1 && ru.Hi == 1 {
			return true
		}
	}
	return false
}

// MiniZinc writes the model as one MiniZinc file (model and data). When
// every row must hold exactly one piece it has one variable a free row,
// q[k] the column of the piece in row RW[k], its domain the free squares
// of the row; every family of lines whose rule allows at most one piece a
// line and whose numbering is a closed form (columns, diagonals, the
// torus's diagonals) is one alldifferent over the rows' line numbers, and
// every other line a sum of reified equalities. Otherwise every free
// square is a 0/1 variable x[i] at (R[i], C[i]) and every line a linear
// sum between its bounds. The output item prints each solution as one
// line "placed: r,c r,c …" of the chosen free squares (0-based, the given
// pieces left out), as ReadMiniZinc reads it.
func MiniZinc(w io.Writer, m *encode.Model, search MiniZincSearch) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	e := &errWriter{w: bw}
	e.str(comments("% ", Describe(m)))
	if why := infeasible(m); why != "" {
		e.printf("%% no solution: %s\nconstraint false;\nsolve satisfy;\noutput [\"placed:\\n\"];\n", why)
	} else if rowForm(m) {
		mznRows(e, m, search)
	} else {
		mznCells(e, m, search)
	}
	if e.err != nil {
		return e.err
	}
	return bw.Flush()
}

func mznRows(e *errWriter, m *encode.Model, search MiniZincSearch) {
	n := m.N
	var rows []encode.Line
	for _, l := range m.Lines {
		if l.Family == encode.Rows {
			rows = append(rows, l)
		}
	}
	// The row of each free cell's variable.
	varOf := make([]int, len(m.Cells))
	e.str("include \"alldifferent.mzn\";\n")
	e.printf("int: K = %d;  %% free rows\n", len(rows))
	e.str("array[1..K] of int: RW = [")
	for k, l := range rows {
		if k > 0 {
			e.str(",")
		}
		e.printf("%d", l.Index)
		for _, c := range l.Cells {
			varOf[c] = k + 1
		}
	}
	e.str("];\n")
	e.printf("array[1..K] of var 0..%d: q;  %% q[k]: the column of the piece in row RW[k]\n", n-1)
	for k, l := range rows {
		cols := make([]int, len(l.Cells))
		for i, c := range l.Cells {
			cols[i] = m.Cells[c].C
		}
		if len(cols) == n {
			continue
		}
		e.printf("constraint q[%d] in %s;\n", k+1, mznSet(cols))
	}
	done := map[encode.Family]bool{encode.Rows: true}
	for _, ru := range m.Problem.Variant.Rules() {
		if ru.Family == encode.Rows || ru.Hi != 1 || mznExpr(ru.Family, n, "r", "c") == "" {
			continue
		}
		// Lines that need a piece are met by the alldifferent alone only
		// when there are as many of them as rows (the pigeonhole).
		need := 0
		for _, l := range m.Lines {
			if l.Family == ru.Family && l.Lo > 0 {
				need++
			}
		}
		if need > 0 && need != len(rows) {
			continue
		}
		done[ru.Family] = true
		if ru.Family == encode.Columns {
			e.str("constraint alldifferent(q);\n")
			continue
		}
		e.printf("constraint alldifferent([%s | k in 1..K]);  %% %vs\n", mznExpr(ru.Family, n, "RW[k]", "q[k]"), ru.Family)
	}
	for _, l := range m.Lines {
		if done[l.Family] {
			continue
		}
		terms := make([]string, len(l.Cells))
		for i, c := range l.Cells {
			terms[i] = fmt.Sprintf("bool2int(q[%d]=%d)", varOf[c], m.Cells[c].C)
		}
		mznBounds(e, l, terms)
	}
	mznSolve(e, "q", search)
	e.str("output [\"placed:\"] ++ [\" \\(RW[k]),\\(q[k])\" | k in 1..K] ++ [\"\\n\"];\n")
}

func mznCells(e *errWriter, m *encode.Model, search MiniZincSearch) {
	e.printf("int: N = %d;  %% free squares\n", len(m.Cells))
	for _, a := range []struct {
		name string
		get  func(encode.Cell) int
	}{{"R", func(x encode.Cell) int { return x.R }}, {"C", func(x encode.Cell) int { return x.C }}} {
		e.printf("array[1..N] of int: %s = [", a.name)
		for i, x := range m.Cells {
			if i > 0 {
				e.str(",")
			}
			e.str(strconv.Itoa(a.get(x)))
		}
		e.str("];\n")
	}
	e.str("array[1..N] of var 0..1: x;  % x[i] = 1: a piece on (R[i], C[i])\n")
	for _, l := range m.Lines {
		terms := make([]string, len(l.Cells))
		for i, c := range l.Cells {
			terms[i] = fmt.Sprintf("x[%d]", c+1)
		}
		mznBounds(e, l, terms)
	}
	mznSolve(e, "x", search)
	e.str("output [\"placed:\"] ++ [\" \\(R[i]),\\(C[i])\" | i in 1..N where fix(x[i]) = 1] ++ [\"\\n\"];\n")
}

func mznBounds(e *errWriter, l encode.Line, terms []string) {
	sum := "0"
	if len(terms) > 0 {
		sum = strings.Join(terms, "+")
	}
	h := hi(l)
	switch {
	case l.Lo == h:
		e.printf("constraint %s = %d;  %% %v %d\n", sum, h, l.Family, l.Index)
	case h >= 0 && l.Lo > 0:
		e.printf("constraint %d <= %s /\\ %s <= %d;  %% %v %d\n", l.Lo, sum, sum, h, l.Family, l.Index)
	case h >= 0:
		e.printf("constraint %s <= %d;  %% %v %d\n", sum, h, l.Family, l.Index)
	case l.Lo > 0:
		e.printf("constraint %s >= %d;  %% %v %d\n", sum, l.Lo, l.Family, l.Index)
	}
}

func mznSolve(e *errWriter, vars string, s MiniZincSearch) {
	if s.Var == "" {
		e.str("solve satisfy;\n")
		return
	}
	e.printf("solve :: int_search(%s, %s, %s) satisfy;\n", vars, s.Var, s.Val)
}

// mznSet writes a set of integers as a union of ranges.
func mznSet(xs []int) string {
	slices.Sort(xs)
	var parts []string
	for i := 0; i < len(xs); {
		j := i
		for j+1 < len(xs) && xs[j+1] == xs[j]+1 {
			j++
		}
		if j == i {
			parts = append(parts, fmt.Sprintf("{%d}", xs[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d..%d", xs[i], xs[j]))
		}
		i = j + 1
	}
	if len(parts) == 0 {
		return "{}"
	}
	return strings.Join(parts, " union ")
}

// Answer is how a solver's output ended.
type Answer int

const (
	// Open: the output stopped without saying whether the search ended
	// (a time limit, a solver that stopped after its solutions).
	Open Answer = iota
	// Complete: the solver says it found every solution (MiniZinc's
	// "==========", clasp's exhausted search, or an optimal integer
	// program).
	Complete
	// None: the solver says there is no solution.
	None
	// Unknown: the solver says it does not know.
	Unknown
)

// ReadMiniZinc reads the output of a MiniZinc model written by MiniZinc
// (or of a FlatZinc solver run on it): the "placed:" line of each
// solution, then "----------", and at the end "==========" (every
// solution found), "=====UNSATISFIABLE=====" or "=====UNKNOWN=====". Each
// solution goes to visit as its chosen squares (the given pieces left
// out); visit returning false stops the reading. A line it does not know
// is an error that names the line (name:line); "%" comments, blank lines
// and MiniZinc's statistics lines ("%%%mzn-stat") are skipped.
func ReadMiniZinc(r io.Reader, name string, visit func([]encode.Cell) bool) (Answer, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<30)
	var cur []encode.Cell
	have := false
	ln := 0
	for sc.Scan() {
		ln++
		t := strings.TrimSpace(sc.Text())
		switch {
		case t == "" || strings.HasPrefix(t, "%"):
		case strings.HasPrefix(t, "placed:"):
			cells, err := readPairs(strings.TrimPrefix(t, "placed:"))
			if err != nil {
				return Open, fmt.Errorf("export: %s:%d: %v", name, ln, err)
			}
			cur, have = cells, true
		case t == "----------":
			if !have {
				return Open, fmt.Errorf("export: %s:%d: a solution's end with no \"placed:\" line before it", name, ln)
			}
			have = false
			if !visit(cur) {
				return Open, nil
			}
		case t == "==========":
			return Complete, nil
		case t == "=====UNSATISFIABLE=====":
			return None, nil
		case t == "=====UNKNOWN=====" || t == "=====UNSATorUNBOUNDED=====":
			return Unknown, nil
		case t == "=====ERROR=====":
			return Open, fmt.Errorf("export: %s:%d: the solver reports an error", name, ln)
		default:
			return Open, fmt.Errorf("export: %s:%d: unexpected line %q", name, ln, clip(t))
		}
	}
	if err := sc.Err(); err != nil {
		return Open, fmt.Errorf("export: %s:%d: %v", name, ln+1, err)
	}
	return Open, nil
}

// readPairs reads "r,c r,c …".
func readPairs(s string) ([]encode.Cell, error) {
	var cells []encode.Cell
	for _, f := range strings.Fields(s) {
		a, b, ok := strings.Cut(f, ",")
		r, err1 := strconv.Atoi(a)
		c, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%q is not a square row,column", clip(f))
		}
		cells = append(cells, encode.Cell{R: r, C: c})
	}
	return cells, nil
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
