package variant_test

import (
	"context"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/examples/variant"
)

// The masks of rooks and knights in the rules of rooksKnights.
const (
	rook   = 1 << encode.RookKind
	knight = 1 << encode.KnightKind
)

// rooksKnights is a variant of several kinds registered by this test
// alone: the most rooks and knights in equal numbers, m of each, none
// attacking another (queens+knights with rooks). Its Army and Step make it
// one of several kinds whose pieces come in pairs; its Bound is
// queens+knights' argument (m rooks take m rows and m columns, the m
// knights stand on the (n − m)² squares left).
var rooksKnights = encode.RegisterVariant(encode.VariantSpec{
	Name: "rooks+knights",
	Goal: encode.Maximum,
	Rules: []encode.Rule{
		{Family: encode.Squares, Lo: 0, Hi: 1, Kinds: rook | knight},
		{Family: encode.Rows, Lo: 0, Hi: 1, Kinds: rook},
		{Family: encode.Rows, Hi: 1, Kinds: rook, Excludes: knight},
		{Family: encode.Columns, Lo: 0, Hi: 1, Kinds: rook},
		{Family: encode.Columns, Hi: 1, Kinds: rook, Excludes: knight},
		{Family: encode.KnightPairs, Lo: 0, Hi: 1, Kinds: knight},
		{Family: encode.KnightPairs, Hi: 1, Kinds: knight, Excludes: rook},
	},
	Word: "pieces",
	Bound: func(p encode.Problem) int {
		n, m := p.Board.N, 0
		for k := 1; k <= n && k <= (n-k)*(n-k); k++ {
			m = k
		}
		return 2 * m
	},
	Army: func(p encode.Problem) encode.Army {
		var a encode.Army
		a[encode.RookKind], a[encode.KnightKind] = p.Pieces/2, p.Pieces/2
		return a
	},
	Step: 2,
})

// rooksPawns is a one-kind variant that reads pawns, registered by this
// test alone: n + k rooks and the k pawns of the board, a pawn cutting its
// row and column (the n+k rooks problem). Its rules are segments, so the
// board's pawns are read; its Bound is the number it places.
var rooksPawns = encode.RegisterVariant(encode.VariantSpec{
	Name:  "rooks+pawns",
	Goal:  encode.Place,
	Rules: []encode.Rule{{Family: encode.RowSegments, Hi: 1}, {Family: encode.ColumnSegments, Hi: 1}},
	Kind:  encode.RookKind,
	Word:  "rooks",
	Bound: func(p encode.Problem) int { return p.Board.N + len(p.Pawns) },
})

// knightAttacks reports whether squares a and b are a knight's move apart.
func knightAttacks(a, b encode.Cell) bool {
	dr, dc := a.R-b.R, a.C-b.C
	return dr*dr+dc*dc == 5
}

// bruteRooksKnights returns the most m such that m rooks and m knights
// stand on the n×n board with no piece attacking another, and the number
// of their placements, directly: every set of m rooks on distinct rows and
// columns, then every set of m knights on the squares out of the rooks'
// rows and columns, none a knight's move from a rook or another knight.
func bruteRooksKnights(n int) (best int, count uint64) {
	for m := 1; ; m++ {
		var c uint64
		var rooks []encode.Cell
		var placeRooks func(row, left int, usedCols int)
		placeRooks = func(row, left int, usedCols int) {
			if left == 0 {
				var free []encode.Cell
				for r := range n {
					for col := range n {
						sq := encode.Cell{R: r, C: col}
						ok := usedCols&(1<<col) == 0
						for _, x := range rooks {
							ok = ok && x.R != r && !knightAttacks(x, sq)
						}
						if ok {
							free = append(free, sq)
						}
					}
				}
				var knights []encode.Cell
				var placeKnights func(i, left int)
				placeKnights = func(i, left int) {
					if left == 0 {
						c++
						return
					}
					for j := i; j < len(free); j++ {
						ok := true
						for _, k := range knights {
							ok = ok && !knightAttacks(k, free[j])
						}
						if ok {
							knights = append(knights, free[j])
							placeKnights(j+1, left-1)
							knights = knights[:len(knights)-1]
						}
					}
				}
				placeKnights(0, m)
				return
			}
			if row == n {
				return
			}
			placeRooks(row+1, left, usedCols) // no rook on this row
			for col := range n {
				if usedCols&(1<<col) == 0 {
					rooks = append(rooks, encode.Cell{R: row, C: col})
					placeRooks(row+1, left-1, usedCols|1<<col)
					rooks = rooks[:len(rooks)-1]
				}
			}
		}
		placeRooks(0, m, 0)
		if c == 0 {
			return best, count
		}
		best, count = m, c
	}
}

