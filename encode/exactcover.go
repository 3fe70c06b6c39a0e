package encode

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
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
	// b_{i−j+n−1} when those diagonals have items.
	Options    [][]int
	rows, cols []int // the square of each option
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
// rejected with the error of Board.Validate.
func ExactCover(b Board) (*Matrix, error) {
	if err := b.Validate(); err != nil {
		return nil, err
	}
	n := b.N
	if n > MaxN {
		return nil, fmt.Errorf("encode: exact cover: n = %d is larger than qtool handles (%d)", n, MaxN)
	}
	// Lines taken by the given queens.
	colTaken := make([]bool, n)
	diag := make([]bool, 2*n-1) // i+j
	anti := make([]bool, 2*n-1) // i−j+n−1
	for r, c := range b.Queens {
		if c >= 0 {
			colTaken[c], diag[r+c], anti[r-c+n-1] = true, true, true
		}
	}
	rows := b.FreeRows()
	cols := make([]int, 0, len(rows))
	for c := 0; c < n; c++ {
		if !colTaken[c] {
			cols = append(cols, c)
		}
	}
	// The squares that can still take a queen, and how many lie on each
	// diagonal.
	type square struct{ r, c int }
	var squares []square
	onDiag := make([]int32, 2*n-1) // i+j → options on it
	onAnti := make([]int32, 2*n-1) // i−j+n−1 → options on it
	for _, r := range rows {
		for _, c := range cols {
			if diag[r+c] || anti[r-c+n-1] {
				continue
			}
			squares = append(squares, square{r, c})
			onDiag[r+c]++
			onAnti[r-c+n-1]++
		}
	}

	m := &Matrix{Board: b}
	rowItem := make([]int, n)
	colItem := make([]int, n)
	for j := 0; j < n; j++ {
		t := OrganPipe(n, j)
		if b.Queen(t) < 0 {
			rowItem[t] = len(m.Primary)
			m.Primary = append(m.Primary, "r"+strconv.Itoa(t))
		}
		if !colTaken[t] {
			colItem[t] = len(m.Primary)
			m.Primary = append(m.Primary, "c"+strconv.Itoa(t))
		}
	}
	diagItem := secondaryItems(m, "a", onDiag)
	antiItem := secondaryItems(m, "b", onAnti)

	m.Options = make([][]int, len(squares))
	m.rows = make([]int, len(squares))
	m.cols = make([]int, len(squares))
	flat := make([]int, 0, 4*len(squares))
	for o, s := range squares {
		start := len(flat)
		flat = append(flat, rowItem[s.r], colItem[s.c])
		if k := diagItem[s.r+s.c]; k >= 0 {
			flat = append(flat, k)
		}
		if k := antiItem[s.r-s.c+n-1]; k >= 0 {
			flat = append(flat, k)
		}
		m.Options[o] = flat[start:len(flat):len(flat)]
		m.rows[o], m.cols[o] = s.r, s.c
	}
	return m, nil
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
// dlx): a comment, the item line (primary items, '|', secondary items), then
// one option per line. A board without a free row has no primary item and
// no such form; WriteDLX says so with an error. The output is streamed.
func (m *Matrix) WriteDLX(w io.Writer) error {
	if len(m.Primary) == 0 {
		return errors.New("encode: the board has no free row: there is no exact-cover problem to write")
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	fmt.Fprintf(bw, "| %d-queens (%d queens given): Knuth's queens-dlx form, TAOCP 7.2.2.1\n", m.Board.N, m.Board.Given())
	names := func(list []string) {
		for i, s := range list {
			if i > 0 {
				bw.WriteByte(' ')
			}
			bw.WriteString(s)
		}
	}
	names(m.Primary)
	if len(m.Secondary) > 0 {
		bw.WriteString(" | ")
		names(m.Secondary)
	}
	bw.WriteByte('\n')
	np := len(m.Primary)
	for _, opt := range m.Options {
		for j, i := range opt {
			if j > 0 {
				bw.WriteByte(' ')
			}
			if i < np {
				bw.WriteString(m.Primary[i])
			} else {
				bw.WriteString(m.Secondary[i-np])
			}
		}
		if err := bw.WriteByte('\n'); err != nil {
			return err
		}
	}
	return bw.Flush()
}
