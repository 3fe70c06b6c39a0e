package sat_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/qtool-project/qtool/sat"
)

// exactCover is a random formula with exactly-one groups for the cube
// tests: vars variables, each in one or two of the groups (so that the
// groups overlap as rows and columns do), at-least-one and pairwise
// at-most-one clauses for each group, further at-most-one groups, and a
// few random clauses over the variables, which make some instances
// unsatisfiable. With neg, the groups hold negated literals: the formula
// says exactly one variable of each group is false.
type exactCover struct {
	formula
	exactly, atMost [][]int
}

func newExactCover(r *rand.Rand, neg bool) exactCover {
	vars := 6 + r.IntN(10)
	sign := 1
	if neg {
		sign = -1
	}
	var e exactCover
	e.vars = vars
	groups := 2 + r.IntN(4)
	e.exactly = make([][]int, groups)
	for v := 1; v <= vars; v++ {
		g := r.IntN(groups)
		e.exactly[g] = append(e.exactly[g], sign*v)
		if r.IntN(2) == 0 {
			h := r.IntN(groups)
			if h != g {
				e.exactly[h] = append(e.exactly[h], sign*v)
			}
		}
	}
	for range r.IntN(3) {
		var g []int
		for v := 1; v <= vars; v++ {
			if r.IntN(3) == 0 {
				g = append(g, sign*v)
			}
		}
		e.atMost = append(e.atMost, g)
	}
	amo := func(g []int) {
		for i := range g {
			for j := i + 1; j < len(g); j++ {
				e.clauses = append(e.clauses, []int{-g[i], -g[j]})
			}
		}
	}
	for _, g := range e.exactly {
		if len(g) > 0 {
			e.clauses = append(e.clauses, append([]int(nil), g...))
		} else {
			e.clauses = append(e.clauses, []int{1}, []int{-1}) // an empty group: no model
		}
		amo(g)
	}
	for _, g := range e.atMost {
		amo(g)
	}
	for range r.IntN(4) {
		c := make([]int, 3)
		for i := range c {
			c[i] = 1 + r.IntN(vars)
			if r.IntN(2) == 0 {
				c[i] = -c[i]
			}
		}
		e.clauses = append(e.clauses, c)
	}
	return e
}

// TestCubeAndConquer: on random formulas with exactly-one groups, cube and
// conquer answers as a brute-force search does, for every leaf size, and
// its models satisfy every clause; the solver stays usable afterwards.
func TestCubeAndConquer(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 2011))
	yes, no, cubes, refuted := 0, 0, 0, 0
	for i := range 600 {
		e := newExactCover(r, i%5 == 4)
		want := e.projected(e.vars) > 0
		if want {
			yes++
		} else {
			no++
		}
		for _, leaf := range []int{0, 1, 2, 10} {
			s := e.load()
			st, stats := s.CubeAndConquer(context.Background(), sat.CubeOptions{ExactlyOne: e.exactly, AtMostOne: e.atMost, Leaf: leaf})
			cubes += stats.Cubes
			refuted += stats.Refuted
			if (st == sat.Sat) != want || st == sat.Unknown {
				t.Fatalf("instance %d leaf %d: %v, brute force says satisfiable=%v; clauses %v groups %v", i, leaf, st, want, e.clauses, e.exactly)
			}
			if st == sat.Sat {
				var a uint64
				for v := 1; v <= e.vars; v++ {
					if s.Value(v) {
						a |= 1 << (v - 1)
					}
					if s.Value(-v) == s.Value(v) {
						t.Fatalf("instance %d: Value(%d) = Value(%d)", i, v, -v)
					}
				}
				if !e.holds(a) {
					t.Fatalf("instance %d leaf %d: the model %b fails a clause", i, leaf, a)
				}
				if m := s.Model(e.vars); len(m) != e.vars+1 || m[1] != s.Value(1) {
					t.Fatalf("instance %d: Model %v disagrees with Value", i, m)
				}
			}
			// Usable afterwards: the formula plus a clause is decided as
			// brute force says.
			c := []int{1 + r.IntN(e.vars), -(1 + r.IntN(e.vars))}
			s.AddClause(c...)
			e2 := e
			e2.clauses = append(append([][]int(nil), e.clauses...), c)
			if got, want2 := s.Solve(context.Background()) == sat.Sat, e2.projected(e.vars) > 0; got != want2 {
				t.Fatalf("instance %d leaf %d: Solve after cube and conquer says %v, brute force %v", i, leaf, got, want2)
			}
		}
	}
	if yes < 100 || no < 50 || cubes == 0 || refuted == 0 {
		t.Errorf("too one-sided: %d satisfiable, %d not, %d cubes, %d refuted by the lookahead", yes, no, cubes, refuted)
	}
}

