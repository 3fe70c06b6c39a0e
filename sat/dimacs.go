package sat

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/qtool-project/qtool/cnf"
	"github.com/qtool-project/qtool/internal/textin"
)

// maxVars is the largest variable that a DIMACS header may declare (and a
// literal use): gini numbers variables with 32-bit words, two literals
// each, and a larger header is far more likely a mistake than a formula.
const maxVars = 1 << 28

// ParseError is a malformed DIMACS file: the file name, the 1-based line
// and column (in bytes) where the problem was found, and what it is, as
// every qtool reader reports it ("file:line:col: message").
type ParseError = textin.Error

// DIMACS describes a CNF file that ReadDIMACS has read.
type DIMACS struct {
	Vars     int      // variables declared by the header
	Clauses  int      // clauses declared by the header
	Read     int      // clauses read
	Literals int64    // literals read (the 0s that end clauses left out)
	MaxVar   int      // the largest variable a clause mentions
	Warnings []string // problems that do not stop the reading, each one line
}

// ReadOptions bound what ReadDIMACSContext accepts.
type ReadOptions struct {
	// MaxLiterals, when positive, is the most literals the formula may
	// have (the 0s that end clauses count as literals here, so that a
	// stream of empty clauses is bounded too); beyond it the reading
	// stops with a *ParseError. It keeps an endless or enormous input
	// from filling the memory of the solver the clauses go to.
	MaxLiterals int64
	// MaxVar, when positive, is the largest variable a literal may name,
	// whatever the header declares: a solver such as gini takes memory
	// for every variable up to the largest it is given.
	MaxVar int
	// Header, when non-nil, is called with the header's counts as soon as
	// it is read, before any clause reaches dst (to size a solver, say).
	Header func(vars, clauses int)
}

// ReadDIMACS is ReadDIMACSContext without a context or bounds.
func ReadDIMACS(r io.Reader, name string, dst Adder) (DIMACS, error) {
	return ReadDIMACSContext(context.Background(), r, name, dst, ReadOptions{})
}

// maxClauseFloor is the fewest literals a clause may have before
// ReadDIMACSContext refuses it as too long; see there.
const maxClauseFloor = 1 << 16

// maxClauseCap is the most literals one clause may have, whatever the
// header says.
const maxClauseCap = 1 << 24

// ReadDIMACSContext reads a formula in the DIMACS CNF format from r into
// dst, literal by literal, as the file gives them; name is used in
// messages. The format: lines starting with 'c' are comments; one header
// "p cnf V C" comes before the first clause; clauses are integers v or −v
// with 1 ≤ v ≤ V, each clause ended by 0, across lines as the file
// pleases; a line "%" ends the formula (as in the SATLIB benchmark
// files). A UTF-8 byte-order mark at the start is skipped. A missing or
// malformed header, a literal beyond V, a token that is not an integer, a
// byte that does not belong in a CNF file, a last clause without its 0, a
// clause longer than max(2V, 65536) literals (it must repeat literals) or
// 2²⁴, and a formula beyond opts.MaxLiterals or opts.MaxVar are each a *ParseError that
// names the line and column; dst may then have received part of the
// formula. A clause count that disagrees with the header is only a
// warning, as common solvers have it. The context is looked at every 256
// KiB: when it ends, the reading stops with an error that wraps the
// context's cause. The cost is O(size of the input) time and O(1) memory;
// the reading itself (into a cnf.Counter) runs at over 10 million clauses
// a second on the formulas qtool writes (BenchmarkReadDIMACS).
func ReadDIMACSContext(ctx context.Context, r io.Reader, name string, dst Adder, opts ReadOptions) (DIMACS, error) {
	p := parser{r: r, ctx: ctx, name: name, dst: dst, opts: opts, buf: make([]byte, readBuf), line: 1}
	return p.read()
}

// readBuf is the size of the parser's buffer: the context is looked at
// once per refill.
const readBuf = 256 << 10

// lookahead is the fewest bytes the parser wants in its buffer before it
// reads a token in one go: longer than any number it accepts.
const lookahead = 64

type parser struct {
	r    io.Reader
	ctx  context.Context
	name string
	dst  Adder
	opts ReadOptions
	info DIMACS

	buf      []byte
	pos, end int
	base     int64 // offset in the input of buf[0]
	eof      bool
	started  bool

	line      int   // the current line
	lineStart int64 // offset of its first byte

	header    bool
	hdrLine   int
	maxClause int
	open      int // literals of the clause being read
	openLine  int
	openCol   int
	total     int64 // literals and ending 0s read
}

