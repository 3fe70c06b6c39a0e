package split

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"unicode/utf8"
)

// scanner reads JSON text (RFC 8259) from a lineReader through a buffer
// of its own, byte by byte without a decoder: the records' fields are
// gathered as raw text for encoding/json, and their parts, which are most
// of a big record, are parsed here straight into Parts, with no
// allocation per part (see Reader.parts). Offsets are those of the input,
// for the errors' file:line:col.
type scanner struct {
	lr   *lineReader
	buf  []byte
	pos  int   // next byte of buf
	base int64 // offset of buf[0]
	eof  bool
	err  error // the read error that ended the input, if not EOF
	// keyRaw and keyText: scratch space for the keys of parts.
	keyRaw, keyText []byte
}

// scanBuf is the scanner's buffer: far below tailKeep, so that every
// offset in it can still be placed.
const scanBuf = 64 << 10

// maxDepth bounds the nesting of the values skipped (encoding/json's own
// bound).
const maxDepth = 10000

// syntaxError is a JSON syntax error at an offset of the input.
type syntaxError struct {
	off int64
	msg string
}

func (e *syntaxError) Error() string { return e.msg }

// typeErr is a value of the wrong type for a part's field.
type typeErr struct {
	field, want, got string
}

func (s *scanner) off() int64 { return s.base + int64(s.pos) }

// fill reads more input; it reports whether some byte is available.
func (s *scanner) fill() bool {
	if s.pos < len(s.buf) {
		return true
	}
	if s.eof {
		return false
	}
	switch {
	case s.buf == nil:
		// A small first buffer: most inputs are records of one shard, and a
		// collect reads 10⁵ of them.
		s.buf = make([]byte, 0, 4<<10)
	case cap(s.buf) < scanBuf && len(s.buf) == cap(s.buf):
		s.base += int64(len(s.buf))
		s.buf, s.pos = make([]byte, 0, scanBuf), 0
	}
	s.base += int64(len(s.buf))
	s.buf, s.pos = s.buf[:0], 0
	for len(s.buf) == 0 {
		k, err := s.lr.Read(s.buf[:cap(s.buf)])
		s.buf = s.buf[:k]
		if err != nil {
			s.eof = true
			if err != io.EOF {
				s.err = err
			}
			break
		}
	}
	return len(s.buf) > 0
}

// peek returns the next byte without taking it; ok is false at the end.
func (s *scanner) peek() (byte, bool) {
	if !s.fill() {
		return 0, false
	}
	return s.buf[s.pos], true
}

// space skips JSON white space and returns the next byte, not taken.
func (s *scanner) space() (byte, bool) {
	for s.fill() {
		for s.pos < len(s.buf) {
			switch c := s.buf[s.pos]; c {
			case ' ', '\t', '\r', '\n':
				s.pos++
			default:
				return c, true
			}
		}
	}
	return 0, false
}

// endErr is the error of an input that ends inside a value.
func (s *scanner) endErr() error {
	if s.err != nil {
		return s.err
	}
	return io.ErrUnexpectedEOF
}

// bad is the syntax error of the byte c at the reading point.
func (s *scanner) bad(c byte, context string) error {
	return &syntaxError{off: s.off(), msg: fmt.Sprintf("invalid character %s %s", quoteChar(c), context)}
}

func quoteChar(c byte) string {
	switch {
	case c == '\'':
		return `'\''`
	case c == '"':
		return `'"'`
	case c < 0x20 || c >= 0x7f:
		return strconv.Quote(string(rune(c)))
	}
	return "'" + string(c) + "'"
}

// expect takes byte want after white space.
func (s *scanner) expect(want byte, context string) error {
	c, ok := s.space()
	if !ok {
		return s.endErr()
	}
	if c != want {
		return s.bad(c, context)
	}
	s.pos++
	return nil
}

