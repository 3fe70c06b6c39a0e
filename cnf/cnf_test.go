package cnf_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/cnf"
)

// clauses collects a formula for the tests' own checks.
type clauses struct {
	cur []int
	all [][]int
}

func (c *clauses) Add(lit int) {
	if lit == 0 {
		c.all = append(c.all, c.cur)
		c.cur = nil
		return
	}
	c.cur = append(c.cur, lit)
}

// propagate applies unit propagation to val (0 unknown, ±1) and reports
// false on a conflict.
func propagate(cls [][]int, val []int8) bool {
	for changed := true; changed; {
		changed = false
		for _, c := range cls {
			free, unit := 0, 0
			sat := false
			for _, l := range c {
				v := val[cnf.Var(l)]
				switch {
				case v == 0:
					free++
					unit = l
				case (v > 0) == (l > 0):
					sat = true
				}
			}
			if sat {
				continue
			}
			if free == 0 {
				return false
			}
			if free == 1 {
				val[cnf.Var(unit)] = 1
				if unit < 0 {
					val[cnf.Var(unit)] = -1
				}
				changed = true
			}
		}
	}
	return true
}

// satisfiable decides the formula under val by DPLL with unit propagation.
func satisfiable(cls [][]int, val []int8) bool {
	val = append([]int8(nil), val...)
	if !propagate(cls, val) {
		return false
	}
	for v := 1; v < len(val); v++ {
		if val[v] == 0 {
			for _, s := range []int8{1, -1} {
				val[v] = s
				if satisfiable(cls, val) {
					return true
				}
			}
			return false
		}
	}
	return true
}

type constraint struct {
	name  string
	write func(e *cnf.Encoder, xs []int)
	size  func(m, cut int) (int, int)
	ok    func(ones, m int) bool
	// bound is the number of true literals after which the rest must be
	// propagated false (arc consistency), or -1.
	bound func(m int) int
}

func constraints(amo cnf.AMO) []constraint {
	cs := []constraint{
		{"amo", func(e *cnf.Encoder, xs []int) { e.AtMostOne(xs) },
			func(m, cut int) (int, int) { return cnf.AtMostOneSize(amo, m, cut) },
			func(o, m int) bool { return o <= 1 }, func(int) int { return 1 }},
		{"exactly1", func(e *cnf.Encoder, xs []int) { e.ExactlyOne(xs) },
			func(m, cut int) (int, int) { return cnf.ExactlyOneSize(amo, m, cut) },
			func(o, m int) bool { return o == 1 }, func(int) int { return 1 }},
		{"alo", func(e *cnf.Encoder, xs []int) { e.AtLeastOne(xs) }, nil,
			func(o, m int) bool { return o >= 1 }, func(int) int { return -1 }},
	}
	for _, k := range []int{0, 2, 3} {
		cs = append(cs, constraint{fmt.Sprintf("atmost%d", k), func(e *cnf.Encoder, xs []int) { e.AtMostK(xs, k) },
			func(m, cut int) (int, int) { return cnf.AtMostKSize(amo, m, k, cut) },
			func(o, m int) bool { return o <= k }, func(int) int { return k }})
	}
	for _, lh := range [][2]int{{2, 3}, {0, 2}, {3, 9}, {1, 1}, {5, 5}, {2, 2}, {3, 3}, {2, 9}} {
		lo, hi := lh[0], lh[1]
		cs = append(cs, constraint{fmt.Sprintf("between%d-%d", lo, hi), func(e *cnf.Encoder, xs []int) { e.Between(xs, lo, hi) },
			func(m, cut int) (int, int) { return cnf.BetweenSize(amo, m, lo, hi, cut) },
			func(o, m int) bool { return lo <= o && o <= hi }, func(int) int { return hi }})
	}
	return cs
}

