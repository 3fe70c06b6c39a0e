package split

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/qtool-project/qtool/internal/textin"
)

// Entry is a record read by a Reader: the record, where it starts
// (file:line) and which of its fields the file held.
type Entry struct {
	Record
	Where string
	has   map[string]bool
}

// Has reports whether the record held the field key (its JSON name).
func (e *Entry) Has(key string) bool { return e.has[key] }

// Reader reads the records of one input, one JSON object after the other,
// streaming: a record's parts are parsed one at a time straight into its
// Parts (no decoder, no allocation per part), so that a record of millions
// of subproblems takes the memory of its parts, not of its text, and reads
// at the speed of the disk. The other fields are decoded by encoding/json.
// Errors are *textin.Error (file:line:col) wrapped with the prefix
// "split: ".
type Reader struct {
	sc   *scanner
	lr   *lineReader
	name string
	max  int64
}

// NewReader reads records from r; name is used in errors and in each
// Entry's Where. max > 0 bounds the bytes read (a larger input is
// refused).
func NewReader(r io.Reader, name string, max int64) *Reader {
	lr := &lineReader{r: r, max: max, line: 1, lastNL: -1}
	return &Reader{sc: &scanner{lr: lr}, lr: lr, name: name, max: max}
}

// errorAt is an error at byte offset off of the input.
func (r *Reader) errorAt(off int64, format string, args ...any) error {
	line, col := r.lr.lineCol(off)
	return fmt.Errorf("split: %w", &textin.Error{File: r.name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
}

// errorNoPlace is an error about the whole input.
func errorNoPlace(name, msg string) error {
	return &textin.Error{File: name, Msg: msg}
}

// Next returns the next record, or io.EOF after the last one. ctx is
// looked at every 4096 parts.
func (r *Reader) Next(ctx context.Context) (*Entry, error) {
	if !r.lr.started {
		r.lr.started = true
		r.lr.dropBOM()
	}
	s := r.sc
	c, ok := s.space()
	if !ok {
		if s.err != nil || r.lr.over {
			return nil, r.scanErr(s.endErr())
		}
		return nil, io.EOF
	}
	start := s.off()
	if c != '{' {
		return nil, r.notRecord(c, start)
	}
	s.pos++
	line, _ := r.lr.lineCol(start)
	e := &Entry{Where: fmt.Sprintf("%s:%d", r.name, line), has: map[string]bool{}}
	obj, offs, err := r.fields(ctx, e)
	if err != nil {
		return nil, err
	}
	if err := r.decode(e, obj, offs, start); err != nil {
		return nil, err
	}
	return e, nil
}

// notRecord is the error of a JSON value c… at start that is no object.
func (r *Reader) notRecord(c byte, start int64) error {
	var what string
	switch {
	case c == '"':
		what = "string"
	case c == 't' || c == 'f':
		what = "bool"
	case c == 'n':
		what = "null"
	case c == '[':
		what = "array"
	case c == '-' || '0' <= c && c <= '9':
		what = "number"
	default:
		return r.scanErr(r.sc.bad(c, "looking for beginning of value"))
	}
	return r.errorAt(start, "a JSON %s where a record should be", what)
}

// fields reads the fields of a record after its '{': the parts straight
// into e.Parts, the others copied into obj, a JSON object without the
// parts, with the offset of each value by its key in lower case.
func (r *Reader) fields(ctx context.Context, e *Entry) (obj []byte, offs map[string]int64, err error) {
	s := r.sc
	obj = []byte{'{'}
	offs = map[string]int64{}
	for k := 0; ; k++ {
		if end, err := r.nextField(k); err != nil || end {
			return append(obj, '}'), offs, err
		}
		keyOff := s.off()
		mark := len(obj)
		if mark > 1 {
			obj = append(obj, ',')
		}
		kb, raw, err := s.key(obj, &s.keyText)
		if err != nil {
			return nil, nil, r.scanErr(err)
		}
		key := string(kb)
		obj = raw
		if err := s.expect(':', "after object key"); err != nil {
			return nil, nil, r.scanErr(err)
		}
		if strings.EqualFold(key, "parts") {
			if e.has["parts"] {
				return nil, nil, r.errorAt(keyOff, "field \"parts\" given twice")
			}
			e.has["parts"] = true
			obj = obj[:mark]
			if err := r.parts(ctx, e); err != nil {
				return nil, nil, err
			}
			continue
		}
		obj = append(obj, ':')
		if _, ok := s.space(); !ok {
			return nil, nil, r.scanErr(s.endErr())
		}
		valOff := s.off()
		if obj, err = s.value(obj, 1); err != nil {
			return nil, nil, r.scanErr(err)
		}
		e.has[strings.ToLower(key)] = true
		offs[strings.ToLower(key)] = valOff
	}
}

// nextField reads up to the key of field k of an object (past its ','),
// or past the object's '}' (end).
func (r *Reader) nextField(k int) (end bool, err error) {
	s := r.sc
	d, ok := s.space()
	if !ok {
		return false, r.scanErr(s.endErr())
	}
	if d == '}' {
		s.pos++
		return true, nil
	}
	if k > 0 {
		if d != ',' {
			return false, r.scanErr(s.bad(d, "after object key:value pair"))
		}
		s.pos++
	}
	if _, ok := s.space(); !ok {
		return false, r.scanErr(s.endErr())
	}
	return false, nil
}

// decode decodes the fields of obj but the parts into e.Record; a value
// of the wrong type is reported where it stands (offs).
func (r *Reader) decode(e *Entry, obj []byte, offs map[string]int64, start int64) error {
	parts := e.Parts
	if err := json.Unmarshal(obj, &e.Record); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			top, _, _ := strings.Cut(te.Field, ".")
			if off, ok := offs[strings.ToLower(top)]; ok {
				return r.errorAt(off, "%s", textin.JSONTypeError(te, "a record"))
			}
		}
		return r.errorAt(start, "%v", err)
	}
	e.Parts = parts
	return nil
}

