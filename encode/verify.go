package encode

import "fmt"

// Solution is a solution as Verify takes it: a Placement, the
// row-per-queen view of a solution of plain n-queens (the queen of row r in
// column p[r]); the squares of its pieces, for a problem of one kind of
// piece (the variant's); or its pieces with their kinds.
type Solution interface {
	Placement | []Cell | []Piece
}

// Verify checks independently that s is a solution of p. It is the one
// checker that the tests and the harness apply to every answer of every
// backend, and shares no code with them: it reads the statement of the
// problem (the board, its given pieces, blocked squares and excluded
// diagonals, the variant's Rules), not a Model.
//
// A Placement of plain n-queens (Problem.PlainQueens) is checked on a fast
// path: one queen in every row, columns in range, every queen given by the
// board kept in place, and no two queens sharing a column or a diagonal, in
// O(n) time and 5n bytes of memory (so that a placement of 10⁹ queens is
// checked in seconds). Any other solution is checked square by square:
// every piece on the board, no two on one square, none on a blocked square,
// a pawn or an excluded diagonal, every given piece among them (with its
// kind), as many as p asks (Problem.Pieces, n for the Place variants, any
// number when Pieces is 0 for a Maximum or Minimum variant; of each kind
// Problem.Army for several kinds), and every line of the variant's Rules
// within its bounds, each rule counting the kinds it names, no line of an
// exclusion rule holding a piece of its Kinds with one of its Excludes. The
// cost is then O(pieces × lines through a square + lines with a lower
// bound). A solution of several kinds of piece must come as []Piece (the
// empty one may come as cells).
func Verify[S Solution](p Problem, s S) error {
	switch s := any(s).(type) {
	case Placement:
		if p.PlainQueens() {
			return verifyPlacement(p.Board, s)
		}
		return verifyCells(p, PlacementCells(s))
	case []Cell:
		return verifyCells(p, s)
	case []Piece:
		return verifyPieces(p, s)
	}
	panic("encode: Verify: unreachable")
}

// Problem is the plain n-queens problem on b: no variant, nothing blocked
// or excluded, the queens of b given.
func (b Board) Problem() Problem {
	return Problem{Instance: Instance{Board: b}}
}

// verifyPlacement is Verify's fast path: placement p of board b.
func verifyPlacement(b Board, p Placement) error {
	n := b.N
	if n < 1 {
		return fmt.Errorf("encode: verify: n must be at least 1, got %d", n)
	}
	if len(p) != n {
		return fmt.Errorf("encode: verify: placement has %d rows, board has %d", len(p), n)
	}
	col := make([]bool, n)
	diag := make([]bool, 2*n-1)
	anti := make([]bool, 2*n-1)
	for r, c := range p {
		if c < 0 || c >= n {
			return fmt.Errorf("encode: verify: row %d: column %d out of range 0..%d", r, c, n-1)
		}
		if g := b.Queen(r); g >= 0 && g != c {
			return fmt.Errorf("encode: verify: row %d: given queen at %s moved to column %d", r, Square(n, r, g), c)
		}
		if col[c] {
			return fmt.Errorf("encode: verify: column %d holds two queens (second at %s)", c, Square(n, r, c))
		}
		if diag[r+c] || anti[r-c+n-1] {
			return fmt.Errorf("encode: verify: queen at %s shares a diagonal with an earlier queen", Square(n, r, c))
		}
		col[c], diag[r+c], anti[r-c+n-1] = true, true, true
	}
	return nil
}
