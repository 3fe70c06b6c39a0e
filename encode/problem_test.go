package encode_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/qtool-project/qtool/cnf"
	"github.com/qtool-project/qtool/encode"
)

// attacks says, independently of the Rules, whether pieces of variant v on
// a and b attack each other, by the moves of the pieces.
func attacks(v encode.Variant, n int, a, b encode.Cell) bool {
	dr, dc := a.R-b.R, a.C-b.C
	abs := func(x int) int {
		if x < 0 {
			return -x
		}
		return x
	}
	knight := abs(dr)*abs(dc) == 2
	diag := abs(dr) == abs(dc)
	line := dr == 0 || dc == 0
	switch v {
	case encode.Queens:
		return line || diag
	case encode.Toroidal:
		mod := func(x int) int { return ((x % n) + n) % n }
		return line || mod(dr-dc) == 0 || mod(dr+dc) == 0
	case encode.Superqueens:
		return line || diag || knight
	case encode.Kings:
		return abs(dr) <= 1 && abs(dc) <= 1
	case encode.Bishops:
		return diag
	case encode.Knights:
		return knight
	case encode.Rooks:
		return line
	}
	panic(v)
}

// legal is the brute-force definition of a solution with k pieces.
func legal(p encode.Problem, set []encode.Cell) bool {
	n := p.Board.N
	for _, x := range set {
		for _, b := range p.Blocked {
			if x == b {
				return false
			}
		}
		for _, d := range p.Excluded {
			if d.Holds(n, x.R, x.C) {
				return false
			}
		}
	}
	for r := range n {
		if c := p.Board.Queen(r); c >= 0 {
			found := false
			for _, x := range set {
				found = found || x == encode.Cell{R: r, C: c}
			}
			if !found {
				return false
			}
		}
	}
	if p.Variant == encode.Domination || p.Variant == encode.TorusDomination {
		queen := encode.Queens
		if p.Variant == encode.TorusDomination {
			queen = encode.Toroidal
		}
		for r := range n {
			for c := range n {
				covered := false
				for _, x := range set {
					covered = covered || x == encode.Cell{R: r, C: c} || attacks(queen, n, x, encode.Cell{R: r, C: c})
				}
				if !covered {
					return false
				}
			}
		}
		return true
	}
	if p.Variant == encode.QueensPawns {
		return legalPawns(p, set)
	}
	for i := range set {
		for j := i + 1; j < len(set); j++ {
			if attacks(p.Variant, n, set[i], set[j]) {
				return false
			}
		}
	}
	return true
}

// legalPawns is legal for queens among pawns: no queen on a pawn, and no
// two on a line without a pawn between them, found by walking the squares
// between.
func legalPawns(p encode.Problem, set []encode.Cell) bool {
	for _, x := range set {
		if slices.Contains(p.Pawns, x) {
			return false
		}
	}
	sign := func(d int) int {
		switch {
		case d > 0:
			return 1
		case d < 0:
			return -1
		}
		return 0
	}
	for i, a := range set {
		for _, b := range set[i+1:] {
			dr, dc := b.R-a.R, b.C-a.C
			if dr != 0 && dc != 0 && dr != dc && dr != -dc {
				continue
			}
			blocked := false
			for r, c := a.R+sign(dr), a.C+sign(dc); r != b.R || c != b.C; r, c = r+sign(dr), c+sign(dc) {
				blocked = blocked || slices.Contains(p.Pawns, encode.Cell{R: r, C: c})
			}
			if !blocked {
				return false
			}
		}
	}
	return true
}

// bruteCount counts the k-subsets of the board that are solutions, by
// enumeration.
func bruteCount(p encode.Problem, k int) (count uint64, verifyErr error) {
	n := p.Board.N
	var set []encode.Cell
	var rec func(i int)
	rec = func(i int) {
		if len(set) == k {
			q := p
			q.Pieces = k
			got := encode.Verify(q, set) == nil
			if want := legal(p, set); got != want {
				verifyErr = fmt.Errorf("Verify says %v for %v, brute force %v", got, set, want)
			}
			if got {
				count++
			}
			return
		}
		if i == n*n || n*n-i < k-len(set) {
			return
		}
		set = append(set, encode.Cell{R: i / n, C: i % n})
		rec(i + 1)
		set = set[:len(set)-1]
		rec(i + 1)
	}
	rec(0)
	return count, verifyErr
}

