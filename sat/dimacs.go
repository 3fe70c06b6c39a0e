package sat

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"

	"qtool/cnf"
)

// maxVars is the largest variable that a DIMACS header may declare (and a
// literal use): gini numbers variables with 32-bit words, two literals
// each, and a larger header is far more likely a mistake than a formula.
const maxVars = 1 << 28

// ParseError is a malformed DIMACS file: the file name, the 1-based line
// and column (in bytes) where the problem was found, and what it is.
type ParseError struct {
	File string
	Line int
	Col  int
	Msg  string
}

func (e *ParseError) Error() string {
	file := e.File
	if file == "" {
		file = "<input>"
	}
	return fmt.Sprintf("sat: %s:%d:%d: %s", file, e.Line, e.Col, e.Msg)
}

// DIMACS describes a CNF file that ReadDIMACS has read.
type DIMACS struct {
	Vars     int      // variables declared by the header
	Clauses  int      // clauses declared by the header
	Read     int      // clauses read
	Warnings []string // problems that do not stop the reading, each one line
}

// ReadDIMACS reads a formula in the DIMACS CNF format from r into dst,
// literal by literal, as the file gives them; name is used in messages.
// The format: lines starting with 'c' are comments; one header "p cnf V C"
// comes before the first clause; clauses are integers v or −v with
// 1 ≤ v ≤ V, each clause ended by 0, across lines as the file pleases; a
// line "%" ends the formula (as in the SATLIB benchmark files). A missing
// or malformed header, a literal beyond V, a token that is not an integer,
// a byte that does not belong in a CNF file or a last clause without its 0
// is a *ParseError that names the line and column; dst may then have
// received part of the formula. A clause count that disagrees with the
// header is only a warning, as common solvers have it. The cost is O(size
// of the input) time and O(1) memory.
func ReadDIMACS(r io.Reader, name string, dst Adder) (DIMACS, error) {
	p := parser{r: bufio.NewReaderSize(r, 1<<16), name: name, line: 1, col: 1, dst: dst}
	return p.read()
}

type parser struct {
	r         *bufio.Reader
	name      string
	line, col int // position of the next byte
	dst       Adder
	info      DIMACS
	header    bool
	hdrLine   int
	open      int // literals of the clause being read
	openLine  int
	openCol   int
	tok       []byte
}

