package encode

import "strings"

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
	for r := range n {
		c := in.Board.Queen(r)
		switch {
		case c < 0:
		case blocked[Cell{r, c}]:
			return boardErrorf(r, "the piece given at %s stands on a blocked square", Square(n, r, c))
		case pawn[Cell{r, c}]:
			return boardErrorf(r, "a pawn and a piece both stand on %s", Square(n, r, c))
		case sum[r+c] || dif[r-c+n-1]:
			return boardErrorf(r, "the piece given at %s stands on an excluded diagonal", Square(n, r, c))
		}
	}
	return p.CheckGiven()
}

// CheckGiven checks the given pieces of p by the rules of its variant:
// no line of the variant holds more of them than its bound (for queens,
// two on a row, column or diagonal; for kings, two in a 2×2 block; for
// knights, a knight's move apart; with pawns, two on one segment). The
// error names the pieces and the line, and wraps ErrInvalidBoard.
func (p Problem) CheckGiven() error {
	n := p.Board.N
	if p.Board.Given() < 2 {
		return nil
	}
	g := newGeometry(p.Instance)
	type key struct {
		fam  Family
		line int
	}
	on := map[key][]Cell{}
	var err error
	for r := range n {
		c := p.Board.Queen(r)
		if c < 0 {
			continue
		}
		for _, ru := range p.Variant.Rules() {
			g.linesOf(ru.Family, r, c, func(l int) {
				k := key{ru.Family, l}
				on[k] = append(on[k], Cell{r, c})
				if len(on[k]) > ru.Hi && err == nil {
					var sq []string
					for _, x := range on[k] {
						sq = append(sq, Square(n, x.R, x.C))
					}
					err = boardErrorf(r, "the %v given at %s attack each other (%d on one %v, at most %d)", pieceWord(p.Variant), strings.Join(sq, " and "), len(on[k]), ru.Family, ru.Hi)
				}
			})
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// pieceWord names the pieces of a variant in CheckGiven's messages.
func pieceWord(v Variant) string {
	switch v {
	case Kings:
		return "kings"
	case Knights:
		return "knights"
	case Bishops:
		return "bishops"
	case Rooks:
		return "rooks"
	case Superqueens:
		return "superqueens"
	}
	return "queens"
}
