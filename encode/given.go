package encode

import (
	"fmt"
	"slices"
	"strings"
)

// validateShape checks the board's structure only: its order, its rows,
// and every given piece's column on the board; whether the pieces attack
// each other is the problem's question (Problem.Validate).
func (b Board) validateShape() error {
	if b.N < 1 {
		return boardErrorf(-1, "n must be at least 1, got %d", b.N)
	}
	if len(b.Queens) > b.N {
		return boardErrorf(-1, "board of order %d has %d rows", b.N, len(b.Queens))
	}
	for r, c := range b.Queens {
		if c < -1 || c >= b.N {
			return boardErrorf(r, "row %d: column %d out of range 0..%d", r, c, b.N-1)
		}
	}
	return nil
}

// Validate checks the problem's instance with its own rules: the board's
// structure, the blocked squares, excluded diagonals and pawns (as
// Instance.Validate), and the given pieces by the variant's lines rather
// than the queens' (CheckGiven): two kings a row apart on one file are
// legal, a knight's move between two knights is not. The errors wrap
// ErrInvalidBoard.
func (p Problem) Validate() error {
	in := p.Instance
	if err := in.Board.validateShape(); err != nil {
		return err
	}
	// Instance.Validate without the queens' rules on the given pieces.
	q := in
	q.Board = Empty(in.Board.N)
	if err := q.Validate(); err != nil {
		return err
	}
	n := in.Board.N
	blocked := map[Cell]bool{}
	for _, x := range in.Blocked {
		blocked[x] = true
	}
	pawn := map[Cell]bool{}
	for _, x := range in.Pawns {
		pawn[x] = true
	}
	sum, dif := in.excludedMasks()
	if len(in.Given) > 0 && in.Board.Given() > 0 {
		return boardErrorf(-1, "pieces given both on the board's rows (Board) and as a list (Given)")
	}
	for _, x := range in.Given {
		if x.R < 0 || x.R >= n || x.C < 0 || x.C >= n {
			return boardErrorf(-1, "piece (%d,%d) off the board (0..%d)", x.R, x.C, n-1)
		}
	}
	givens := p.Givens()
	for i, x := range givens {
		r, c := x.R, x.C
		switch {
		case i > 0 && !cellLess(givens[i-1].Cell, x.Cell):
			return pieceErrorf(x.Cell, "pieces not distinct and in row-major order at %s", Square(n, r, c))
		case blocked[x.Cell]:
			return pieceErrorf(x.Cell, "the piece given at %s stands on a blocked square", Square(n, r, c))
		case pawn[x.Cell]:
			return pieceErrorf(x.Cell, "a pawn and a piece both stand on %s", Square(n, r, c))
		case sum[r+c] || dif[r-c+n-1]:
			return pieceErrorf(x.Cell, "the piece given at %s stands on an excluded diagonal", Square(n, r, c))
		}
		if err := p.kindAllowed(x); err != nil {
			return err
		}
	}
	if err := p.checkArmy(); err != nil {
		return err
	}
	return p.CheckGiven()
}

// kindAllowed checks that the problem places pieces of x's kind: a
// one-kind variant its own (a given 'Q' standing for it), a variant of
// several kinds those of its army (queens and knights for queens+knights,
// the kinds of Counts for the pieces problem).
func (p Problem) kindAllowed(x Piece) error {
	n := p.Board.N
	if x.Kind == p.Variant.Kind() && !p.Variant.Mixed() || p.Variant.Mixed() && slices.Contains(p.kindsUsed(), x.Kind) {
		return nil
	}
	what := fmt.Sprintf("the %v problem places no %v", p.Variant, x.Kind)
	if p.fixedArmy() {
		what = fmt.Sprintf("the pieces %s hold no %v", p.Army(), x.Kind)
	}
	return pieceErrorf(x.Cell, "%s ('%c' given at %s)", what, x.Kind.Letter(), Square(n, x.R, x.C))
}

// fixedArmy reports whether the problem's pieces of several kinds are
// fixed by the problem (a Place variant with an Army: the Counts of the
// pieces problem) rather than chosen by a size search.
func (p Problem) fixedArmy() bool { return p.Variant.Mixed() && p.Variant.Goal() == Place }

// checkArmy checks the army of a problem whose pieces of several kinds
// are fixed (the counts of the pieces problem) against the board: some
// pieces, no more than its free squares, no more given of a kind than the
// army holds.
func (p Problem) checkArmy() error {
	if !p.fixedArmy() {
		return nil
	}
	n := p.Board.N
	army := p.Army()
	t := army.Total()
	if t == 0 {
		return boardErrorf(-1, "the %v problem needs some pieces (--pieces Q=3,N=3)", p.Variant)
	}
	free := n*n - len(p.Blocked)
	if t > free {
		return boardErrorf(-1, "%d pieces (%s) do not fit on the %d×%d board (%d free squares)", t, army, n, n, free)
	}
	var given Army
	for _, x := range p.Givens() {
		given[x.Kind]++
		if given[x.Kind] > army[x.Kind] {
			return pieceErrorf(x.Cell, "%s given, the pieces %s have %d", x.Kind.Plural(given[x.Kind]), army, army[x.Kind])
		}
	}
	return nil
}

// CheckGiven checks the given pieces of p by the rules of its variant:
// no line of the variant holds more of them than its bound (for queens,
// two on a row, column or diagonal; for kings, two in a 2×2 block; for
// knights, a knight's move apart; with pawns, two on one segment; on a
// board of several kinds, two pieces that attack each other). The error
// names the pieces and the line, and wraps ErrInvalidBoard.
func (p Problem) CheckGiven() error {
	n := p.Board.N
	givens := p.Givens()
	if len(givens) < 2 {
		return nil
	}
	if p.Variant.Mixed() {
		if err := checkRules(p, givens, false); err != nil {
			return err
		}
		return nil
	}
	g := newGeometry(p.Instance)
	type key struct {
		fam  Family
		line int
	}
	on := map[key][]Cell{}
	var err error
	rules := p.Variant.Rules()
	for _, x := range givens {
		r, c := x.R, x.C
		for _, ru := range rules {
			g.linesOf(ru.Family, r, c, func(l int) {
				k := key{ru.Family, l}
				on[k] = append(on[k], Cell{r, c})
				if len(on[k]) > ru.Hi && err == nil {
					var sq []string
					for _, x := range on[k] {
						sq = append(sq, Square(n, x.R, x.C))
					}
					err = pieceErrorf(x.Cell, "the %v given at %s attack each other (%d on one %v, at most %d)", p.Variant.Word(), strings.Join(sq, " and "), len(on[k]), ru.Family, ru.Hi)
				}
			})
			if err != nil {
				return err
			}
		}
	}
	return nil
}
