package magic

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/encode"
)

// A RunRecord is one run of numbers on a queens solution (Run), as qtool
// magic prints it in JSON.
type RunRecord struct {
	Numbers string `json:"numbers"`
	Digit   string `json:"digit"` // high or low
	Value   int    `json:"value"`
	Queens  []int  `json:"queens"`
}

// A Record is a square with its sums and its runs on queens solutions,
// each checked by the verifier: what qtool magic prints (JSON, or as
// text by WriteText).
type Record struct {
	Source      string      `json:"source"`
	N           int         `json:"n"`
	Square      [][]int     `json:"square"`
	Normal      bool        `json:"normal"`
	Sum         int         `json:"sum"`
	Magic       bool        `json:"magic"`
	Pandiagonal bool        `json:"pandiagonal"`
	FromQueens  []int       `json:"from_queens,omitempty"`
	Runs        []RunRecord `json:"runs"`
}

// NewRecord checks sq by its sums (Check) and reads its runs on queens
// solutions (QueensOf), each checked again by encode.Verify; source names
// the square, from is the solution it was built from, if any.
func NewRecord(source string, sq Square, from encode.Placement) (Record, error) {
	rep, err := Check(sq)
	if err != nil {
		return Record{}, err
	}
	rec := Record{Source: source, N: rep.N, Square: sq, Normal: rep.Normal, Sum: rep.Sum, Magic: rep.Magic, Pandiagonal: rep.Pandiagonal, FromQueens: from, Runs: []RunRecord{}}
	runs, err := QueensOf(sq)
	if err != nil {
		return rec, err
	}
	for _, u := range runs {
		if err := encode.Verify(encode.Empty(rep.N).Problem(), u.Queens); err != nil {
			return rec, fmt.Errorf("magic: run %v: %v", u, err)
		}
		digit := "low"
		if u.High {
			digit = "high"
		}
		rec.Runs = append(rec.Runs, RunRecord{Numbers: u.String(), Digit: digit, Value: u.Digit, Queens: u.Queens})
	}
	return rec, nil
}

// WriteText writes the record as qtool magic prints it: where the square
// comes from, the square, what was checked and the runs in list form.
func (rec Record) WriteText(w io.Writer) error {
	var b strings.Builder
	if rec.FromQueens != nil {
		fmt.Fprintf(&b, "%s: the toroidal %d-queens solution %s\n", rec.Source, rec.N, listForm(rec.FromQueens))
		fmt.Fprintf(&b, "its magic square, whose numbers 1..%d stand on the queens:\n", rec.N)
	} else {
		fmt.Fprintf(&b, "%s: a %d×%d square\n", rec.Source, rec.N, rec.N)
	}
	width := len(strconv.Itoa(rec.N * rec.N))
	for _, row := range rec.Square {
		parts := make([]string, len(row))
		for c, v := range row {
			parts[c] = fmt.Sprintf("%*d", width, v)
		}
		fmt.Fprintln(&b, strings.Join(parts, " "))
	}
	pan := "not pandiagonal"
	if rec.Pandiagonal {
		pan = "pandiagonal (every broken diagonal too)"
	}
	fmt.Fprintf(&b, "checked: numbers 1..%d, every row, column and both diagonals sum to %d; %s\n", rec.N*rec.N, rec.Sum, pan)
	fmt.Fprintf(&b, "runs on %d-queens solutions (checked by the verifier; list form, 0-based columns): %d\n", rec.N, len(rec.Runs))
	for _, u := range rec.Runs {
		fmt.Fprintf(&b, "  %-24s %s\n", u.Numbers+":", listForm(u.Queens))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// listForm writes a placement as its columns, space-separated.
func listForm(p []int) string {
	parts := make([]string, len(p))
	for i, c := range p {
		parts[i] = strconv.Itoa(c)
	}
	return strings.Join(parts, " ")
}

// BothWays returns the two records of order n (prime to 6) that show the
// correspondence both ways: de la Loubère's square (Siamese) with the
// queens solutions its runs stand on, and the square built from Pólya's
// toroidal solution (Polya, FromQueens).
func BothWays(n int) ([]Record, error) {
	sq, err := Siamese(n)
	if err != nil {
		return nil, err
	}
	rec, err := NewRecord(fmt.Sprintf("de la Loubère's square of order %d", n), sq, nil)
	if err != nil {
		return nil, err
	}
	p := Polya(n)
	sq, err = FromQueens(p)
	if err != nil {
		return nil, err
	}
	polya, err := NewRecord(fmt.Sprintf("Pólya's solution of order %d (column 2r mod %d)", n, n), sq, p)
	if err != nil {
		return nil, err
	}
	return []Record{rec, polya}, nil
}

// QueensRecord is the record of the square built from the toroidal
// queens solution p read from source (FromQueens); an error of the
// construction names source.
func QueensRecord(source string, p encode.Placement) (Record, error) {
	sq, err := FromQueens(p)
	if err != nil {
		return Record{}, fmt.Errorf("%s: %w", source, err)
	}
	return NewRecord(source, sq, p)
}

// ReadRecord reads a square from r (Read) and returns its record; an error
// of the square's check names the source.
func ReadRecord(r io.Reader, source string) (Record, error) {
	sq, err := Read(r, source)
	if err != nil {
		return Record{}, err
	}
	rec, err := NewRecord(source, sq, nil)
	if err != nil {
		return Record{}, fmt.Errorf("%s: %w", source, err)
	}
	return rec, nil
}

// ReadQueens reads a complete queens solution from a board file (any form
// encode.ParseBoard reads): a board that breaks the rules, or one with
// fewer than n queens, is refused with an error that names the source.
func ReadQueens(r io.Reader, source string) (encode.Placement, error) {
	b, err := encode.ParseBoard(bufio.NewReaderSize(r, encode.PeekSize), source)
	if err != nil {
		if errors.Is(err, encode.ErrInvalidBoard) {
			return nil, fmt.Errorf("%s: not a queens solution: %s", source, err)
		}
		return nil, err
	}
	if k := b.Given(); k != b.N {
		return nil, fmt.Errorf("%s: %d of %d queens: a complete solution is needed", source, k, b.N)
	}
	return encode.Placement(b.Queens), nil
}
