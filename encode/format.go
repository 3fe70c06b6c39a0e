package encode

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Board returns p as a board on which every row holds its queen.
func (p Placement) Board() Board { return Board{N: len(p), Queens: p} }

// WriteGrid writes the board as n lines of n characters, 'Q' for a queen and
// '.' for an empty square: the form that ParseBoard reads back.
func (b Board) WriteGrid(w io.Writer) error {
	bw := bufio.NewWriter(w)
	row := make([]byte, b.N+1)
	for r := 0; r < b.N; r++ {
		for c := range b.N {
			row[c] = '.'
		}
		if c := b.Queen(r); c >= 0 && c < b.N {
			row[c] = 'Q'
		}
		row[b.N] = '\n'
		if _, err := bw.Write(row); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// WriteCompact writes the board in the compact form: a header "n N", then
// the given queens as "r,c" pairs, one per line, when fewer than half of the
// rows hold one, or else one token per row (a column or '-'), 20 to a line.
// ParseBoard reads it back. The output is O(n) whatever the form.
func (b Board) WriteCompact(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "n %d\n", b.N)
	if b.Given()*2 < b.N {
		for r := 0; r < b.N; r++ {
			if c := b.Queen(r); c >= 0 {
				fmt.Fprintf(bw, "%d,%d\n", r, c)
			}
		}
		return bw.Flush()
	}
	var buf []byte
	for r := 0; r < b.N; r++ {
		buf = buf[:0]
		if r%20 != 0 {
			buf = append(buf, ' ')
		}
		if c := b.Queen(r); c >= 0 {
			buf = strconv.AppendInt(buf, int64(c), 10)
		} else {
			buf = append(buf, '-')
		}
		if r%20 == 19 || r == b.N-1 {
			buf = append(buf, '\n')
		}
		bw.Write(buf)
	}
	return bw.Flush()
}

// WriteList writes the placement on one line: the 0-based column of each
// row, separated by blanks. The output is buffered and streamed, so that a
// placement of millions of queens takes O(1) extra memory.
func (p Placement) WriteList(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	var buf [24]byte
	for r, c := range p {
		b := buf[:0]
		if r > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(c), 10)
		if _, err := bw.Write(b); err != nil {
			return err
		}
	}
	bw.WriteByte('\n')
	return bw.Flush()
}

// String returns the list form without the newline.
func (p Placement) String() string {
	var sb strings.Builder
	p.WriteList(&sb)
	return strings.TrimSuffix(sb.String(), "\n")
}

// Algebraic returns the placement in chess notation as the seed documents
// write it: one square per file, files a, b, c, … in order, each square
// being the file letter and the rank (row + 1) of the queen in that column,
// e.g. "a2, b4, c6, d8, e3, f1, g7, h5". It needs n ≤ 26.
func (p Placement) Algebraic() (string, error) {
	n := len(p)
	if n > 26 {
		return "", fmt.Errorf("encode: algebraic notation needs n ≤ 26, got %d", n)
	}
	rowOf := make([]int, n)
	for i := range rowOf {
		rowOf[i] = -1
	}
	for r, c := range p {
		if c < 0 || c >= n {
			return "", fmt.Errorf("encode: row %d: column %d out of range", r, c)
		}
		rowOf[c] = r
	}
	var sb strings.Builder
	for c, r := range rowOf {
		if r < 0 {
			continue
		}
		if sb.Len() > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%c%d", 'a'+c, r+1)
	}
	return sb.String(), nil
}
