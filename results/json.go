package results

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/qtool-project/qtool/internal/textin"
)

func init() { RegisterFormat(JSON, nil, (*Report).WriteJSON) }

// WriteJSON renders the report as one indented JSON document with the
// environments, the tables (every cell's statistics and comparison) and the
// records themselves.
func (r *Report) WriteJSON(w io.Writer) error {
	doc := struct {
		Environments []Env    `json:"environments"`
		Tables       []Table  `json:"tables"`
		Records      []Record `json:"records"`
	}{r.Envs, r.Tables, r.Records}
	if doc.Environments == nil {
		doc.Environments = []Env{}
	}
	if doc.Tables == nil {
		doc.Tables = []Table{}
	}
	if doc.Records == nil {
		doc.Records = []Record{}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("results: %w", err)
	}
	return nil
}

// Log writes a log of measurements as JSON lines: a line {"env": {...}}
// for each session, then one line per record with the record's fields at
// the top level (so that jq or pandas.read_json(lines=True) read it as is).
// Each line goes to the writer in one Write call, so that a log opened for
// appending holds every record measured before an interruption.
type Log struct {
	w io.Writer
}

// NewLog returns a log writing to w.
func NewLog(w io.Writer) *Log { return &Log{w: w} }

// WriteEnv appends the header of a session.
func (l *Log) WriteEnv(e Env) error {
	return l.line(struct {
		Env Env `json:"env"`
	}{e})
}

// WriteRecord appends one record.
func (l *Log) WriteRecord(r Record) error {
	if math.IsNaN(r.Seconds) || math.IsInf(r.Seconds, 0) {
		return fmt.Errorf("results: record %s %s: seconds is %v", r.Problem, r.Backend, r.Seconds)
	}
	if math.IsNaN(r.CPU) || math.IsInf(r.CPU, 0) {
		return fmt.Errorf("results: record %s %s: cpu is %v", r.Problem, r.Backend, r.CPU)
	}
	return l.line(r)
}

func (l *Log) line(v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("results: %w", err)
	}
	if _, err := l.w.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("results: writing log: %w", err)
	}
	return nil
}

// MaxLogLine is the longest line ReadLog accepts: a record is a few
// hundred bytes, so a longer line is not part of a log (and an endless one
// is refused instead of filling the memory).
const MaxLogLine = 1 << 20

// ReadLog reads a log written by Log; name is used in error messages,
// which are *textin.Error (file:line: message). A byte-order mark at the
// start and blank lines are skipped, and so is a last line without its
// newline that does not parse (a write cut short), so that an interrupted
// run can be resumed; a last line without its newline that parses is a
// record like the others. The reading streams: memory is that of the
// records, one line at a time.
func ReadLog(r io.Reader, name string) ([]Env, []Record, error) {
	in := textin.NewReader(r, name, MaxLogLine)
	var envs []Env
	var recs []Record
	for {
		line, err := in.Next()
		if err == io.EOF {
			return envs, recs, nil
		}
		if err != nil {
			return nil, nil, err
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		env, rec, perr := parseLogLine(line)
		switch {
		case perr != nil && !in.EndedLine(): // only the last line can lack its newline
			return envs, recs, nil
		case perr != nil:
			return nil, nil, &textin.Error{File: name, Line: in.LineNo(), Msg: perr.Error(), Err: perr}
		case env != nil:
			envs = append(envs, *env)
		default:
			recs = append(recs, rec)
		}
	}
}

// ndjsonHint reminds, for a line that is not an object, that each line of
// a log is one.
func ndjsonHint(te *json.UnmarshalTypeError) string {
	if te.Field == "" {
		return " (each line is one JSON object)"
	}
	return ""
}

func parseLogLine(line []byte) (*Env, Record, error) {
	var v struct {
		Env *Env `json:"env"`
		Record
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, Record{}, fmt.Errorf("invalid JSON at byte %d: %v", se.Offset, se)
		}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, Record{}, errors.New(textin.JSONTypeError(te, "a record or an env") + ndjsonHint(te))
		}
		return nil, Record{}, err
	}
	if dec.More() {
		return nil, Record{}, errors.New("more than one JSON value on the line")
	}
	if v.Env != nil {
		if v.Record != (Record{}) {
			return nil, Record{}, errors.New("a line holds both an env and a record")
		}
		return v.Env, Record{}, nil
	}
	rec := v.Record
	switch {
	case rec.N < 1:
		return nil, Record{}, fmt.Errorf("record: n must be at least 1, got %d", rec.N)
	case rec.Backend == "":
		return nil, Record{}, errors.New("record: no backend")
	case rec.Mode == "":
		return nil, Record{}, errors.New("record: no mode")
	case rec.Repeat < 0:
		return nil, Record{}, fmt.Errorf("record: negative repeat %d", rec.Repeat)
	case rec.Runs < 0:
		return nil, Record{}, fmt.Errorf("record: negative runs %d", rec.Runs)
	case rec.Seconds < 0:
		return nil, Record{}, fmt.Errorf("record: negative seconds %v", rec.Seconds)
	case rec.CPU < 0:
		return nil, Record{}, fmt.Errorf("record: negative cpu %v", rec.CPU)
	case rec.Given < 0 || rec.Given > rec.N:
		return nil, Record{}, fmt.Errorf("record: given must be between 0 and n = %d, got %d", rec.N, rec.Given)
	case rec.K < 0 || rec.K > rec.N:
		return nil, Record{}, fmt.Errorf("record: k must be between 0 and n = %d, got %d", rec.N, rec.K)
	}
	return nil, rec, nil
}
