package results

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

func init() {
	RegisterFormat(Text, []string{"txt"}, (*Report).WriteText)
	RegisterFormat(Markdown, []string{"markdown"}, (*Report).WriteMarkdown)
}

// WriteText renders the report for a terminal, in the manner of
// benchstat: the environment as "key: value" lines, then per mode a title
// and an aligned table, then a line for every cell that is
// not OK with its reason, then a legend.
func (r *Report) WriteText(w io.Writer) error {
	if own, ok, err := r.ownSummary(Text); ok || err != nil {
		return writeOwn(w, r, Text, own, err)
	}
	bw := bufio.NewWriter(w)
	for _, kv := range envLines(r.Envs) {
		fmt.Fprintf(bw, "%s: %s\n", kv[0], kv[1])
	}
	for i, t := range r.Tables {
		if i > 0 || len(r.Envs) > 0 {
			fmt.Fprintln(bw)
		}
		fmt.Fprintf(bw, "%s\n", t.title())
		if err := t.render(bw, false, r.Layout); err != nil {
			return err
		}
	}
	if ns := r.notes(); len(ns) > 0 {
		fmt.Fprintln(bw)
		for _, n := range ns {
			fmt.Fprintln(bw, n)
		}
	}
	if len(r.Tables) > 0 {
		fmt.Fprintln(bw)
		for _, l := range r.legend() {
			fmt.Fprintln(bw, l)
		}
	}
	return bw.Flush()
}

// WriteMarkdown renders the report as GitHub-flavoured Markdown: the
// environment as a list, a bold title and a pipe table per mode, a list of
// the cells that are not OK, and the legend.
func (r *Report) WriteMarkdown(w io.Writer) error {
	if own, ok, err := r.ownSummary(Markdown); ok || err != nil {
		return writeOwn(w, r, Markdown, own, err)
	}
	bw := bufio.NewWriter(w)
	for _, kv := range envLines(r.Envs) {
		fmt.Fprintf(bw, "- %s: %s\n", kv[0], mdEscape(kv[1]))
	}
	for i, t := range r.Tables {
		if i > 0 || len(r.Envs) > 0 {
			fmt.Fprintln(bw)
		}
		fmt.Fprintf(bw, "**%s**\n\n", mdEscape(t.title()))
		if err := t.render(bw, true, r.Layout); err != nil {
			return err
		}
	}
	if ns := r.notes(); len(ns) > 0 {
		fmt.Fprintln(bw)
		for _, n := range ns {
			fmt.Fprintf(bw, "- %s\n", mdEscape(n.String()))
		}
	}
	if len(r.Tables) > 0 {
		for _, l := range r.legend() {
			fmt.Fprintf(bw, "\n%s\n", mdEscape(l))
		}
	}
	return bw.Flush()
}

// render writes one table: plain aligned columns, split
// into blocks that fit lay's width, or a Markdown pipe table. A decide
// table is written as its Summary.
func (t *Table) render(w io.Writer, markdown bool, lay Layout) error {
	if s := t.Summary(); s != nil {
		f := Text
		if markdown {
			f = Markdown
		}
		return s.WriteSummary(w, f)
	}
	g := t.grid(plainMarks, lay, false)
	width := lay.width()
	if markdown {
		width = -1
	}
	for i, b := range g.blocks(width) {
		if i > 0 {
			fmt.Fprintln(w)
		}
		head, body, foot := g.block(b[0], b[1])
		al := make([]align, len(head)) // alignRight, the zero value
		for _, c := range g.leftCols {
			al[c] = alignLeft
		}
		if err := writeTable(w, head, body, foot, al, markdown); err != nil {
			return err
		}
	}
	return nil
}

// mdEscape escapes the characters that Markdown would interpret in a
// table cell or a line of text.
func mdEscape(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch c {
		case '\\', '|', '*', '_', '`', '~', '<', '>', '[', ']', '#':
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// WriteHeader writes the environment of the report as its text (f Text,
// "key: value" lines) or Markdown (a list) rendering begins, so that a
// command that prints tables of its own prints the same header as every
// other report.
func (r *Report) WriteHeader(w io.Writer, f Format) error {
	bw := bufio.NewWriter(w)
	for _, kv := range envLines(r.Envs) {
		if f == Markdown {
			fmt.Fprintf(bw, "- %s: %s\n", kv[0], mdEscape(kv[1]))
		} else {
			fmt.Fprintf(bw, "%s: %s\n", kv[0], kv[1])
		}
	}
	if len(r.Envs) > 0 {
		fmt.Fprintln(bw)
	}
	return bw.Flush()
}
