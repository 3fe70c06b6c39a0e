package export

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/encode"
)

// aspProgram is the logic program of every model, for gringo: choose any
// set of free squares, then every line holds between its bounds (the
// cardinality constraints of Simons, Niemelä and Soininen, "Extending and
// implementing the stable model semantics", AIJ 2002, in gringo's
// #count aggregates).
const aspProgram = `{ q(R,C) : cell(R,C) }.
:- lo(L,K), #count{ R,C : q(R,C), in(L,R,C) } < K.
:- hi(L,K), #count{ R,C : q(R,C), in(L,R,C) } > K.
#show q/2.
`

// ASP writes the model as one logic program for gringo (and clingo): the
// facts cell(R,C) of the free squares, in(L,R,C) of line L's squares,
// lo(L,K) and hi(L,K) of its bounds, then the program, whose answer sets
// are the solutions, shown as q(R,C) atoms (0-based, the given pieces left
// out), as ReadClasp reads them.
func ASP(w io.Writer, m *encode.Model) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	e := &errWriter{w: bw}
	e.str(comments("% ", Describe(m)))
	if why := infeasible(m); why != "" {
		e.printf("%% no solution: %s\n:- not q(-1,-1).\n", why)
	}
	for _, x := range m.Cells {
		e.printf("cell(%d,%d).\n", x.R, x.C)
	}
	for j, l := range m.Lines {
		if l.Lo > 0 {
			e.printf("lo(%d,%d).\n", j, l.Lo)
		}
		if h := hi(l); h >= 0 {
			e.printf("hi(%d,%d).\n", j, h)
		}
		if l.Lo <= 0 && hi(l) < 0 {
			continue
		}
		for _, c := range l.Cells {
			x := m.Cells[c]
			e.printf("in(%d,%d,%d).\n", j, x.R, x.C)
		}
	}
	e.str(aspProgram)
	if e.err != nil {
		return e.err
	}
	return bw.Flush()
}

// ReadClasp reads clasp's output for a program of ASP (its default text
// output): an "Answer: K" line before each answer set and the set on the
// next line as q(R,C) atoms, then SATISFIABLE, UNSATISFIABLE or UNKNOWN
// and the statistics, where "Models : K" without a "+" says that the
// search ended (every answer found). Each answer goes to visit (returning
// false stops the reading). The other lines of clasp's banner and
// statistics are skipped; an answer line that is not q atoms is an error
// that names it.
func ReadClasp(r io.Reader, name string, visit func([]encode.Cell) bool) (Answer, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<30)
	ln := 0
	ans := Open
	sat := false
	for sc.Scan() {
		ln++
		t := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(t, "Answer:"):
			if !sc.Scan() {
				return Open, fmt.Errorf("export: %s:%d: an answer with no atoms line", name, ln)
			}
			ln++
			cells, err := readAtoms(sc.Text())
			if err != nil {
				return Open, fmt.Errorf("export: %s:%d: %v", name, ln, err)
			}
			if !visit(cells) {
				return Open, nil
			}
		case t == "UNSATISFIABLE":
			ans = None
		case t == "SATISFIABLE":
			sat = true
		case t == "UNKNOWN":
			ans = Unknown
		case strings.HasPrefix(t, "Models"):
			// "Models       : 92" (all found), "Models : 1+" (more may be).
			if v := strings.TrimSpace(t[strings.IndexByte(t, ':')+1:]); sat && !strings.Contains(v, "+") {
				ans = Complete
			}
		}
	}
	if err := sc.Err(); err != nil {
		return Open, fmt.Errorf("export: %s:%d: %v", name, ln+1, err)
	}
	return ans, nil
}

// readAtoms reads "q(R,C) q(R,C) …".
func readAtoms(s string) ([]encode.Cell, error) {
	var cells []encode.Cell
	for _, f := range strings.Fields(s) {
		in, ok := strings.CutPrefix(f, "q(")
		in, ok2 := strings.CutSuffix(in, ")")
		a, b, ok3 := strings.Cut(in, ",")
		r, err1 := strconv.Atoi(a)
		c, err2 := strconv.Atoi(b)
		if !ok || !ok2 || !ok3 || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%q is not an atom q(row,column)", clip(f))
		}
		cells = append(cells, encode.Cell{R: r, C: c})
	}
	return cells, nil
}