// TestCubeAndConquerStops: a cancelled context gives Unknown, and the
// solver still decides the formula afterwards.
func TestCubeAndConquerStops(t *testing.T) {
	const p, h = 11, 10 // pigeons, holes: no model, and hard for CDCL
	s := sat.New()
	var rows, cols [][]int
	for i := range p {
		var g []int
		for j := range h {
			g = append(g, i*h+j+1)
		}
		rows = append(rows, g)
		s.AddClause(g...)
	}
	for j := range h {
		var g []int
		for i := range p {
			g = append(g, i*h+j+1)
		}
		cols = append(cols, g)
		for a := range g {
			for b := a + 1; b < len(g); b++ {
				s.AddClause(-g[a], -g[b])
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if st, _ := s.CubeAndConquer(ctx, sat.CubeOptions{ExactlyOne: rows, AtMostOne: cols}); st != sat.Unknown {
		t.Fatalf("cancelled: %v", st)
	}
	// The lookahead alone refutes pigeonhole formulas quickly when it
	// knows the holes' at-most-one groups.
	st, stats := s.CubeAndConquer(context.Background(), sat.CubeOptions{ExactlyOne: rows, AtMostOne: cols})
	if st != sat.Unsat || stats.Nodes == 0 {
		t.Fatalf("PHP(%d,%d): %v, %+v", p, h, st, stats)
	}
	if st := s.Solve(context.Background()); st != sat.Unsat {
		t.Fatalf("Solve after an Unsat cube and conquer: %v", st)
	}
}

// ExampleSolver_CubeAndConquer places three rooks on a 3×3 board, none on
// the main diagonal, so that no two share a row or a column: the lookahead
// branches on the rows, the most constrained first, and gini decides the
// cubes.
func ExampleSolver_CubeAndConquer() {
	s := sat.New()
	sq := func(r, c int) int { return 3*r + c + 1 }
	var rows, cols [][]int
	for i := range 3 {
		var row, col []int
		for j := range 3 {
			row, col = append(row, sq(i, j)), append(col, sq(j, i))
		}
		rows, cols = append(rows, row), append(cols, col)
	}
	for _, g := range append(rows, cols...) {
		s.AddClause(g...) // at least one
		for a := range g {
			for b := a + 1; b < len(g); b++ {
				s.AddClause(-g[a], -g[b]) // at most one
			}
		}
	}
	for i := range 3 {
		s.AddClause(-sq(i, i))
	}
	st, _ := s.CubeAndConquer(context.Background(), sat.CubeOptions{ExactlyOne: append(rows, cols...), Leaf: 2})
	fmt.Println(st)
	for i := range 3 {
		for j := range 3 {
			if s.Value(sq(i, j)) {
				fmt.Print(j, " ")
			}
		}
	}
	fmt.Println()
	// Output:
	// SATISFIABLE
	// 1 2 0
}

// TestCubeOddOptions: a literal listed twice in a group counts once (were
// it counted twice, making it true would look like two true literals and
// refute a satisfiable node), and a negative Leaf is taken as 0 rather than
// running past the last open group.
func TestCubeOddOptions(t *testing.T) {
	for _, leaf := range []int{-1, 0, 1} {
		s := sat.New()
		// Exactly one of 1, 2 (given as clauses); the group lists 1 twice.
		s.AddClause(1, 2)
		s.AddClause(-1, -2)
		s.AddClause(-2)
		st, _ := s.CubeAndConquer(context.Background(), sat.CubeOptions{ExactlyOne: [][]int{{1, 1, 2}}, AtMostOne: [][]int{{2, 1, 1}}, Leaf: leaf})
		if st != sat.Sat || !s.Value(1) || s.Value(2) {
			t.Errorf("leaf %d: %v, x1 = %v, x2 = %v; want Sat with x1 only", leaf, st, s.Value(1), s.Value(2))
		}
	}
}
