package results

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// hasUndecided reports whether some group has instances without an answer.
func (e *Excluded) hasUndecided() bool {
	for _, r := range e.Rows {
		if r.Undecided > 0 {
			return true
		}
	}
	return false
}

// countsNodes reports whether backend j counts nodes (its peak is in
// nodes).
func (e *Excluded) countsNodes(j int) bool {
	return len(e.Orders) > 0 && e.Orders[0].Peaks[j].Nodes
}

// header is the column headings of the summary; latex escapes them.
func (e *Excluded) header(latex bool) []string {
	h := []string{"n", "d", "d/n", "instances", "satisfiable", "fraction (95% CI)"}
	if latex {
		h = []string{"$n$", "$d$", "$d/n$", "instances", "satisfiable", `fraction (95\,\% CI)`}
	}
	if e.hasUndecided() {
		h = append(h, "undecided")
	}
	for j, b := range e.Backends {
		if latex {
			b = latexEscape(b)
		}
		h = append(h, b+" s")
		if e.countsNodes(j) {
			h = append(h, b+" nodes")
		}
	}
	return h
}

// lines is the body of the summary as strings.
func (e *Excluded) lines(m marks) [][]string {
	var body [][]string
	for _, r := range e.Rows {
		frac := "?"
		if r.Decided() > 0 {
			frac = fmt.Sprintf("%.2f [%.2f, %.2f]", r.Fraction, r.Low, r.High)
		}
		line := []string{
			strconv.Itoa(r.N), strconv.Itoa(r.D), strconv.FormatFloat(float64(r.D)/float64(r.N), 'f', 2, 64),
			strconv.Itoa(r.Instances), fmt.Sprintf("%d/%d", r.Satisfiable, r.Decided()), frac,
		}
		if e.hasUndecided() {
			line = append(line, strconv.Itoa(r.Undecided))
		}
		for j, c := range r.Cells {
			line = append(line, excludedCellText(c, m, false))
			if e.countsNodes(j) {
				line = append(line, excludedCellText(c, m, true))
			}
		}
		body = append(body, line)
	}
	return body
}

// excludedCellText is a backend's median time (or nodes) over a group:
// "1.23ms", "1.23ms (2 TIMEOUT)", "TIMEOUT 16/30", the status in capitals
// for a cell that is not OK, a dash when not run.
func excludedCellText(c ExcludedCell, m marks, nodes bool) string {
	v, has := m.seconds(c.Seconds), c.HasSeconds
	if nodes {
		v, has = strconv.FormatFloat(c.Nodes, 'f', 0, 64), c.HasNodes
	}
	switch {
	case c.Instances == 0:
		return m.dash
	case c.Status != OK:
		return strings.ToUpper(c.Status.String())
	case !has:
		return fmt.Sprintf("TIMEOUT %d/%d", c.Timeouts, c.Instances)
	case c.Timeouts > 0:
		return fmt.Sprintf("%s (%d TIMEOUT)", v, c.Timeouts)
	}
	return v
}

// excludedTitle heads the table of 50 % points and peaks.
const excludedTitle = "per n: where the fraction satisfiable crosses 1/2, and the d of each backend's largest median cost"

// orderLines is the table of 50 % points and peaks, one line per n.
func (e *Excluded) orderLines(latex bool) (head []string, body [][]string) {
	head = []string{"n", "50% at d", "d/n", "95% range of d", "n − 2"}
	if latex {
		head = []string{"$n$", `50\,\% at $d$`, "$d/n$", `95\,\% range of $d$`, "$n-2$"}
	}
	for j, b := range e.Backends {
		unit := "median s"
		if e.countsNodes(j) {
			unit = "median nodes"
		}
		if latex {
			b = latexEscape(b)
		}
		head = append(head, fmt.Sprintf("%s peak d (%s)", b, unit))
	}
	lt, gt := "< ", "> "
	if latex {
		lt, gt = "$<$ ", "$>$ "
	}
	f1 := func(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }
	for _, o := range e.Orders {
		h := o.Half
		line := []string{strconv.Itoa(o.N), "?", "?", "", strconv.Itoa(o.N - 2)}
		switch {
		case h.Found:
			line[1], line[2] = f1(h.X), strconv.FormatFloat(h.X/float64(o.N), 'f', 2, 64)
			if h.Pooled {
				line[1] += " *"
			}
		case h.Side == "above":
			line[1] = gt + strconv.Itoa(e.maxD(o.N))
		case h.Side == "below":
			line[1] = lt + strconv.Itoa(e.minD(o.N))
		}
		if h.Found || h.Side != "" {
			lo, hi := f1(h.Low), f1(h.High)
			if h.LowSide == "below" {
				lo = lt + lo
			}
			if h.HighSide == "above" {
				hi = gt + hi
			}
			line[3] = "[" + lo + ", " + hi + "]"
		}
		for _, p := range o.Peaks {
			switch {
			case !p.Found:
				line = append(line, "?")
			case p.Timeout:
				line = append(line, fmt.Sprintf("%d (TIMEOUT)", p.D))
			case p.Nodes:
				line = append(line, fmt.Sprintf("%d (%s)", p.D, strconv.FormatFloat(p.Cost, 'f', 0, 64)))
			default:
				line = append(line, fmt.Sprintf("%d (%s)", p.D, formatSeconds(p.Cost, latex)))
			}
		}
		body = append(body, line)
	}
	return head, body
}

