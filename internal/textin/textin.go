// Package textin reads the text inputs of qtool — board files, exact-cover
// matrices, DIMACS formulas, logs — the same careful way: a UTF-8
// byte-order mark at the start is dropped, lines are read one at a time
// with a bound on their length (so that an endless line such as /dev/zero
// is refused instead of filling the memory), and every complaint about the
// text is one *Error that names the place as file:line:col, the form that
// compilers and editors understand (GNU Coding Standards, "Formatting Error
// Messages").
package textin

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// BOM is the UTF-8 encoding of U+FEFF, the byte-order mark that some
// editors put at the start of a text file.
const BOM = "\ufeff"

// Error is a problem at a place in a text input: the file's name, the
// 1-based line and the 1-based column in bytes. Line 0 means the whole
// file is at fault, column 0 the whole line. Err, when set, is an
// underlying error that errors.Is and errors.As can find (a parser's
// sentinel, or the reader's I/O error).
type Error struct {
	File string
	Line int
	Col  int
	Msg  string
	Err  error
}

// Error formats the place and the message as "file:line:col: message",
// leaving out the parts that are zero; a missing file name is "<input>".
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
	} else {
		b.WriteString("<input>")
	}
	b.WriteByte(':')
	if e.Line > 0 {
		b.WriteString(strconv.Itoa(e.Line))
		b.WriteByte(':')
		if e.Col > 0 {
			b.WriteString(strconv.Itoa(e.Col))
			b.WriteByte(':')
		}
	}
	b.WriteByte(' ')
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns the underlying error, if any.
func (e *Error) Unwrap() error { return e.Err }

// ErrLineTooLong is the underlying error of an *Error for a line longer
// than the reader's bound.
var ErrLineTooLong = errors.New("line too long")

// Reader reads a text input line by line. It drops a byte-order mark at the
// start, strips the line ends ("\n" or "\r\n"), counts the lines and
// refuses a line longer than its bound without reading the rest of it into
// memory. A last line without its newline is a line like the others.
type Reader struct {
	br      *bufio.Reader
	name    string
	max     int
	line    int
	started bool
	buf     []byte
	err     error // the first error, returned again by every later Next
	ended   bool  // the last line returned ended with a newline
}

// NewReader returns a Reader of r; name is what errors call the input and
// maxLine the longest line, in bytes without its end, that it accepts.
func NewReader(r io.Reader, name string, maxLine int) *Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 64<<10)
	}
	return &Reader{br: br, name: name, max: maxLine}
}

// Name is the input's name, as errors give it.
func (r *Reader) Name() string { return r.name }

// LineNo is the number of the line the last call to Next returned (0
// before the first).
func (r *Reader) LineNo() int { return r.line }

// SetMax changes the bound on the length of the lines still to be read, as
// when a header tells how long the lines may be.
func (r *Reader) SetMax(maxLine int) { r.max = maxLine }

// Max is the current bound on the length of a line.
func (r *Reader) Max() int { return r.max }

// Next returns the next line without its end. The slice is valid until the
// next call. At the end of the input it returns io.EOF; a line longer than
// the bound is an *Error wrapping ErrLineTooLong, and a read error an
// *Error wrapping it. After an error, Next keeps returning errors.
func (r *Reader) Next() ([]byte, error) {
	if r.err != nil {
		return nil, r.err
	}
	s, err := r.next()
	if err != nil && err != io.EOF {
		r.err = err
	}
	return s, err
}

func (r *Reader) next() ([]byte, error) {
	if !r.started {
		r.started = true
		if b, err := r.br.Peek(len(BOM)); err == nil && string(b) == BOM {
			r.br.Discard(len(BOM))
		}
	}
	r.buf = r.buf[:0]
	for {
		frag, err := r.br.ReadSlice('\n')
		r.buf = append(r.buf, frag...)
		if len(r.buf) > r.max+2 { // room for "\r\n"
			r.line++
			return nil, &Error{File: r.name, Line: r.line, Col: r.max + 1,
				Msg: fmt.Sprintf("line longer than %d bytes, the longest this input allows", r.max), Err: ErrLineTooLong}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			if len(r.buf) == 0 {
				return nil, io.EOF
			}
			break
		}
		if err != nil {
			r.line++
			return nil, &Error{File: r.name, Line: r.line, Msg: "read error: " + err.Error(), Err: err}
		}
		break
	}
	r.line++
	s := r.buf
	r.ended = bytes.HasSuffix(s, []byte("\n"))
	s = bytes.TrimSuffix(s, []byte("\n"))
	s = bytes.TrimSuffix(s, []byte("\r"))
	if len(s) > r.max {
		return nil, &Error{File: r.name, Line: r.line, Col: r.max + 1,
			Msg: fmt.Sprintf("line longer than %d bytes, the longest this input allows", r.max), Err: ErrLineTooLong}
	}
	return s, nil
}

// EndedLine reports whether the line Next returned last ended with a
// newline: false for a last line that a write cut short.
func (r *Reader) EndedLine() bool { return r.ended }

// Errorf returns an *Error at column col of the line Next returned last.
func (r *Reader) Errorf(col int, format string, args ...any) *Error {
	return &Error{File: r.name, Line: r.line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// StripBOM drops a byte-order mark at the start of s.
func StripBOM(s string) string { return strings.TrimPrefix(s, BOM) }

// SkipBOM returns a reader of r without the byte-order mark it may start
// with, for parsers that read by themselves.
func SkipBOM(r io.Reader) io.Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 64<<10)
	}
	if b, err := br.Peek(len(BOM)); err == nil && string(b) == BOM {
		br.Discard(len(BOM))
	}
	return br
}
