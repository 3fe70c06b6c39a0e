package encode_test

import (
	"context"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// chessAttacks reports whether a piece of kind k on a attacks square b,
// by the moves of chess: a queen, rook or bishop along its lines up to the
// first piece in the way (occupied), a knight a knight's move, a king one
// step. It is the test's own statement of the pieces, independent of the
// rules the model and the verifier read.
func chessAttacks(k encode.Kind, a, b encode.Cell, occupied map[encode.Cell]bool) bool {
	dr, dc := b.R-a.R, b.C-a.C
	abs := func(x int) int {
		if x < 0 {
			return -x
		}
		return x
	}
	sign := func(x int) int {
		switch {
		case x < 0:
			return -1
		case x > 0:
			return 1
		}
		return 0
	}
	slide := func() bool {
		sr, sc := sign(dr), sign(dc)
		for r, c := a.R+sr, a.C+sc; r != b.R || c != b.C; r, c = r+sr, c+sc {
			if occupied[encode.Cell{R: r, C: c}] {
				return false
			}
		}
		return true
	}
	straight := (dr == 0) != (dc == 0)
	diagonal := dr != 0 && abs(dr) == abs(dc)
	switch k {
	case encode.QueenKind:
		return (straight || diagonal) && slide()
	case encode.RookKind:
		return straight && slide()
	case encode.BishopKind:
		return diagonal && slide()
	case encode.KnightKind:
		return abs(dr)*abs(dc) == 2
	case encode.KingKind:
		return max(abs(dr), abs(dc)) == 1
	case encode.AmazonKind:
		return abs(dr)*abs(dc) == 2 || (straight || diagonal) && slide()
	}
	panic("kind")
}

// bruteArmy counts the placements of army on an n×n board (blocked squares
// excluded) with no piece attacking another by chessAttacks, given pieces
// kept, each verified by Verify, which must also reject the sets
// that attack.
func bruteArmy(t *testing.T, p encode.Problem, army encode.Army) uint64 {
	n := p.Board.N
	blocked := map[encode.Cell]bool{}
	for _, x := range p.Blocked {
		blocked[x] = true
	}
	var kinds []encode.Kind
	for k, c := range army {
		for range c {
			kinds = append(kinds, encode.Kind(k))
		}
	}
	givens := p.Givens()
	var count uint64
	var placed []encode.Piece
	occupied := map[encode.Cell]bool{}
	var rec func(i, from int)
	rec = func(i, from int) {
		if i == len(kinds) {
			for _, g := range givens {
				found := false
				for _, x := range placed {
					found = found || x == g
				}
				if !found {
					return
				}
			}
			ok := true
			for _, a := range placed {
				for _, b := range placed {
					if a != b && chessAttacks(a.Kind, a.Cell, b.Cell, occupied) {
						ok = false
					}
				}
			}
			ps := append([]encode.Piece(nil), placed...)
			sortPieces(ps)
			err := encode.Verify(p, ps)
			if ok != (err == nil) {
				t.Fatalf("%v %v: brute force says legal=%v, Verify %v", p.Variant, ps, ok, err)
			}
			if ok {
				count++
			}
			return
		}
		start := 0
		if i > 0 && kinds[i-1] == kinds[i] {
			start = from + 1 // pieces of one kind in increasing square order
		}
		for s := start; s < n*n; s++ {
			x := encode.Cell{R: s / n, C: s % n}
			if occupied[x] || blocked[x] {
				continue
			}
			occupied[x] = true
			placed = append(placed, encode.Piece{Cell: x, Kind: kinds[i]})
			rec(i+1, s)
			placed = placed[:len(placed)-1]
			delete(occupied, x)
		}
	}
	rec(0, -1)
	return count
}

func sortPieces(ps []encode.Piece) {
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			if ps[j].R < ps[i].R || ps[j].R == ps[i].R && ps[j].C < ps[i].C {
				ps[i], ps[j] = ps[j], ps[i]
			}
		}
	}
}

