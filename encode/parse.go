package encode

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/internal/memlimit"
	"github.com/qtool-project/qtool/internal/plural"
	"github.com/qtool-project/qtool/internal/textin"
)

// MaxN is the largest order that the board parser accepts. It keeps a
// malformed header from asking for an absurd allocation; sizes below it are
// still refused when they cannot fit in the memory this process may use
// (see BoardBytes).
const MaxN = 1 << 28

// BoardBytes estimates the peak memory, in bytes, of reading and checking a
// board of order n: the queens (8 bytes a row), where each was given (8)
// and Validate's scratch (20).
func BoardBytes(n int) uint64 { return 36 * uint64(max(n, 0)) }

// maxFirstLine bounds the length of a board file's lines until the form
// and the order are known: a list-form line of a board this process can
// hold, at most 64 MiB (a list of some 7 million rows; larger boards take
// the compact form over several lines). It keeps an endless line
// (/dev/zero) from filling the memory.
func maxFirstLine() int {
	return int(min(64<<20, memlimit.Limit()/8))
}

// maxCommentLine is the longest line a board file may hold once its order
// is known, whatever the order: comments may be that long.
const maxCommentLine = 64 << 10

// ErrBoardForm is the Err of a *ParseError whose text is in none of the
// board forms (see ParseBoard): the first line that counts is neither a
// grid row, a compact header, a list nor algebraic squares.
var ErrBoardForm = errors.New("encode: text in none of the board forms")

// ParseError is a syntax or consistency error in a board file, with the
// place it was found: file name, 1-based line and column (column 0 when the
// whole line or file is at fault). Its Err is ErrInvalidBoard when the text
// is well formed but the position illegal, ErrBoardForm when the text is in
// no board form. It prints as file:line:col:
// message.
type ParseError = textin.Error

type line struct {
	no   int
	text string
}

// ParseBoard reads a board in any of the text forms and validates it (see
// Board.Validate); name is used in error messages. The form is recognised
// from the first line that is neither blank nor a comment (# ...):
//
//   - grid: n lines of n characters, 'Q' a queen and '.' an empty square;
//   - compact: a header "n N", then either N tokens, one per row, each a
//     0-based column or '-' for a free row, or any number of "r,c" pairs
//     (0-based row and column), across any number of lines;
//   - list: one line of whitespace-separated tokens, one per row, each a
//     0-based column or '-' (the output of qtool solve --format list);
//   - algebraic: squares such as "a2, b4, c6" (file letter = column, rank =
//     row + 1), the order n being the largest of the number of squares, the
//     highest file and the highest rank.
//
// Blank lines and lines starting with '#' are ignored in every form.
// Errors are *ParseError (file:line:col) for syntax and *BoardError for
// queens that attack each other. A grid square 'x' (blocked) is an error
// here: ParseInstance reads boards with blocked squares.
func ParseBoard(r io.Reader, name string) (Board, error) {
	br := bufio.NewReaderSize(r, peekSize)
	head, _ := br.Peek(peekSize)
	b, pos, err := parseBoard(br, name)
	if f := instanceForm(head); err != nil && !errors.Is(err, ErrInvalidBoard) && (f == formParams || (f == formQpos && qposHeader(head))) {
		// Not a board but another instance file: say what it is.
		return Board{}, &ParseError{File: name, Msg: FormOf(head) + ", not a board: this command reads a plain board of queens; qtool count, solve and encode read it with --board, and qtool check checks it"}
	}
	if err == nil && len(pos.blocked) > 0 {
		x := pos.blocked[0]
		return Board{}, &ParseError{File: name, Line: x.line, Col: x.col, Msg: "blocked square 'x': this command reads a plain board (blocked squares are read with --problem and --board)"}
	}
	// A pawn cuts the lines through it, so queens that a plain board says
	// attack each other may not: a grid with pawns is refused whether or
	// not its queens are legal as a plain board.
	if (err == nil || errors.Is(err, ErrInvalidBoard)) && len(pos.pawns) > 0 {
		x := pos.pawns[0]
		return Board{}, &ParseError{File: name, Line: x.line, Col: x.col, Msg: "pawn 'p': this command reads a plain board (pawns are read with --problem queens+pawns and --board)"}
	}
	return b, err
}

// parseBoard is ParseBoard that also returns where the queens were given
// and the blocked squares of a grid.
func parseBoard(r io.Reader, name string) (Board, *positions, error) {
	return parseBoardPieces(r, name, false)
}

