package encode

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Cell is a square of the board: row R and column C, 0-based.
type Cell struct{ R, C int }

// Diagonal is one diagonal line of an n×n board, as CSPLib problem 079
// numbers them: with Sum, the squares with r + c = D ("t = 1" in its
// files), otherwise the squares with r − c + n − 1 = D ("t = 0"); 0 ≤ D ≤
// 2n − 2 either way.
type Diagonal struct {
	D   int
	Sum bool
}

// Holds reports whether square (r, c) of an n×n board lies on d.
func (d Diagonal) Holds(n, r, c int) bool {
	if d.Sum {
		return r+c == d.D
	}
	return r-c+n-1 == d.D
}

func (d Diagonal) String() string {
	if d.Sum {
		return fmt.Sprintf("r+c=%d", d.D)
	}
	return fmt.Sprintf("r-c+n-1=%d", d.D)
}

// Instance is what a board file states: the order and the pieces given
// (Board), the squares no piece may take (Blocked, the 'x' of a grid, as in
// Gent, Jefferson and Nightingale's Blocked n-Queens), and the diagonals no
// piece may take (Excluded, their Excluded Diagonals problem, CSPLib
// prob079). The zero Blocked and Excluded make a plain board.
type Instance struct {
	Board    Board
	Blocked  []Cell     // distinct, in row-major order
	Excluded []Diagonal // in the order of the file
	// Pawns are the squares of pawns (the 'p' of a grid), read by the
	// queens+pawns problem: no queen may take them, and each cuts the
	// lines through it (see QueensPawns). Distinct, in row-major order.
	Pawns []Cell
	// Given are the given pieces when the file states them by kind or
	// several in a row (a grid of the letters Q, N, K, B, R, A, or r,c,K
	// triples), read for the problems other than queens
	// (ReadOptions.AnyPieces); Board then gives none. Distinct squares,
	// in row-major order. Problem.Givens is the one list of both forms.
	Given []Piece
	// Where is, when the instance was read from a file, the line and
	// column at which each given piece stands in it, for messages.
	Where map[Cell]Pos
}

// Pos is a place in a file: 1-based line and column.
type Pos struct{ Line, Col int }

// Plain reports whether the instance is a plain board: nothing blocked or
// excluded.
func (in Instance) Plain() bool {
	return len(in.Blocked) == 0 && len(in.Excluded) == 0 && len(in.Pawns) == 0
}

// Validate checks the board (Board.Validate), that every blocked square and
// excluded diagonal is on the board, and that no given piece stands on one.
// The errors wrap ErrInvalidBoard.
func (in Instance) Validate() error {
	if err := in.Board.Validate(); err != nil {
		return err
	}
	n := in.Board.N
	for i, x := range in.Blocked {
		if x.R < 0 || x.R >= n || x.C < 0 || x.C >= n {
			return boardErrorf(-1, "blocked square (%d,%d) off the board (0..%d)", x.R, x.C, n-1)
		}
		if i > 0 && !cellLess(in.Blocked[i-1], x) {
			return boardErrorf(-1, "blocked squares not distinct and in row-major order at (%d,%d)", x.R, x.C)
		}
		if in.Board.Queen(x.R) == x.C {
			return boardErrorf(x.R, "the queen given at %s stands on a blocked square", Square(n, x.R, x.C))
		}
	}
	for _, d := range in.Excluded {
		if d.D < 0 || d.D > 2*n-2 {
			return boardErrorf(-1, "excluded diagonal %v off the board (0..%d)", d, 2*n-2)
		}
	}
	blocked := map[Cell]bool{}
	for _, x := range in.Blocked {
		blocked[x] = true
	}
	for i, x := range in.Pawns {
		switch {
		case x.R < 0 || x.R >= n || x.C < 0 || x.C >= n:
			return boardErrorf(-1, "pawn (%d,%d) off the board (0..%d)", x.R, x.C, n-1)
		case i > 0 && !cellLess(in.Pawns[i-1], x):
			return boardErrorf(-1, "pawns not distinct and in row-major order at (%d,%d)", x.R, x.C)
		case in.Board.Queen(x.R) == x.C:
			return boardErrorf(x.R, "a pawn and a queen both stand on %s", Square(n, x.R, x.C))
		case blocked[x]:
			return boardErrorf(x.R, "a pawn stands on the blocked square %s", Square(n, x.R, x.C))
		}
	}
	if len(in.Excluded) > 0 {
		sum, dif := in.excludedMasks()
		for r := range n {
			if c := in.Board.Queen(r); c >= 0 && (sum[r+c] || dif[r-c+n-1]) {
				return boardErrorf(r, "the queen given at %s stands on an excluded diagonal", Square(n, r, c))
			}
		}
	}
	return nil
}

func cellLess(a, b Cell) bool { return a.R < b.R || (a.R == b.R && a.C < b.C) }

// excludedMasks returns, indexed by r+c and by r−c+n−1, whether the
// diagonal is excluded.
func (in Instance) excludedMasks() (sum, dif []bool) {
	n := in.Board.N
	sum, dif = make([]bool, 2*n-1), make([]bool, 2*n-1)
	for _, d := range in.Excluded {
		if d.D < 0 || d.D > 2*n-2 {
			continue
		}
		if d.Sum {
			sum[d.D] = true
		} else {
			dif[d.D] = true
		}
	}
	return sum, dif
}

// ReadOptions chooses how ParseInstanceWith reads a file.
type ReadOptions struct {
	// LimitDiagonals keeps only the first Diagonals excluded diagonals of
	// a CSPLib prob079 file, as the published runs do (Gent et al.: "for
	// any number d up to numdiags a valid instance can be created by
	// taking the FIRST d elements"); more than the file lists is an error.
	LimitDiagonals bool
	Diagonals      int
	// AnyPieces leaves the given pieces unchecked by the queens' rules:
	// the caller checks them by its problem's (Problem.Validate), so that
	// kings on a1 and a3, or knights on a1 and b2, can be read.
	AnyPieces bool
}

