package main

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/sat"
)

// satSolverOf reads text through the loader into a solved solver.
func satSolverOf(t *testing.T, text string) *sat.Solver {
	t.Helper()
	l := newSATLoader()
	_, err := sat.ReadDIMACSContext(context.Background(), strings.NewReader(text), "t.cnf", l, sat.ReadOptions{Header: l.header})
	s := l.solver()
	if err != nil {
		t.Fatal(err)
	}
	if st := s.Solve(context.Background()); st != sat.Sat {
		t.Fatalf("status %v", st)
	}
	return s
}

// TestSATLoader: the batches reach gini whole and in order, across batch
// boundaries.
func TestSATLoader(t *testing.T) {
	var b strings.Builder
	n := satBatch + 123 // variables, one unit clause each
	b.WriteString("p cnf 200000 0\n")
	for v := 1; v <= n; v++ {
		if v%2 == 1 {
			b.WriteString(strings.Repeat(" ", v%3) + strconv.Itoa(v) + " 0\n")
		} else {
			b.WriteString("-" + strconv.Itoa(v) + " 0\n")
		}
	}
	s := satSolverOf(t, b.String())
	for v := 1; v <= n; v++ {
		if s.Value(v) != (v%2 == 1) {
			t.Fatalf("variable %d is %v", v, s.Value(v))
		}
	}
}