// ReadAll reads every record of r (see Reader), none for an input of
// white space only.
func ReadAll(ctx context.Context, r io.Reader, name string, max int64) ([]*Entry, error) {
	rd := NewReader(r, name, max)
	var all []*Entry
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		e, err := rd.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		all = append(all, e)
	}
	return all, nil
}

// tailKeep is how many of the last bytes read lineReader keeps, to place
// errors within them exactly.
const tailKeep = 1 << 20

// lineReader passes its input on, counting bytes and lines, and keeps the
// last bytes read so that an offset near the reading point (every error
// the decoder reports) can be turned into a line and a column.
type lineReader struct {
	r       io.Reader
	max     int64
	n       int64  // bytes read
	tail    []byte // the last bytes read: offsets base .. n
	base    int64
	line    int   // the line at offset base
	lastNL  int64 // the offset of the last '\n' before base, or -1
	over    bool  // more than max bytes
	err     error // the underlying reader's error, if any
	started bool  // the byte-order mark was looked for
	memo    lineMemo
}

func (l *lineReader) Read(p []byte) (int, error) {
	if l.over {
		return 0, errTooLarge
	}
	k, err := l.r.Read(p)
	if err != nil && err != io.EOF {
		l.err = err
	}
	if l.max > 0 && l.n+int64(k) > l.max {
		l.over = true
		return 0, errTooLarge
	}
	l.n += int64(k)
	l.tail = append(l.tail, p[:k]...)
	if len(l.tail) > 2*tailKeep {
		drop := len(l.tail) - tailKeep
		l.line += bytes.Count(l.tail[:drop], []byte("\n"))
		if i := bytes.LastIndexByte(l.tail[:drop], '\n'); i >= 0 {
			l.lastNL = l.base + int64(i)
		}
		l.tail = append(l.tail[:0], l.tail[drop:]...)
		l.base += int64(drop)
	}
	return k, err
}

var errTooLarge = errors.New("split: input too large")

// dropBOM skips a UTF-8 byte-order mark at the start by peeking: the
// decoder has not read anything yet.
func (l *lineReader) dropBOM() {
	var b [3]byte
	k, _ := io.ReadFull(l.r, b[:])
	rest := b[:k]
	if bytes.Equal(rest, []byte(textin.BOM)) {
		rest = nil
	}
	l.r = io.MultiReader(bytes.NewReader(rest), l.r)
}

// skipSpace returns the offset of the first byte at or after off that is
// not JSON white space, or a separator ':' or ','.
func (l *lineReader) skipSpace(off int64) int64 {
	for off >= l.base && off < l.n && strings.IndexByte(" \t\r\n:,", l.tail[off-l.base]) >= 0 {
		off++
	}
	return off
}

// lineCol turns an offset into a 1-based line and column; an offset no
// longer kept gets the line of the oldest byte kept and no column. The
// last answer is remembered, so that offsets asked for in increasing order
// (a record's start, one after the other) cost the bytes between them,
// not the whole tail each.
func (l *lineReader) lineCol(off int64) (int, int) {
	if off < l.base {
		return l.line, 0
	}
	off = min(off, l.n)
	from, line, nl := l.base, l.line, l.lastNL
	if l.memo.ok && l.memo.off >= l.base && l.memo.off <= off && l.memo.base == l.base {
		from, line, nl = l.memo.off, l.memo.line, l.memo.nl
	}
	seen := l.tail[from-l.base : off-l.base]
	line += bytes.Count(seen, []byte("\n"))
	if i := bytes.LastIndexByte(seen, '\n'); i >= 0 {
		nl = from + int64(i)
	}
	l.memo = lineMemo{ok: true, off: off, base: l.base, line: line, nl: nl}
	return line, int(off - nl)
}

// lineMemo is lineCol's last answer: the line at offset off and the last
// newline before it, while the tail starts at base.
type lineMemo struct {
	ok            bool
	off, base, nl int64
	line          int
}