// TestRegisteredMixed: a variant of several kinds stated whole by
// RegisterVariant is listed with the mixed variants, and every model
// backend's size search finds its maximum and the number of placements a
// brute force finds, which the built-in pieces problem with the same army
// also counts; every solution passes the verifier.
func TestRegisteredMixed(t *testing.T) {
	if !rooksKnights.Mixed() || rooksKnights.String() != "rooks+knights" {
		t.Fatalf("rooks+knights: Mixed %v, String %q", rooksKnights.Mixed(), rooksKnights)
	}
	mixed := encode.MixedVariants()
	if len(mixed) != 3 || mixed[0] != encode.QueensKnights || mixed[1] != encode.MixedPieces || mixed[2] != rooksKnights {
		t.Errorf("MixedVariants() = %v, want queens+knights, pieces, rooks+knights", mixed)
	}
	for _, v := range encode.Variants() {
		if v == rooksKnights {
			t.Error("Variants() lists rooks+knights, a variant of several kinds")
		}
	}
	if _, err := encode.ParseVariant("no-such"); err == nil || !strings.HasSuffix(err.Error(), "queens+knights, pieces, hertzsprung, rooks+knights, rooks+pawns)") {
		t.Errorf("ParseVariant(no-such): %v", err)
	}
	dlx, _ := backend.Lookup("dlx")
	for n := 1; n <= 5; n++ {
		m, want := bruteRooksKnights(n)
		if n >= 3 && m == 0 {
			t.Fatalf("n = %d: the brute force places no rook and knight", n)
		}
		p := encode.Problem{Variant: rooksKnights, Instance: encode.Instance{Board: encode.Empty(n)}}
		if b := p.Bound(); b < 2*m || b%2 != 0 {
			t.Errorf("n = %d: Bound %d, below the maximum %d or odd", n, b, 2*m)
		}
		for _, name := range []string{"dlx", "sat", "backtrack"} {
			b, err := backend.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			seen := uint64(0)
			out, err := backend.Solve(context.Background(), b, p, backend.Request{Mode: backend.Find, VisitPieces: func(ps []encode.Piece) bool {
				seen++
				q := p
				q.Pieces = len(ps)
				for _, pr := range []encode.Problem{p, q} { // its size open, and chosen
					if err := encode.Verify(pr, ps); err != nil {
						t.Errorf("%s, n = %d: solution %v: %v", name, n, ps, err)
					}
				}
				return true
			}})
			switch {
			case err != nil:
				t.Errorf("%s, n = %d: %v", name, n, err)
			case out.Pieces != 2*m || m > 0 && (out.Solutions != want || seen != want):
				t.Errorf("%s, n = %d: %d pieces, %d solutions (%d seen); brute force %d pieces, %d placements", name, n, out.Pieces, out.Solutions, seen, 2*m, want)
			}
		}
		if m == 0 {
			continue
		}
		var army encode.Army
		army[encode.RookKind], army[encode.KnightKind] = m, m
		same := encode.Problem{Variant: encode.MixedPieces, Instance: encode.Instance{Board: encode.Empty(n)}, Counts: army}
		out, err := backend.Solve(context.Background(), dlx, same, backend.Request{Mode: backend.Count})
		if err != nil || out.Solutions != want {
			t.Errorf("pieces %s, n = %d: %d solutions, error %v; want %d", army, n, out.Solutions, err, want)
		}
	}
	// Its pieces come in pairs: an odd number is refused by the model
	// and by the verifier.
	odd := encode.Problem{Variant: rooksKnights, Instance: encode.Instance{Board: encode.Empty(4)}, Pieces: 3}
	if _, err := encode.NewModel(odd); err == nil {
		t.Error("rooks+knights with 3 pieces: a model is built")
	}
	open := encode.Problem{Variant: rooksKnights, Instance: encode.Instance{Board: encode.Empty(4)}}
	if err := encode.Verify(open, []encode.Piece{{Cell: encode.Cell{R: 0, C: 0}, Kind: encode.RookKind}, {Cell: encode.Cell{R: 1, C: 3}, Kind: encode.RookKind}, {Cell: encode.Cell{R: 3, C: 2}, Kind: encode.KnightKind}}); err == nil {
		t.Error("2 rooks and 1 knight pass the verifier of rooks+knights")
	}
	if err := encode.Verify(open, []encode.Piece{{Cell: encode.Cell{R: 0, C: 0}, Kind: encode.QueenKind}, {Cell: encode.Cell{R: 3, C: 2}, Kind: encode.KnightKind}}); err == nil {
		t.Error("a queen passes the verifier of rooks+knights")
	}
}

