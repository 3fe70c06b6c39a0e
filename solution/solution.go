// Package solution writes the solutions of a problem in the text forms
// that the board reader (encode.ParseBoard) reads back: a grid of the
// pieces' letters, the list form (the column of each row, or the compact
// form's squares), and chess notation (qtool help
// boards describes them). A Listing verifies and writes the solutions of a
// search as qtool solve lists them, and fills its Record (the one solve
// record); Place finds and streams one solution of a huge board; Check and
// Verify read a board or a list back and say whether it is legal or a
// solution.
package solution

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/encode"
)

// Write writes solution number i (from 1) of problem prob in form
// ("grid", the default, "list" or "algebraic"): the placement q of plain
// n-queens, or when q is nil the cells of another problem (Cells);
// classSize > 0 adds the size of its symmetry class. A grid after the
// first is preceded by a blank line.
func Write(w io.Writer, prob encode.Problem, q encode.Placement, cells []encode.Cell, form string, i, classSize int) error {
	if q == nil {
		return Cells(w, prob, cells, form, i)
	}
	switch form {
	case "list":
		if classSize > 0 {
			fmt.Fprintf(w, "# class of %d\n", classSize)
		}
		return q.WriteList(w)
	case "algebraic":
		s, err := q.Algebraic()
		if err != nil {
			return err
		}
		if classSize > 0 {
			fmt.Fprintf(w, "# class of %d\n", classSize)
		}
		_, err = fmt.Fprintln(w, s)
		return err
	}
	if i > 1 {
		fmt.Fprintln(w)
	}
	if classSize > 0 {
		fmt.Fprintf(w, "# solution %d, class of %d\n", i, classSize)
	} else {
		fmt.Fprintf(w, "# solution %d\n", i)
	}
	return q.Board().WriteGrid(w)
}

// Pieces writes solution number i of a problem of several kinds of piece
// (or of one, with its kind): a grid of their letters ("grid"), the
// "n N r,c,K" list of the compact form ("list"), or the header and the
// squares in chess notation ("algebraic": "n 8 Qg1, Nh6", n ≤ 26); every
// form reads back with encode.ParseBoard.
func Pieces(w io.Writer, prob encode.Problem, pieces []encode.Piece, form string, i int) error {
	n := prob.Board.N
	switch form {
	case "list":
		return encode.WritePieceList(w, n, pieces)
	case "algebraic":
		parts := make([]string, len(pieces))
		for j, x := range pieces {
			parts[j] = fmt.Sprintf("%c%c%d", x.Kind.Letter(), 'a'+x.C, x.R+1)
		}
		_, err := fmt.Fprintf(w, "n %d %s\n", n, strings.Join(parts, ", "))
		return err
	}
	if i > 1 {
		fmt.Fprintln(w)
	}
	var army encode.Army
	for _, x := range pieces {
		army[x.Kind]++
	}
	var words []string
	for _, k := range army.Kinds() {
		words = append(words, k.Plural(army[k]))
	}
	if len(words) == 0 {
		words = []string{"no piece"}
	}
	fmt.Fprintf(w, "# solution %d: %s\n", i, strings.Join(words, ", "))
	grid := make([][]byte, n)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(".", n))
	}
	for _, x := range prob.Blocked {
		grid[x.R][x.C] = 'x'
	}
	for _, x := range pieces {
		grid[x.R][x.C] = x.Kind.Letter()
	}
	bw := bufio.NewWriter(w)
	for _, row := range grid {
		bw.Write(row)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// Cells writes solution number i of a problem with one kind of piece: a
// grid ("grid": 'x' a blocked square, 'p' a pawn, the piece's letter),
// the list form ("list": the column of each row when there is one piece a
// row, else the compact form's header and "r,c" pairs on one line), or
// the squares in chess notation ("algebraic", n ≤ 26, with the header
// when the squares alone do not say the order).
func Cells(w io.Writer, prob encode.Problem, cells []encode.Cell, form string, i int) error {
	n := prob.Board.N
	switch form {
	case "list":
		bw := bufio.NewWriter(w)
		if cols, ok := oneARow(n, cells); ok {
			// One piece a row (queens, toroidal, superqueens, on any
			// board): the list form of qtool check, count --board and
			// verify, the column of each row.
			for r, c := range cols {
				if r > 0 {
					bw.WriteByte(' ')
				}
				bw.WriteString(strconv.Itoa(c))
			}
			bw.WriteByte('\n')
			return bw.Flush()
		}
		// Several pieces a row, or rows without one: the compact form's
		// header and "r,c" pairs on one line, which --board reads back.
		fmt.Fprintf(bw, "n %d", n)
		for _, x := range cells {
			fmt.Fprintf(bw, " %d,%d", x.R, x.C)
		}
		bw.WriteByte('\n')
		return bw.Flush()
	case "algebraic":
		var parts []string
		for _, x := range cells {
			parts = append(parts, fmt.Sprintf("%c%d", 'a'+x.C, x.R+1))
		}
		if _, ok := oneARow(n, cells); !ok {
			// The squares alone do not say the order: the header does.
			_, err := fmt.Fprintf(w, "n %d %s\n", n, strings.Join(parts, ", "))
			return err
		}
		_, err := fmt.Fprintln(w, strings.Join(parts, ", "))
		return err
	}
	if i > 1 {
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "# solution %d: %d %v\n", i, len(cells), PieceName(prob.Variant, len(cells)))
	grid := make([][]byte, n)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(".", n))
	}
	for _, x := range prob.Blocked {
		grid[x.R][x.C] = 'x'
	}
	for _, x := range prob.Pawns {
		grid[x.R][x.C] = 'p'
	}
	for _, x := range cells {
		grid[x.R][x.C] = prob.Variant.Kind().Letter()
	}
	bw := bufio.NewWriter(w)
	for _, row := range grid {
		bw.Write(row)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// oneARow returns the column of each row's piece when cells hold exactly
// one piece in every row.
func oneARow(n int, cells []encode.Cell) ([]int, bool) {
	if len(cells) != n {
		return nil, false
	}
	cols := make([]int, n)
	for i := range cols {
		cols[i] = -1
	}
	for _, x := range cells {
		if x.R < 0 || x.R >= n || cols[x.R] >= 0 {
			return nil, false
		}
		cols[x.R] = x.C
	}
	return cols, true
}

// PieceName names k pieces of the variant in English by its word
// (encode.Variant.Word): "queen", "kings", "pieces" for the problems of
// several kinds.
func PieceName(v encode.Variant, k int) string {
	if k == 1 {
		return strings.TrimSuffix(v.Word(), "s")
	}
	return v.Word()
}

// Columns writes a solution of a huge board in list form: the column of
// each row, on one line, separated by blanks, as qtool place writes and
// qtool verify reads it. The numbers are formatted straight into a 4 MiB
// buffer; ctx is looked at every 2²⁰ rows, and its error ends the
// writing.
func Columns(ctx context.Context, w io.Writer, cols []int32) error {
	// A big buffer, and the numbers formatted straight into its free space
	// (AvailableBuffer): no copy per queen.
	bw := bufio.NewWriterSize(w, 4<<20)
	for r, c := range cols {
		if r&(1<<20-1) == 0 && r > 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		buf := bw.AvailableBuffer()
		if r > 0 {
			buf = append(buf, ' ')
		}
		buf = strconv.AppendInt(buf, int64(c), 10)
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	if err := bw.WriteByte('\n'); err != nil {
		return err
	}
	return bw.Flush()
}
