package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/encode"
)

// variantNames lists the --problem names.
func variantNames() string {
	var names []string
	for _, v := range encode.AllVariants() {
		names = append(names, v.String())
	}
	return strings.Join(names, ", ")
}

// addProblem adds --problem and --diagonals (count, solve).
func (p *problemFlags) addProblem(fs *flag.FlagSet) {
	p.variants = true
	fs.StringVar(&p.problem, "problem", "queens", "problem `NAME`: "+variantNames())
	intFlag(fs, &p.diagonals, "diagonals", 0, "use only the first `K` excluded diagonals of a CSPLib prob079 .param --board, as the published runs do")
	intFlag(fs, &p.pawns, "pawns", 0, "--problem queens+pawns: `K` pawns; without 'p' squares in the --board, every placement of K pawns is searched and n+K queens placed on each")
	fs.StringVar(&p.pieces, "pieces", "", "--problem pieces: how many of each kind, `COUNTS` such as Q=3,N=3 or K=2,Q=2,B=2,N=1 (K king, Q queen, B bishop, R rook, N knight), none attacking another; implies --problem pieces")
	fs.StringVar(&p.order, "order", "", "backend backtrack: branch row by row (rows: the classic node counts), on the most constrained free row or column (mrv), or `auto`: rows on an empty board, mrv when queens are given (blocked squares, excluded diagonals and the other problems are always searched by mrv); on a plain board, mrv-middle, mrv-random or mrv-left: mrv trying the columns middle-out, at random with restarts, or left to right (first solutions of n = 10,000)")
}

// variant returns the problem the flags name, without its board.
func (p *problemFlags) variant(set map[string]bool) (encode.Problem, error) {
	var prob encode.Problem
	if !p.variants {
		return prob, nil
	}
	v, err := encode.ParseVariant(p.problem)
	if err != nil {
		return prob, usageErrorf("--problem %q: want one of %s", p.problem, variantNames())
	}
	if set["diagonals"] && p.diagonals < 0 {
		return prob, usageErrorf("--diagonals must be 0 or more, got %d", p.diagonals)
	}
	if set["pieces"] {
		if set["problem"] && v != encode.MixedPieces {
			return prob, usageErrorf("--pieces applies to --problem pieces, not %v", v)
		}
		a, err := encode.ParseArmy(p.pieces)
		if err != nil {
			return prob, usageErrorf("--pieces %q: %s", p.pieces, strings.TrimPrefix(err.Error(), "encode: "))
		}
		v, prob.Counts = encode.MixedPieces, a
	} else if v == encode.MixedPieces {
		return prob, usageErrorf("--problem pieces needs --pieces COUNTS, e.g. --pieces Q=3,N=3")
	}
	prob.Variant = v
	if set["pawns"] {
		if v != encode.QueensPawns {
			return prob, usageErrorf("--pawns applies to --problem queens+pawns, not %v", v)
		}
		if p.pawns < 0 {
			return prob, usageErrorf("--pawns must be 0 or more, got %d", p.pawns)
		}
		prob.PawnCount = p.pawns
	}
	return prob, nil
}

// checkPawns checks the pawns of a loaded problem: the board's 'p'
// squares only for queens+pawns, as many as --pawns says, and a number of
// pawns to search that fits the board.
func checkPawns(prob encode.Problem, name string) error {
	n := prob.Board.N
	switch {
	case len(prob.Pawns) > 0 && prob.Variant != encode.QueensPawns:
		return usageErrorf("%s: the board has pawns ('p'), which only --problem queens+pawns reads", name)
	case len(prob.Pawns) > 0 && prob.PawnCount > 0 && len(prob.Pawns) != prob.PawnCount:
		return usageErrorf("%s: the board places %d pawns, --pawns says %d", name, len(prob.Pawns), prob.PawnCount)
	case prob.PawnsSearched():
		free := n*n - len(prob.Blocked) - prob.Board.Given()
		if prob.PawnCount > free {
			return usageErrorf("--pawns %d: the %d×%d board has %d free squares", prob.PawnCount, n, n, free)
		}
		if _, err := encode.PawnSets(n, prob.PawnCount); err != nil {
			return usageErrorf("--pawns %d: %s", prob.PawnCount, strings.TrimPrefix(err.Error(), "encode: "))
		}
	}
	return nil
}

func (p *problemFlags) readOptions(set map[string]bool) encode.ReadOptions {
	v, _ := encode.ParseVariant(p.problem)
	// The pieces of another problem than queens are checked by its own
	// rules once read (encode.Problem.Validate), not by the queens'.
	return encode.ReadOptions{LimitDiagonals: set["diagonals"], Diagonals: p.diagonals, AnyPieces: p.variants && (v != encode.Queens || set["pieces"])}
}

// pieceLetter is the letter of a variant's piece in a grid (A for the
// superqueen, the amazon).
func pieceLetter(v encode.Variant) byte { return v.Kind().Letter() }

// givenError is the message of a board whose given pieces break the
// problem's rules: at the piece's place in the file (file:line:col) when
// it is known, as for a queens board.
func givenError(name string, in encode.Instance, err error) string {
	msg := strings.TrimPrefix(err.Error(), "encode: ")
	var be *encode.BoardError
	if errors.As(err, &be) && be.Square != nil {
		if at, ok := in.Where[*be.Square]; ok {
			return fmt.Sprintf("%s:%d:%d: %s", name, at.Line, at.Col, msg)
		}
	}
	return name + ": " + msg
}

// writePieces prints a solution of a problem of several kinds of piece
// (or of one, with its kind): a grid of their letters, the "n N r,c,K"
// list of the compact form, or the header and the squares in chess
// notation ("n 8 Qg1, Nh6", n ≤ 26); every form reads back with --board.
func writePieces(w io.Writer, prob encode.Problem, pieces []encode.Piece, format string, i int) error {
	n := prob.Board.N
	switch format {
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

// writeCells prints a solution of a problem: a grid ('x' a blocked square,
// the piece's letter), the "r,c" pairs on one line (list), or the squares
// in chess notation (algebraic, n ≤ 26).
func writeCells(w io.Writer, prob encode.Problem, cells []encode.Cell, format string, i int) error {
	n := prob.Board.N
	switch format {
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
	fmt.Fprintf(w, "# solution %d: %d %v\n", i, len(cells), pieceName(prob.Variant, len(cells)))
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
		grid[x.R][x.C] = pieceLetter(prob.Variant)
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

// pieceName names k pieces of the variant.
func pieceName(v encode.Variant, k int) string {
	name := map[encode.Variant]string{encode.Kings: "king", encode.Bishops: "bishop", encode.Knights: "knight",
		encode.Rooks: "rook", encode.Superqueens: "superqueen", encode.QueensKnights: "piece", encode.MixedPieces: "piece"}[v]
	if name == "" {
		name = "queen"
	}
	if k != 1 {
		name += "s"
	}
	return name
}
