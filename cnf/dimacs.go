package cnf

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Writer is an Adder that writes clauses in the DIMACS CNF format (the
// format of the DIMACS challenges, as SAT competitions use it): comment
// lines and the header "p cnf V C" first, then one clause per line as Add
// ends them. The counts of the header are the caller's promise; Close
// reports a clause count that broke it. It streams: memory is O(longest
// clause).
type Writer struct {
	w        *bufio.Writer
	buf      []byte
	clauses  int
	declared int
	err      error
}

// NewWriter starts a DIMACS file on w with the given comment lines (each
// line of each comment written after "c ") and the header
// "p cnf vars clauses".
func NewWriter(w io.Writer, vars, clauses int, comments ...string) *Writer {
	dw := &Writer{w: bufio.NewWriterSize(w, 1<<16), declared: clauses}
	for _, c := range comments {
		for _, l := range strings.Split(c, "\n") {
			dw.write("c " + l + "\n")
		}
	}
	dw.write(fmt.Sprintf("p cnf %d %d\n", vars, clauses))
	return dw
}

func (d *Writer) write(s string) {
	if d.err == nil {
		_, d.err = d.w.WriteString(s)
	}
}

// Add writes literal lit, or ends the clause when lit is 0.
func (d *Writer) Add(lit int) {
	if lit == 0 {
		d.buf = append(d.buf, '0', '\n')
		d.clauses++
		if d.err == nil {
			_, d.err = d.w.Write(d.buf)
		}
		d.buf = d.buf[:0]
		return
	}
	d.buf = strconv.AppendInt(d.buf, int64(lit), 10)
	d.buf = append(d.buf, ' ')
}

// Close flushes the output. It returns the first write error, or an error
// when the number of clauses written differs from the header's.
func (d *Writer) Close() error {
	if len(d.buf) > 0 {
		return errors.New("cnf: dimacs writer closed inside a clause")
	}
	if d.err == nil {
		d.err = d.w.Flush()
	}
	if d.err != nil {
		return fmt.Errorf("cnf: writing dimacs: %w", d.err)
	}
	if d.clauses != d.declared {
		return fmt.Errorf("cnf: dimacs header declares %d clauses, %d were written", d.declared, d.clauses)
	}
	return nil
}
