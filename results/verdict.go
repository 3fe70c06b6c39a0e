package results

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
)

// HasBackend reports whether backend is a column of one of the report's
// tables.
func (r *Report) HasBackend(backend string) bool {
	for _, t := range r.Tables {
		if slices.Contains(t.Backends, backend) {
			return true
		}
	}
	return false
}

// Untrusted says how many cells hold answers that cannot be trusted,
// "2 MISMATCH and 1 ERROR" (Count of Mismatch and of Error, each left out
// when none); "" when there are none.
func (r *Report) Untrusted() string {
	var parts []string
	if mis := r.Count(Mismatch); mis > 0 {
		parts = append(parts, fmt.Sprintf("%d MISMATCH", mis))
	}
	if bad := r.Count(Error); bad > 0 {
		parts = append(parts, fmt.Sprintf("%d ERROR", bad))
	}
	return strings.Join(parts, " and ")
}

// ReadRecords reads the records of a file at path: CSV (ReadCSV, no
// environments) when path ends in .csv in any case, else a log
// (ReadLog); name is used in error messages.
func ReadRecords(r io.Reader, path, name string) ([]Env, []Record, error) {
	if strings.EqualFold(filepath.Ext(path), ".csv") {
		recs, err := ReadCSV(r, name)
		return nil, recs, err
	}
	return ReadLog(r, name)
}