// parseBoardPieces is parseBoard that, with anyPieces, leaves the given
// pieces unchecked by the queens' rules (the problem checks them by its
// own: Problem.Validate).
func parseBoardPieces(r io.Reader, name string, anyPieces bool) (Board, *positions, error) {
	pos := &positions{anyPieces: anyPieces}
	b, err := parseBoardInto(r, name, pos)
	return b, pos, err
}

func parseBoardInto(r io.Reader, name string, pos *positions) (Board, error) {
	in := textin.NewReader(r, name, maxFirstLine())
	next := func() (line, bool, error) {
		for {
			raw, err := in.Next()
			if err == io.EOF {
				return line{}, false, nil
			}
			if err != nil {
				return line{}, false, err
			}
			t := strings.TrimRight(string(raw), " \t\r")
			if lead := strings.TrimLeft(t, " \t"); lead == "" || lead[0] == '#' {
				continue
			}
			return line{in.LineNo(), t}, true, nil
		}
	}
	first, ok, err := next()
	if err != nil {
		return Board{}, err
	}
	if !ok {
		return Board{}, &ParseError{File: name, Msg: "no board: the file is empty or holds only comments"}
	}
	b, err := parseForm(in, name, first, next, pos)
	if err != nil {
		return Board{}, err
	}
	return checkParsed(b, name, pos)
}