// minD and maxD are the smallest and largest d with an answer for n.
func (e *Excluded) minD(n int) int {
	for _, r := range e.Rows {
		if r.N == n && r.Decided() > 0 {
			return r.D
		}
	}
	return 0
}

func (e *Excluded) maxD(n int) int {
	d := 0
	for _, r := range e.Rows {
		if r.N == n && r.Decided() > 0 {
			d = r.D
		}
	}
	return d
}

// render writes the summary and the table of 50 % points as aligned text
// or Markdown.
func (e *Excluded) render(w io.Writer, markdown bool) error {
	head := e.header(false)
	if err := writeTable(w, head, e.lines(plainMarks), nil, nil, markdown); err != nil {
		return err
	}
	if len(e.Orders) == 0 {
		return nil
	}
	oh, ob := e.orderLines(false)
	if markdown {
		fmt.Fprintf(w, "\n**%s**\n\n", mdEscape(excludedTitle))
	} else {
		fmt.Fprintf(w, "\n%s\n", excludedTitle)
	}
	return writeTable(w, oh, ob, nil, nil, markdown)
}

// writeLaTeX writes the summary and the table of 50 % points as booktabs
// tabulars.
func (e *Excluded) writeLaTeX(w io.Writer) {
	tabular := func(head []string, body [][]string) {
		fmt.Fprintf(w, "\\begin{tabular}{%s}\n\\toprule\n", strings.Repeat("r", len(head)))
		fmt.Fprintf(w, "%s \\\\\n\\midrule\n", strings.Join(head, " & "))
		for _, line := range body {
			fmt.Fprintf(w, "%s \\\\\n", strings.Join(line, " & "))
		}
		fmt.Fprintln(w, "\\bottomrule\n\\end{tabular}")
	}
	tabular(e.header(true), e.lines(latexMarks))
	if len(e.Orders) == 0 {
		return
	}
	oh, ob := e.orderLines(true)
	fmt.Fprintf(w, "%% %s\n\\par\\medskip\n", excludedTitle)
	tabular(oh, ob)
}

// excludedLegend explains the summary of an Excluded Diagonals table.
var excludedLegend = []string{
	"d: diagonals excluded (the first d of each instance's list, as Gent, Jefferson & Nightingale's queens-diag-gen makes them); satisfiable: instances with a solution, of those decided (the answers of the backends that finished, cross-checked, every solution re-checked by the verifier); fraction: with Wilson's 95% interval.",
	"s, nodes: each backend's median, over the instances, of the time and of the search nodes to decide (find one solution or prove that none exists); a timeout counts as slower than any run: (t TIMEOUT) counts them, TIMEOUT t/m marks a median that is itself a timeout. —: not run.",
	"50% at d: where the fraction satisfiable falls through 1/2, interpolated linearly between the d on either side (*: after pooling adjacent violators); 95% range: where the ends of the Wilson intervals cross 1/2 (rough: pointwise intervals). peak d: the d of the backend's largest median cost (nodes when it counts them, else seconds).",
	"Published: Gent, Jefferson & Nightingale (JAIR 59, 2017, doi:10.1613/jair.5512) show a phase transition with the hard instances at it; their plots (CSPLib prob079, results/experiments-resubmission-diags.R) are against d/n from 0 to 1.75 for n = 10..21, with their solver's median nodes on a log axis up to 2.5·10⁸. n − 2: where qtool's issue 13 quotes them as placing the peak (per-n figures of the paper were not found to compare with).",
}
