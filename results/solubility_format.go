package results

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// hasUndecided reports whether some group has instances without an answer.
func (s *Solubility) hasUndecided() bool {
	for _, r := range s.Rows {
		if r.Undecided > 0 {
			return true
		}
	}
	return false
}

// header is the column headings of the summary, in plain text or LaTeX.
func (s *Solubility) header(latex bool) []string {
	h := []string{"n", "δ", "δ²/n", "placed", "soluble", "fraction (95% CI)"}
	if latex {
		h = []string{"$n$", `$\delta$`, `$\delta^2/n$`, "placed", "soluble", `fraction (95\,\% CI)`}
	}
	if s.hasUndecided() {
		h = append(h, "undecided")
	}
	for _, b := range s.Backends {
		if latex {
			b = latexEscape(b)
		}
		h = append(h, b)
	}
	return h
}

// lines is the body of the summary as strings.
func (s *Solubility) lines(m marks) [][]string {
	var body [][]string
	for _, r := range s.Rows {
		frac := "?"
		if r.Decided() > 0 {
			frac = fmt.Sprintf("%.2f [%.2f, %.2f]", r.Fraction, r.Low, r.High)
		}
		line := []string{
			strconv.Itoa(r.N), strconv.Itoa(r.Free), strconv.FormatFloat(r.X, 'f', 2, 64),
			formatPlaced(r.Placed),
			fmt.Sprintf("%d/%d", r.Soluble, r.Decided()),
			frac,
		}
		if s.hasUndecided() {
			line = append(line, strconv.Itoa(r.Undecided))
		}
		for _, c := range r.Cells {
			line = append(line, solubilityCellText(c, m))
		}
		body = append(body, line)
	}
	return body
}

// formatPlaced writes a mean number of queens: whole when it is.
func formatPlaced(p float64) string {
	if p == math.Trunc(p) {
		return strconv.FormatFloat(p, 'f', 0, 64)
	}
	return strconv.FormatFloat(p, 'f', 2, 64)
}

// solubilityCellText is a backend's entry in the summary: "1.23ms",
// "1.23ms (2 TIMEOUT)", "TIMEOUT 16/30", the status in capitals for a
// cell that is not OK, a dash when not run.
func solubilityCellText(c SolubilityCell, m marks) string {
	switch {
	case c.Instances == 0:
		return m.dash
	case c.Status != OK:
		return strings.ToUpper(c.Status.String())
	case !c.HasMedian:
		return fmt.Sprintf("TIMEOUT %d/%d", c.Timeouts, c.Instances)
	case c.Timeouts > 0:
		return fmt.Sprintf("%s (%d TIMEOUT)", m.seconds(c.Median), c.Timeouts)
	}
	return m.seconds(c.Median)
}

// halfTitle heads the table of 50 % points.
const halfTitle = "50% soluble: δ²/n where the fraction crosses 1/2"

// halfLines is the table of 50 % points, with the published fit as its
// footer.
func (s *Solubility) halfLines(latex bool) (head []string, body [][]string, foot []string) {
	head = []string{"n", "δ", "δ²/n", "95% range", "n/δ²"}
	if latex {
		head = []string{"$n$", `$\delta$`, `$\delta^2/n$`, `95\,\% range`, `$n/\delta^2$`}
	}
	f2 := func(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }
	for _, h := range s.Half {
		line := []string{strconv.Itoa(h.N), "?", "?", "", "?"}
		switch {
		case h.Found:
			x := f2(h.X)
			if h.Pooled {
				x += " *"
			}
			line[1], line[2], line[4] = strconv.FormatFloat(h.Delta, 'f', 1, 64), x, strconv.FormatFloat(1/h.X, 'f', 3, 64)
		case h.Side == "above":
			line[2] = "> " + f2(s.maxX(h.N))
		case h.Side == "below":
			line[2] = "< " + f2(s.minX(h.N))
		}
		lo, hi := f2(h.Low), f2(h.High)
		if h.LowSide == "below" {
			lo = "< " + lo
		}
		if h.HighSide == "above" {
			hi = "> " + hi
		}
		line[3] = "[" + lo + ", " + hi + "]"
		if latex {
			for _, i := range []int{2, 3} {
				line[i] = strings.NewReplacer(">", `$>$`, "<", `$<$`).Replace(line[i])
			}
		}
		body = append(body, line)
	}
	foot = []string{"Gent et al. fit", "", f2(PublishedHalfSoluble), "", "0.190"}
	return head, body, foot
}

// minX and maxX are the smallest and largest δ²/n with an answer for n.
func (s *Solubility) minX(n int) float64 {
	x := math.Inf(1)
	for _, r := range s.Rows {
		if r.N == n && r.Decided() > 0 {
			x = math.Min(x, r.X)
		}
	}
	return x
}

func (s *Solubility) maxX(n int) float64 {
	x := math.Inf(-1)
	for _, r := range s.Rows {
		if r.N == n && r.Decided() > 0 {
			x = math.Max(x, r.X)
		}
	}
	return x
}

// render writes the summary and the table of 50 % points as aligned text
// or Markdown.
func (s *Solubility) render(w io.Writer, markdown bool) error {
	head := s.header(false)
	body := s.lines(plainMarks)
	if err := writeTable(w, head, body, nil, nil, markdown); err != nil {
		return err
	}
	if len(s.Half) == 0 {
		return nil
	}
	hh, hb, hf := s.halfLines(false)
	if markdown {
		fmt.Fprintf(w, "\n**%s**\n\n", mdEscape(halfTitle))
	} else {
		fmt.Fprintf(w, "\n%s\n", halfTitle)
	}
	return writeTable(w, hh, hb, hf, nil, markdown)
}

// writeLaTeX writes the summary and the table of 50 % points as booktabs
// tabulars.
func (s *Solubility) writeLaTeX(w io.Writer) {
	tabular := func(head []string, body [][]string, foot []string) {
		fmt.Fprintf(w, "\\begin{tabular}{%s}\n\\toprule\n", strings.Repeat("r", len(head)))
		fmt.Fprintf(w, "%s \\\\\n\\midrule\n", strings.Join(head, " & "))
		for _, line := range body {
			fmt.Fprintf(w, "%s \\\\\n", strings.Join(line, " & "))
		}
		if foot != nil {
			fmt.Fprintf(w, "\\midrule\n%s \\\\\n", strings.Join(foot, " & "))
		}
		fmt.Fprintln(w, "\\bottomrule\n\\end{tabular}")
	}
	tabular(s.header(true), s.lines(latexMarks), nil)
	if len(s.Half) == 0 {
		return
	}
	hh, hb, hf := s.halfLines(true)
	fmt.Fprintf(w, "%% %s\n\\par\\medskip\n", halfTitle)
	tabular(hh, hb, hf)
}
