package dlx

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Error is a syntax or consistency error in a problem file, with the place
// where it was found: file name, 1-based line and column (a byte offset).
type Error struct {
	File string
	Line int
	Col  int
	Msg  string
}

// Error returns "dlx: FILE:LINE:COL: message".
func (e *Error) Error() string { return "dlx: " + position(e.File, e.Line, e.Col) + e.Msg }

// Warning is something dubious but legal in a problem file, such as an
// option that Algorithm X can never choose.
type Warning struct {
	File string
	Line int
	Col  int
	Msg  string
}

// String returns "dlx: FILE:LINE:COL: warning: message".
func (w Warning) String() string {
	return "dlx: " + position(w.File, w.Line, w.Col) + "warning: " + w.Msg
}

func position(file string, line, col int) string {
	var b strings.Builder
	if file != "" {
		b.WriteString(file)
		b.WriteByte(':')
	}
	if line > 0 {
		b.WriteString(strconv.Itoa(line))
		b.WriteByte(':')
		if col > 0 {
			b.WriteString(strconv.Itoa(col))
			b.WriteByte(':')
		}
	}
	b.WriteByte(' ')
	return b.String()
}

// token is a field of a line with its 1-based column.
type token struct {
	text string
	col  int
}

// fields splits a line at white space (C's isspace, as dlx1 does).
func fields(s string, toks []token) []token {
	toks = toks[:0]
	for i := 0; i < len(s); {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		if j > i {
			toks = append(toks, token{s[i:j], i + 1})
		}
		i = j
	}
	return toks
}

// Parse reads a problem in the format of Knuth's dlx1: lines whose first
// non-blank character is '|' are comments and blank lines are skipped; the
// first other line names the primary items, then (optionally) '|' and the
// secondary items; each later line is an option, the names of its items
// separated by white space. Item names may hold any bytes but white space,
// '|' and ':' (dlx1's colour syntax, not supported here). An option without
// a primary item is ignored with a Warning, as dlx1 ignores it. Errors are
// *Error values naming file:line:col: unknown item, item declared twice, item
// twice in one option, a second '|', no items, a reserved character. The
// complexity is linear in the size of the input.
func Parse(r io.Reader, name string) (*Problem, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	lineNo := 0
	var buf []byte
	// next returns the next line that is neither blank nor a comment.
	next := func() (string, bool, error) {
		for {
			buf = buf[:0]
			for {
				chunk, err := br.ReadSlice('\n')
				buf = append(buf, chunk...)
				if err == bufio.ErrBufferFull {
					continue
				}
				if err != nil && err != io.EOF {
					return "", false, &Error{File: name, Line: lineNo + 1, Msg: err.Error()}
				}
				if len(buf) == 0 && err == io.EOF {
					return "", false, nil
				}
				break
			}
			lineNo++
			s := string(buf)
			i := 0
			for i < len(s) && isSpace(s[i]) {
				i++
			}
			if i == len(s) || s[i] == '|' {
				continue
			}
			return s, true, nil
		}
	}
	errorf := func(col int, format string, args ...any) error {
		return &Error{File: name, Line: lineNo, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	reserved := func(t token, what string) error {
		if k := strings.IndexByte(t.text, ':'); k >= 0 {
			return errorf(t.col+k, "%s %s contains reserved character ':' (colours are not supported)", what, clip(t.text))
		}
		if k := strings.IndexByte(t.text, '|'); k >= 0 {
			return errorf(t.col+k, "%s %s contains reserved character '|'", what, clip(t.text))
		}
		return nil
	}

	line, ok, err := next()
	if err != nil {
		return nil, err
	}
	if !ok {
		if lineNo == 0 {
			lineNo = 1
		}
		return nil, errorf(1, "no items: the file holds no item line")
	}
	toks := fields(line, nil)
	var primary, secondary []string
	declared := make(map[string]int, len(toks)) // name → column
	bar := 0
	for _, t := range toks {
		if t.text == "|" {
			if bar > 0 {
				return nil, errorf(t.col, "second '|' in the item line (the first is at column %d)", bar)
			}
			bar = t.col
			continue
		}
		if err := reserved(t, "item name"); err != nil {
			return nil, err
		}
		if col, dup := declared[t.text]; dup {
			return nil, errorf(t.col, "item %s declared twice (first at column %d)", clip(t.text), col)
		}
		declared[t.text] = t.col
		if bar > 0 {
			secondary = append(secondary, t.text)
		} else {
			primary = append(primary, t.text)
		}
	}
	if len(primary) == 0 {
		// Unreachable: a line starting with '|' is a comment.
		return nil, errorf(1, "no primary items")
	}
	p, err := NewProblem(primary, secondary)
	if err != nil {
		return nil, errorf(1, "%s", strings.TrimPrefix(err.Error(), "dlx: "))
	}
	itemsLine := lineNo

	var opt []int
	seenLine := make([]int, len(p.names)+1) // the line on which item i was last seen
	seenCol := make([]int, len(p.names)+1)
	for {
		line, ok, err := next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		toks = fields(line, toks)
		opt = opt[:0]
		hasPrimary := false
		for _, t := range toks {
			i, known := p.index[t.text]
			if !known {
				if t.text == "|" {
					return nil, errorf(t.col, "'|' in an option (only the item line separates primary from secondary items)")
				}
				if err := reserved(t, "item"); err != nil {
					return nil, err
				}
				return nil, errorf(t.col, "unknown item %s (not in the item line, line %d)", clip(t.text), itemsLine)
			}
			if seenLine[i] == lineNo {
				return nil, errorf(t.col, "item %s twice in one option (first at column %d)", clip(t.text), seenCol[i])
			}
			seenLine[i], seenCol[i] = lineNo, t.col
			opt = append(opt, int(i-1))
			if int(i) <= p.primary {
				hasPrimary = true
			}
		}
		if !hasPrimary {
			p.warnings = append(p.warnings, Warning{File: name, Line: lineNo, Col: toks[0].col,
				Msg: "option ignored: it has no primary item"})
			continue
		}
		if err := p.AddOptionIndex(opt...); err != nil {
			if errors.Is(err, ErrNoPrimary) {
				continue
			}
			return nil, errorf(toks[0].col, "%s", strings.TrimPrefix(err.Error(), "dlx: "))
		}
	}
	return p, nil
}

// WriteTo writes the problem in dlx1's format (see Parse): the item line,
// then one line per option. Parse reads it back as the same problem. A
// problem without primary items has no such form: its item line would read
// as a comment.
func (p *Problem) WriteTo(w io.Writer) (int64, error) {
	if p.primary == 0 {
		return 0, errors.New("dlx: a problem without primary items cannot be written in dlx1's format")
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	var n int64
	put := func(s string) {
		k, _ := bw.WriteString(s)
		n += int64(k)
	}
	for i, name := range p.names {
		switch {
		case i == p.primary:
			put(" | ")
		case i > 0:
			put(" ")
		}
		put(name)
	}
	put("\n")
	for o := range p.first {
		for q := p.first[o]; p.nodes[q].itm > 0; q++ {
			if q != p.first[o] {
				put(" ")
			}
			put(p.names[p.nodes[q].itm-1])
		}
		put("\n")
	}
	if err := bw.Flush(); err != nil {
		return n, fmt.Errorf("dlx: %w", err)
	}
	return n, nil
}

// clip quotes a name for a message, cut to a readable length.
func clip(s string) string {
	const most = 40
	if len(s) > most {
		return strconv.Quote(s[:most]) + "…"
	}
	return strconv.Quote(s)
}
