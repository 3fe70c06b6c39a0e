package encode

import (
	"errors"
	"fmt"
)

// Board is an n-queens problem: an n×n board with some queens already
// placed. Queens[r] is the column of the queen given in row r, or -1 when row
// r is free. A nil or empty Queens slice means an empty board. The zero Board
// is invalid (n must be at least 1).
type Board struct {
	N      int
	Queens []int
}

// Placement is a complete answer: Placement[r] is the column of the queen in
// row r, for every row of the board.
type Placement []int

// Empty is the empty n×n board.
func Empty(n int) Board { return Board{N: n} }

// ErrInvalidBoard is wrapped by every error that Validate returns, so that a
// caller can tell an inconsistent partial placement from other failures.
var ErrInvalidBoard = errors.New("invalid board")

// BoardError says what is wrong with a board and where: the squares involved
// are given in (row, column) order, 0-based, and in algebraic notation when
// the board is small enough to have one.
type BoardError struct {
	Msg string
	// Row is the row of the queen found in conflict with an earlier one,
	// or -1 when the error is not about a queen.
	Row int
	// Square is the square of the piece at fault, when there is one (the
	// pieces of Instance.Given), so that a reader can point at its place
	// in the file (Instance.Where).
	Square *Cell
}

// pieceErrorf is boardErrorf about the piece on square x.
func pieceErrorf(x Cell, format string, args ...any) error {
	return &BoardError{Msg: fmt.Sprintf(format, args...), Row: x.R, Square: &x}
}

func (e *BoardError) Error() string { return "encode: " + e.Msg }

// Unwrap makes errors.Is(err, ErrInvalidBoard) true.
func (e *BoardError) Unwrap() error { return ErrInvalidBoard }

func boardErrorf(row int, format string, args ...any) error {
	return &BoardError{Msg: fmt.Sprintf(format, args...), Row: row}
}

// Queen returns the column of the queen given in row r, or -1.
func (b Board) Queen(r int) int {
	if r < len(b.Queens) {
		return b.Queens[r]
	}
	return -1
}

// Given returns the number of queens already placed.
func (b Board) Given() int {
	k := 0
	for _, c := range b.Queens {
		if c >= 0 {
			k++
		}
	}
	return k
}

// FreeRows returns the rows without a given queen, in increasing order.
func (b Board) FreeRows() []int {
	rows := make([]int, 0, b.N-b.Given())
	for r := 0; r < b.N; r++ {
		if b.Queen(r) < 0 {
			rows = append(rows, r)
		}
	}
	return rows
}

// Square names square (r, c) for messages: "(r,c)" and, for n ≤ 26, its
// algebraic name, e.g. "(1,0) a2".
func Square(n, r, c int) string {
	if n <= 26 && r >= 0 && c >= 0 && c < 26 {
		return fmt.Sprintf("(%d,%d) %c%d", r, c, 'a'+c, r+1)
	}
	return fmt.Sprintf("(%d,%d)", r, c)
}

// Validate checks that the board is a legal n-queens position: n ≥ 1, no
// more rows than n, every column in range, and no two given queens attacking
// each other (same column or same diagonal; rows hold at most one queen by
// construction). The error names the squares involved and wraps
// ErrInvalidBoard. The complexity is O(n).
func (b Board) Validate() error {
	if b.N < 1 {
		return boardErrorf(-1, "n must be at least 1, got %d", b.N)
	}
	if len(b.Queens) > b.N {
		return boardErrorf(-1, "board of order %d has %d rows", b.N, len(b.Queens))
	}
	n := b.N
	if b.allFree() {
		return nil // nothing to check, nothing to allocate
	}
	col := make([]int32, n)      // 1 + row of the queen seen in this column
	diag := make([]int32, 2*n-1) // by r+c
	anti := make([]int32, 2*n-1) // by r-c+n-1
	for r, c := range b.Queens {
		if c < 0 {
			if c != -1 {
				return boardErrorf(r, "row %d: column %d out of range 0..%d", r, c, n-1)
			}
			continue
		}
		if c >= n {
			return boardErrorf(r, "row %d: column %d out of range 0..%d", r, c, n-1)
		}
		if o := col[c]; o != 0 {
			return boardErrorf(r, "queens at %s and %s share column %d", Square(n, int(o-1), c), Square(n, r, c), c)
		}
		if o := diag[r+c]; o != 0 {
			or := int(o - 1)
			return boardErrorf(r, "queens at %s and %s share a diagonal", Square(n, or, r+c-or), Square(n, r, c))
		}
		if o := anti[r-c+n-1]; o != 0 {
			or := int(o - 1)
			return boardErrorf(r, "queens at %s and %s share a diagonal", Square(n, or, or-(r-c)), Square(n, r, c))
		}
		col[c], diag[r+c], anti[r-c+n-1] = int32(r+1), int32(r+1), int32(r+1)
	}
	return nil
}

// allFree reports whether no row holds a queen (nor anything but -1).
func (b Board) allFree() bool {
	for _, c := range b.Queens {
		if c != -1 {
			return false
		}
	}
	return true
}
