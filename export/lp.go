package export

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/encode"
)

// The 0/1 integer program of a model: binary variable x<i+1> says that
// free square i holds a piece; every line is a row of the program with
// its bounds (an equation when Lo = Hi, a range otherwise); the objective
// is zero, the question being feasibility (see Wolsey, Integer
// Programming, 1998, ch. 1, for the form).

// LP writes the model in the CPLEX LP format (read by CBC, GLPK's glpsol
// --lp, SCIP, …): an objective of zero over every variable in order, one constraint c<j> per line (two,
// c<j>l and c<j>u, for a range), and every x<i> binary. A model with no
// free square gets one variable x0 so that the program is well formed.
func LP(w io.Writer, m *encode.Model) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	e := &errWriter{w: bw}
	e.str(comments("\\ ", Describe(m)))
	e.str("\\ x<i> is free square i (1-based) of the list \"\\ x<i> = row,column\" below; 1 = a piece\n")
	for i, x := range m.Cells {
		e.printf("\\ x%d = %d,%d\n", i+1, x.R, x.C)
	}
	first := "x1"
	if len(m.Cells) == 0 {
		first = "x0"
	}
	// The objective names every variable, in order, so that a reader that
	// numbers the columns as they first appear (glpsol) numbers x<i> i.
	e.printf("Minimize\n obj: 0 %s", first)
	for i := 1; i < len(m.Cells); i++ {
		if i%16 == 0 {
			e.str("\n  ")
		}
		e.printf(" + 0 x%d", i+1)
	}
	e.str("\nSubject To\n")
	row := func(name string, cells []int32, op string, rhs int) {
		e.printf(" %s:", name)
		if len(cells) == 0 {
			e.printf(" 0 %s", first)
		}
		for k, c := range cells {
			if k > 0 && k%16 == 0 {
				e.str("\n  ")
			}
			if k > 0 {
				e.str(" +")
			}
			e.printf(" x%d", c+1)
		}
		e.printf(" %s %d\n", op, rhs)
	}
	if why := infeasible(m); why != "" {
		e.printf("\\ no solution: %s\n", why)
		row("infeasible", nil, ">=", 1)
	} else {
		for j, l := range m.Lines {
			h := hi(l)
			name := "c" + strconv.Itoa(j+1)
			switch {
			case l.Lo == h:
				row(name, l.Cells, "=", h)
			case h >= 0 && l.Lo > 0:
				row(name+"l", l.Cells, ">=", l.Lo)
				row(name+"u", l.Cells, "<=", h)
			case h >= 0:
				row(name, l.Cells, "<=", h)
			case l.Lo > 0:
				row(name, l.Cells, ">=", l.Lo)
			}
		}
	}
	e.str("Binary\n")
	if len(m.Cells) == 0 {
		e.str(" x0\n")
	}
	for i := range m.Cells {
		e.printf(" x%d\n", i+1)
	}
	e.str("End\n")
	if e.err != nil {
		return e.err
	}
	return bw.Flush()
}

// MaxMPSNames is the most free squares, and the most lines, that MPS
// writes: its names (X and R followed by the number) fit the fixed
// format's 8 columns.
const MaxMPSNames = 9_999_999

