package export

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/qtool-project/qtool/encode"
)

// OPB writes the model as a linear pseudo-Boolean problem in the OPB
// format of the PB competitions: the header "* #variable= V #constraint=
// C", variable x<i> the i-th free square (1-based; the comments list
// them), and per line "+1 x… = K ;" when Lo = Hi, else "+1 x… >= Lo ;"
// and "-1 x… >= -Hi ;" (the format has no ≤). A model with no free square
// gets the variable x1 with no constraint on it beyond an infeasibility.
func OPB(w io.Writer, m *encode.Model) error {
	why := infeasible(m)
	nc := 0
	if why != "" {
		nc = 1
	} else {
		for _, l := range m.Lines {
			h := hi(l)
			switch {
			case l.Lo == h:
				nc++
			default:
				if l.Lo > 0 {
					nc++
				}
				if h >= 0 {
					nc++
				}
			}
		}
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	e := &errWriter{w: bw}
	e.printf("* #variable= %d #constraint= %d\n", max(1, len(m.Cells)), nc)
	e.str(comments("* ", Describe(m)))
	for i, x := range m.Cells {
		e.printf("* x%d = %d,%d\n", i+1, x.R, x.C)
	}
	row := func(cells []int32, coef string, op string, rhs int) {
		for _, c := range cells {
			e.printf("%s1 x%d ", coef, c+1)
		}
		e.printf("%s %d ;\n", op, rhs)
	}
	if why != "" {
		e.printf("* no solution: %s\n+1 x1 >= 2 ;\n", why)
	} else {
		for _, l := range m.Lines {
			h := hi(l)
			if l.Lo == h {
				row(l.Cells, "+", "=", h)
				continue
			}
			if l.Lo > 0 {
				row(l.Cells, "+", ">=", l.Lo)
			}
			if h >= 0 {
				row(l.Cells, "-", ">=", -h)
			}
		}
	}
	if e.err != nil {
		return e.err
	}
	return bw.Flush()
}

// ReadPB reads a pseudo-Boolean solver's answer in the PB competitions'
// output form: "s SATISFIABLE" (or OPTIMUM FOUND), "s UNSATISFIABLE" or
// "s UNKNOWN", the model on "v" lines of literals x<i> and -x<i>, "c"
// comments. A solver that lists several models (clasp -n 0) starts each
// with a comment "c Answer: K", and ends with "c Models : K", a "+" after
// K saying that there may be more. Each model goes to visit as its chosen
// free squares (x<i> true: square i-1); visit returning false stops the
// reading. Another line is an error naming it (name:line).
func ReadPB(r io.Reader, name string, visit func([]int32) bool) (Answer, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<30)
	ln := 0
	var cur []int32
	have, sat := false, false
	ans := Open
	flush := func() bool {
		if !have {
			return true
		}
		have = false
		ok := visit(cur)
		cur = cur[:0]
		return ok
	}
	for sc.Scan() {
		ln++
		t := strings.TrimSpace(sc.Text())
		switch {
		case t == "":
		case strings.HasPrefix(t, "c Answer"):
			if !flush() {
				return Open, nil
			}
		case strings.HasPrefix(t, "c Models"):
			if v := t[strings.IndexByte(t, ':')+1:]; sat && !strings.Contains(v, "+") {
				ans = Complete
			}
		case t == "c" || strings.HasPrefix(t, "c "):
		case t == "s SATISFIABLE" || t == "s OPTIMUM FOUND":
			sat = true
			if !flush() {
				return Open, nil
			}
		case t == "s UNSATISFIABLE":
			ans = None
		case t == "s UNKNOWN":
			ans = Unknown
		case strings.HasPrefix(t, "v ") || t == "v":
			have = true
			for _, f := range strings.Fields(t)[1:] {
				neg := strings.HasPrefix(f, "-")
				i, ok := varIndex(strings.TrimPrefix(f, "-"))
				if !ok {
					return Open, fmt.Errorf("export: %s:%d: %q is not a literal x<i> or -x<i>", name, ln, clip(f))
				}
				if !neg && i >= 0 {
					cur = append(cur, i)
				}
			}
		default:
			return Open, fmt.Errorf("export: %s:%d: unexpected line %q", name, ln, clip(t))
		}
	}
	if err := sc.Err(); err != nil {
		return Open, fmt.Errorf("export: %s:%d: %v", name, ln+1, err)
	}
	if !flush() {
		return Open, nil
	}
	return ans, nil
}
