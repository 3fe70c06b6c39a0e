package sat_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/qtool-project/qtool/sat"
)

// formula is a CNF for the tests: clauses of DIMACS literals over
// variables 1..vars.
type formula struct {
	vars    int
	clauses [][]int
}

func (f formula) load() *sat.Solver {
	s := sat.New()
	for _, c := range f.clauses {
		s.AddClause(c...)
	}
	return s
}

// holds reports whether assignment a (bit v−1 = variable v) satisfies f.
func (f formula) holds(a uint64) bool {
	for _, c := range f.clauses {
		ok := false
		for _, l := range c {
			v := l
			if v < 0 {
				v = -v
			}
			if (a>>(v-1)&1 == 1) == (l > 0) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// projected counts by brute force the assignments of variables 1..k that
// extend to a model of f.
func (f formula) projected(k int) uint64 {
	seen := map[uint64]bool{}
	for a := uint64(0); a < 1<<f.vars; a++ {
		if f.holds(a) {
			seen[a&(1<<k-1)] = true
		}
	}
	return uint64(len(seen))
}

func random3SAT(rng *rand.Rand, vars, clauses int) formula {
	f := formula{vars: vars}
	for range clauses {
		var c []int
		for range 3 {
			l := 1 + rng.IntN(vars)
			if rng.IntN(2) == 0 {
				l = -l
			}
			c = append(c, l)
		}
		f.clauses = append(f.clauses, c)
	}
	return f
}

// pigeonhole says that p pigeons sit in h holes, no two in one: variable
// i*h+j+1 puts pigeon i in hole j. It is unsatisfiable for p > h and hard
// for resolution (Haken 1985).
func pigeonhole(p, h int) formula {
	f := formula{vars: p * h}
	for i := 0; i < p; i++ {
		var c []int
		for j := 0; j < h; j++ {
			c = append(c, i*h+j+1)
		}
		f.clauses = append(f.clauses, c)
	}
	for j := 0; j < h; j++ {
		for a := 0; a < p; a++ {
			for b := a + 1; b < p; b++ {
				f.clauses = append(f.clauses, []int{-(a*h + j + 1), -(b*h + j + 1)})
			}
		}
	}
	return f
}

func TestStatusString(t *testing.T) {
	for s, want := range map[sat.Status]string{sat.Sat: "SATISFIABLE", sat.Unsat: "UNSATISFIABLE", sat.Unknown: "UNKNOWN", sat.Status(7): "Status(7)"} {
		if got := s.String(); got != want {
			t.Errorf("Status(%d).String() = %q, want %q", int8(s), got, want)
		}
	}
}

func TestSolveSmall(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name string
		f    formula
		want sat.Status
	}{
		{"no clause", formula{}, sat.Sat},
		{"empty clause", formula{clauses: [][]int{{}}}, sat.Unsat},
		{"x and not x", formula{vars: 1, clauses: [][]int{{1}, {-1}}}, sat.Unsat},
		{"tautology", formula{vars: 2, clauses: [][]int{{1, -1}, {-2}}}, sat.Sat},
		{"php 4 3", pigeonhole(4, 3), sat.Unsat},
		{"php 3 3", pigeonhole(3, 3), sat.Sat},
	}
	for _, c := range cases {
		for _, cancellable := range []bool{false, true} {
			s := c.f.load()
			cctx := ctx
			if cancellable {
				var cancel context.CancelFunc
				cctx, cancel = context.WithCancel(ctx)
				defer cancel()
			}
			got := s.Solve(cctx)
			if got != c.want {
				t.Errorf("%s (cancellable %v): got %v, want %v", c.name, cancellable, got, c.want)
			}
			if got == sat.Sat {
				var a uint64
				for v := 1; v <= c.f.vars; v++ {
					if s.Value(v) {
						a |= 1 << (v - 1)
					}
					if s.Value(v) == s.Value(-v) {
						t.Errorf("%s: Value(%d) == Value(%d)", c.name, v, -v)
					}
				}
				if !c.f.holds(a) {
					t.Errorf("%s: model %b does not satisfy the formula", c.name, a)
				}
			}
		}
	}
}

// TestRandom3SAT compares the solver with brute force on random formulas
// around the threshold: satisfiability, every model found, each one a
// model, none twice.
func TestRandom3SAT(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 300 {
		vars := 3 + rng.IntN(10)
		f := random3SAT(rng, vars, 1+rng.IntN(6*vars))
		want := f.projected(vars)
		s := f.load()
		ctx := context.Background() // gini runs in this goroutine
		if i%2 == 1 {
			// gini runs in its own goroutine, watched by Solve.
			c, cancel := context.WithTimeout(ctx, time.Minute)
			defer cancel()
			ctx = c
		}
		st := s.Solve(ctx)
		if (st == sat.Sat) != (want > 0) || st == sat.Unknown {
			t.Fatalf("formula %d: %v, brute force finds %d models", i, st, want)
		}
		all := make([]int, vars)
		for v := range all {
			all[v] = v + 1
		}
		seen := map[uint64]bool{}
		n, st := s.Enumerate(ctx, all, 0, func() bool {
			var a uint64
			for v := 1; v <= vars; v++ {
				if s.Value(v) {
					a |= 1 << (v - 1)
				}
			}
			if !f.holds(a) || seen[a] {
				t.Fatalf("formula %d: model %b is wrong or repeated", i, a)
			}
			seen[a] = true
			return true
		})
		if n != want || st != sat.Unsat {
			t.Fatalf("formula %d: enumerated %d models (%v), brute force %d", i, n, st, want)
		}
	}
}

// TestEnumerateProjected enumerates models projected on the first k
// variables of formulas whose other variables are free or defined, so that
// one projected model has many full models: each must be counted once.
func TestEnumerateProjected(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 200 {
		k := 2 + rng.IntN(6)
		f := random3SAT(rng, k, rng.IntN(4*k))
		// Auxiliaries: a ↔ (x ∨ y) for random x, y, and a free variable.
		aux := 1 + rng.IntN(4)
		f.vars = k + aux + 1
		for a := k + 1; a <= k+aux; a++ {
			x, y := 1+rng.IntN(a-1), 1+rng.IntN(a-1)
			f.clauses = append(f.clauses, []int{-a, x, y}, []int{a, -x}, []int{a, -y})
		}
		f.clauses = append(f.clauses, []int{f.vars, -f.vars})
		want := f.projected(k)
		s := f.load()
		dec := make([]int, k)
		for v := range dec {
			dec[v] = v + 1
		}
		n, st := s.Enumerate(context.Background(), dec, 0, nil)
		if n != want || st != sat.Unsat {
			t.Fatalf("formula %d: %d projected models (%v), brute force %d", i, n, st, want)
		}
	}
}

// TestEnumerateSets enumerates, with the short blocking clauses of
// EnumerateSets, formulas whose projected models all make the same number
// of variables true: the first k variables fall into groups with exactly
// one true each, random clauses over them and auxiliaries defined from
// them are added. The count equals the brute-force projected count and
// Enumerate's, no projected model comes twice, and there is one blocking
// clause per model.
func TestEnumerateSets(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 3))
	for i := range 200 {
		k := 2 + rng.IntN(8)
		f := random3SAT(rng, k, rng.IntN(2*k))
		groups := 1 + rng.IntN(k)
		perm := rng.Perm(k)
		for g := range groups {
			var grp []int
			for j := g; j < k; j += groups {
				grp = append(grp, perm[j]+1)
			}
			f.clauses = append(f.clauses, grp)
			for a := range grp {
				for b := a + 1; b < len(grp); b++ {
					f.clauses = append(f.clauses, []int{-grp[a], -grp[b]})
				}
			}
		}
		// An auxiliary a ↔ (x ∧ y) and a free variable.
		x, y := 1+rng.IntN(k), 1+rng.IntN(k)
		a := k + 1
		f.vars = k + 2
		f.clauses = append(f.clauses, []int{-a, x}, []int{-a, y}, []int{a, -x, -y}, []int{f.vars, -f.vars})
		want := f.projected(k)
		dec := make([]int, k)
		for v := range dec {
			dec[v] = v + 1
		}
		s := f.load()
		before := s.Clauses()
		seen := map[uint64]bool{}
		n, st := s.EnumerateSets(context.Background(), dec, 0, func() bool {
			var m uint64
			for _, v := range dec {
				if s.Value(v) {
					m |= 1 << (v - 1)
				}
			}
			if seen[m] {
				t.Fatalf("formula %d: projected model %b visited twice", i, m)
			}
			seen[m] = true
			return true
		})
		if n != want || st != sat.Unsat {
			t.Fatalf("formula %d (%d groups): %d projected models (%v), brute force %d", i, groups, n, st, want)
		}
		if s.Clauses() != before+int(n) {
			t.Fatalf("formula %d: %d blocking clauses for %d models", i, s.Clauses()-before, n)
		}
		if m, _ := f.load().Enumerate(context.Background(), dec, 0, nil); m != want {
			t.Fatalf("formula %d: Enumerate counts %d, brute force %d", i, m, want)
		}
	}
	// On "exactly one of 1..5" each of the 5 models is visited once, and
	// the sixth solve is unsatisfiable.
	s := sat.New()
	vars := []int{1, 2, 3, 4, 5}
	s.AddClause(vars...)
	for a := 1; a <= 5; a++ {
		for b := a + 1; b <= 5; b++ {
			s.AddClause(-a, -b)
		}
	}
	var order []int
	n, st := s.EnumerateSets(context.Background(), vars, 0, func() bool {
		for _, v := range vars {
			if s.Value(v) {
				order = append(order, v)
			}
		}
		return true
	})
	slices.Sort(order)
	if n != 5 || st != sat.Unsat || !slices.Equal(order, vars) {
		t.Errorf("exactly one of 5: %d models %v (%v)", n, order, st)
	}
}