// str reads a string (the reading point is at its '"'), appending its
// raw text, quotes included, to raw; escaped reports a backslash in it.
func (s *scanner) str(raw []byte) (_ []byte, escaped bool, err error) {
	s.pos++ // the opening quote
	raw = append(raw, '"')
	for {
		if !s.fill() {
			return raw, escaped, s.endErr()
		}
		b := s.buf[s.pos:]
		i := 0
		for i < len(b) && b[i] != '"' && b[i] != '\\' && b[i] >= 0x20 {
			i++
		}
		raw = append(raw, b[:i]...)
		s.pos += i
		if i == len(b) {
			continue
		}
		switch c := b[i]; {
		case c == '"':
			s.pos++
			return append(raw, '"'), escaped, nil
		case c < 0x20:
			return raw, escaped, s.bad(c, "in string literal")
		}
		// A backslash: one escape.
		escaped = true
		s.pos++
		c, ok := s.peek()
		if !ok {
			return raw, escaped, s.endErr()
		}
		switch c {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			s.pos++
			raw = append(raw, '\\', c)
		case 'u':
			s.pos++
			raw = append(raw, '\\', 'u')
			for range 4 {
				h, ok := s.peek()
				if !ok {
					return raw, escaped, s.endErr()
				}
				if !isHex(h) {
					return raw, escaped, s.bad(h, "in \\u hexadecimal character escape")
				}
				s.pos++
				raw = append(raw, h)
			}
		default:
			return raw, escaped, s.bad(c, "in string escape code")
		}
	}
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// number reads a number (the reading point is at its first byte),
// appending its text to raw.
func (s *scanner) number(raw []byte) ([]byte, error) {
	digits := func(context string, one bool) error {
		c, ok := s.peek()
		if !ok {
			return s.endErr()
		}
		if c < '0' || c > '9' {
			return s.bad(c, context)
		}
		for {
			raw = append(raw, c)
			s.pos++
			if one {
				return nil
			}
			if c, ok = s.peek(); !ok || c < '0' || c > '9' {
				return nil
			}
		}
	}
	if c, _ := s.peek(); c == '-' {
		raw = append(raw, c)
		s.pos++
	}
	c, ok := s.peek()
	if !ok {
		return raw, s.endErr()
	}
	if err := digits("in numeric literal", c == '0'); err != nil {
		return raw, err
	}
	if c, ok := s.peek(); ok && c == '.' {
		raw = append(raw, c)
		s.pos++
		if err := digits("after decimal point in numeric literal", false); err != nil {
			return raw, err
		}
	}
	if c, ok := s.peek(); ok && (c == 'e' || c == 'E') {
		raw = append(raw, c)
		s.pos++
		if c, ok := s.peek(); ok && (c == '+' || c == '-') {
			raw = append(raw, c)
			s.pos++
		}
		if err := digits("in exponent of numeric literal", false); err != nil {
			return raw, err
		}
	}
	return raw, nil
}

// literal reads true, false or null, whose first byte is at the reading
// point.
func (s *scanner) literal(raw []byte, word string) ([]byte, error) {
	for i := 0; i < len(word); i++ {
		c, ok := s.peek()
		if !ok {
			return raw, s.endErr()
		}
		if c != word[i] {
			return raw, s.bad(c, "in literal "+word+" (expecting "+quoteChar(word[i])+")")
		}
		raw = append(raw, c)
		s.pos++
	}
	return raw, nil
}

// value reads any value after white space, appending its raw text to raw
// (without the white space inside it when keep is false: the text is
// then only skipped).
func (s *scanner) value(raw []byte, depth int) ([]byte, error) {
	c, ok := s.space()
	if !ok {
		return raw, s.endErr()
	}
	switch {
	case c == '"':
		raw, _, err := s.str(raw)
		return raw, err
	case c == '-' || '0' <= c && c <= '9':
		return s.number(raw)
	case c == 't':
		return s.literal(raw, "true")
	case c == 'f':
		return s.literal(raw, "false")
	case c == 'n':
		return s.literal(raw, "null")
	case c == '[' || c == '{':
		if depth >= maxDepth {
			return raw, &syntaxError{off: s.off(), msg: "exceeded max depth"}
		}
		s.pos++
		raw = append(raw, c)
		end := byte(']')
		if c == '{' {
			end = '}'
		}
		for k := 0; ; k++ {
			d, ok := s.space()
			if !ok {
				return raw, s.endErr()
			}
			if k == 0 && d == end {
				s.pos++
				return append(raw, end), nil
			}
			if k > 0 {
				if d == end {
					s.pos++
					return append(raw, end), nil
				}
				if d != ',' {
					return raw, s.bad(d, "after "+map[byte]string{']': "array element", '}': "object key:value pair"}[end])
				}
				s.pos++
				raw = append(raw, ',')
			}
			var err error
			if end == '}' {
				d, ok := s.space()
				if !ok {
					return raw, s.endErr()
				}
				if d != '"' {
					return raw, s.bad(d, "looking for beginning of object key string")
				}
				if raw, _, err = s.str(raw); err != nil {
					return raw, err
				}
				if err := s.expect(':', "after object key"); err != nil {
					return raw, err
				}
				raw = append(raw, ':')
			}
			if raw, err = s.value(raw, depth+1); err != nil {
				return raw, err
			}
		}
	}
	return raw, s.bad(c, "looking for beginning of value")
}

// key reads an object's key after white space: its text, and the raw
// bytes for the record's object (appended to raw). The text is in raw or
// in *text: it is only valid until raw or *text is next written.
func (s *scanner) key(raw []byte, text *[]byte) ([]byte, []byte, error) {
	c, ok := s.space()
	if !ok {
		return nil, raw, s.endErr()
	}
	if c != '"' {
		return nil, raw, s.bad(c, "looking for beginning of object key string")
	}
	start := len(raw)
	raw, escaped, err := s.str(raw)
	if err != nil {
		return nil, raw, err
	}
	q := raw[start:]
	if !escaped && utf8.Valid(q) {
		return q[1 : len(q)-1], raw, nil
	}
	var k string
	if err := json.Unmarshal(q, &k); err != nil {
		return nil, raw, &syntaxError{off: s.off(), msg: err.Error()}
	}
	*text = append((*text)[:0], k...)
	return *text, raw, nil
}

// uintField reads a part's field of an unsigned type of at most max, or
// of type int when signed (stored in v as its two's complement), which
// must be a number (or null: no change). got is the value's kind when it
// is not one that fits.
func (s *scanner) uintField(v *uint64, max uint64, signed bool, scratch *[]byte) (got string, err error) {
	c, ok := s.space()
	if !ok {
		return "", s.endErr()
	}
	if '0' <= c && c <= '9' && s.pos+21 < len(s.buf) {
		// The common case, within the buffer: digits and then a byte that
		// ends the number.
		b := s.buf[s.pos:]
		var x uint64
		i := 0
		for ; i < 20 && '0' <= b[i] && b[i] <= '9'; i++ {
			x = x*10 + uint64(b[i]-'0')
		}
		if e := b[i]; (e < '0' || e > '9') && e != '.' && e != 'e' && e != 'E' && (b[0] != '0' || i == 1) && i < 20 && x <= max {
			s.pos += i
			*v = x
			return "", nil
		}
	}
	switch {
	case c == '-' || '0' <= c && c <= '9':
		raw, err := s.number((*scratch)[:0])
		*scratch = raw
		if err != nil {
			return "", err
		}
		if signed {
			x, perr := strconv.ParseInt(string(raw), 10, 64)
			if perr != nil || x > math.MaxInt || x < math.MinInt {
				return "number " + string(raw), nil
			}
			*v = uint64(x)
			return "", nil
		}
		x, perr := strconv.ParseUint(string(raw), 10, 64)
		if perr != nil || x > max {
			return "number " + string(raw), nil
		}
		*v = x
		return "", nil
	case c == 'n':
		_, err := s.literal(nil, "null")
		return "", err
	}
	raw, err := s.value((*scratch)[:0], 1)
	*scratch = raw
	if err != nil {
		return "", err
	}
	switch raw[0] {
	case '"':
		return "string", nil
	case 't', 'f':
		return "bool", nil
	case '[':
		return "array", nil
	}
	return "object", nil
}

// part reads one element of a record's parts into p: an object whose
// fields id, solutions, unique and nodes (any case, as encoding/json
// matches them; others are skipped) are numbers, or null (a zero part).
// te is set for a field of the wrong type; the rest of the element is
// still read.
func (s *scanner) part(p *Part, scratch *[]byte) (te *typeErr, err error) {
	c, ok := s.space()
	if !ok {
		return nil, s.endErr()
	}
	switch c {
	case 'n':
		_, err := s.literal(nil, "null")
		return nil, err
	case '{':
	default:
		raw, err := s.value((*scratch)[:0], 1)
		*scratch = raw
		if err != nil {
			return nil, err
		}
		return &typeErr{got: kindOf(raw)}, nil
	}
	s.pos++
	for k := 0; ; k++ {
		d, ok := s.space()
		if !ok {
			return nil, s.endErr()
		}
		if d == '}' && k == 0 {
			s.pos++
			return te, nil
		}
		if k > 0 {
			if d == '}' {
				s.pos++
				return te, nil
			}
			if d != ',' {
				return nil, s.bad(d, "after object key:value pair")
			}
			s.pos++
		}
		key, raw, err := s.key(s.keyRaw[:0], &s.keyText)
		s.keyRaw = raw
		if err != nil {
			return nil, err
		}
		if err := s.expect(':', "after object key"); err != nil {
			return nil, err
		}
		t, err := s.partField(p, key, scratch)
		if err != nil {
			return nil, err
		}
		if te == nil {
			te = t
		}
	}
}

// partField reads the value of field key of part p: a number into its
// field, nil for a field of the right type or one that parts do not
// have (skipped), a *typeErr for one of the wrong type.
func (s *scanner) partField(p *Part, key []byte, scratch *[]byte) (*typeErr, error) {
	var field *uint64
	var id uint64
	max, want := uint64(math.MaxUint64), "uint64"
	switch {
	case isKey(key, "id"):
		field, max, want = &id, math.MaxInt, "int"
	case isKey(key, "solutions"):
		field = &p.Solutions
	case isKey(key, "unique"):
		field = &p.Unique
	case isKey(key, "nodes"):
		field = &p.Nodes
	default:
		raw, err := s.value((*scratch)[:0], 1)
		*scratch = raw
		return nil, err
	}
	if field == &id {
		id = uint64(p.ID)
	}
	got, err := s.uintField(field, max, field == &id, scratch)
	if err != nil {
		return nil, err
	}
	if field == &id {
		p.ID = int(id)
	}
	if got != "" {
		return &typeErr{field: string(key), want: want, got: got}, nil
	}
	return nil, nil
}

// isKey reports whether key names field as encoding/json matches a
// struct's field: exactly, or else up to case (bytes.EqualFold).
func isKey(key []byte, field string) bool {
	return string(key) == field || bytes.EqualFold(key, []byte(field))
}

// kindOf names the JSON kind of a raw value.
func kindOf(raw []byte) string {
	switch raw[0] {
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case '[':
		return "array"
	case '{':
		return "object"
	case 'n':
		return "null"
	}
	return "number " + string(raw)
}

// parts reads a record's parts after its key: null, or an array of
// parts, appended to e.Parts. ctx is looked at every 4096 parts.
func (r *Reader) parts(ctx context.Context, e *Entry) error {
	s := r.sc
	c, ok := s.space()
	if !ok {
		return r.scanErr(s.endErr())
	}
	off := s.off()
	switch c {
	case 'n':
		if _, err := s.literal(nil, "null"); err != nil {
			return r.scanErr(err)
		}
		return nil
	case '[':
	default:
		if _, err := s.value(nil, 1); err != nil {
			return r.scanErr(err)
		}
		return r.errorAt(off, "field \"parts\": want a list of {\"id\",\"solutions\",\"unique\",\"nodes\"}")
	}
	s.pos++
	var scratch []byte
	var ps partList
	for k := 0; ; k++ {
		if k%4096 == 4095 && ctx.Err() != nil {
			return ctx.Err()
		}
		if end, err := r.nextPart(k); err != nil || end {
			if end && k > 0 {
				ps.done(e)
			}
			return err
		}
		off := s.off()
		var p Part
		te, err := s.part(&p, &scratch)
		if err != nil {
			return r.scanErr(err)
		}
		if te != nil {
			if te.field == "" {
				return r.errorAt(off, "part %d: a JSON %s where a record should be", k, clipKind(te.got))
			}
			return r.errorAt(off, "part %d: field %q: want %s, got a JSON %s", k, clip(te.field), te.want, clipKind(te.got))
		}
		ps.add(p)
	}
}

// nextPart reads up to element k of an array of parts (past its ','), or
// past the array's ']' (end).
func (r *Reader) nextPart(k int) (end bool, err error) {
	s := r.sc
	d, ok := s.space()
	if !ok {
		return false, r.scanErr(s.endErr())
	}
	if d == ']' {
		s.pos++
		return true, nil
	}
	if k > 0 {
		if d != ',' {
			return false, r.scanErr(s.bad(d, "after array element"))
		}
		s.pos++
		if _, ok := s.space(); !ok {
			return false, r.scanErr(s.endErr())
		}
	}
	return false, nil
}

// partList gathers parts in chunks, then copies them once into a record's
// Parts: no copies of a growing slice of millions of parts.
type partList struct {
	chunks [][]Part
	chunk  []Part
}

func (l *partList) add(p Part) {
	if len(l.chunk) == cap(l.chunk) {
		// Chunks grow from 16 parts to partsChunk: a small record
		// takes little.
		next := min(max(16, 2*cap(l.chunk)), partsChunk)
		if len(l.chunk) > 0 {
			l.chunks = append(l.chunks, l.chunk)
		}
		l.chunk = make([]Part, 0, next)
	}
	l.chunk = append(l.chunk, p)
}

// done appends the parts gathered to e.Parts.
func (l *partList) done(e *Entry) {
	if len(l.chunks) == 0 && e.Parts == nil {
		e.Parts = l.chunk
		return
	}
	chunks := append(l.chunks, l.chunk)
	total := len(e.Parts)
	for _, c := range chunks {
		total += len(c)
	}
	all := make([]Part, 0, total)
	all = append(all, e.Parts...)
	for _, c := range chunks {
		all = append(all, c...)
	}
	e.Parts = all
}

// partsChunk is the number of parts in a chunk (1 MiB).
const partsChunk = 1 << 15

// clipKind shortens a value named in a type error.
func clipKind(v string) string {
	if len(v) > 40 {
		return v[:40] + "…"
	}
	return v
}

// scanErr turns a scanner's error into one with a place.
func (r *Reader) scanErr(err error) error {
	if r.lr.over {
		return fmt.Errorf("split: %w", errorNoPlace(r.name, fmt.Sprintf("larger than %d MiB", r.max>>20)))
	}
	var se *syntaxError
	switch {
	case errors.As(err, &se):
		return r.errorAt(se.off, "%s", se.msg)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return r.errorAt(r.sc.off(), "unexpected end of JSON input")
	}
	return fmt.Errorf("split: %s: %w", r.name, err)
}