// randomInstance blocks some squares, excludes some diagonals and gives
// one piece, legal for the variant, at random.
func randomInstance(rng *rand.Rand, v encode.Variant, n int) encode.Instance {
	in := encode.Instance{Board: encode.Empty(n)}
	for r := range n {
		for c := range n {
			if rng.IntN(7) == 0 {
				in.Blocked = append(in.Blocked, encode.Cell{R: r, C: c})
			}
		}
	}
	if v == encode.Queens || v == encode.Bishops {
		for range rng.IntN(3) {
			in.Excluded = append(in.Excluded, encode.Diagonal{D: rng.IntN(2*n - 1), Sum: rng.IntN(2) == 0})
		}
	}
	if v == encode.QueensPawns {
		for r := range n {
			for c := range n {
				if rng.IntN(5) == 0 && !slices.Contains(in.Blocked, encode.Cell{R: r, C: c}) {
					in.Pawns = append(in.Pawns, encode.Cell{R: r, C: c})
				}
			}
		}
	}
	if v.Goal() != encode.Minimum && rng.IntN(2) == 0 {
		r, c := rng.IntN(n), rng.IntN(n)
		q := encode.Instance{Board: encode.Board{N: n, Queens: make([]int, n)}, Blocked: in.Blocked, Excluded: in.Excluded, Pawns: in.Pawns}
		for i := range q.Board.Queens {
			q.Board.Queens[i] = -1
		}
		q.Board.Queens[r] = c
		if q.Validate() == nil {
			in = q
		}
	}
	return in
}

// modelCount counts the solutions of a model by brute force over its free
// cells, checking each line's bounds: the Model's own reading of the
// problem.
func modelCount(m *encode.Model) uint64 {
	if m.Infeasible != "" {
		return 0
	}
	var count uint64
	chosen := make([]bool, len(m.Cells))
	var rec func(i, k int)
	need := m.Pieces - len(m.Given)
	rec = func(i, k int) {
		if k > need {
			return
		}
		if i == len(m.Cells) {
			if k != need {
				return
			}
			for _, l := range m.Lines {
				c := 0
				for _, x := range l.Cells {
					if chosen[x] {
						c++
					}
				}
				if c < l.Lo || c > l.Hi {
					return
				}
			}
			count++
			return
		}
		chosen[i] = true
		rec(i+1, k+1)
		chosen[i] = false
		rec(i+1, k)
	}
	rec(0, 0)
	return count
}

// TestVerifyCellsBruteForce checks Verify (cells) against the pieces' moves
// on every subset of every size of the small boards, for every variant,
// plain and with blocked squares, excluded diagonals and a given piece;
// and checks that the Model counts the same solutions.
func TestVerifyCellsBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, v := range encode.Variants() {
		for n := 1; n <= 4; n++ {
			for trial := range 3 {
				in := encode.Instance{Board: encode.Empty(n)}
				if trial > 0 {
					in = randomInstance(rng, v, n)
				}
				p := encode.Problem{Variant: v, Instance: in}
				for k := 1; k <= n*n; k++ {
					if v.Goal() == encode.Place && k != n+len(in.Pawns) {
						continue
					}
					want, err := bruteCount(p, k)
					if err != nil {
						t.Fatalf("%v n=%d %+v k=%d: %v", v, n, in, k, err)
					}
					q := p
					q.Pieces = k
					m, err := encode.NewModel(q)
					if err != nil {
						t.Fatalf("%v n=%d: %v", v, n, err)
					}
					if got := modelCount(m); got != want {
						t.Errorf("%v n=%d %+v k=%d: model counts %d, brute force %d", v, n, in, k, got, want)
					}
				}
			}
		}
	}
}

