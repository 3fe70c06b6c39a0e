package results

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

func init() { RegisterFormat(LaTeX, []string{"tex"}, (*Report).WriteLaTeX) }

// WriteLaTeX renders each table as a booktabs tabular (\toprule, \midrule,
// \bottomrule; the document needs \usepackage{booktabs}), ready to \input
// inside a table float. Names are escaped, times are typeset with thin
// spaces ("1.23\,ms $\pm$4\,\%"), and the environment, the cells that are
// not OK and the legend are LaTeX comments. Tables after the first are
// preceded by \par\medskip, so that they stack in one float.
func (r *Report) WriteLaTeX(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "% qtool bench results; needs \\usepackage{booktabs}")
	for _, kv := range envLines(r.Envs) {
		fmt.Fprintf(bw, "%% %s: %s\n", kv[0], oneLine(kv[1]))
	}
	for i, t := range r.Tables {
		fmt.Fprintf(bw, "\n%% %s\n", t.title())
		if i > 0 {
			fmt.Fprintln(bw, `\par\medskip`)
		}
		if t.Solubility != nil {
			t.Solubility.writeLaTeX(bw)
			continue
		}
		if t.Excluded != nil {
			t.Excluded.writeLaTeX(bw)
			continue
		}
		head := t.header()
		body, foot := t.lines(latexMarks)
		cols := strings.Repeat("r", len(head))
		if t.hasBoards() {
			cols = "rl" + strings.Repeat("r", len(head)-2)
		}
		fmt.Fprintf(bw, "\\begin{tabular}{%s}\n\\toprule\n", cols)
		for i, h := range head {
			if i == 0 {
				h = "$n$"
			} else {
				h = latexEscape(h)
			}
			head[i] = h
		}
		fmt.Fprintf(bw, "%s \\\\\n\\midrule\n", strings.Join(head, " & "))
		for _, line := range body {
			if t.hasBoards() {
				line[1] = latexEscape(line[1])
			}
			fmt.Fprintf(bw, "%s \\\\\n", strings.Join(line, " & "))
		}
		fmt.Fprintf(bw, "\\midrule\n%s \\\\\n\\bottomrule\n\\end{tabular}\n", strings.Join(foot, " & "))
	}
	if ns := r.notes(); len(ns) > 0 {
		fmt.Fprintln(bw)
		for _, n := range ns {
			fmt.Fprintf(bw, "%% %s\n", oneLine(n.String()))
		}
	}
	if len(r.Tables) > 0 {
		fmt.Fprintln(bw)
		for _, l := range r.legend() {
			fmt.Fprintf(bw, "%% %s\n", l)
		}
	}
	return bw.Flush()
}

// latexEscape makes s safe as text in a LaTeX document: the ten special
// characters become commands, and so do < > | (which are not what they
// seem in the default font encoding).
func latexEscape(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch c {
		case '\\':
			b.WriteString(`\textbackslash{}`)
		case '&', '%', '$', '#', '_', '{', '}':
			b.WriteByte('\\')
			b.WriteRune(c)
		case '~':
			b.WriteString(`\textasciitilde{}`)
		case '^':
			b.WriteString(`\textasciicircum{}`)
		case '<':
			b.WriteString(`\textless{}`)
		case '>':
			b.WriteString(`\textgreater{}`)
		case '|':
			b.WriteString(`\textbar{}`)
		case '\n', '\r', '\t':
			b.WriteByte(' ')
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// oneLine keeps a comment on one line.
func oneLine(s string) string {
	return strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
}