// peekSize is how much of a file ParseInstance looks at to recognise its
// form.
const peekSize = 64 << 10

// ParseInstance reads an instance in any form qtool knows, recognised by
// content: every form of ParseBoard (a grid may mark blocked squares 'x'),
// CSPLib prob079's Excluded Diagonals parameter files ("n = 10",
// "numdiags = 14", "diags = [[4, 1], …]"), the Essence′ parameter files of
// queens-gen-fast ("letting n = 10", "letting init = [[r, c], …]", 0-based),
// and the .qpos completion form (a line "N K", then K lines "row col",
// 0-based). Errors are *ParseError (file:line:col); an illegal position
// wraps ErrInvalidBoard.
func ParseInstance(r io.Reader, name string) (Instance, error) {
	return ParseInstanceWith(r, name, ReadOptions{})
}

// ParseInstanceWith is ParseInstance with options.
func ParseInstanceWith(r io.Reader, name string, opt ReadOptions) (Instance, error) {
	br := bufio.NewReaderSize(r, peekSize)
	head, _ := br.Peek(peekSize)
	var in Instance
	var err error
	switch instanceForm(head) {
	case formParams:
		in, err = parseParams(br, name, opt)
	case formQpos:
		in, err = parseQpos(br, name)
	default:
		var pos *positions
		in.Board, pos, err = parseBoardPieces(br, name, opt.AnyPieces)
		if errors.Is(err, ErrInvalidBoard) && !opt.AnyPieces && pos != nil && len(pos.pawns) > 0 {
			// Queens that attack each other only when the pawns between
			// them are ignored (a queens+pawns board read as a queens
			// one): the pawns are the error, as CheckPawns says.
			x := pos.pawns[0]
			return Instance{}, &ParseError{File: name, Line: x.line, Col: x.col, Msg: "the board has pawns ('p'), which only --problem queens+pawns reads"}
		}
		if err == nil && opt.AnyPieces {
			in.Where = map[Cell]Pos{}
			for _, x := range pos.pieces {
				in.Where[Cell{x.r, x.c}] = Pos{x.line, x.col}
			}
			for r, c := range in.Board.Queens {
				if c >= 0 && r < len(pos.line) {
					in.Where[Cell{r, c}] = Pos{int(pos.line[r]), int(pos.col[r])}
				}
			}
			if pos.list {
				// Several pieces a row, or of other kinds: a list.
				for _, x := range pos.pieces {
					in.Given = append(in.Given, Piece{Cell{x.r, x.c}, x.kind})
				}
				sortPieces(in.Given)
				in.Board = Empty(in.Board.N)
			}
		}
		if err == nil {
			for _, x := range pos.blocked {
				in.Blocked = append(in.Blocked, Cell{x.r, x.c})
			}
			for _, x := range pos.pawns {
				in.Pawns = append(in.Pawns, Cell{x.r, x.c})
			}
		}
	}
	if err != nil {
		return Instance{}, err
	}
	if opt.LimitDiagonals && len(in.Excluded) == 0 && opt.Diagonals > 0 {
		return Instance{}, &ParseError{File: name, Msg: fmt.Sprintf("--diagonals %d: the file excludes no diagonal", opt.Diagonals)}
	}
	check := in.Validate
	if opt.AnyPieces {
		check = Problem{Variant: Kings, Instance: Instance{Board: Empty(in.Board.N), Blocked: in.Blocked, Excluded: in.Excluded, Pawns: in.Pawns}}.Validate
	}
	if err := check(); err != nil {
		return Instance{}, &ParseError{File: name, Msg: strings.TrimPrefix(err.Error(), "encode: "), Err: ErrInvalidBoard}
	}
	return in, nil
}

type form int

const (
	formBoard form = iota
	formParams
	formQpos
)

// instanceForm recognises the form from the first bytes of a file: its
// first line that is neither blank nor a comment.
func instanceForm(head []byte) form {
	head = bytes.TrimPrefix(head, []byte("\ufeff"))
	lines := strings.Split(string(head), "\n")
	first := -1
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || t[0] == '#' || t[0] == '$' {
			continue
		}
		first = i
		break
	}
	if first < 0 {
		return formBoard
	}
	words := strings.Fields(lines[first])
	switch {
	case words[0] == "letting" || words[0] == "language" || strings.HasPrefix(words[0], "numdiags") || strings.HasPrefix(words[0], "diags"):
		return formParams
	case strings.HasPrefix(words[0], "n") && strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(lines[first]), "n")), "="):
		for _, l := range lines[first:] {
			if l == lines[first] {
				// One line "n = 8 diags = [[1, 0]]": statements need no
				// line of their own.
				if rest := strings.Fields(l); len(rest) > 3 && (strings.HasPrefix(rest[3], "diags") || strings.HasPrefix(rest[3], "numdiags") || strings.HasPrefix(rest[3], "init")) {
					return formParams
				}
				continue
			}
			t := strings.TrimSpace(l)
			if strings.HasPrefix(t, "diags") || strings.HasPrefix(t, "numdiags") {
				return formParams
			}
		}
	case len(words) == 2 && isUint(words[0]) && isUint(words[1]):
		// Two numbers: a list-form board of two queens on a 2×2 board
		// is never legal, so this is the .qpos header "N K".
		return formQpos
	}
	return formBoard
}

func isUint(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// sortCells sorts cells in row-major order.
func sortCells(cs []Cell) {
	sort.Slice(cs, func(i, j int) bool { return cellLess(cs[i], cs[j]) })
}