// col is the 1-based column of offset pos in buf.
func (p *parser) col(pos int) int { return int(p.base + int64(pos) - p.lineStart + 1) }

func (p *parser) errorf(line, col int, format string, args ...any) error {
	return &ParseError{File: p.fileName(), Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// fill moves the unread bytes to the front of the buffer and reads more,
// until at least lookahead bytes are there or the input ends; it looks at
// the context first. It returns false when no byte is left to read.
func (p *parser) fill() (bool, error) {
	if err := p.ctx.Err(); err != nil {
		return false, fmt.Errorf("sat: reading %s: %w", p.fileName(), context.Cause(p.ctx))
	}
	if p.pos > 0 {
		n := copy(p.buf, p.buf[p.pos:p.end])
		p.base += int64(p.pos)
		p.pos, p.end = 0, n
	}
	for !p.eof && p.end < lookahead {
		n, err := p.r.Read(p.buf[p.end:])
		p.end += n
		if err == io.EOF {
			p.eof = true
		} else if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			// A reader that ends with a context (standard input under a
			// time limit or a signal) stopped the reading; the input is
			// not malformed.
			return false, fmt.Errorf("sat: reading %s: %w", p.fileName(), err)
		} else if err != nil {
			return false, p.errorf(p.line, p.col(p.end), "reading: %v", err)
		}
		if n == 0 && err == nil {
			continue
		}
		if n > 0 && p.end >= lookahead {
			break
		}
	}
	if !p.started {
		p.started = true
		if p.end >= 3 && string(p.buf[:3]) == textin.BOM {
			p.pos = 3
			p.lineStart = 3
		}
	}
	return p.pos < p.end, nil
}

func blank(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f' }

func describe(b byte) string {
	if b > 0x20 && b < 0x7f {
		return strconv.Quote(string(b))
	}
	return fmt.Sprintf("byte 0x%02x", b)
}

// newline records the newline at buf[pos] (already consumed).
func (p *parser) newline(pos int) {
	p.line++
	p.lineStart = p.base + int64(pos) + 1
}

// skipLine consumes the rest of the current line, its newline included.
func (p *parser) skipLine() error {
	for {
		for i := p.pos; i < p.end; i++ {
			if p.buf[i] == '\n' {
				p.pos = i + 1
				p.newline(i)
				return nil
			}
		}
		p.pos = p.end
		more, err := p.fill()
		if err != nil || !more {
			return err
		}
	}
}

// tokenEnd returns the end of the token that starts at pos: the first
// blank or newline, at most lookahead bytes on (the buffer holds that many
// or the input ends there).
func (p *parser) tokenEnd(pos int) int {
	i := pos
	for i < p.end && i-pos < lookahead && !blank(p.buf[i]) && p.buf[i] != '\n' {
		i++
	}
	return i
}

func (p *parser) quoteToken(from, to int) string {
	s := string(p.buf[from:to])
	if to-from >= lookahead {
		s += "…"
	}
	return strconv.QuoteToASCII(s)
}

func (p *parser) read() (DIMACS, error) {
	lineStart := true
	for {
		if p.end-p.pos < lookahead && !p.eof {
			if _, err := p.fill(); err != nil {
				return p.info, err
			}
		}
		if p.pos >= p.end {
			break
		}
		// The hot loop: literals separated by spaces, lines by newlines.
		b := p.buf[p.pos]
		if b == '-' || (b >= '0' && b <= '9') {
			if !p.header {
				return p.info, p.errorf(p.line, p.col(p.pos), "clause before the \"p cnf VARIABLES CLAUSES\" header")
			}
			if err := p.literal(); err != nil {
				return p.info, err
			}
			lineStart = false
			continue
		}
		switch {
		case b == '\n':
			p.newline(p.pos)
			p.pos++
			lineStart = true
			continue
		case blank(b):
			p.pos++
			continue
		case lineStart && b == 'c':
			p.pos++
			if err := p.skipLine(); err != nil {
				return p.info, err
			}
			continue
		case lineStart && b == 'p':
			if err := p.readHeader(); err != nil {
				return p.info, err
			}
			continue
		case lineStart && b == '%':
			return p.finish(p.line, p.col(p.pos))
		case b == '+':
			if !p.header {
				return p.info, p.errorf(p.line, p.col(p.pos), "clause before the \"p cnf VARIABLES CLAUSES\" header")
			}
			if err := p.literal(); err != nil {
				return p.info, err
			}
			lineStart = false
			continue
		case b == 'c' || b == 'p' || b == '%':
			return p.info, p.errorf(p.line, p.col(p.pos), "unexpected %s: comments, the header and '%%' must start a line", describe(b))
		}
		return p.info, p.errorf(p.line, p.col(p.pos), "unexpected %s: want a literal (an integer)", describe(b))
	}
	return p.finish(p.line, p.col(p.pos))
}

// literal reads the integer at buf[pos] (a sign or a digit there) and
// hands it to dst.
func (p *parser) literal() error {
	start := p.pos
	i := start
	neg := false
	if c := p.buf[i]; c == '-' || c == '+' {
		neg = c == '-'
		i++
	}
	digits := i
	v := 0
	for i < p.end && i-digits < 18 { // 18 digits cannot overflow
		d := p.buf[i] - '0'
		if d > 9 {
			break
		}
		v = v*10 + int(d)
		i++
	}
	if i == digits || i < p.end && !blank(p.buf[i]) && p.buf[i] != '\n' {
		// Not a short integer: the slow path says what it is.
		end := p.tokenEnd(start)
		tok := string(p.buf[start:end])
		n, err := strconv.ParseInt(tok, 10, 64)
		switch {
		case errors.Is(err, strconv.ErrRange) && allDigits([]byte(tok[digits-start:])):
			return p.errorf(p.line, p.col(start), "literal %s out of range", p.quoteToken(start, end))
		case err != nil:
			return p.errorf(p.line, p.col(start), "%s is not an integer", p.quoteToken(start, end))
		case n > int64(p.info.Vars) || n < -int64(p.info.Vars):
			return p.errorf(p.line, p.col(start), "literal %d beyond the %d variables declared in the header (line %d)", n, p.info.Vars, p.hdrLine)
		}
		v, neg, i = int(max(n, -n)), n < 0 || neg, end
	}
	p.pos = i
	if v == 0 {
		p.total++
		if p.opts.MaxLiterals > 0 && p.total > p.opts.MaxLiterals {
			return p.tooBig(start)
		}
		p.dst.Add(0)
		p.info.Read++
		p.open = 0
		return nil
	}
	if v > p.info.Vars {
		lit := v
		if neg {
			lit = -v
		}
		return p.errorf(p.line, p.col(start), "literal %d beyond the %d variables declared in the header (line %d)", lit, p.info.Vars, p.hdrLine)
	}
	if p.opts.MaxVar > 0 && v > p.opts.MaxVar {
		return p.errorf(p.line, p.col(start), "variable %d: a formula with that many variables does not fit in the memory this run may use (%d variables at most); refused", v, p.opts.MaxVar)
	}
	if p.open == 0 {
		p.openLine, p.openCol = p.line, p.col(start)
	}
	p.open++
	p.total++
	if p.open > p.maxClause {
		return p.errorf(p.openLine, p.openCol, "clause of more than %d literals (with %d variables it must repeat literals); refused", p.maxClause, p.info.Vars)
	}
	if p.opts.MaxLiterals > 0 && p.total > p.opts.MaxLiterals {
		return p.tooBig(start)
	}
	p.info.Literals++
	p.info.MaxVar = max(p.info.MaxVar, v)
	if neg {
		v = -v
	}
	p.dst.Add(v)
	return nil
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

func (p *parser) tooBig(pos int) error {
	return p.errorf(p.line, p.col(pos), "formula larger than %d literals, the most this run can hold in memory; refused", p.opts.MaxLiterals)
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
		p.info.Warnings = append(p.info.Warnings, fmt.Sprintf("%s:%d: warning: the header declares %d clauses, the file holds %d", p.fileName(), p.hdrLine, p.info.Clauses, p.info.Read))
	}
	return p.info, nil
}

func (p *parser) fileName() string {
	if p.name == "" {
		return "<input>"
	}
	return p.name
}

// maxHeader is the longest header line accepted.
const maxHeader = 256

// readHeader reads the header line "p cnf V C" whose 'p' is at buf[pos].
func (p *parser) readHeader() error {
	line := p.line
	if p.header {
		return p.errorf(line, p.col(p.pos), "second header (the first is on line %d)", p.hdrLine)
	}
	col0 := p.col(p.pos)
	p.pos++
	if p.pos < p.end && !blank(p.buf[p.pos]) && p.buf[p.pos] != '\n' {
		return p.errorf(line, col0+1, "bad header: unexpected %s after 'p'; want \"p cnf VARIABLES CLAUSES\"", describe(p.buf[p.pos]))
	}
	words, cols, err := p.headerWords(line)
	if err != nil {
		return err
	}
	nv, nc, err := p.headerCounts(line, col0, words, cols)
	if err != nil {
		return err
	}
	p.header = true
	p.hdrLine = line
	p.info.Vars, p.info.Clauses = nv, nc
	p.maxClause = min(max(2*nv, maxClauseFloor), maxClauseCap)
	if p.opts.Header != nil {
		p.opts.Header(nv, nc)
	}
	return nil
}

// headerWords gathers the rest of the header line on line (bounded by
// maxHeader), up to its newline or the end of the input, as words with the
// columns where they start.
func (p *parser) headerWords(line int) (words []string, cols []int, err error) {
	var word []byte
	wcol := 0
	endWord := func() {
		if len(word) > 0 {
			words = append(words, string(word))
			cols = append(cols, wcol)
			word = word[:0]
		}
	}
	for n := 0; ; n++ {
		if p.pos >= p.end {
			more, err := p.fill()
			if err != nil {
				return nil, nil, err
			}
			if !more {
				break
			}
		}
		c := p.buf[p.pos]
		if c == '\n' {
			break
		}
		if n > maxHeader {
			return nil, nil, p.errorf(line, p.col(p.pos), "header line longer than %d bytes", maxHeader)
		}
		if blank(c) {
			endWord()
			p.pos++
			continue
		}
		if c < 0x20 || c >= 0x7f {
			return nil, nil, p.errorf(line, p.col(p.pos), "unexpected %s in the header", describe(c))
		}
		if len(word) == 0 {
			wcol = p.col(p.pos)
		}
		word = append(word, c)
		p.pos++
	}
	endWord()
	return words, cols, nil
}

// headerCounts reads the words after 'p' of the header on line ("cnf",
// the variables, the clauses; the first starting at column cols[0], and
// col0 the column of the 'p') as the counts of variables and clauses.
func (p *parser) headerCounts(line, col0 int, words []string, cols []int) (nv, nc int, err error) {
	bad := func(i int, why string) error {
		c := col0
		if i < len(cols) {
			c = cols[i]
		}
		return p.errorf(line, c, "bad header: %s; want \"p cnf VARIABLES CLAUSES\"", why)
	}
	if len(words) == 0 || words[0] != "cnf" {
		if len(words) > 0 {
			return 0, 0, bad(0, fmt.Sprintf("format %s is not cnf", strconv.QuoteToASCII(words[0])))
		}
		return 0, 0, bad(0, "no format")
	}
	if len(words) < 3 {
		return 0, 0, bad(len(words), "missing counts")
	}
	if len(words) > 3 {
		return 0, 0, bad(3, fmt.Sprintf("unexpected %s after the counts", strconv.QuoteToASCII(words[3])))
	}
	nv, err = strconv.Atoi(words[1])
	if err != nil && !errors.Is(err, strconv.ErrRange) || nv < 0 {
		return 0, 0, bad(1, fmt.Sprintf("variable count %s is not a whole number", strconv.QuoteToASCII(words[1])))
	}
	if nv > maxVars || err != nil {
		return 0, 0, p.errorf(line, cols[1], "header declares %s variables, more than qtool handles (%d)", words[1], maxVars)
	}
	nc, err = strconv.Atoi(words[2])
	if err != nil || nc < 0 {
		return 0, 0, bad(2, fmt.Sprintf("clause count %s is not a whole number", strconv.QuoteToASCII(words[2])))
	}
	return nv, nc, nil
}

// Writer is the DIMACS writer of package cnf.
type Writer = cnf.Writer

// NewWriter starts a DIMACS file on w with the given comment lines and the
// header "p cnf vars clauses" (see cnf.NewWriter).
func NewWriter(w io.Writer, vars, clauses int, comments ...string) *Writer {
	return cnf.NewWriter(w, vars, clauses, comments...)
}