func (p *parser) errorf(line, col int, format string, args ...any) error {
	return &ParseError{File: p.name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// next returns the next byte and advances the position; ok is false at the
// end of the input.
func (p *parser) next() (b byte, ok bool, err error) {
	b, err = p.r.ReadByte()
	if err != nil {
		if err == io.EOF {
			return 0, false, nil
		}
		return 0, false, p.errorf(p.line, p.col, "reading: %v", err)
	}
	if b == '\n' {
		p.line++
		p.col = 1
	} else {
		p.col++
	}
	return b, true, nil
}

func (p *parser) peek() (byte, bool) {
	bs, err := p.r.Peek(1)
	if err != nil || len(bs) == 0 {
		return 0, false
	}
	return bs[0], true
}

func blank(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f' }

func describe(b byte) string {
	if b > 0x20 && b < 0x7f {
		return strconv.Quote(string(b))
	}
	return fmt.Sprintf("byte 0x%02x", b)
}

// skipLine consumes the rest of the current line, its newline included.
func (p *parser) skipLine() error {
	for {
		b, ok, err := p.next()
		if err != nil || !ok || b == '\n' {
			return err
		}
	}
}

// token reads the rest of a token whose first byte b has been read, up to a
// blank or a newline (not consumed).
func (p *parser) token(b byte) ([]byte, error) {
	p.tok = append(p.tok[:0], b)
	for {
		c, ok := p.peek()
		if !ok || blank(c) || c == '\n' {
			return p.tok, nil
		}
		if _, _, err := p.next(); err != nil {
			return nil, err
		}
		if len(p.tok) < 64 {
			p.tok = append(p.tok, c)
		}
	}
}

func (p *parser) read() (DIMACS, error) {
	lineStart := true
	for {
		line, col := p.line, p.col
		b, ok, err := p.next()
		if err != nil {
			return p.info, err
		}
		if !ok {
			break
		}
		switch {
		case b == '\n':
			lineStart = true
			continue
		case blank(b):
			continue
		case lineStart && b == 'c':
			if err := p.skipLine(); err != nil {
				return p.info, err
			}
			continue
		case lineStart && b == 'p':
			if err := p.readHeader(line, col); err != nil {
				return p.info, err
			}
			continue
		case lineStart && b == '%':
			return p.finish(line, col)
		}
		lineStart = false
		if b != '-' && b != '+' && (b < '0' || b > '9') {
			if b == 'c' || b == 'p' || b == '%' {
				return p.info, p.errorf(line, col, "unexpected %s: comments, the header and '%%' must start a line", describe(b))
			}
			return p.info, p.errorf(line, col, "unexpected %s: want a literal (an integer)", describe(b))
		}
		tok, err := p.token(b)
		if err != nil {
			return p.info, err
		}
		lit, err := strconv.Atoi(string(tok))
		if err != nil {
			if errors.Is(err, strconv.ErrRange) {
				return p.info, p.errorf(line, col, "literal %s out of range", quoteToken(tok))
			}
			return p.info, p.errorf(line, col, "%s is not an integer", quoteToken(tok))
		}
		if !p.header {
			return p.info, p.errorf(line, col, "clause before the \"p cnf VARIABLES CLAUSES\" header")
		}
		if lit == 0 {
			p.dst.Add(0)
			p.info.Read++
			p.open = 0
			continue
		}
		if lit > p.info.Vars || lit < -p.info.Vars {
			return p.info, p.errorf(line, col, "literal %d beyond the %d variables declared in the header (line %d)", lit, p.info.Vars, p.hdrLine)
		}
		if p.open == 0 {
			p.openLine, p.openCol = line, col
		}
		p.open++
		p.dst.Add(lit)
	}
	return p.finish(p.line, p.col)
}

func quoteToken(tok []byte) string {
	s := string(tok)
	if len(tok) >= 64 {
		s += "…"
	}
	return strconv.QuoteToASCII(s)
}

// finish checks the end of the formula at (line, col).
func (p *parser) finish(line, col int) (DIMACS, error) {
	if !p.header {
		return p.info, p.errorf(line, col, "no \"p cnf VARIABLES CLAUSES\" header")
	}
	if p.open > 0 {
		return p.info, p.errorf(p.openLine, p.openCol, "last clause has no terminating 0 (is the file cut short?)")
	}
	if p.info.Read != p.info.Clauses {
		p.info.Warnings = append(p.info.Warnings, fmt.Sprintf("sat: %s:%d: warning: the header declares %d clauses, the file holds %d", p.fileName(), p.hdrLine, p.info.Clauses, p.info.Read))
	}
	return p.info, nil
}

func (p *parser) fileName() string {
	if p.name == "" {
		return "<input>"
	}
	return p.name
}

// readHeader reads the rest of "p cnf V C", the 'p' at (line, col) read.
func (p *parser) readHeader(line, col int) error {
	if p.header {
		return p.errorf(line, col, "second header (the first is on line %d)", p.hdrLine)
	}
	if c, ok := p.peek(); ok && !blank(c) && c != '\n' {
		return p.errorf(line, col+1, "bad header: unexpected %s after 'p'; want \"p cnf VARIABLES CLAUSES\"", describe(c))
	}
	var words []string
	var cols []int
	for {
		c, ok := p.peek()
		if !ok || c == '\n' {
			break
		}
		wcol := p.col
		if _, _, err := p.next(); err != nil {
			return err
		}
		if blank(c) {
			continue
		}
		if c < 0x20 || c >= 0x7f {
			return p.errorf(line, wcol, "unexpected %s in the header", describe(c))
		}
		tok, err := p.token(c)
		if err != nil {
			return err
		}
		words = append(words, string(tok))
		cols = append(cols, wcol)
	}
	bad := func(i int, why string) error {
		c := col
		if i < len(cols) {
			c = cols[i]
		}
		return p.errorf(line, c, "bad header: %s; want \"p cnf VARIABLES CLAUSES\"", why)
	}
	if len(words) == 0 || words[0] != "cnf" {
		if len(words) > 0 {
			return bad(0, fmt.Sprintf("format %s is not cnf", strconv.QuoteToASCII(words[0])))
		}
		return bad(0, "no format")
	}
	if len(words) < 3 {
		return bad(len(words), "missing counts")
	}
	if len(words) > 3 {
		return bad(3, fmt.Sprintf("unexpected %s after the counts", strconv.QuoteToASCII(words[3])))
	}
	nv, err := strconv.Atoi(words[1])
	if err != nil || nv < 0 {
		return bad(1, fmt.Sprintf("variable count %s is not a whole number", strconv.QuoteToASCII(words[1])))
	}
	if nv > maxVars {
		return p.errorf(line, cols[1], "header declares %d variables, more than qtool handles (%d)", nv, maxVars)
	}
	nc, err := strconv.Atoi(words[2])
	if err != nil || nc < 0 {
		return bad(2, fmt.Sprintf("clause count %s is not a whole number", strconv.QuoteToASCII(words[2])))
	}
	p.header = true
	p.hdrLine = line
	p.info.Vars, p.info.Clauses = nv, nc
	return nil
}

// Writer is the DIMACS writer of package cnf.
type Writer = cnf.Writer

// NewWriter starts a DIMACS file on w with the given comment lines and the
// header "p cnf vars clauses" (see cnf.NewWriter).
func NewWriter(w io.Writer, vars, clauses int, comments ...string) *Writer {
	return cnf.NewWriter(w, vars, clauses, comments...)
}
