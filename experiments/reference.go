package experiments

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/internal/textin"
)

// Reference is a table of known counts: the number of solutions of the
// empty n×n board for some n (OEIS A000170). The harness checks the counts
// of empty boards against it. The zero Reference knows nothing.
type Reference struct {
	// Source says where the table came from, for the report.
	Source string
	counts map[int]uint64
}

// maxReferenceLine bounds a line of a reference table (a count has at most
// 20 digits; comments may be longer).
const maxReferenceLine = 64 << 10

// ReadReference reads a table of counts: one line per n, fields separated
// by tabs or spaces, the first field n and the second the number of
// solutions of the empty n×n board; further fields (such as the number of
// fundamental solutions) are ignored, and so are blank lines and lines
// starting with '#', and a byte-order mark at the start. name is used in
// error messages (file:line:col) and as the Source. The complexity is
// O(size of the input); memory is that of the table, one line at a time.
func ReadReference(r io.Reader, name string) (*Reference, error) {
	ref := &Reference{Source: name, counts: map[int]uint64{}}
	in := textin.NewReader(r, name, maxReferenceLine)
	for {
		raw, err := in.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		no := in.LineNo()
		line := string(raw)
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		fields, starts := fieldsAt(line)
		if len(fields) < 2 {
			return nil, fmt.Errorf("experiments: %s:%d: want n and a count, got %q", name, no, trimmed)
		}
		col := func(i int) int { return starts[i] + 1 }
		n, err := strconv.Atoi(fields[0])
		if err != nil || n < 1 {
			return nil, fmt.Errorf("experiments: %s:%d:%d: n must be a positive integer, got %q", name, no, col(0), fields[0])
		}
		c, err := strconv.ParseUint(fields[1], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("experiments: %s:%d:%d: count must be a non-negative integer below 2^64, got %q", name, no, col(1), fields[1])
		}
		if old, dup := ref.counts[n]; dup && old != c {
			return nil, fmt.Errorf("experiments: %s:%d:%d: n=%d counted twice: %d and %d", name, no, col(1), n, old, c)
		}
		ref.counts[n] = c
	}
	if len(ref.counts) == 0 {
		return nil, fmt.Errorf("experiments: %s: no counts", name)
	}
	return ref, nil
}

// Count returns the known number of solutions of the empty n×n board. A
// nil Reference knows nothing.
func (r *Reference) Count(n int) (uint64, bool) {
	if r == nil {
		return 0, false
	}
	c, ok := r.counts[n]
	return c, ok
}

// Len is the number of n the table knows.
func (r *Reference) Len() int {
	if r == nil {
		return 0
	}
	return len(r.counts)
}

// String describes the table for a report: its source and the n it covers.
func (r *Reference) String() string {
	if r == nil || len(r.counts) == 0 {
		return "none (counts cross-checked between backends only)"
	}
	lo, hi := 0, 0
	for n := range r.counts {
		if lo == 0 || n < lo {
			lo = n
		}
		if n > hi {
			hi = n
		}
	}
	return fmt.Sprintf("%s (%d counts, n=%d..%d)", r.Source, len(r.counts), lo, hi)
}

// fieldsAt splits a line at runs of spaces and tabs, returning the fields
// and the byte offset of each.
func fieldsAt(line string) (fields []string, starts []int) {
	start := -1
	for i := 0; i <= len(line); i++ {
		blank := i == len(line) || line[i] == ' ' || line[i] == '\t' || line[i] == '\r'
		switch {
		case blank && start >= 0:
			fields = append(fields, line[start:i])
			starts = append(starts, start)
			start = -1
		case !blank && start < 0:
			start = i
		}
	}
	return fields, starts
}

// LoadReference reads the table of known counts that path names: the
// built-in one (BuiltinReference) for "", none (nil) for "none", else the
// file at path (ReadReference); a file that cannot be opened is the
// *os.PathError of os.Open.
func LoadReference(path string) (*Reference, error) {
	switch path {
	case "none":
		return nil, nil
	case "":
		return BuiltinReference(), nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadReference(f, path)
}