// parseForm reads the board in the form its first line tells (grid,
// compact, list or algebraic), bounding the lines of in by what the form
// and its order allow.
func parseForm(in *textin.Reader, name string, first line, next nextFunc, pos *positions) (Board, error) {
	perr := func(l line, col int, format string, args ...any) error {
		return &ParseError{File: name, Line: l.no, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	lead := strings.TrimLeft(first.text, " \t")
	switch {
	case isGridLine(first.text):
		if err := fits(name, first, len(first.text)); err != nil {
			return Board{}, err
		}
		in.SetMax(len(first.text) + maxCommentLine)
		return parseGrid(first, next, perr, pos)
	case strings.HasPrefix(lead, "n ") || strings.HasPrefix(lead, "n\t") || strings.HasPrefix(lead, "n="):
		return parseCompact(first, next, perr, pos, func(n int) error {
			if err := fits(name, first, n); err != nil {
				return err
			}
			// A line holds at most n tokens "r,c" (or n columns), each
			// with a blank: 2·digits(n)+2 bytes.
			in.SetMax(int(min(uint64(in.Max()), uint64(n)*uint64(2*len(strconv.Itoa(n))+2)+maxCommentLine)))
			return nil
		})
	case lead[0] == '-' || (lead[0] >= '0' && lead[0] <= '9'):
		return parseList(first, next, perr, pos, func(n int) error { return fits(name, first, n) })
	case lead[0] >= 'a' && lead[0] <= 'z' && len(lead) > 1 && lead[1] >= '0' && lead[1] <= '9':
		in.SetMax(maxCommentLine)
		return parseAlgebraic(first, next, perr, pos)
	}
	col := firstNotGrid(first.text)
	what := "'Q' and '.'"
	if pos.anyPieces {
		what = "'.' and the pieces 'Q', 'N', 'K', 'B', 'R', 'A'"
	}
	err := perr(first, col+1, "unexpected character %s: a grid holds only %s", quoteByte(first.text, col), what)
	err.(*ParseError).Err = ErrBoardForm
	return Board{}, err
}

// checkParsed validates the board read, pointing at the queen that meets
// an earlier one.
func checkParsed(b Board, name string, pos *positions) (Board, error) {
	check := b.Validate
	if pos.anyPieces {
		check = b.validateShape
	}
	if err := check(); err != nil {
		var be *BoardError
		if errors.As(err, &be) && be.Row >= 0 && be.Row < len(pos.line) {
			// Point at the queen that meets an earlier one.
			return b, &ParseError{File: name, Line: int(pos.line[be.Row]), Col: int(pos.col[be.Row]), Msg: be.Msg, Err: ErrInvalidBoard}
		}
		if errors.As(err, &be) {
			return b, &BoardError{Msg: prefixName(name) + be.Msg, Row: be.Row}
		}
		return Board{}, err
	}
	return b, nil
}

// fits refuses a board of order n that cannot fit in memory, before it is
// allocated.
func fits(name string, first line, n int) error {
	if n > MaxN {
		return &ParseError{File: name, Line: first.no, Msg: fmt.Sprintf("n = %d is larger than the largest board qtool reads (%d)", n, MaxN)}
	}
	if err := memlimit.Check(fmt.Sprintf("a board of n = %d", n), BoardBytes(n)); err != nil {
		return &ParseError{File: name, Line: first.no, Msg: err.Error()}
	}
	return nil
}

// positions remembers where in the file the queen of each row was given,
// so that an illegal position can be reported at its place.
type positions struct {
	line, col []int32
	blocked   []blockedAt // the grid's 'x' squares, in row-major order
	pawns     []blockedAt // the grid's 'p' squares, in row-major order
	anyPieces bool        // the pieces are not checked by the queens' rules here
	// pieces are, with anyPieces, every piece given, in the file's order,
	// and list says that the board cannot hold them (several a row, or
	// another letter than 'Q'): they go to Instance.Given.
	pieces []pieceAt
	list   bool
	seen   map[Cell]bool
}

// pieceAt is a given piece and where the file states it.
type pieceAt struct {
	r, c      int
	kind      Kind
	line, col int
}

// piece records a piece of kind k at (r, c); without anyPieces only a
// queen is a piece, and a second one in a row an error.
func (p *positions) piece(b *Board, r, c int, k Kind, l line, col int, perr perrFunc) error {
	n := b.N
	if !p.anyPieces {
		if k != QueenKind {
			return perr(l, col, "a %v '%c' at %s: this command reads queens (other pieces are read with --problem and --board)", k, k.Letter(), Square(n, r, c))
		}
		if b.Queens[r] >= 0 {
			return illegal(perr(l, col, "row %d holds two queens, at %s and %s", r, Square(n, r, b.Queens[r]), Square(n, r, c)))
		}
		b.Queens[r] = c
		p.set(n, r, l, col)
		return nil
	}
	if p.seen == nil {
		p.seen = map[Cell]bool{}
	}
	if p.seen[Cell{r, c}] {
		return perr(l, col, "square %s given twice", Square(n, r, c))
	}
	p.seen[Cell{r, c}] = true
	if k != QueenKind || b.Queens[r] >= 0 {
		p.list = true
	}
	if b.Queens[r] < 0 {
		b.Queens[r] = c
		p.set(n, r, l, col)
	}
	p.pieces = append(p.pieces, pieceAt{r, c, k, l.no, col})
	return nil
}

// blockedAt is a blocked square of a grid and where the file marks it.
type blockedAt struct {
	r, c      int
	line, col int
}

func (p *positions) set(n, r int, l line, col int) {
	if p.line == nil {
		p.line, p.col = make([]int32, n), make([]int32, n)
	}
	p.line[r], p.col[r] = int32(l.no), int32(col)
}

// illegal marks a parse error as a well-formed but illegal position.
func illegal(err error) error {
	err.(*ParseError).Err = ErrInvalidBoard
	return err
}

func prefixName(name string) string {
	if name == "" {
		return ""
	}
	return name + ": "
}

func quoteByte(s string, i int) string {
	c := s[i]
	if c >= 0x20 && c < 0x7f {
		return fmt.Sprintf("%q", string(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

func isGridLine(s string) bool {
	return firstNotGrid(s) == len(s)
}

func firstNotGrid(s string) int {
	for i := 0; i < len(s); i++ {
		if _, piece := KindOf(s[i]); !piece && s[i] != '.' && s[i] != 'x' && s[i] != 'p' {
			return i
		}
	}
	return len(s)
}

type nextFunc func() (line, bool, error)
type perrFunc func(l line, col int, format string, args ...any) error

func parseGrid(first line, next nextFunc, perr perrFunc, pos *positions) (Board, error) {
	n := len(first.text)
	b := Board{N: n, Queens: make([]int, n)}
	l := first
	for r := 0; ; r++ {
		if len(l.text) != n {
			return Board{}, perr(l, min(len(l.text), n)+1, "row %d has %d characters, the first row has %d: a grid must be square", r, len(l.text), n)
		}
		b.Queens[r] = -1
		for c := 0; c < n; c++ {
			switch l.text[c] {
			case '.':
			case 'Q', 'N', 'K', 'B', 'R', 'A':
				k, _ := KindOf(l.text[c])
				if err := pos.piece(&b, r, c, k, l, c+1, perr); err != nil {
					return Board{}, err
				}
			case 'x':
				pos.blocked = append(pos.blocked, blockedAt{r, c, l.no, c + 1})
			case 'p':
				pos.pawns = append(pos.pawns, blockedAt{r, c, l.no, c + 1})
			default:
				if pos.anyPieces {
					return Board{}, perr(l, c+1, "unexpected character %s: a grid holds only '.', the pieces 'Q', 'N', 'K', 'B', 'R', 'A', 'x' (blocked) and 'p' (pawn)", quoteByte(l.text, c))
				}
				return Board{}, perr(l, c+1, "unexpected character %s: a grid holds only 'Q', '.', 'x' (blocked) and 'p' (pawn)", quoteByte(l.text, c))
			}
		}
		prev := l
		var ok bool
		var err error
		l, ok, err = next()
		if err != nil {
			return Board{}, err
		}
		if !ok {
			if r+1 != n {
				return Board{}, perr(prev, len(prev.text)+1, "grid ends after %s of %d characters: a grid must be square", plural.Of(r+1, "row"), n)
			}
			return b, nil
		}
		if r+1 == n {
			return Board{}, perr(l, 1, "grid has more than %d rows of %d characters: a grid must be square", n, n)
		}
	}
}

// fields splits s into tokens at blanks and commas-with-blanks, with the
// 1-based column where each token starts.
func fields(s string, sep func(byte) bool) (toks []string, cols []int) {
	i := 0
	for i < len(s) {
		for i < len(s) && sep(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !sep(s[j]) {
			j++
		}
		if j > i {
			toks = append(toks, s[i:j])
			cols = append(cols, i+1)
		}
		i = j
	}
	return
}

// eachField calls f on each token of s, as fields splits it, without
// building the list: a list-form line of millions of tokens costs no more
// than itself. It stops at f's first error.
func eachField(s string, sep func(byte) bool, f func(tok string, col int) error) error {
	i := 0
	for i < len(s) {
		for i < len(s) && sep(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !sep(s[j]) {
			j++
		}
		if j > i {
			if err := f(s[i:j], i+1); err != nil {
				return err
			}
		}
		i = j
	}
	return nil
}

func blank(c byte) bool { return c == ' ' || c == '\t' }

func parseColumnToken(tok string, l line, col int, perr perrFunc) (int, error) {
	if tok == "-" {
		return -1, nil
	}
	v, err := strconv.Atoi(tok)
	if err != nil || v < 0 || tok[0] == '+' {
		return 0, perr(l, col, "bad column %q: want a 0-based column number or '-' for a free row", tok)
	}
	return v, nil
}

func parseList(first line, next nextFunc, perr perrFunc, pos *positions, fits func(n int) error) (Board, error) {
	if l, ok, err := next(); err != nil {
		return Board{}, err
	} else if ok {
		return Board{}, perr(l, 1, "unexpected second line: the list form is one line with one token per row")
	}
	n := 0
	var pairAt int
	eachField(first.text, blank, func(t string, col int) error {
		n++
		if pairAt == 0 && strings.Contains(t, ",") {
			pairAt = col
		}
		return nil
	})
	if pairAt > 0 {
		return Board{}, perr(first, pairAt, "a list of r,c squares needs the board's order first: write \"n N\" before them (e.g. n 8 0,0 1,4)")
	}
	if err := fits(n); err != nil {
		return Board{}, err
	}
	b := Board{N: n, Queens: make([]int, n)}
	r := 0
	err := eachField(first.text, blank, func(t string, col int) error {
		v, err := parseColumnToken(t, first, col, perr)
		if err != nil {
			return err
		}
		if v >= n {
			return perr(first, col, "column %d out of range 0..%d", v, n-1)
		}
		b.Queens[r] = v
		if v >= 0 {
			pos.set(n, r, first, col)
		}
		r++
		return nil
	})
	if err != nil {
		return Board{}, err
	}
	return b, nil
}

func parseCompact(first line, next nextFunc, perr perrFunc, pos *positions, fits func(n int) error) (Board, error) {
	n, rest, err := parseCompactHeader(first, perr)
	if err != nil {
		return Board{}, err
	}
	if err := fits(n); err != nil {
		return Board{}, err
	}
	cr := &compactRows{perr: perr, pos: pos, b: Board{N: n, Queens: make([]int, n)}, last: first, lastCol: len(first.text)}
	for i := range cr.b.Queens {
		cr.b.Queens[i] = -1
	}
	if rest > 0 {
		// "n N" and the squares on one line: the list form of the
		// problems with several pieces a row.
		if err := eachField(first.text[rest:], blank, func(t string, col int) error { return cr.token(first, t, rest+col) }); err != nil {
			return Board{}, err
		}
	}
	for {
		l, ok, err := next()
		if err != nil {
			return Board{}, err
		}
		if !ok {
			break
		}
		if err := eachField(l.text, blank, func(t string, col int) error { return cr.token(l, t, col) }); err != nil {
			return Board{}, err
		}
	}
	if !cr.pairs && cr.rows != 0 && cr.rows != n {
		return Board{}, perr(cr.last, cr.lastCol+1, "compact board ends after %s, n = %d: give one token per row", plural.Of(cr.rows, "row"), n)
	}
	return cr.b, nil
}

// parseCompactHeader reads the order N from the compact form's header
// "n N" (or "n = N"), and where on the line the squares that may follow
// it start (0: none).
func parseCompactHeader(first line, perr perrFunc) (n, rest int, err error) {
	lead := len(first.text) - len(strings.TrimLeft(first.text, " \t"))
	head := strings.TrimLeft(first.text[lead+1:], " \t")
	head = strings.TrimLeft(strings.TrimPrefix(head, "="), " \t")
	num := head
	if i := strings.IndexAny(head, " \t"); i >= 0 {
		num = head[:i]
		if strings.TrimSpace(head[i:]) != "" {
			rest = len(first.text) - len(head) + i
		}
	}
	n, err = strconv.Atoi(num)
	if err != nil || num == "" {
		return 0, 0, perr(first, lead+1, "bad header %q: want \"n N\" with N a whole number", first.text)
	}
	if n < 1 {
		return 0, 0, perr(first, lead+1, "n must be at least 1, got %d", n)
	}
	if n > MaxN {
		return 0, 0, perr(first, lead+1, "n = %d is larger than the largest board qtool reads (%d)", n, MaxN)
	}
	return n, rest, nil
}

// compactRows is the body of a compact board being read: either one
// column token per row or "r,c" pairs, the first token deciding.
type compactRows struct {
	perr    perrFunc
	pos     *positions
	b       Board
	pairs   bool // the body is r,c pairs
	rows    int  // column tokens read so far
	last    line // where the last column token is, for an early end
	lastCol int
}

// token reads one token of line l at column col.
func (cr *compactRows) token(l line, t string, col int) error {
	if sq, ok := strings.CutSuffix(t, ","); ok && isAlgebraicToken(sq) {
		t = sq
	}
	if isAlgebraicToken(t) {
		return cr.square(l, t, col)
	}
	isPair := strings.Contains(t, ",")
	if cr.rows == 0 && !cr.pairs && isPair {
		cr.pairs = true
	}
	if cr.pairs != isPair {
		return cr.perr(l, col, "token %q mixes the two compact forms: give either one column per row or r,c pairs", t)
	}
	if cr.pairs {
		return cr.pair(l, t, col)
	}
	return cr.column(l, t, col)
}

// pair places the piece of an "r,c" token (a queen), or of an "r,c,K"
// token (a piece of kind K).
func (cr *compactRows) pair(l line, t string, col int) error {
	n, q := cr.b.N, cr.b.Queens
	rs, cs, _ := strings.Cut(t, ",")
	cs, ks, three := strings.Cut(cs, ",")
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if err1 != nil || err2 != nil || strings.ContainsAny(t, "+ ") {
		return cr.perr(l, col, "bad pair %q: want r,c with 0-based row and column, or r,c,K with a piece K (Q, N, K, B, R, A)", t)
	}
	k := QueenKind
	if three {
		var ok bool
		if len(ks) == 1 {
			k, ok = KindOf(ks[0])
		}
		if !ok {
			return cr.perr(l, col, "bad piece %q in %q: want Q, N, K, B, R or A (queen, knight, king, bishop, rook, amazon)", ks, t)
		}
	}
	if r < 0 || r >= n || c < 0 || c >= n {
		return cr.perr(l, col, "square %d,%d off the board (0..%d)", r, c, n-1)
	}
	if q[r] == c {
		return cr.perr(l, col, "square %d,%d given twice", r, c)
	}
	return cr.pos.piece(&cr.b, r, c, k, l, col, cr.perr)
}

// isAlgebraicToken reports whether t names a square in chess notation,
// with or without a piece letter: "a2", "Qg1", "Nh10".
func isAlgebraicToken(t string) bool {
	if len(t) > 0 {
		if _, ok := KindOf(t[0]); ok {
			t = t[1:]
		}
	}
	if len(t) < 2 || t[0] < 'a' || t[0] > 'z' {
		return false
	}
	for i := 1; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return false
		}
	}
	return true
}

// square places the piece of an algebraic token (a queen unless it
// names another piece).
func (cr *compactRows) square(l line, t string, col int) error {
	n := cr.b.N
	if cr.rows > 0 {
		return cr.perr(l, col, "token %q mixes the compact forms: give either one column per row or squares", t)
	}
	cr.pairs = true
	k := QueenKind
	if kk, ok := KindOf(t[0]); ok {
		k, t = kk, t[1:]
	}
	rank, err := strconv.Atoi(t[1:])
	c := int(t[0] - 'a')
	if err != nil || rank < 1 || rank > n || c >= n {
		return cr.perr(l, col, "square %q off the %d×%d board", t, n, n)
	}
	r := rank - 1
	if cr.b.Queens[r] == c {
		return cr.perr(l, col, "square %s given twice", Square(n, r, c))
	}
	return cr.pos.piece(&cr.b, r, c, k, l, col, cr.perr)
}

// column reads the column token of the next row.
func (cr *compactRows) column(l line, t string, col int) error {
	n := cr.b.N
	if cr.rows >= n {
		return cr.perr(l, col, "more than n = %d rows", n)
	}
	v, err := parseColumnToken(t, l, col, cr.perr)
	if err != nil {
		return err
	}
	if v >= n {
		return cr.perr(l, col, "row %d: column %d out of range 0..%d", cr.rows, v, n-1)
	}
	cr.b.Queens[cr.rows] = v
	if v >= 0 {
		cr.pos.set(n, cr.rows, l, col)
	}
	cr.rows++
	cr.last, cr.lastCol = l, col+len(t)
	return nil
}

func parseAlgebraic(first line, next nextFunc, perr perrFunc, pos *positions) (Board, error) {
	type sq struct{ r, c int }
	var squares []sq
	var places []struct {
		l   line
		col int
	}
	maxN := 0
	l := first
	for {
		toks, cols := fields(l.text, func(c byte) bool { return c == ' ' || c == '\t' || c == ',' })
		for i, t := range toks {
			if len(t) < 2 || t[0] < 'a' || t[0] > 'z' {
				return Board{}, perr(l, cols[i], "bad square %q: want a file letter a..z and a rank, e.g. a2", t)
			}
			rank, err := strconv.Atoi(t[1:])
			if err != nil || rank < 1 || rank > 26 {
				return Board{}, perr(l, cols[i], "bad square %q: want a file letter a..z and a rank 1..26, e.g. a2", t)
			}
			s := sq{rank - 1, int(t[0] - 'a')}
			squares = append(squares, s)
			places = append(places, struct {
				l   line
				col int
			}{l, cols[i]})
			maxN = max(maxN, s.r+1, s.c+1)
		}
		var ok bool
		var err error
		l, ok, err = next()
		if err != nil {
			return Board{}, err
		}
		if !ok {
			break
		}
	}
	n := max(maxN, len(squares))
	if n > 26 {
		return Board{}, perr(first, 0, "algebraic form names %d squares: at most 26 (use the compact form for larger boards)", len(squares))
	}
	b := Board{N: n, Queens: make([]int, n)}
	for i := range b.Queens {
		b.Queens[i] = -1
	}
	for i, s := range squares {
		if b.Queens[s.r] >= 0 {
			return Board{}, illegal(perr(places[i].l, places[i].col, "rank %d holds two queens, at %s and %s", s.r+1, Square(n, s.r, b.Queens[s.r]), Square(n, s.r, s.c)))
		}
		b.Queens[s.r] = s.c
		pos.set(n, s.r, places[i].l, places[i].col)
	}
	return b, nil
}

// ParseBoardBytes is ParseBoard on a byte slice.
func ParseBoardBytes(data []byte, name string) (Board, error) {
	return ParseBoard(bytes.NewReader(data), name)
}