// linesCount counts a model's solutions with search.Lines, each checked by
// Verify.
func linesCount(t *testing.T, p encode.Problem) uint64 {
	m, err := encode.NewModel(p)
	if err != nil {
		t.Fatal(err)
	}
	st, err := search.Lines(context.Background(), m, func(ch []int32) bool {
		if err := encode.Verify(p, m.PiecesOf(ch)); err != nil {
			t.Fatalf("%v: a solution of the model fails: %v", p.Variant, err)
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := modelCount(m); got != st.Solutions {
		t.Errorf("%v %v: Lines %d, the model's brute force %d", p.Variant, p.Counts, st.Solutions, got)
	}
	return st.Solutions
}

// TestPiecesBruteForce: the pieces problem's model counts, on the small
// boards, what placing the pieces by the chess moves counts, for armies
// of every pair of kinds and a few of three, plain and with a blocked
// square and a given piece.
func TestPiecesBruteForce(t *testing.T) {
	var armies []encode.Army
	for a := range 5 {
		for b := a; b < 5; b++ {
			var x encode.Army
			x[a]++
			x[b]++
			armies = append(armies, x)
			y := x
			y[b]++
			armies = append(armies, y)
		}
	}
	armies = append(armies, encode.Army{1, 1, 1, 0, 0}, encode.Army{0, 1, 1, 1, 1}, encode.Army{1, 0, 0, 1, 1})
	for n := 1; n <= 4; n++ {
		for _, army := range armies {
			for trial := range 3 {
				p := encode.Problem{Variant: encode.MixedPieces, Instance: encode.Instance{Board: encode.Empty(n)}, Counts: army}
				if trial >= 1 && n >= 2 {
					p.Blocked = []encode.Cell{{R: 0, C: n - 1}}
				}
				if trial == 2 {
					k := army.Kinds()[0]
					p.Given = []encode.Piece{{Cell: encode.Cell{R: n - 1, C: 0}, Kind: k}}
				}
				if army.Total() > n*n-len(p.Blocked) {
					if p.Validate() == nil {
						t.Errorf("n=%d %v: %d pieces on %d squares accepted", n, army, army.Total(), n*n-len(p.Blocked))
					}
					continue
				}
				want := bruteArmy(t, p, army)
				if got := linesCount(t, p); got != want {
					t.Errorf("n=%d %v %+v: model %d, brute force %d", n, army, p.Instance, got, want)
				}
			}
		}
	}
}

// TestQueensKnightsBruteForce: m queens and m knights, for every m, on the
// boards up to 5×5.
func TestQueensKnightsBruteForce(t *testing.T) {
	for n := 1; n <= 5; n++ {
		for m := 1; 2*m <= n*n && m <= 3 && !(n == 5 && m == 3); m++ {
			p := encode.Problem{Variant: encode.QueensKnights, Instance: encode.Instance{Board: encode.Empty(n)}, Pieces: 2 * m}
			var army encode.Army
			army[encode.QueenKind], army[encode.KnightKind] = m, m
			want := bruteArmy(t, p, army)
			if got := linesCount(t, p); got != want {
				t.Errorf("n=%d m=%d: model %d, brute force %d", n, m, got, want)
			}
		}
	}
}

// TestPawnOnPiece: a pawn on the square of a given piece, in either
// form of the given pieces, is an invalid board.
func TestPawnOnPiece(t *testing.T) {
	for _, p := range []encode.Problem{
		{Variant: encode.QueensPawns, Instance: encode.Instance{Board: encode.Board{N: 4, Queens: []int{0, -1, -1, -1}}, Pawns: []encode.Cell{{R: 0, C: 0}}}},
		{Variant: encode.QueensPawns, Instance: encode.Instance{Board: encode.Empty(4), Given: []encode.Piece{{Cell: encode.Cell{R: 1, C: 2}}}, Pawns: []encode.Cell{{R: 1, C: 2}}}},
	} {
		if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "pawn") {
			t.Errorf("%+v: %v; want the pawn refused", p.Instance, err)
		}
	}
}
