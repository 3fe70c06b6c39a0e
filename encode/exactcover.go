package encode

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/qtool-project/qtool/dlx"
)

// Matrix is the n-queens problem as a generalized exact-cover problem, in
// the form of Knuth's queens-dlx generator (TAOCP 7.2.2.1): a primary item
// for every free row and every free column, a secondary item for every
// diagonal that holds more than one option, and one option per square that
// can still take a queen. Items are numbered 0..len(Primary)-1 for the
// primary items, then len(Primary)+k for Secondary[k]; each option is a list
// of item numbers. A solver that covers every primary item exactly once and
// every secondary item at most once finds exactly the completions of the
// board; Decode turns its choice back into a Placement.
//
// The matrix is what package dlx (or any other exact-cover solver) is fed
// with; encode itself does not depend on a solver.
type Matrix struct {
	// Board is the board that was encoded.
	Board Board
	// Primary are the names of the primary items: r_t and c_t for the free
	// rows and columns, in organ-pipe order (see ExactCover).
	Primary []string
	// Secondary are the names of the secondary items: a_k for the
	// diagonal i+j = k, then b_k for the diagonal i−j+n−1 = k, each in
	// increasing k.
	Secondary []string
	// Options lists the items of each option: r_i, c_j, then a_{i+j} and
	// b_{i−j+n−1} when those diagonals have items (nil from
	// ExactCoverLayout, which does not store them).
	Options [][]int
	// NumOptions is the number of options and NumEntries the sum of their
	// lengths.
	NumOptions, NumEntries int

	rows, cols                           []int // the square of each stored option
	freeRows, freeCols                   []int
	colTaken, diag, anti                 []bool
	rowItem, colItem, diagItem, antiItem []int
}

// OrganPipe returns the t-th row (or column) in Knuth's organ-pipe order for
// a board of order n, t = 0..n−1: (j odd ? n−1−j : n+j) >> 1, the middle
// first and then alternately below and above it (for n = 8: 4 3 5 2 6 1 7
// 0). Branching on the middle lines first keeps the search tree small.
func OrganPipe(n, j int) int {
	if j%2 == 1 {
		return (n - 1 - j) >> 1
	}
	return (n + j) >> 1
}

// ExactCover encodes board b as Knuth's queens-dlx does (TAOCP 7.2.2.1):
// primary items r_t and c_t for t in organ-pipe order (see OrganPipe), each
// r_t followed by c_t (for n = 8: r4 c4 r3 c3 r5 c5 r2 c2 r6 c6 r1 c1 r7 c7
// r0 c0); secondary items a_k (k = i+j) and b_k (k = i−j+n−1) for the
// diagonals that hold more than one option (on the empty board, the 4n−6
// diagonals of more than one square); and one option r_i c_j a_{i+j}
// b_{i−j+n−1} per square (i, j), the diagonals without an item left out.
//
// The queens already on the board are forced before the search: their rows,
// columns and diagonals get no items, and the squares they attack get no
// option, so the matrix covers only the free rows and columns. Building it
// takes O(n + f²) time for f free rows, so that a board of thousands of rows
// with a dozen free ones is encoded in microseconds. An invalid board is
// rejected with the error of Board.Validate. ExactCover stores every
// option; ExactCoverLayout gives the items and the size and walks the
// options without storing them.
func ExactCover(b Board) (*Matrix, error) {
	m, err := ExactCoverLayout(b)
	if err != nil {
		return nil, err
	}
	m.Options = make([][]int, 0, m.NumOptions)
	m.rows = make([]int, 0, m.NumOptions)
	m.cols = make([]int, 0, m.NumOptions)
	flat := make([]int, 0, m.NumEntries)
	m.EachOption(func(row, col int, items []int) bool {
		start := len(flat)
		flat = append(flat, items...)
		m.Options = append(m.Options, flat[start:len(flat):len(flat)])
		m.rows, m.cols = append(m.rows, row), append(m.cols, col)
		return true
	})
	return m, nil
}

// ExactCoverLayout is ExactCover without the options: the items, and
// NumOptions and NumEntries, the number of options and the sum of their
// lengths, so that a solver can size (or refuse) the matrix before it is
// built; EachOption then walks the options. It takes O(n + f²) time and
// O(n) memory for f free rows.
func ExactCoverLayout(b Board) (*Matrix, error) {
	if err := b.Validate(); err != nil {
		return nil, err
	}
	n := b.N
	if n > MaxN {
		return nil, fmt.Errorf("encode: exact cover: n = %d is larger than qtool handles (%d)", n, MaxN)
	}
	m := &Matrix{Board: b, colTaken: make([]bool, n), diag: make([]bool, 2*n-1), anti: make([]bool, 2*n-1)}
	for r, c := range b.Queens {
		if c >= 0 {
			m.colTaken[c], m.diag[r+c], m.anti[r-c+n-1] = true, true, true
		}
	}
	m.freeRows = b.FreeRows()
	for c := 0; c < n; c++ {
		if !m.colTaken[c] {
			m.freeCols = append(m.freeCols, c)
		}
	}
	// How many options lie on each diagonal: a diagonal with fewer than
	// two gets no item.
	onDiag := make([]int32, 2*n-1) // i+j → options on it
	onAnti := make([]int32, 2*n-1) // i−j+n−1 → options on it
	m.eachSquare(func(r, c int) {
		onDiag[r+c]++
		onAnti[r-c+n-1]++
		m.NumOptions++
	})
	m.rowItem = make([]int, n)
	m.colItem = make([]int, n)
	for j := 0; j < n; j++ {
		t := OrganPipe(n, j)
		if b.Queen(t) < 0 {
			m.rowItem[t] = len(m.Primary)
			m.Primary = append(m.Primary, "r"+strconv.Itoa(t))
		}
		if !m.colTaken[t] {
			m.colItem[t] = len(m.Primary)
			m.Primary = append(m.Primary, "c"+strconv.Itoa(t))
		}
	}
	m.diagItem = secondaryItems(m, "a", onDiag)
	m.antiItem = secondaryItems(m, "b", onAnti)
	m.NumEntries = 2 * m.NumOptions
	for k := range onDiag {
		if m.diagItem[k] >= 0 {
			m.NumEntries += int(onDiag[k])
		}
		if m.antiItem[k] >= 0 {
			m.NumEntries += int(onAnti[k])
		}
	}
	return m, nil
}