// MPS writes the model in the fixed MPS format (IBM's MPSX; read by CBC,
// glpsol --mps and every other integer-programming solver): row OBJ is
// the zero objective, R<j> the j-th line (an E row when Lo = Hi, else a G
// row with a RANGES entry or an L row), X<i> the i-th free square between
// MARKER INTORG and INTEND, bounded BV (binary). The fields sit in the
// fixed format's columns, so that a free-format reader takes it too.
func MPS(w io.Writer, m *encode.Model) error {
	if len(m.Cells) > MaxMPSNames || len(m.Lines) > MaxMPSNames {
		return fmt.Errorf("export: the model has %d squares and %d lines; MPS names take at most %d", len(m.Cells), len(m.Lines), MaxMPSNames)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	e := &errWriter{w: bw}
	e.str(comments("* ", Describe(m)))
	e.str("* X<i> is free square i (1-based) of the list \"* X<i> = row,column\" below; 1 = a piece\n")
	for i, x := range m.Cells {
		e.printf("* X%d = %d,%d\n", i+1, x.R, x.C)
	}
	e.str("NAME          QTOOL\nROWS\n N  OBJ\n")
	why := infeasible(m)
	rows := make([]mpsRow, len(m.Lines))
	if why == "" {
		for j, l := range m.Lines {
			rows[j] = mpsRowOf(l.Lo, hi(l))
			if rows[j].kind != 'N' {
				e.printf(" %c  R%d\n", rows[j].kind, j+1)
			}
		}
	} else {
		e.printf("* no solution: %s\n G  R0\n", why)
	}
	e.str("COLUMNS\n" + mpsMarker("INTORG"))
	field := func(col, row string, v int) { e.printf("    %-8s  %-8s  %12d\n", col, row, v) }
	lines, start := m.CellLines()
	if len(m.Cells) == 0 {
		field("X0", "OBJ", 0)
	}
	for i := range m.Cells {
		col := "X" + strconv.Itoa(i+1)
		field(col, "OBJ", 0)
		if why != "" {
			continue
		}
		for _, j := range lines[start[i]:start[i+1]] {
			if rows[j].kind != 'N' {
				field(col, "R"+strconv.Itoa(int(j)+1), 1)
			}
		}
	}
	e.str(mpsMarker("INTEND"))
	mpsRHS(rows, why != "", field, e)
	e.str("BOUNDS\n")
	if len(m.Cells) == 0 {
		e.str(" BV BND       X0\n")
	}
	for i := range m.Cells {
		e.printf(" BV BND       X%d\n", i+1)
	}
	e.str("ENDATA\n")
	if e.err != nil {
		return e.err
	}
	return bw.Flush()
}

// mpsRow is a row of an MPS file for a line of the model: its kind (E, G,
// L, or N for a line whose bounds state nothing), right-hand side and
// range.
type mpsRow struct {
	kind     byte
	rhs, rng int
}

// mpsRowOf returns the row of a line with bounds lo and hi (hi < 0: no
// upper bound).
func mpsRowOf(lo, hi int) mpsRow {
	switch {
	case lo == hi:
		return mpsRow{'E', hi, 0}
	case hi >= 0 && lo > 0:
		return mpsRow{'G', lo, hi - lo}
	case hi >= 0:
		return mpsRow{'L', hi, 0}
	case lo > 0:
		return mpsRow{'G', lo, 0}
	}
	return mpsRow{'N', 0, 0} // not stated
}

// mpsRHS writes the RHS and RANGES sections of the rows (with the row R0
// of an infeasible model), each entry by field.
func mpsRHS(rows []mpsRow, infeasible bool, field func(col, row string, v int), e *errWriter) {
	e.str("RHS\n")
	if infeasible {
		field("RHS", "R0", 1)
	}
	for j, r := range rows {
		if r.kind != 'N' && r.rhs != 0 {
			field("RHS", "R"+strconv.Itoa(j+1), r.rhs)
		}
	}
	e.str("RANGES\n")
	for j, r := range rows {
		if r.kind == 'G' && r.rng > 0 {
			field("RNG", "R"+strconv.Itoa(j+1), r.rng)
		}
	}
}

// ReadCBC reads the solution file CBC writes ("solu FILE"): a status line
// ("Optimal - objective value 0", "Infeasible - …", "Stopped on time …")
// and a line "index name value reduced-cost" per nonzero variable. It
// returns the chosen free squares (indices into the model's cells, from
// the names x<i> or X<i>) and the answer: Complete for a solution proved
// optimal (of the zero objective: any solution), None for an infeasible
// program, Open for a search stopped without a solution, Unknown
// otherwise. An unknown line is an error naming it (name:line).
func ReadCBC(r io.Reader, name string) (chosen []int32, ans Answer, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<24)
	ln := 0
	found := false
	for sc.Scan() {
		ln++
		t := strings.TrimSpace(sc.Text())
		if ln == 1 {
			switch {
			case strings.HasPrefix(t, "Optimal"):
				ans, found = Complete, true
			case strings.HasPrefix(t, "Infeasible") || strings.HasPrefix(t, "Integer infeasible"):
				return nil, None, nil
			case strings.HasPrefix(t, "Stopped") && strings.Contains(t, "objective value"):
				ans, found = Open, true // a solution found before the stop
			case strings.HasPrefix(t, "Stopped"):
				return nil, Open, nil
			default:
				return nil, Unknown, fmt.Errorf("export: %s:1: unexpected CBC status %q", name, clip(t))
			}
			continue
		}
		if t == "" {
			continue
		}
		f := strings.Fields(t)
		if len(f) > 0 && f[0] == "**" {
			f = f[1:] // a variable CBC flags as infeasible
		}
		if len(f) < 3 {
			return nil, Unknown, fmt.Errorf("export: %s:%d: unexpected line %q", name, ln, clip(t))
		}
		i, ok := varIndex(f[1])
		v, err := strconv.ParseFloat(f[2], 64)
		if err != nil || !ok {
			return nil, Unknown, fmt.Errorf("export: %s:%d: unexpected line %q", name, ln, clip(t))
		}
		if v > 0.5 && i >= 0 {
			chosen = append(chosen, i)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, Unknown, fmt.Errorf("export: %s:%d: %v", name, ln+1, err)
	}
	if !found {
		return nil, Unknown, fmt.Errorf("export: %s: no CBC status line", name)
	}
	return chosen, ans, nil
}

// varIndex reads x<i> or X<i> as free square i-1 (x0, the placeholder
// of an empty model, as -1).
func varIndex(s string) (int32, bool) {
	if len(s) < 2 || (s[0] != 'x' && s[0] != 'X') {
		return 0, false
	}
	i, err := strconv.ParseInt(s[1:], 10, 32)
	if err != nil || i < 0 {
		return 0, false
	}
	return int32(i - 1), true
}

// ReadGLPK reads the solution file glpsol writes with -w for a MIP (GLPK's
// plain-text "write_sol" format, GLPK 4.57 or later): "c" comment lines, a
// line "s mip ROWS COLS STATUS OBJ" with STATUS o (optimal), f (feasible),
// n (no integer feasible solution) or u (undefined), "i" lines for rows
// and "j J VALUE" for column J (1-based: the program's J-th variable,
// in the order the LP or MPS file declares them, here free square J-1)
// and "e" at the end. An unknown line is an error naming it.
func ReadGLPK(r io.Reader, name string, vars int) (chosen []int32, ans Answer, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<24)
	ln := 0
	status := ""
	for sc.Scan() {
		ln++
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "c", "i", "e":
		case "s":
			if len(f) < 5 || f[1] != "mip" {
				return nil, Unknown, fmt.Errorf("export: %s:%d: want \"s mip ROWS COLS STATUS OBJ\", got %q", name, ln, clip(sc.Text()))
			}
			status = f[4]
		case "j":
			if len(f) < 3 {
				return nil, Unknown, fmt.Errorf("export: %s:%d: unexpected line %q", name, ln, clip(sc.Text()))
			}
			j, err1 := strconv.Atoi(f[1])
			v, err2 := strconv.ParseFloat(f[2], 64)
			if err1 != nil || err2 != nil || j < 1 {
				return nil, Unknown, fmt.Errorf("export: %s:%d: unexpected line %q", name, ln, clip(sc.Text()))
			}
			if v > 0.5 && j <= vars {
				chosen = append(chosen, int32(j-1))
			}
		default:
			return nil, Unknown, fmt.Errorf("export: %s:%d: unexpected line %q", name, ln, clip(sc.Text()))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, Unknown, fmt.Errorf("export: %s:%d: %v", name, ln+1, err)
	}
	switch status {
	case "o":
		return chosen, Complete, nil
	case "f":
		return chosen, Open, nil
	case "n":
		return nil, None, nil
	case "u":
		return nil, Open, nil
	}
	return nil, Unknown, fmt.Errorf("export: %s: no status line \"s mip …\"", name)
}

// mpsMarker is a MARKER line in the fixed columns: the marker's name in
// field 2 (columns 5–12), 'MARKER' in field 3 (15–22), the kind in field 5
// (40–47).
func mpsMarker(kind string) string {
	return fmt.Sprintf("    %-8s  %-8s                 %s\n", "M"+kind[3:], "'MARKER'", "'"+kind+"'")
}
