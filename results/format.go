package results

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Format is an output format of a Report, by the name that ParseFormat
// reads. The formats live in a registry (RegisterFormat): each is
// registered by the file that writes it, so that adding one touches that
// file alone; the command line lists FormatNames.
type Format string

// The formats of this package.
const (
	Text     Format = "text"  // aligned columns for a terminal
	Markdown Format = "md"    // GitHub-flavoured Markdown tables
	CSV      Format = "csv"   // one line per record, tidy
	LaTeX    Format = "latex" // booktabs tabulars
	JSON     Format = "json"  // one JSON document: environments, tables, records
)

// String returns the name ParseFormat reads.
func (f Format) String() string { return string(f) }

// formatEntry is a registered format.
type formatEntry struct {
	name  Format
	write func(*Report, io.Writer) error
}

var (
	formatsMu sync.RWMutex
	formats   = map[string]formatEntry{} // by name and by alias, lower case
	names     []string                   // the names, sorted
)

// RegisterFormat makes a format known to ParseFormat, Report.Write and
// FormatNames under name and its aliases (case does not matter); write
// renders a whole report. It panics when a name or alias is taken, or
// empty: registering is done once, from an init function or a package
// variable, as image.RegisterFormat is.
func RegisterFormat(name Format, aliases []string, write func(*Report, io.Writer) error) {
	formatsMu.Lock()
	defer formatsMu.Unlock()
	keys := append([]string{string(name)}, aliases...)
	for i, a := range keys {
		keys[i] = strings.ToLower(a)
		if _, taken := formats[keys[i]]; taken || keys[i] == "" || write == nil || slices.Contains(keys[:i], keys[i]) {
			panic(fmt.Sprintf("results: RegisterFormat(%q): name %q is empty or taken, or no writer", name, a))
		}
	}
	for _, key := range keys {
		formats[key] = formatEntry{name: name, write: write}
	}
	names = append(names, string(name))
	sort.Strings(names)
}

// FormatNames returns the names of the registered formats, sorted.
func FormatNames() []string {
	formatsMu.RLock()
	defer formatsMu.RUnlock()
	return slices.Clone(names)
}

// ParseFormat reads a format name or alias: text (txt), md (markdown),
// csv, latex (tex), json, or any other registered one.
func ParseFormat(s string) (Format, error) {
	formatsMu.RLock()
	e, ok := formats[strings.ToLower(s)]
	formatsMu.RUnlock()
	if !ok {
		return "", fmt.Errorf("results: unknown format %q (known: %s)", s, strings.Join(FormatNames(), ", "))
	}
	return e.name, nil
}

// Write renders the report in format f.
func (r *Report) Write(w io.Writer, f Format) error {
	formatsMu.RLock()
	e, ok := formats[strings.ToLower(string(f))]
	formatsMu.RUnlock()
	if !ok {
		return fmt.Errorf("results: unknown format %q", string(f))
	}
	return e.write(r, w)
}

// unit is a time unit for display.
type unit struct {
	scale float64
	text  string // plain text and Markdown
	latex string
}

var units = []unit{
	{1, "s", `\,s`},
	{1e-3, "ms", `\,ms`},
	{1e-6, "µs", `\,\textmu s`},
	{1e-9, "ns", `\,ns`},
}

// formatSeconds writes a time with three significant digits in the largest
// unit that keeps it at least 1: "1.23ms", "12.3µs", "950ns".
func formatSeconds(s float64, latex bool) string {
	if math.IsNaN(s) || math.IsInf(s, 0) {
		return "?"
	}
	u := units[len(units)-1]
	for _, c := range units {
		if s >= c.scale*0.9995 {
			u = c
			break
		}
	}
	v := s / u.scale
	var num string
	switch {
	case v >= 99.95:
		num = strconv.FormatFloat(v, 'f', 0, 64)
	case v >= 9.995:
		num = strconv.FormatFloat(v, 'f', 1, 64)
	default:
		num = strconv.FormatFloat(v, 'f', 2, 64)
	}
	if latex {
		return num + u.latex
	}
	return num + u.text
}