func TestEnumerateLimitAndResume(t *testing.T) {
	// x1 ∨ x2 ∨ x3 has 7 models.
	s := sat.New()
	s.AddClause(1, 2, 3)
	vars := []int{1, 2, 3}
	n, st := s.Enumerate(context.Background(), vars, 3, nil)
	if n != 3 || st != sat.Sat {
		t.Fatalf("limit 3: got %d %v", n, st)
	}
	calls := 0
	n, st = s.Enumerate(context.Background(), vars, 0, func() bool { calls++; return calls < 2 })
	if n != 2 || st != sat.Sat {
		t.Fatalf("visit stops at 2: got %d %v", n, st)
	}
	n, st = s.Enumerate(context.Background(), vars, 0, nil)
	if n != 2 || st != sat.Unsat {
		t.Fatalf("the rest: got %d %v, want 2 UNSATISFIABLE", n, st)
	}
	if s.Clauses() != 1+7 {
		t.Errorf("clauses: got %d, want 8 (1 + 7 blocking clauses)", s.Clauses())
	}
}

// TestSolveCancel stops gini on a pigeonhole formula that takes it far
// longer than the deadline, twice on the same solver, and checks that the
// solver still answers afterwards.
func TestSolveCancel(t *testing.T) {
	s := pigeonhole(12, 11).load()
	for range 2 {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		st := s.Solve(ctx)
		cancel()
		if st != sat.Unknown {
			t.Fatalf("php 12 11 under 50ms: got %v, want UNKNOWN", st)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if st := s.Solve(ctx); st != sat.Unknown {
		t.Fatalf("cancelled context: got %v", st)
	}
	// Pin pigeon 0 nowhere: unsatisfiable at once by propagation.
	for j := 1; j <= 11; j++ {
		s.AddClause(-j)
	}
	if st := s.Solve(context.Background()); st != sat.Unsat {
		t.Fatalf("after the stops: got %v, want UNSATISFIABLE", st)
	}
	// Enumerate under a cancelled context visits nothing.
	e := sat.New()
	e.AddClause(1, 2)
	if n, st := e.Enumerate(ctx, []int{1, 2}, 0, nil); n != 0 || st != sat.Unknown {
		t.Fatalf("enumerate under a cancelled context: %d %v", n, st)
	}
}

func TestAddPanics(t *testing.T) {
	for name, f := range map[string]func(s *sat.Solver){
		"open clause":  func(s *sat.Solver) { s.Add(1); s.Solve(context.Background()) },
		"zero literal": func(s *sat.Solver) { s.AddClause(1, 0, 2) },
		"huge literal": func(s *sat.Solver) { s.Add(1 << 40) },
		"min int":      func(s *sat.Solver) { s.Add(math.MinInt) },
	} {
		func() {
			defer func() {
				if r := recover(); r == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f(sat.New())
		}()
	}
}

func TestModel(t *testing.T) {
	s := sat.NewSize(5, 3)
	s.AddClause(1)
	s.AddClause(-2)
	s.AddClause(3, 4)
	if st := s.Solve(context.Background()); st != sat.Sat {
		t.Fatal(st)
	}
	m := s.Model(6)
	if len(m) != 7 || !m[1] || m[2] || !(m[3] || m[4]) || m[6] {
		t.Errorf("model %v", m)
	}
	if s.Vars() != 4 || s.Clauses() != 3 || s.Solves() != 1 {
		t.Errorf("Vars %d Clauses %d Solves %d", s.Vars(), s.Clauses(), s.Solves())
	}
	if !slices.Equal(m[:3], []bool{false, true, false}) {
		t.Errorf("model %v", m)
	}
}

// Example solves the pigeonhole formula for three pigeons and two holes.
func Example() {
	s := sat.New()
	// Variable 2i+j+1: pigeon i sits in hole j.
	for i := 0; i < 3; i++ {
		s.AddClause(2*i+1, 2*i+2)
	}
	for j := 1; j <= 2; j++ {
		s.AddClause(-j, -(j + 2))
		s.AddClause(-j, -(j + 4))
		s.AddClause(-(j + 2), -(j + 4))
	}
	fmt.Println(s.Solve(context.Background()))
	// Output: UNSATISFIABLE
}

// ExampleSolver_Enumerate counts the models of x1 ∨ x2 projected on x1 and
// x2, although a third variable is free: each projected model counts once.
func ExampleSolver_Enumerate() {
	s := sat.New()
	s.AddClause(1, 2)
	s.AddClause(3, -3)
	n, st := s.Enumerate(context.Background(), []int{1, 2}, 0, func() bool {
		fmt.Println(s.Value(1), s.Value(2))
		return true
	})
	fmt.Println(n, st)
	// Unordered output:
	// true true
	// true false
	// false true
	// 3 UNSATISFIABLE
}
