package main

import (
	"bufio"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/magic"
)

func init() {
	register(command{name: "magic", summary: "magic squares to n-queens solutions and back (after Demirörs, Rafraf and Tanik 1992)", run: runMagic})
}

// magicUsage is the help of qtool magic (help/magic.txt).
//
//go:embed help/magic.txt
var magicUsage string

// magicRun is one run of numbers on a queens solution, in JSON.
type magicRun struct {
	Numbers string `json:"numbers"`
	Digit   string `json:"digit"` // high or low
	Value   int    `json:"value"`
	Queens  []int  `json:"queens"`
}

// magicSquare is a square with its sums and runs, in JSON.
type magicSquareRecord struct {
	Source      string     `json:"source"`
	N           int        `json:"n"`
	Square      [][]int    `json:"square"`
	Normal      bool       `json:"normal"`
	Sum         int        `json:"sum"`
	Magic       bool       `json:"magic"`
	Pandiagonal bool       `json:"pandiagonal"`
	FromQueens  []int      `json:"from_queens,omitempty"`
	Runs        []magicRun `json:"runs"`
}

func runMagic(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("magic", magicUsage)
	var n int
	intFlag(fs, &n, "n", 0, "order `N` (gcd(N, 6) = 1): both ways")
	queens := fs.String("queens", "", "read a toroidal queens solution from `FILE` and build its magic square")
	asJSON := fs.Bool("json", false, "print JSON: one object, or with -n an array of the two")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	set := setFlags(fs)
	modes := len(operands)
	if set["n"] {
		modes++
	}
	if set["queens"] {
		modes++
	}
	switch {
	case modes != 1 || len(operands) > 1:
		return usageErrorf("magic: give one of FILE, --queens FILE or -n N (see qtool magic --help)")
	case set["n"] && !magic.Covered(n):
		return usageErrorf("magic: n = %d is not covered: -n takes orders prime to 6 (1, 5, 7, 11, 13, …, up to %d), where both constructions apply", n, magic.MaxN)
	case set["n"] && n > magic.MaxN:
		return usageErrorf("magic: n = %d: squares of order up to %d are built", n, magic.MaxN)
	}
	recs, err := magicRecords(c, set, n, *queens, operands)
	if err != nil {
		return err
	}
	if *asJSON {
		if len(recs) == 1 {
			return writeJSON(c.stdout, recs[0])
		}
		return writeJSON(c.stdout, recs)
	}
	for i, rec := range recs {
		if i > 0 {
			fmt.Fprintln(c.stdout)
		}
		printMagic(c.stdout, rec)
	}
	return nil
}

// magicRecord checks sq by its sums and reads its runs on queens
// solutions, each checked again by the verifier; from is the solution sq
// was built from, if any.
// magicRecords builds the records of the mode asked: -n N both ways,
// --queens FILE's square, or FILE's runs.
func magicRecords(c *cli, set map[string]bool, n int, queens string, operands []string) ([]magicSquareRecord, error) {
	var recs []magicSquareRecord
	switch {
	case set["n"]:
		sq, err := magic.Siamese(n)
		if err != nil {
			return nil, usageErrorf("%v", err)
		}
		rec, err := magicRecord(fmt.Sprintf("de la Loubère's square of order %d", n), sq, nil)
		if err != nil {
			return nil, err
		}
		recs = append(recs, rec)
		p := magic.Polya(n)
		sq, err = magic.FromQueens(p)
		if err != nil {
			return nil, err
		}
		if rec, err = magicRecord(fmt.Sprintf("Pólya's solution of order %d (column 2r mod %d)", n, n), sq, p); err != nil {
			return nil, err
		}
		recs = append(recs, rec)
	case set["queens"]:
		p, name, err := readQueens(c, queens)
		if err != nil {
			return nil, err
		}
		sq, err := magic.FromQueens(p)
		if err != nil {
			return nil, usageErrorf("%s: %v", name, err)
		}
		rec, err := magicRecord(name, sq, p)
		if err != nil {
			return nil, err
		}
		recs = append(recs, rec)
	default:
		f, name, err := openInput(c, operands[0])
		if err != nil {
			return nil, err
		}
		defer f.Close()
		sq, err := magic.Read(f, name)
		if err != nil {
			return nil, usageErrorf("%v", err)
		}
		rec, err := magicRecord(name, sq, nil)
		if err != nil {
			return nil, usageErrorf("%s: %v", name, err)
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

func magicRecord(source string, sq magic.Square, from encode.Placement) (magicSquareRecord, error) {
	rep, err := magic.Check(sq)
	if err != nil {
		return magicSquareRecord{}, err
	}
	rec := magicSquareRecord{Source: source, N: rep.N, Square: sq, Normal: rep.Normal, Sum: rep.Sum, Magic: rep.Magic, Pandiagonal: rep.Pandiagonal, FromQueens: from, Runs: []magicRun{}}
	runs, err := magic.QueensOf(sq)
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
		rec.Runs = append(rec.Runs, magicRun{Numbers: u.String(), Digit: digit, Value: u.Digit, Queens: u.Queens})
	}
	return rec, nil
}

// readQueens reads a complete queens solution from a board file.
func readQueens(c *cli, path string) (encode.Placement, string, error) {
	f, name, err := openInput(c, path)
	if err != nil {
		return nil, name, err
	}
	defer f.Close()
	b, err := encode.ParseBoard(bufio.NewReaderSize(f, encode.PeekSize), name)
	if err != nil {
		if errors.Is(err, encode.ErrInvalidBoard) {
			return nil, name, usageErrorf("%s: not a queens solution: %s", name, userText(err.Error()))
		}
		return nil, name, usageErrorf("%w", err)
	}
	if k := b.Given(); k != b.N {
		return nil, name, usageErrorf("%s: %d of %d queens: a complete solution is needed", name, k, b.N)
	}
	return encode.Placement(b.Queens), name, nil
}

func printMagic(w io.Writer, rec magicSquareRecord) {
	if rec.FromQueens != nil {
		fmt.Fprintf(w, "%s: the toroidal %d-queens solution %s\n", rec.Source, rec.N, listForm(rec.FromQueens))
		fmt.Fprintf(w, "its magic square, whose numbers 1..%d stand on the queens:\n", rec.N)
	} else {
		fmt.Fprintf(w, "%s: a %d×%d square\n", rec.Source, rec.N, rec.N)
	}
	width := len(strconv.Itoa(rec.N * rec.N))
	for _, row := range rec.Square {
		parts := make([]string, len(row))
		for c, v := range row {
			parts[c] = fmt.Sprintf("%*d", width, v)
		}
		fmt.Fprintln(w, strings.Join(parts, " "))
	}
	pan := "not pandiagonal"
	if rec.Pandiagonal {
		pan = "pandiagonal (every broken diagonal too)"
	}
	fmt.Fprintf(w, "checked: numbers 1..%d, every row, column and both diagonals sum to %d; %s\n", rec.N*rec.N, rec.Sum, pan)
	fmt.Fprintf(w, "runs on %d-queens solutions (checked by the verifier; list form, 0-based columns): %d\n", rec.N, len(rec.Runs))
	for _, u := range rec.Runs {
		fmt.Fprintf(w, "  %-24s %s\n", u.Numbers+":", listForm(u.Queens))
	}
}

func listForm(p []int) string {
	parts := make([]string, len(p))
	for i, c := range p {
		parts[i] = strconv.Itoa(c)
	}
	return strings.Join(parts, " ")
}
