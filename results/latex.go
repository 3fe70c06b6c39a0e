package results

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

func init() { RegisterFormat(LaTeX, []string{"tex"}, (*Report).WriteLaTeX) }

// WriteLaTeX renders each table as a booktabs tabular (\toprule, \midrule,
// \bottomrule; the document needs \usepackage{booktabs,graphicx}), ready
// to \input inside a table float. Each cell holds one value: a backend's
// median time ("1.23\,ms"), the half-width of its interval in % and its
// ratio to the base are columns of their own under the backend's name
// (Layout.Columns chooses them). A table that would have to shrink below
// 65 % to fit the line (by an estimate of its width in a 10 pt font on a
// 345 pt line) is split into blocks of backends that do not, stacked,
// each repeating the leading columns; a tabular still wider than the
// line is scaled down to it (\qtoolfit, defined by the output:
// \resizebox only when it would overflow). Names are
// escaped, and the environment, the cells that are not OK and the legend
// are LaTeX comments. Tables after the first are preceded by
// \par\medskip, so that they stack in one float.
func (r *Report) WriteLaTeX(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "% qtool bench results; needs \\usepackage{booktabs,graphicx}")
	fmt.Fprintln(bw, latexFit)
	for _, kv := range envLines(r.Envs) {
		fmt.Fprintf(bw, "%% %s: %s\n", kv[0], oneLine(kv[1]))
	}
	for i, t := range r.Tables {
		fmt.Fprintf(bw, "\n%% %s\n", t.title())
		if i > 0 {
			fmt.Fprintln(bw, `\par\medskip`)
		}
		if s := t.Summary(); s != nil {
			if err := s.WriteSummary(bw, LaTeX); err != nil {
				return err
			}
			continue
		}
		writeLaTeXGrid(bw, t.grid(latexMarks, r.Layout, true))
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

// latexFit defines \qtoolfit{WIDTH}{BOX}: BOX as it is when it fits in
// WIDTH, else scaled down to WIDTH.
const latexFit = `\providecommand{\qtoolfit}[2]{\sbox0{#2}\ifdim\wd0>#1\resizebox{#1}{!}{\usebox0}\else\usebox0\fi}`

// latexLine is the width, in points, that the split into blocks assumes
// for the line: article's at 10 pt.
const latexLine = 345.0

// writeLaTeXGrid writes a table of times as booktabs tabulars, a
// backend's statistics as columns under its name: one tabular when it
// fits the line at 65 % or more (by latexWidth's estimate), else blocks
// of backends (of problems, transposed) that do, stacked, each repeating
// the leading columns; each tabular is scaled down to the line only if it
// would overflow it (\qtoolfit).
func writeLaTeXGrid(w io.Writer, g grid) {
	widths := latexWidths(g)
	k := g.groupWidth()
	lead := len(g.leadHead)
	leadW := 0.0
	for _, x := range widths[:lead] {
		leadW += x
	}
	groupW := make([]float64, len(g.groups))
	for j := range g.groups {
		for _, x := range widths[lead+j*k : lead+(j+1)*k] {
			groupW[j] += x
		}
	}
	// The fewest blocks of equal size (within one group) that fit.
	var blocks [][2]int
	for nb := 1; nb <= len(g.groups); nb++ {
		blocks = blocks[:0]
		fits := true
		for i := range nb {
			from, to := i*len(g.groups)/nb, (i+1)*len(g.groups)/nb
			w := leadW
			for _, x := range groupW[from:to] {
				w += x
			}
			fits = fits && (w <= latexLine/0.65 || to-from == 1)
			blocks = append(blocks, [2]int{from, to})
		}
		if fits {
			break
		}
	}
	for i, b := range blocks {
		if i > 0 {
			fmt.Fprintln(w, `\par\medskip`)
		}
		writeLaTeXBlock(w, g, b[0], b[1])
	}
}

// writeLaTeXBlock writes the groups [from, to) of g as one tabular.
func writeLaTeXBlock(w io.Writer, g grid, from, to int) {
	k := g.groupWidth()
	lead := len(g.leadHead)
	left := func(i int) bool { return i < lead && slices.Contains(g.leftCols, i) }
	pick := func(row []string) []string {
		out := slices.Clone(row[:lead])
		return append(out, row[lead+from*k:lead+to*k]...)
	}
	var spec strings.Builder
	for i := range lead + (to-from)*k {
		if left(i) {
			spec.WriteByte('l')
		} else {
			spec.WriteByte('r')
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\\begin{tabular}{%s}\n\\toprule\n", spec.String())
	head := make([]string, lead)
	for i, h := range g.leadHead {
		head[i] = latexEscape(h)
		if h == "n" {
			head[i] = "$n$"
		}
	}
	if k > 1 {
		top := make([]string, lead)
		var rules []string
		for j, name := range g.groups[from:to] {
			top = append(top, fmt.Sprintf("\\multicolumn{%d}{c}{%s}", k, latexEscape(name)))
			first := lead + j*k + 1
			rules = append(rules, fmt.Sprintf("\\cmidrule(lr){%d-%d}", first, first+k-1))
			head = append(head, g.sub...)
		}
		fmt.Fprintf(&b, "%s \\\\\n%s\n", strings.Join(top, " & "), strings.Join(rules, " "))
	} else {
		for _, name := range g.groups[from:to] {
			head = append(head, latexEscape(name))
		}
	}
	fmt.Fprintf(&b, "%s \\\\\n\\midrule\n", strings.Join(head, " & "))
	for _, row := range g.rows {
		line := pick(row)
		for i := range line {
			if left(i) {
				line[i] = latexEscape(line[i])
			}
		}
		fmt.Fprintf(&b, "%s \\\\\n", strings.Join(line, " & "))
	}
	if g.foot != nil {
		fmt.Fprintf(&b, "\\midrule\n%s \\\\\n", strings.Join(pick(g.foot), " & "))
	}
	b.WriteString("\\bottomrule\n\\end{tabular}")
	fmt.Fprintf(w, "\\qtoolfit{\\linewidth}{%s}\n", b.String())
}

// latexWidths estimates the natural width in points of each column of a
// table: 5 pt a character of its widest cell (a digit's width at 10 pt)
// and 12 pt between columns (twice \tabcolsep).
func latexWidths(g grid) []float64 {
	k := g.groupWidth()
	lead := len(g.leadHead)
	w := make([]int, lead+len(g.groups)*k)
	for i, h := range g.leadHead {
		w[i] = visibleLen(h)
	}
	for j, name := range g.groups {
		per := (visibleLen(name) + k - 1) / k
		for s := range k {
			w[lead+j*k+s] = max(w[lead+j*k+s], per)
			if k > 1 {
				w[lead+j*k+s] = max(w[lead+j*k+s], visibleLen(g.sub[s]))
			}
		}
	}
	for _, row := range append(slices.Clone(g.rows), g.foot) {
		for i, c := range row {
			w[i] = max(w[i], visibleLen(c))
		}
	}
	out := make([]float64, len(w))
	for i, x := range w {
		out[i] = 5*float64(x) + 12
	}
	return out
}

// latexCommand matches a LaTeX command, its argument braces and math
// shifts, which take no width of their own.
var latexCommand = regexp.MustCompile(`\\[a-zA-Z]+|\\.|[{}$]`)

// visibleLen estimates the characters a LaTeX cell shows.
func visibleLen(s string) int {
	s = strings.NewReplacer(`\textmu`, "µ", `\pm`, "±", `\times`, "×", `\sim`, "~", `\%`, "%", `\,`, "").Replace(s)
	return utf8.RuneCountInString(latexCommand.ReplaceAllString(s, ""))
}
