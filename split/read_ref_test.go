package split

// The reader of records as it was before the scanner of scan.go (a
// json.Decoder and one Decode a part), kept here as the reference that
// FuzzReadSame compares the scanner with.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/qtool-project/qtool/internal/textin"
)

// Reader reads the records of one input, one JSON object after the other,
// streaming: a record's parts are decoded one at a time, so that a record
// of millions of subproblems takes the memory of its parts, not of its
// text. Errors are *textin.Error (file:line:col) wrapped with the prefix
// "split: ".
type refReader struct {
	dec  *json.Decoder
	lr   *lineReader
	name string
	max  int64
}

// NewReader reads records from r; name is used in errors and in each
// Entry's Where. max > 0 bounds the bytes read (a larger input is
// refused).
func newRefReader(r io.Reader, name string, max int64) *refReader {
	lr := &lineReader{r: r, max: max, line: 1, lastNL: -1}
	dec := json.NewDecoder(lr)
	dec.UseNumber()
	return &refReader{dec: dec, lr: lr, name: name, max: max}
}

// errorAt is an error at byte offset off of the input.
func (r *refReader) errorAt(off int64, format string, args ...any) error {
	line, col := r.lr.lineCol(off)
	return fmt.Errorf("split: %w", &textin.Error{File: r.name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
}

// wrap turns a decoder's error into one with a place.
func (r *refReader) wrap(err error, start int64) error {
	if r.lr.over {
		return fmt.Errorf("split: %w", &textin.Error{File: r.name, Msg: fmt.Sprintf("larger than %d MiB", r.max>>20)})
	}
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return r.errorAt(se.Offset, "%v", err)
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return r.errorAt(r.lr.n, "unexpected end of JSON input")
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return r.errorAt(r.lr.skipSpace(start), "%s", refTypeError(te))
	}
	if r.lr.err != nil && errors.Is(err, r.lr.err) {
		return fmt.Errorf("split: %s: %w", r.name, err)
	}
	return r.errorAt(start, "%v", err)
}

func refTypeError(te *json.UnmarshalTypeError) string {
	v := te.Value
	if len(v) > 40 {
		v = v[:40] + "…"
	}
	if te.Field == "" {
		return fmt.Sprintf("a JSON %s where a record should be", v)
	}
	want := map[reflect.Kind]string{reflect.Int: "a whole number", reflect.Uint64: "a whole number ≥ 0",
		reflect.Float64: "a number", reflect.String: "a string", reflect.Bool: "true or false",
		reflect.Slice: "a JSON array"}[te.Type.Kind()]
	if want == "" {
		want = "a JSON object"
	}
	return fmt.Sprintf("field %q: want %s, got a JSON %s", clip(te.Field), want, v)
}

// Next returns the next record, or io.EOF after the last one. ctx is
// looked at every 4096 parts.
func (r *refReader) Next(ctx context.Context) (*Entry, error) {
	if !r.lr.started {
		r.lr.started = true
		r.lr.dropBOM()
	}
	start := r.lr.skipSpace(r.dec.InputOffset())
	tok, err := r.dec.Token()
	if err == io.EOF && !r.lr.over {
		return nil, io.EOF
	}
	if err != nil {
		return nil, r.wrap(err, start)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		what := "value"
		switch tok.(type) {
		case json.Number:
			what = "number"
		case string:
			what = "string"
		case bool:
			what = "bool"
		case nil:
			what = "null"
		case json.Delim:
			what = "array"
		}
		return nil, r.errorAt(start, "a JSON %s where a record should be", what)
	}
	line, _ := r.lr.lineCol(start)
	e := &Entry{Where: fmt.Sprintf("%s:%d", r.name, line), has: map[string]bool{}}
	var obj bytes.Buffer
	obj.WriteByte('{')
	offs := map[string]int64{}
	for r.dec.More() {
		keyOff := r.dec.InputOffset()
		tok, err := r.dec.Token()
		if err != nil {
			return nil, r.wrap(err, keyOff)
		}
		key, _ := tok.(string)
		valOff := r.dec.InputOffset()
		if strings.EqualFold(key, "parts") {
			if e.has["parts"] {
				return nil, r.errorAt(r.lr.skipSpace(keyOff), "field \"parts\" given twice")
			}
			e.has["parts"] = true
			if err := r.parts(ctx, e); err != nil {
				return nil, err
			}
			continue
		}
		var raw json.RawMessage
		if err := r.dec.Decode(&raw); err != nil {
			return nil, r.wrap(err, valOff)
		}
		e.has[strings.ToLower(key)] = true
		offs[strings.ToLower(key)] = valOff
		if obj.Len() > 1 {
			obj.WriteByte(',')
		}
		k, _ := json.Marshal(key)
		obj.Write(k)
		obj.WriteByte(':')
		obj.Write(raw)
	}
	if _, err := r.dec.Token(); err != nil {
		return nil, r.wrap(err, r.dec.InputOffset())
	}
	obj.WriteByte('}')
	parts := e.Parts
	if err := json.Unmarshal(obj.Bytes(), &e.Record); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			top, _, _ := strings.Cut(te.Field, ".")
			if off, ok := offs[strings.ToLower(top)]; ok {
				return nil, r.errorAt(r.lr.skipSpace(off), "%s", refTypeError(te))
			}
		}
		return nil, r.errorAt(start, "%v", err)
	}
	e.Parts = parts
	return e, nil
}

// parts decodes the array of a record's parts one element at a time.
func (r *refReader) parts(ctx context.Context, e *Entry) error {
	off := r.dec.InputOffset()
	tok, err := r.dec.Token()
	if err != nil {
		return r.wrap(err, off)
	}
	if tok == nil {
		return nil
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return r.errorAt(r.lr.skipSpace(off), "field \"parts\": want a list of {\"id\",\"solutions\",\"unique\",\"nodes\"}")
	}
	for k := 0; r.dec.More(); k++ {
		if k%4096 == 4095 && ctx.Err() != nil {
			return ctx.Err()
		}
		off := r.dec.InputOffset()
		var p Part
		if err := r.dec.Decode(&p); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				return r.errorAt(r.lr.skipSpace(off), "part %d: %s", k, refTypeError(te))
			}
			return r.wrap(err, off)
		}
		e.Parts = append(e.Parts, p)
	}
	_, err = r.dec.Token()
	if err != nil {
		return r.wrap(err, r.dec.InputOffset())
	}
	return nil
}

// ReadAll reads every record of r (see Reader), none for an input of
// white space only.
func refReadAll(ctx context.Context, r io.Reader, name string, max int64) ([]*Entry, error) {
	rd := newRefReader(r, name, max)
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