// bruteRooksPawns counts the placements of n + k rooks on the n×n board
// with the pawns at pawns, no two rooks on one row or column without a
// pawn between them, directly over every set of n + k squares.
func bruteRooksPawns(n int, pawns []encode.Cell) uint64 {
	pawn := map[encode.Cell]bool{}
	for _, x := range pawns {
		pawn[x] = true
	}
	// attacks reports whether rooks on a and b see each other.
	attacks := func(a, b encode.Cell) bool {
		if a.R != b.R && a.C != b.C {
			return false
		}
		dr, dc := sign(b.R-a.R), sign(b.C-a.C)
		for x := (encode.Cell{R: a.R + dr, C: a.C + dc}); x != b; x = (encode.Cell{R: x.R + dr, C: x.C + dc}) {
			if pawn[x] {
				return false
			}
		}
		return true
	}
	var count uint64
	var rooks []encode.Cell
	var rec func(s, left int)
	rec = func(s, left int) {
		if left == 0 {
			count++
			return
		}
		for ; s < n*n; s++ {
			x := encode.Cell{R: s / n, C: s % n}
			ok := !pawn[x]
			for _, y := range rooks {
				ok = ok && !attacks(x, y)
			}
			if ok {
				rooks = append(rooks, x)
				rec(s+1, left-1)
				rooks = rooks[:len(rooks)-1]
			}
		}
	}
	rec(0, n+len(pawns))
	return count
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// TestRegisteredPawns: a registered variant whose rules are segments reads
// the board's pawns and places its Bound's n + k rooks, counted by every
// model backend as a brute force says; a variant without segments
// (Hertzsprung's) refuses a board with pawns.
func TestRegisteredPawns(t *testing.T) {
	boards := []struct {
		n     int
		pawns []encode.Cell
	}{
		{3, []encode.Cell{{R: 1, C: 1}}},
		{4, []encode.Cell{{R: 1, C: 1}}},
		{4, []encode.Cell{{R: 1, C: 2}, {R: 2, C: 1}}},
		{5, []encode.Cell{{R: 2, C: 2}}},
	}
	for _, bd := range boards {
		want := bruteRooksPawns(bd.n, bd.pawns)
		if want == 0 {
			t.Fatalf("n = %d, pawns %v: the brute force finds no placement", bd.n, bd.pawns)
		}
		p := encode.Problem{Variant: rooksPawns, Instance: encode.Instance{Board: encode.Empty(bd.n), Pawns: bd.pawns}}
		for _, name := range []string{"dlx", "sat", "backtrack"} {
			b, _ := backend.Lookup(name)
			out, err := backend.Solve(context.Background(), b, p, backend.Request{Mode: backend.Count})
			if err != nil || out.Solutions != want {
				t.Errorf("%s, n = %d, pawns %v: %d solutions, error %v; want %d", name, bd.n, bd.pawns, out.Solutions, err, want)
			}
		}
	}
	h := encode.Problem{Variant: variant.Hertzsprung, Instance: encode.Instance{Board: encode.Empty(4), Pawns: []encode.Cell{{R: 1, C: 1}}}}
	if _, err := encode.NewModel(h); err == nil || !strings.Contains(err.Error(), "pawns") {
		t.Errorf("hertzsprung with a pawn: %v, want the pawns refused", err)
	}
}
