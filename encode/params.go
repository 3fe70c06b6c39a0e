package encode

import (
	"fmt"
	"io"
	"strconv"

	"github.com/qtool-project/qtool/internal/textin"
)

// maxParamValues bounds the integers and lists a parameter file may hold:
// far more than the largest published instance (some 16,000) and far less
// than the memory.
const maxParamValues = 1 << 21

// maxParamDepth bounds the nesting of lists: the files qtool reads nest
// two deep ([[r, c], …]); the bound keeps the recursive reader's stack
// small whatever the input (1.1 MB of '[' overflowed it).
const maxParamDepth = 8

// pval is a value of a parameter file: an integer or a list, with where it
// starts.
type pval struct {
	isInt     bool
	v         int
	list      []pval
	line, col int
}

// ptok is a token: an identifier or integer (text), or one of = [ ] ,.
type ptok struct {
	text      string
	line, col int
}

// paramLexer splits a parameter file into tokens: identifiers, integers
// and the punctuation = [ ] , ; '$' and '#' start a comment that runs to
// the end of the line (Essence′ and shell style).
type paramLexer struct {
	in   *textin.Reader
	name string
	line []byte
	no   int
	i    int
	eof  bool
}

func (lx *paramLexer) errorf(line, col int, format string, args ...any) error {
	return &ParseError{File: lx.name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// next returns the next token, or one with empty text at the end.
func (lx *paramLexer) next() (ptok, error) {
	for {
		for lx.i < len(lx.line) && (lx.line[lx.i] == ' ' || lx.line[lx.i] == '\t' || lx.line[lx.i] == '\r') {
			lx.i++
		}
		if lx.i < len(lx.line) && lx.line[lx.i] != '$' && lx.line[lx.i] != '#' {
			break
		}
		if lx.eof {
			return ptok{line: lx.no, col: len(lx.line) + 1}, nil
		}
		l, err := lx.in.Next()
		if err == io.EOF {
			lx.eof, lx.i = true, len(lx.line)
			continue
		}
		if err != nil {
			return ptok{}, err
		}
		lx.line, lx.no, lx.i = l, lx.in.LineNo(), 0
	}
	start := lx.i
	c := lx.line[start]
	switch {
	case c == '=' || c == '[' || c == ']' || c == ',':
		lx.i++
	case c == '-' || (c >= '0' && c <= '9'):
		lx.i++
		for lx.i < len(lx.line) && lx.line[lx.i] >= '0' && lx.line[lx.i] <= '9' {
			lx.i++
		}
	case c == '_' || c == '\'' || (c|0x20 >= 'a' && c|0x20 <= 'z'):
		for lx.i < len(lx.line) {
			d := lx.line[lx.i]
			if d != '_' && d != '\'' && d != '.' && !(d|0x20 >= 'a' && d|0x20 <= 'z') && !(d >= '0' && d <= '9') {
				break
			}
			lx.i++
		}
	default:
		return ptok{}, lx.errorf(lx.no, start+1, "unexpected character %s in a parameter file", quoteByte(string(lx.line), start))
	}
	return ptok{text: string(lx.line[start:lx.i]), line: lx.no, col: start + 1}, nil
}

// paramParser reads statements "[letting] NAME = VALUE" (or "be" for "=").
type paramParser struct {
	lx     *paramLexer
	tok    ptok
	values int
}

func (p *paramParser) advance() error {
	t, err := p.lx.next()
	p.tok = t
	return err
}

func (p *paramParser) value() (pval, error) { return p.valueAt(0) }

// valueAt reads a value inside depth lists.
func (p *paramParser) valueAt(depth int) (pval, error) {
	t := p.tok
	if depth > maxParamDepth {
		return pval{}, p.lx.errorf(t.line, t.col, "lists nested more than %d deep: not a parameter file qtool reads", maxParamDepth)
	}
	if p.values++; p.values > maxParamValues {
		return pval{}, p.lx.errorf(t.line, t.col, "more than %d values: not a parameter file qtool reads", maxParamValues)
	}
	switch {
	case t.text == "[":
		v := pval{line: t.line, col: t.col}
		if err := p.advance(); err != nil {
			return v, err
		}
		if p.tok.text == "]" {
			return v, p.advance()
		}
		for {
			e, err := p.valueAt(depth + 1)
			if err != nil {
				return v, err
			}
			v.list = append(v.list, e)
			switch p.tok.text {
			case ",":
				if err := p.advance(); err != nil {
					return v, err
				}
			case "]":
				return v, p.advance()
			default:
				return v, p.lx.errorf(p.tok.line, p.tok.col, "want ',' or ']' in the list opened at line %d column %d, got %s", t.line, t.col, p.describe())
			}
		}
	case t.text != "" && (t.text[0] == '-' || (t.text[0] >= '0' && t.text[0] <= '9')):
		v, err := strconv.Atoi(t.text)
		if err != nil || t.text == "-" {
			return pval{}, p.lx.errorf(t.line, t.col, "bad number %q", t.text)
		}
		return pval{isInt: true, v: v, line: t.line, col: t.col}, p.advance()
	}
	return pval{}, p.lx.errorf(t.line, t.col, "want a number or a list '[…]', got %s", p.describe())
}

func (p *paramParser) describe() string {
	if p.tok.text == "" {
		return "the end of the file"
	}
	return strconv.Quote(p.tok.text)
}

// params reads every statement of the file into a map.
func (p *paramParser) params() (map[string]pval, map[string]ptok, error) {
	vals := map[string]pval{}
	names := map[string]ptok{}
	if err := p.advance(); err != nil {
		return nil, nil, err
	}
	for p.tok.text != "" {
		if p.tok.text == "language" {
			// "language ESSENCE' 1.0": the rest of the line.
			p.lx.i = len(p.lx.line)
			if err := p.advance(); err != nil {
				return nil, nil, err
			}
			continue
		}
		if p.tok.text == "letting" {
			if err := p.advance(); err != nil {
				return nil, nil, err
			}
		}
		name := p.tok
		if name.text == "" || !(name.text[0] == '_' || (name.text[0]|0x20 >= 'a' && name.text[0]|0x20 <= 'z')) {
			return nil, nil, p.lx.errorf(name.line, name.col, "want a parameter name (n, numdiags, diags or init), got %s", p.describe())
		}
		if prev, dup := names[name.text]; dup {
			return nil, nil, p.lx.errorf(name.line, name.col, "parameter %s given twice (first at line %d)", name.text, prev.line)
		}
		if err := p.advance(); err != nil {
			return nil, nil, err
		}
		if p.tok.text != "=" && p.tok.text != "be" {
			return nil, nil, p.lx.errorf(p.tok.line, p.tok.col, "want '=' after %s, got %s", name.text, p.describe())
		}
		if err := p.advance(); err != nil {
			return nil, nil, err
		}
		v, err := p.value()
		if err != nil {
			return nil, nil, err
		}
		names[name.text] = name
		vals[name.text] = v
	}
	return vals, names, nil
}

// pairs reads a list of two-integer lists.
func (lx *paramLexer) pairs(what string, v pval) ([][2]int, []pval, error) {
	if v.isInt {
		return nil, nil, lx.errorf(v.line, v.col, "%s: want a list of pairs [[a, b], …], got a number", what)
	}
	ps := make([][2]int, len(v.list))
	for i, e := range v.list {
		if e.isInt || len(e.list) != 2 || !e.list[0].isInt || !e.list[1].isInt {
			return nil, nil, lx.errorf(e.line, e.col, "%s: element %d is not a pair of numbers [a, b]", what, i+1)
		}
		ps[i] = [2]int{e.list[0].v, e.list[1].v}
	}
	return ps, v.list, nil
}

// parseParams reads a CSPLib prob079 Excluded Diagonals file or an
// Essence′ completion file (see ParseInstance).
func parseParams(r io.Reader, name string, opt ReadOptions) (Instance, error) {
	lx := &paramLexer{in: textin.NewReader(r, name, maxFirstLine()), name: name}
	p := &paramParser{lx: lx}
	vals, names, err := p.params()
	if err != nil {
		return Instance{}, err
	}
	for k, t := range names {
		if k != "n" && k != "numdiags" && k != "diags" && k != "init" {
			return Instance{}, lx.errorf(t.line, t.col, "unknown parameter %q (known: n, numdiags, diags, init)", k)
		}
	}
	nv, ok := vals["n"]
	if !ok {
		return Instance{}, lx.errorf(0, 0, "no parameter n (the order of the board)")
	}
	if !nv.isInt || nv.v < 1 {
		return Instance{}, lx.errorf(nv.line, nv.col, "n must be a whole number at least 1")
	}
	n := nv.v
	if err := fits(name, line{no: nv.line}, n); err != nil {
		return Instance{}, err
	}
	in := Instance{Board: Board{N: n}}
	if dv, ok := vals["diags"]; ok {
		ps, at, err := lx.pairs("diags", dv)
		if err != nil {
			return Instance{}, err
		}
		if cv, ok := vals["numdiags"]; ok && (!cv.isInt || cv.v != len(ps)) {
			return Instance{}, lx.errorf(cv.line, cv.col, "numdiags says %s, the list diags holds %d", showVal(cv), len(ps))
		}
		if opt.LimitDiagonals {
			if opt.Diagonals < 0 || opt.Diagonals > len(ps) {
				return Instance{}, lx.errorf(dv.line, dv.col, "--diagonals %d: the file lists %d diagonals", opt.Diagonals, len(ps))
			}
			ps = ps[:opt.Diagonals]
		}
		for i, d := range ps {
			if d[1] != 0 && d[1] != 1 {
				return Instance{}, lx.errorf(at[i].line, at[i].col, "diagonal [%d, %d]: the type must be 1 (r+c = d) or 0 (r-c+n-1 = d)", d[0], d[1])
			}
			if d[0] < 0 || d[0] > 2*n-2 {
				return Instance{}, lx.errorf(at[i].line, at[i].col, "diagonal [%d, %d]: d must be in 0..%d for n = %d", d[0], d[1], 2*n-2, n)
			}
			in.Excluded = append(in.Excluded, Diagonal{D: d[0], Sum: d[1] == 1})
		}
	} else if cv, ok := vals["numdiags"]; ok {
		return Instance{}, lx.errorf(cv.line, cv.col, "numdiags without diags")
	}
	in.Board.Queens = make([]int, n)
	for i := range in.Board.Queens {
		in.Board.Queens[i] = -1
	}
	if iv, ok := vals["init"]; ok {
		ps, at, err := lx.pairs("init", iv)
		if err != nil {
			return Instance{}, err
		}
		pos := &positions{}
		for i, q := range ps {
			r, c := q[0], q[1]
			if r < 0 || r >= n || c < 0 || c >= n {
				return Instance{}, lx.errorf(at[i].line, at[i].col, "queen [%d, %d] off the board (0..%d)", r, c, n-1)
			}
			if g := in.Board.Queens[r]; g >= 0 {
				return Instance{}, illegal(lx.errorf(at[i].line, at[i].col, "row %d holds two queens, at %s and %s", r, Square(n, r, g), Square(n, r, c)))
			}
			in.Board.Queens[r] = c
			pos.set(n, r, line{no: at[i].line}, at[i].col)
		}
		if err := locate(name, in, pos); err != nil {
			return Instance{}, err
		}
	}
	return in, nil
}

func showVal(v pval) string {
	if v.isInt {
		return strconv.Itoa(v.v)
	}
	return "a list"
}

// locate validates in and reports an illegal position at the place of the
// queen that meets an earlier one.
func locate(name string, in Instance, pos *positions) error {
	err := in.Validate()
	if err == nil {
		return nil
	}
	if be, ok := err.(*BoardError); ok && be.Row >= 0 && be.Row < len(pos.line) && pos.line[be.Row] > 0 {
		return &ParseError{File: name, Line: int(pos.line[be.Row]), Col: int(pos.col[be.Row]), Msg: be.Msg, Err: ErrInvalidBoard}
	}
	return &ParseError{File: name, Msg: err.Error(), Err: ErrInvalidBoard}
}

// parseQpos reads the .qpos completion form: "N K", then K lines "row col".
func parseQpos(r io.Reader, name string) (Instance, error) {
	q := &qposReader{in: textin.NewReader(r, name, maxCommentLine), name: name}
	n, k, no, err := q.header()
	if err != nil {
		return Instance{}, err
	}
	b := Board{N: n, Queens: make([]int, n)}
	for i := range b.Queens {
		b.Queens[i] = -1
	}
	pos := &positions{}
	last := no
	for i := range k {
		toks, cols, no, err := q.next()
		if err == io.EOF {
			return Instance{}, q.errorf(last, 0, "the header announces %d queens, the file gives %d", k, i)
		}
		if err != nil {
			return Instance{}, err
		}
		last = no
		if err := q.queen(&b, pos, toks, cols, no); err != nil {
			return Instance{}, err
		}
	}
	if _, cols, no, err := q.next(); err != io.EOF {
		if err != nil {
			return Instance{}, err
		}
		return Instance{}, q.errorf(no, cols[0], "more than the %d queens the header announces", k)
	}
	inst := Instance{Board: b}
	if err := locate(name, inst, pos); err != nil {
		return Instance{}, err
	}
	return inst, nil
}

// qposReader reads the lines of a .qpos file.
type qposReader struct {
	in   *textin.Reader
	name string
}

func (q *qposReader) errorf(line, col int, format string, args ...any) error {
	return &ParseError{File: q.name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// next returns the fields of the next line that is not blank nor a
// comment, their columns and the line's number.
func (q *qposReader) next() ([]string, []int, int, error) {
	for {
		raw, err := q.in.Next()
		if err != nil {
			return nil, nil, 0, err
		}
		toks, cols := fields(string(raw), blank)
		if len(toks) == 0 || toks[0][0] == '#' || toks[0][0] == '$' {
			continue // blank, or a comment in shell or Essence′ style
		}
		return toks, cols, q.in.LineNo(), nil
	}
}

// header reads the header "N K": the order, the number of queens given,
// and the header's line.
func (q *qposReader) header() (n, k, no int, err error) {
	toks, cols, no, err := q.next()
	if err != nil {
		return 0, 0, 0, err
	}
	if len(toks) != 2 {
		return 0, 0, 0, q.errorf(no, cols[0], "want the header \"N K\" (order, queens given), got %d fields", len(toks))
	}
	n, err1 := strconv.Atoi(toks[0])
	k, err2 := strconv.Atoi(toks[1])
	if err1 != nil || n < 1 {
		return 0, 0, 0, q.errorf(no, cols[0], "bad order %q: want the header \"N K\" with N ≥ 1", toks[0])
	}
	if err2 != nil || k < 0 || k > n {
		return 0, 0, 0, q.errorf(no, cols[1], "bad queen count %q: want 0 ≤ K ≤ N = %d", toks[1], n)
	}
	if err := fits(q.name, line{no: no}, n); err != nil {
		return 0, 0, 0, err
	}
	return n, k, no, nil
}

// queen reads a line "row col" (toks at cols, line no) onto board b.
func (q *qposReader) queen(b *Board, pos *positions, toks []string, cols []int, no int) error {
	n := b.N
	if len(toks) != 2 {
		return q.errorf(no, cols[min(len(toks), 2)-1], "want \"row col\", got %d fields", len(toks))
	}
	r, err1 := strconv.Atoi(toks[0])
	c, err2 := strconv.Atoi(toks[1])
	if err1 != nil || !isUint(toks[0]) {
		return q.errorf(no, cols[0], "bad row %q: want a 0-based row number", toks[0])
	}
	if err2 != nil || !isUint(toks[1]) {
		return q.errorf(no, cols[1], "bad column %q: want a 0-based column number", toks[1])
	}
	if r >= n || c >= n {
		return q.errorf(no, cols[0], "queen %d %d off the board (0..%d)", r, c, n-1)
	}
	if g := b.Queens[r]; g >= 0 {
		return illegal(q.errorf(no, cols[0], "row %d holds two queens, at %s and %s", r, Square(n, r, g), Square(n, r, c)))
	}
	b.Queens[r] = c
	pos.set(n, r, line{no: no}, cols[0])
	return nil
}