// formatRatio writes a ratio with three significant digits.
func formatRatio(r float64) string {
	switch {
	case math.IsNaN(r) || math.IsInf(r, 0):
		return "?"
	case r >= 99.95:
		return strconv.FormatFloat(r, 'f', 0, 64)
	case r >= 0.0001:
		return strconv.FormatFloat(r, 'g', 3, 64)
	}
	return strconv.FormatFloat(r, 'e', 2, 64)
}

// marks are the symbols of a cell, per output format.
type marks struct {
	pm, times, sim, pct, dash string
	seconds                   func(float64) string
}

var plainMarks = marks{pm: "±", times: "×", sim: "~", pct: "%", dash: "—",
	seconds: func(s float64) string { return formatSeconds(s, false) }}

var latexMarks = marks{pm: `$\pm$`, times: `$\times$`, sim: `$\sim$`, pct: `\,\%`, dash: "---",
	seconds: func(s float64) string { return formatSeconds(s, true) }}

// legend explains the cells of the tables.
func (r *Report) legend() []string {
	var bases []string
	decide, excluded := false, false
	for _, t := range r.Tables {
		if t.Solubility != nil {
			decide = true
			continue
		}
		if t.Excluded != nil {
			excluded = true
			continue
		}
		bases = append(bases, fmt.Sprintf("%s for %s", t.Base, t.Mode))
	}
	var ls []string
	if processorClock(r.Envs) {
		ls = append(ls, "clock: processor: every time is processor time (user + system) of qtool and of the programs it ran and waited for, not wall-clock time (the records keep both: cpu and seconds).")
	}
	if len(bases) > 0 {
		cols := r.Layout.columns()
		if slices.Contains(cols, ColCI) {
			ls = append(ls, "time: median ± half-width of the 95% confidence interval of the mean (Student's t over the repeats), relative to the median.")
		} else {
			ls = append(ls, "time: median of the repeats.")
		}
		if slices.Contains(cols, ColRatio) {
			ls = append(ls, "×r: median time relative to the base ("+strings.Join(bases, ", ")+"); ~: not significant (Welch's t-test on log times, p ≥ 0.05); ?: not tested (fewer than 2 repeats).")
		}
		ls = append(ls, "geomean: over the rows where both the backend and the base have times. —: not measured (the backend cannot do this, or the run was interrupted before it).")
		for _, e := range r.Envs {
			if v := e.Settings["repeats"]; strings.HasPrefix(v, "auto") {
				ls = append(ls, "repeats "+v+"; a cell's number of repeats is in the JSON and CSV forms.")
				break
			}
		}
	}
	if decide {
		ls = append(ls, decideLegend...)
	}
	if excluded {
		ls = append(ls, excludedLegend...)
	}
	return ls
}

// decideLegend explains the summary of a decide table.
var decideLegend = []string{
	"δ: free rows, n − k for k queens asked of the generator (placed: the mean number it placed, which can be fewer). soluble: instances that can be completed, of those decided (the backends that finished agree, cross-checked); fraction: with Wilson's 95% interval.",
	"time: each backend's median, over the instances, of the time to decide (find one completion, re-checked by the verifier, or prove that none exists); a timeout counts as slower than any time: (t TIMEOUT) counts them, TIMEOUT t/m marks a median that is itself a timeout. —: not run.",
	fmt.Sprintf("50%% soluble: the δ²/n at which the fraction crosses 1/2, interpolated linearly between the δ on either side (*: after making the fractions non-decreasing by pooling adjacent violators); 95%% range: where the upper and the lower ends of the Wilson intervals cross 1/2 (a rough range: pointwise intervals, the correlation between neighbouring δ ignored). Gent, Jefferson & Nightingale (JAIR 59, 2017, doi:10.1613/jair.5512) fit n ≈ 0.19·δ², i.e. δ²/n ≈ %.2f.", PublishedHalfSoluble),
}
