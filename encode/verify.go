package encode

import "fmt"

// Verify checks independently that p is a solution of board b: one queen in
// every row, columns in range, every queen given by b kept in place, and no
// two queens sharing a column or a diagonal. It is the one checker that the
// tests and the harness apply to every answer of every backend, and shares
// no code with them. The complexity is O(n) time and 5n bytes of memory.
func Verify(b Board, p Placement) error {
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