// TestModelCNF: the CNF of a model has exactly the model's solutions,
// checked by enumerating the assignments of the cell variables of small
// models with DPLL on the auxiliaries, for every encoding.
func TestModelCNF(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, v := range encode.Variants() {
		for n := 2; n <= 3; n++ {
			in := randomInstance(rng, v, n)
			p := encode.Problem{Variant: v, Instance: in, Pieces: encode.Problem{Variant: v, Instance: in}.Bound()}
			if v.Goal() == encode.Place {
				p.Pieces = n + len(in.Pawns)
			}
			m, err := encode.NewModel(p)
			if err != nil {
				t.Fatal(err)
			}
			want := modelCount(m)
			for _, amo := range cnf.AMOs() {
				var cl cnfClauseList
				vars, err := m.EncodeCNF(context.Background(), &cl, amo)
				if err != nil {
					t.Fatal(err)
				}
				if sv, sc := m.CNFSize(amo); sv != vars || sc != len(cl.clauses) {
					t.Errorf("%v n=%d %v: size %d/%d, wrote %d/%d", v, n, amo, sv, sc, vars, len(cl.clauses))
				}
				var got uint64
				for bits := 0; bits < 1<<len(m.Cells); bits++ {
					val := make([]int8, vars+1)
					for i := range m.Cells {
						val[i+1] = -1
						if bits>>i&1 == 1 {
							val[i+1] = 1
						}
					}
					if cnfSatisfiable(cl.clauses, val) {
						got++
						var chosen []int32
						for i := range m.Cells {
							if bits>>i&1 == 1 {
								chosen = append(chosen, int32(i))
							}
						}
						if err := encode.Verify(p, m.Solution(chosen)); err != nil {
							t.Errorf("%v n=%d: CNF model is not a solution: %v", v, n, err)
						}
					}
				}
				if got != want {
					t.Errorf("%v n=%d %+v %v: CNF has %d models, the model %d solutions", v, n, in, amo, got, want)
				}
			}
		}
	}
}

func TestParseVariant(t *testing.T) {
	for _, v := range encode.Variants() {
		if got, err := encode.ParseVariant(v.String()); err != nil || got != v {
			t.Errorf("ParseVariant(%v) = %v, %v", v, got, err)
		}
	}
	if _, err := encode.ParseVariant("amazons"); err == nil {
		t.Error("unknown problem accepted")
	}
}