// eachSquare calls f with every square that can still take a queen, row by
// row.
func (m *Matrix) eachSquare(f func(r, c int)) {
	n := m.Board.N
	for _, r := range m.freeRows {
		for _, c := range m.freeCols {
			if !m.diag[r+c] && !m.anti[r-c+n-1] {
				f(r, c)
			}
		}
	}
}

// EachOption calls f with every option of the matrix in order — its square
// and its items (r_i, c_j, then the diagonals that have items) — until f
// returns false. The items slice is reused: it is valid only during the
// call. It works on a Matrix from ExactCover or ExactCoverLayout.
func (m *Matrix) EachOption(f func(row, col int, items []int) bool) {
	n := m.Board.N
	items := make([]int, 0, 4)
	stop := false
	m.eachSquare(func(r, c int) {
		if stop {
			return
		}
		items = append(items[:0], m.rowItem[r], m.colItem[c])
		if k := m.diagItem[r+c]; k >= 0 {
			items = append(items, k)
		}
		if k := m.antiItem[r-c+n-1]; k >= 0 {
			items = append(items, k)
		}
		stop = !f(r, c, items)
	})
}

// secondaryItems adds an item named prefix+k for every diagonal k that holds
// more than one option, in increasing k, and returns the item number of each
// diagonal (-1 for none).
func secondaryItems(m *Matrix, prefix string, on []int32) []int {
	item := make([]int, len(on))
	for k, cnt := range on {
		item[k] = -1
		if cnt > 1 {
			item[k] = len(m.Primary) + len(m.Secondary)
			m.Secondary = append(m.Secondary, prefix+strconv.Itoa(k))
		}
	}
	return item
}

// Square returns the square (row, column) of option o.
func (m *Matrix) Square(o int) (row, col int) { return m.rows[o], m.cols[o] }

// ErrBadChoice is wrapped by the errors of Decode: the options given are not
// a solution of the matrix.
var ErrBadChoice = errors.New("not a solution of the matrix")

// Decode turns a solution of the matrix (the numbers of the chosen options,
// in any order) into the placement it stands for: the queens given by the
// board and one queen per chosen option. It checks that the options are in
// range and fill every free row exactly once; Verify is still the judge of
// the result. The complexity is O(n).
func (m *Matrix) Decode(options []int) (Placement, error) {
	n := m.Board.N
	p := make(Placement, n)
	for r := range p {
		p[r] = m.Board.Queen(r)
	}
	for _, o := range options {
		if o < 0 || o >= len(m.rows) {
			return nil, fmt.Errorf("encode: decode: option %d out of range 0..%d: %w", o, len(m.rows)-1, ErrBadChoice)
		}
		r, c := m.rows[o], m.cols[o]
		if p[r] >= 0 {
			return nil, fmt.Errorf("encode: decode: row %d filled twice (option %d): %w", r, o, ErrBadChoice)
		}
		p[r] = c
	}
	for r, c := range p {
		if c < 0 {
			return nil, fmt.Errorf("encode: decode: row %d left empty: %w", r, ErrBadChoice)
		}
	}
	return p, nil
}

// WriteDLX writes the matrix in the text format of Knuth's dlx1 (see package
// dlx) with dlx's one writer of that format: a comment, the item line
// (primary items, '|', secondary items), then one option per line, walked
// without storing the options. A board without a free row has no primary
// item and no such form; WriteDLX says so with an error.
func (m *Matrix) WriteDLX(w io.Writer) error {
	if len(m.Primary) == 0 {
		return errors.New("encode: the board has no free row: there is no exact-cover problem to write")
	}
	dw := dlx.NewWriter(w)
	dw.Comment(fmt.Sprintf("%d-queens (%d queens given): Knuth's queens-dlx form, TAOCP 7.2.2.1", m.Board.N, m.Board.Given()))
	dw.Items(m.Primary, m.Secondary, nil)
	m.EachOption(func(_, _ int, items []int) bool { return dw.Option(items, nil) == nil })
	return dw.Flush()
}
