package export

import (
	"fmt"
	"io"
	"strings"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/plural"
)

// infeasible reports why the model has no solution before any search: the
// given pieces break a line, or a line needs more pieces than it has free
// cells. It returns "" when neither.
func infeasible(m *encode.Model) string {
	if m.Infeasible != "" {
		return m.Infeasible
	}
	for _, l := range m.Lines {
		if l.Lo > len(l.Cells) {
			return fmt.Sprintf("%v %d needs %d pieces and has %d free squares", l.Family, l.Index, l.Lo, len(l.Cells))
		}
	}
	return ""
}

// hi returns the upper bound of l that a writer states, or -1 when l has
// none (its Hi is at least its number of cells).
func hi(l encode.Line) int {
	if l.Hi >= len(l.Cells) {
		return -1
	}
	return l.Hi
}

// Describe returns the comment lines every writer puts first: what the
// problem is and how many pieces.
func Describe(m *encode.Model) []string {
	p := m.Problem
	s := []string{fmt.Sprintf("qtool: the %v problem, n = %d, %s (%d given), %s, %s",
		p.Variant, m.N, plural.Of(m.Pieces, "piece"), len(m.Given), plural.Of(len(m.Cells), "free square"), plural.Of(len(m.Lines), "line"))}
	if len(p.Blocked) > 0 || len(p.Excluded) > 0 {
		s = append(s, plural.Of(len(p.Blocked), "blocked square")+", "+plural.Of(len(p.Excluded), "excluded diagonal"))
	}
	return s
}

// Solution returns the pieces of an answer given as chosen free cells
// (indices into m.Cells), the given pieces included, in row-major order.
// It refuses an index outside the model.
func Solution(m *encode.Model, chosen []int32) ([]encode.Cell, error) {
	for _, i := range chosen {
		if i < 0 || int(i) >= len(m.Cells) {
			return nil, fmt.Errorf("export: answer names square %d, the model has %d", i, len(m.Cells))
		}
	}
	return m.Solution(chosen), nil
}

// CellIndex returns a function that finds the free cell (r, c) of m: its
// index, or -1 when (r, c) is not a free cell.
func CellIndex(m *encode.Model) func(r, c int) int32 {
	at := make(map[encode.Cell]int32, len(m.Cells))
	for i, x := range m.Cells {
		at[x] = int32(i)
	}
	return func(r, c int) int32 {
		if i, ok := at[encode.Cell{R: r, C: c}]; ok {
			return i
		}
		return -1
	}
}

// errWriter keeps the first error of a sequence of writes.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}

func (e *errWriter) str(s string) {
	if e.err == nil {
		_, e.err = io.WriteString(e.w, s)
	}
}

func comments(prefix string, lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(prefix)
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}