// TestSemantics checks every constraint with every encoding on up to 7
// literals against its definition by brute force over the assignments of
// the literals (the auxiliaries decided by DPLL), checks the size
// functions against what the encoder writes, and checks arc consistency:
// once the upper bound is reached, unit propagation falsifies the rest.
func TestSemantics(t *testing.T) {
	for _, amo := range cnf.AMOs() {
		for _, cut := range []int{0, 2, 3} {
			for _, c := range constraints(amo) {
				for m := 0; m <= 7; m++ {
					var cl clauses
					// Literals alternate in sign, over variables 2, 4, 6, … so
					// that the encoder must respect signs and gaps.
					xs := make([]int, m)
					for i := range xs {
						xs[i] = 2 * (i + 1)
						if i%2 == 1 {
							xs[i] = -xs[i]
						}
					}
					base := 2*m + 1
					e := cnf.NewEncoder(&cl, amo, cut, base)
					c.write(e, xs)
					if c.size != nil {
						if nc, na := c.size(m, cut); nc != len(cl.all) || na != e.Vars()-base {
							t.Errorf("%v cut=%d %s m=%d: size says %d clauses %d aux, wrote %d and %d", amo, cut, c.name, m, nc, na, len(cl.all), e.Vars()-base)
						}
					}
					for bits := 0; bits < 1<<m; bits++ {
						val := make([]int8, e.Vars()+1)
						ones := 0
						for i, x := range xs {
							on := bits>>i&1 == 1
							if on {
								ones++
							}
							if on == (x > 0) {
								val[cnf.Var(x)] = 1
							} else {
								val[cnf.Var(x)] = -1
							}
						}
						if got, want := satisfiable(cl.all, val), c.ok(ones, m); got != want {
							t.Fatalf("%v cut=%d %s m=%d: %d of the literals true (%b): satisfiable %v, want %v", amo, cut, c.name, m, ones, bits, got, want)
						}
					}
					// Arc consistency: set the first k literals true, the rest unknown.
					if k := c.bound(m); k >= 0 && k < m {
						val := make([]int8, e.Vars()+1)
						for _, x := range xs[:k] {
							val[cnf.Var(x)] = 1
							if x < 0 {
								val[cnf.Var(x)] = -1
							}
						}
						if !propagate(cl.all, val) {
							continue // the lower bound may fail on tiny m
						}
						for _, x := range xs[k:] {
							if want := int8(-1); (x < 0 && val[cnf.Var(x)] != -want) || (x > 0 && val[cnf.Var(x)] != want) {
								t.Errorf("%v cut=%d %s m=%d: %d literals true, literal %d not propagated false", amo, cut, c.name, m, k, x)
							}
						}
					}
				}
			}
		}
	}
}

func TestParseAMO(t *testing.T) {
	for _, a := range cnf.AMOs() {
		if got, err := cnf.ParseAMO(a.String()); err != nil || got != a {
			t.Errorf("ParseAMO(%q) = %v, %v", a, got, err)
		}
	}
	if got, err := cnf.ParseAMO(" SEQ "); err != nil || got != cnf.Sequential {
		t.Errorf("ParseAMO(SEQ) = %v, %v", got, err)
	}
	if _, err := cnf.ParseAMO("ladder"); err == nil || !strings.HasPrefix(err.Error(), `cnf: unknown at-most-one encoding "ladder" (known: pairwise,`) {
		t.Errorf("ParseAMO(ladder): %v", err)
	}
	if cnf.AMO(7).Valid() || cnf.AMO(7).String() != "amo(7)" {
		t.Errorf("AMO(7) valid or named %q", cnf.AMO(7))
	}
	for _, cut := range []int{-1, 1} {
		if cnf.CheckPairwiseUpTo(cut) == nil {
			t.Errorf("pairwise up to %d accepted", cut)
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriter(t *testing.T) {
	var buf bytes.Buffer
	w := cnf.NewWriter(&buf, 3, 2, "one\ntwo")
	cnf.Clause(w, 1, -3)
	cnf.Clause(w)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "c one\nc two\np cnf 3 2\n1 -3 0\n0\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	w = cnf.NewWriter(&bytes.Buffer{}, 2, 2)
	cnf.Clause(w, 1)
	if err := w.Close(); err == nil || err.Error() != "cnf: dimacs header declares 2 clauses, 1 were written" {
		t.Errorf("short: %v", err)
	}
	w = cnf.NewWriter(&bytes.Buffer{}, 2, 1)
	w.Add(1)
	if err := w.Close(); err == nil {
		t.Errorf("closed inside a clause without an error")
	}
	w = cnf.NewWriter(failWriter{}, 2, 0)
	if err := w.Close(); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("write error: %v", err)
	}
	var c cnf.Counter
	cnf.Clause(&c, 4, -7, 2)
	cnf.Clause(&c)
	if c != (cnf.Counter{Clauses: 2, Literals: 3, MaxVar: 7}) {
		t.Errorf("counter %+v", c)
	}
}

// Example writes "at most two of x1..x4" (Sinz's sequential counter, its
// registers numbered from 5) in DIMACS form: the formula is sized by a
// Counter first, since the header comes before the clauses.
func Example() {
	var size cnf.Counter
	e := cnf.NewEncoder(&size, cnf.Sequential, 0, 4)
	e.AtMostK([]int{1, 2, 3, 4}, 2)
	w := cnf.NewWriter(os.Stdout, e.Vars(), size.Clauses, "at most two of x1..x4")
	e = cnf.NewEncoder(w, cnf.Sequential, 0, 4)
	e.AtMostK([]int{1, 2, 3, 4}, 2)
	if err := w.Close(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// c at most two of x1..x4
	// p cnf 10 13
	// -1 5 0
	// -6 0
	// -2 7 0
	// -5 7 0
	// -2 -5 8 0
	// -6 8 0
	// -2 -6 0
	// -3 9 0
	// -7 9 0
	// -3 -7 10 0
	// -8 10 0
	// -3 -8 0
	// -4 -10 0
}
