package results

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// csvHeader is the first line of the CSV form. Files written before the
// last two columns existed (csvOldColumns columns) are still read.
var csvHeader = []string{"n", "board", "hash", "backend", "mode", "repeat", "answer", "nodes", "seconds", "runs", "status", "message", "given", "k"}

const csvOldColumns = 12

func init() {
	RegisterFormat(CSV, nil, func(r *Report, w io.Writer) error { return WriteCSV(w, r.Records) })
}

// WriteCSV writes one line per record under a header line (tidy data: one
// observation per line, one variable per column), seconds in the shortest
// form that reads back exactly. The environment is not part of it; the JSON
// forms keep it.
func WriteCSV(w io.Writer, records []Record) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return fmt.Errorf("results: %w", err)
	}
	for _, r := range records {
		line := []string{
			strconv.Itoa(r.N), r.Board, r.Hash, r.Backend, r.Mode,
			strconv.Itoa(r.Repeat),
			strconv.FormatUint(r.Answer, 10),
			strconv.FormatUint(r.Nodes, 10),
			strconv.FormatFloat(r.Seconds, 'g', -1, 64),
			strconv.Itoa(max(r.Runs, 1)),
			r.Status.String(),
			r.Message,
			strconv.Itoa(r.Given),
			strconv.Itoa(r.K),
		}
		if err := cw.Write(line); err != nil {
			return fmt.Errorf("results: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("results: %w", err)
	}
	return nil
}

// ReadCSV reads records written by WriteCSV; name is used in error
// messages, which give the line and column of the fault. A file without
// the columns given and k (from an older qtool) reads with both 0.
func ReadCSV(r io.Reader, name string) ([]Record, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = 0 // every line as long as the header
	cr.ReuseRecord = true
	head, err := cr.Read()
	if err != nil {
		if err == io.EOF {
			return nil, fmt.Errorf("results: %s: empty file, want a header line %q", name, strings.Join(csvHeader, ","))
		}
		return nil, csvError(name, err)
	}
	if len(head) != len(csvHeader) && len(head) != csvOldColumns {
		return nil, fmt.Errorf("results: %s:1: %d columns, want the %d of %q", name, len(head), len(csvHeader), strings.Join(csvHeader, ","))
	}
	for i, h := range head {
		if h != csvHeader[i] {
			return nil, fmt.Errorf("results: %s:1:%d: column %d is %q, want %q", name, i+1, i+1, h, csvHeader[i])
		}
	}
	var out []Record
	for {
		fields, err := cr.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, csvError(name, err)
		}
		var rec Record
		bad := func(i int, msg string) error {
			l, c := cr.FieldPos(i)
			return fmt.Errorf("results: %s:%d:%d: %s: %s", name, l, c, csvHeader[i], msg)
		}
		if rec.N, err = strconv.Atoi(fields[0]); err != nil || rec.N < 1 {
			return nil, bad(0, fmt.Sprintf("want a positive integer, got %q", fields[0]))
		}
		rec.Board, rec.Hash, rec.Backend, rec.Mode = fields[1], fields[2], fields[3], fields[4]
		if rec.Backend == "" {
			return nil, bad(3, "empty")
		}
		if rec.Mode == "" {
			return nil, bad(4, "empty")
		}
		if rec.Repeat, err = strconv.Atoi(fields[5]); err != nil || rec.Repeat < 0 {
			return nil, bad(5, fmt.Sprintf("want a non-negative integer, got %q", fields[5]))
		}
		if rec.Answer, err = strconv.ParseUint(fields[6], 10, 64); err != nil {
			return nil, bad(6, fmt.Sprintf("want a non-negative integer, got %q", fields[6]))
		}
		if rec.Nodes, err = strconv.ParseUint(fields[7], 10, 64); err != nil {
			return nil, bad(7, fmt.Sprintf("want a non-negative integer, got %q", fields[7]))
		}
		if rec.Seconds, err = strconv.ParseFloat(fields[8], 64); err != nil || rec.Seconds < 0 || math.IsInf(rec.Seconds, 0) || math.IsNaN(rec.Seconds) {
			return nil, bad(8, fmt.Sprintf("want a non-negative number, got %q", fields[8]))
		}
		if rec.Runs, err = strconv.Atoi(fields[9]); err != nil || rec.Runs < 1 {
			return nil, bad(9, fmt.Sprintf("want a positive integer, got %q", fields[9]))
		}
		if rec.Runs == 1 {
			rec.Runs = 0 // the default, as in the JSON form
		}
		if rec.Status, err = ParseStatus(fields[10]); err != nil {
			return nil, bad(10, fmt.Sprintf("unknown status %q", fields[10]))
		}
		rec.Message = fields[11]
		if len(fields) > csvOldColumns {
			if rec.Given, err = strconv.Atoi(fields[12]); err != nil || rec.Given < 0 || rec.Given > rec.N {
				return nil, bad(12, fmt.Sprintf("want an integer from 0 to n = %d, got %q", rec.N, fields[12]))
			}
			if rec.K, err = strconv.Atoi(fields[13]); err != nil || rec.K < 0 || rec.K > rec.N {
				return nil, bad(13, fmt.Sprintf("want an integer from 0 to n = %d, got %q", rec.N, fields[13]))
			}
		}
		out = append(out, rec)
	}
}

func csvError(name string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("results: %s:%d:%d: %v", name, pe.Line, pe.Column, pe.Err)
	}
	return fmt.Errorf("results: %s: %v", name, err)
}
