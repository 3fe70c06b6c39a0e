package results

import (
	"bytes"
	"errors"
	"io"
)

// A Summary is tables that a renderer shows in place of the tables of
// times: every text-like format asks the summary to write itself. A
// decide table's Solubility and Excluded are the summaries of one table
// (Table.Summary); a prepared experiment can give a whole report a
// summary of its own (Report.Summary), such as qtool bench --preset sat's
// tables of formula sizes and boards decided.
type Summary interface {
	// WriteSummary writes the summary in format f: Text, Markdown or
	// LaTeX. A format it does not lay out is ErrNoSummary, and the
	// renderer writes the tables of times instead.
	WriteSummary(w io.Writer, f Format) error
}

// ErrNoSummary is what Summary.WriteSummary returns for a format it does
// not lay out.
var ErrNoSummary = errors.New("results: no summary in this format")

// Summary returns what the renderers show of the table instead of its
// times: its Solubility or Excluded summary, nil for a table of times.
func (t *Table) Summary() Summary {
	switch {
	case t.Solubility != nil:
		return t.Solubility
	case t.Excluded != nil:
		return t.Excluded
	}
	return nil
}

// WriteSummary writes the solubility table in format f (Summary).
func (s *Solubility) WriteSummary(w io.Writer, f Format) error {
	return writeTableSummary(w, f, s.render, s.writeLaTeX)
}

// WriteSummary writes the Excluded Diagonals table in format f (Summary).
func (e *Excluded) WriteSummary(w io.Writer, f Format) error {
	return writeTableSummary(w, f, e.render, e.writeLaTeX)
}

// writeTableSummary writes a decide table's summary in format f: render
// for text and Markdown, latex for LaTeX.
func writeTableSummary(w io.Writer, f Format, render func(io.Writer, bool) error, latex func(io.Writer)) error {
	switch f {
	case Text, Markdown:
		return render(w, f == Markdown)
	case LaTeX:
		latex(w)
		return nil
	}
	return ErrNoSummary
}

// ownSummary renders the report's own Summary in format f: ok is false
// when it has none, or none in this format.
func (r *Report) ownSummary(f Format) (out []byte, ok bool, err error) {
	if r.Summary == nil {
		return nil, false, nil
	}
	var b bytes.Buffer
	if err := r.Summary.WriteSummary(&b, f); err != nil {
		if errors.Is(err, ErrNoSummary) {
			return nil, false, nil
		}
		return nil, false, err
	}
	return b.Bytes(), true, nil
}

// writeOwn writes a report shown as its own summary: the environment's
// header (WriteHeader), then the summary.
func writeOwn(w io.Writer, r *Report, f Format, own []byte, err error) error {
	if err != nil {
		return err
	}
	if err := r.WriteHeader(w, f); err != nil {
		return err
	}
	_, err = w.Write(own)
	return err
}
