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
// last columns existed (csvOldColumns columns, without given and k, or
// csvKColumns, without the problem, its excluded diagonals and blocked
// squares) are still read.
var csvHeader = []string{"n", "board", "hash", "backend", "mode", "repeat", "answer", "nodes", "seconds", "runs", "status", "message", "given", "k", "problem", "diagonals", "blocked"}

const (
	csvOldColumns = 12
	csvKColumns   = 14
)

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
			r.Variant,
			strconv.Itoa(r.Diagonals),
			strconv.Itoa(r.Blocked),
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
// the columns given and k, or problem, diagonals and blocked (from an
// older qtool), reads with them 0 or empty.
func ReadCSV(r io.Reader, name string) ([]Record, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = 0 // every line as long as the header
	cr.ReuseRecord = true
	if err := readCSVHeader(cr, name); err != nil {
		return nil, err
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
		rec, err := csvRecord(fields, func(i int, msg string) error {
			l, c := cr.FieldPos(i)
			return fmt.Errorf("results: %s:%d:%d: %s: %s", name, l, c, csvHeader[i], msg)
		})
		if err != nil {
			return nil, err
		}
		out = append(out, rec)
	}
}

// readCSVHeader reads the header line: the columns of WriteCSV, or the
// older ones without given and k, or without problem, diagonals and
// blocked.
func readCSVHeader(cr *csv.Reader, name string) error {
	head, err := cr.Read()
	if err != nil {
		if err == io.EOF {
			return fmt.Errorf("results: %s: empty file, want a header line %q", name, strings.Join(csvHeader, ","))
		}
		return csvError(name, err)
	}
	if len(head) != len(csvHeader) && len(head) != csvOldColumns && len(head) != csvKColumns {
		return fmt.Errorf("results: %s:1: %d columns, want the %d of %q", name, len(head), len(csvHeader), strings.Join(csvHeader, ","))
	}
	for i, h := range head {
		if h != csvHeader[i] {
			return fmt.Errorf("results: %s:1:%d: column %d is %q, want %q", name, i+1, i+1, h, csvHeader[i])
		}
	}
	return nil
}

// csvRecord reads the fields of one line; bad(i, msg) is the error for
// field i.
func csvRecord(fields []string, bad func(i int, msg string) error) (Record, error) {
	var rec Record
	// whole reads field i as an integer from lo to hi.
	whole := func(i, lo, hi int, want string) (int, error) {
		v, err := strconv.Atoi(fields[i])
		if err != nil || v < lo || v > hi {
			return 0, bad(i, fmt.Sprintf("want %s, got %q", want, fields[i]))
		}
		return v, nil
	}
	// count reads field i as a uint64.
	count := func(i int) (uint64, error) {
		v, err := strconv.ParseUint(fields[i], 10, 64)
		if err != nil {
			return 0, bad(i, fmt.Sprintf("want a non-negative integer, got %q", fields[i]))
		}
		return v, nil
	}
	var err error
	if rec.N, err = whole(0, 1, math.MaxInt, "a positive integer"); err != nil {
		return rec, err
	}
	rec.Board, rec.Hash, rec.Backend, rec.Mode = fields[1], fields[2], fields[3], fields[4]
	if rec.Backend == "" {
		return rec, bad(3, "empty")
	}
	if rec.Mode == "" {
		return rec, bad(4, "empty")
	}
	if rec.Repeat, err = whole(5, 0, math.MaxInt, "a non-negative integer"); err != nil {
		return rec, err
	}
	if rec.Answer, err = count(6); err != nil {
		return rec, err
	}
	if rec.Nodes, err = count(7); err != nil {
		return rec, err
	}
	if rec.Seconds, err = strconv.ParseFloat(fields[8], 64); err != nil || rec.Seconds < 0 || math.IsInf(rec.Seconds, 0) || math.IsNaN(rec.Seconds) {
		return rec, bad(8, fmt.Sprintf("want a non-negative number, got %q", fields[8]))
	}
	if rec.Runs, err = whole(9, 1, math.MaxInt, "a positive integer"); err != nil {
		return rec, err
	}
	if rec.Runs == 1 {
		rec.Runs = 0 // the default, as in the JSON form
	}
	if rec.Status, err = ParseStatus(fields[10]); err != nil {
		return rec, bad(10, fmt.Sprintf("unknown status %q", fields[10]))
	}
	rec.Message = fields[11]
	if len(fields) > csvOldColumns {
		within := fmt.Sprintf("an integer from 0 to n = %d", rec.N)
		if rec.Given, err = whole(12, 0, rec.N, within); err != nil {
			return rec, err
		}
		if rec.K, err = whole(13, 0, rec.N, within); err != nil {
			return rec, err
		}
	}
	if len(fields) > csvKColumns {
		rec.Variant = fields[14]
		if rec.Diagonals, err = whole(15, 0, 4*rec.N, fmt.Sprintf("an integer from 0 to 4n = %d", 4*rec.N)); err != nil {
			return rec, err
		}
		if rec.Blocked, err = whole(16, 0, math.MaxInt, "a non-negative integer"); err != nil {
			return rec, err
		}
	}
	return rec, nil
}

func csvError(name string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("results: %s:%d:%d: %v", name, pe.Line, pe.Column, pe.Err)
	}
	return fmt.Errorf("results: %s: %v", name, err)
}