// TestVariantTable pins the table of the built-in variants: their
// constants, names and order (the unknown-problem message lists them so),
// questions, kinds, words, kinds of solution, and the bounds where the
// size search starts on 8×8, which are the published values: 8 rooks, 14
// bishops, 16 kings and 32 knights (Kotesovec, exact on the empty board),
// 5 queens and 5 knights (the ITA puzzle), Spencer's ⌈(n−1)/2⌉ = 4 for
// domination on the plain, empty board and the given queens (at least
// one) otherwise; the Place variants place n, n + k with k pawns, and the
// pieces of --pieces.
func TestVariantTable(t *testing.T) {
	_, err := encode.ParseVariant("amazons")
	if want := `encode: unknown problem "amazons" (known: queens, toroidal, superqueens, domination, kings, bishops, knights, rooks, torus-domination, queens+pawns, queens+knights, pieces)`; err == nil || err.Error() != want {
		t.Errorf("ParseVariant(amazons): %v, want %s", err, want)
	}
	rows := []struct {
		v     encode.Variant
		name  string
		goal  encode.Goal
		kind  encode.Kind
		word  string
		mixed bool
		bound int
	}{
		{encode.Queens, "queens", encode.Place, encode.QueenKind, "queens", false, 8},
		{encode.Toroidal, "toroidal", encode.Place, encode.QueenKind, "queens", false, 8},
		{encode.Superqueens, "superqueens", encode.Place, encode.AmazonKind, "superqueens", false, 8},
		{encode.Domination, "domination", encode.Minimum, encode.QueenKind, "queens", false, 4},
		{encode.Kings, "kings", encode.Maximum, encode.KingKind, "kings", false, 16},
		{encode.Bishops, "bishops", encode.Maximum, encode.BishopKind, "bishops", false, 14},
		{encode.Knights, "knights", encode.Maximum, encode.KnightKind, "knights", false, 32},
		{encode.Rooks, "rooks", encode.Maximum, encode.RookKind, "rooks", false, 8},
		{encode.TorusDomination, "torus-domination", encode.Minimum, encode.QueenKind, "queens", false, 1},
		{encode.QueensPawns, "queens+pawns", encode.Place, encode.QueenKind, "queens", false, 8},
		{encode.QueensKnights, "queens+knights", encode.Maximum, encode.QueenKind, "pieces", true, 10},
		{encode.MixedPieces, "pieces", encode.Place, encode.QueenKind, "pieces", true, 0},
	}
	for i, r := range rows {
		v := r.v
		p := encode.Problem{Variant: v, Instance: encode.Instance{Board: encode.Empty(8)}}
		if int(v) != i || v.String() != r.name || v.Goal() != r.goal || v.Kind() != r.kind || v.Word() != r.word || v.Mixed() != r.mixed || p.Bound() != r.bound {
			t.Errorf("%d: %v: goal %v, kind %v, word %q, mixed %v, bound %d; want %d %s %v %v %q %v %d", int(v), v, v.Goal(), v.Kind(), v.Word(), v.Mixed(), p.Bound(), i, r.name, r.goal, r.kind, r.word, r.mixed, r.bound)
		}
	}
	if got := encode.AllVariants(); len(got) != len(rows) {
		t.Errorf("AllVariants() = %v, want the %d built-in variants", got, len(rows))
	}
	// The bounds that read the problem.
	given := encode.Board{N: 8, Queens: []int{0, -1, -1, 5, -1, -1, -1, -1}}
	blocked := encode.Instance{Board: encode.Empty(8), Blocked: []encode.Cell{{R: 4, C: 4}}}
	for _, c := range []struct {
		p    encode.Problem
		want int
	}{
		{encode.Problem{Variant: encode.Domination, Instance: encode.Instance{Board: given}}, 2},
		{encode.Problem{Variant: encode.Domination, Instance: blocked}, 1},
		{encode.Problem{Variant: encode.Domination, Instance: encode.Instance{Board: encode.Empty(11)}}, 5},
		{encode.Problem{Variant: encode.TorusDomination, Instance: encode.Instance{Board: given}}, 2},
		{encode.Problem{Variant: encode.QueensPawns, Instance: encode.Instance{Board: encode.Empty(8)}, PawnCount: 2}, 10},
		{encode.Problem{Variant: encode.QueensPawns, Instance: encode.Instance{Board: encode.Empty(8), Pawns: []encode.Cell{{R: 3, C: 3}}}}, 9},
		{encode.Problem{Variant: encode.MixedPieces, Instance: encode.Instance{Board: encode.Empty(7)}, Counts: encode.Army{encode.QueenKind: 2, encode.KnightKind: 1, encode.KingKind: 2, encode.BishopKind: 2}}, 7},
		{encode.Problem{Variant: encode.Knights, Instance: encode.Instance{Board: encode.Empty(2)}}, 4},
		{encode.Problem{Variant: encode.QueensKnights, Instance: encode.Instance{Board: encode.Empty(3)}}, 2},
	} {
		if got := c.p.Bound(); got != c.want {
			t.Errorf("%v on %d×%d (%d given, %d blocked, %d pawns, PawnCount %d, Counts %s): Bound %d, want %d", c.p.Variant, c.p.Board.N, c.p.Board.N, c.p.GivenCount(), len(c.p.Blocked), len(c.p.Pawns), c.p.PawnCount, c.p.Counts, got, c.want)
		}
	}
	qk := encode.Problem{Variant: encode.QueensKnights, Instance: encode.Instance{Board: encode.Empty(8)}, Pieces: 10}
	if a := qk.Army(); a.String() != "Q=5,N=5" || qk.SizeStep() != 2 {
		t.Errorf("queens+knights of 10: army %s, step %d", a, qk.SizeStep())
	}
}
