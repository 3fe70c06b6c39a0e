package dlx

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// A Report is a run of the solver as qtool xcover prints it: one JSON
// object, or aligned lines (WriteText).
type Report struct {
	File       string  `json:"file"`
	Items      int     `json:"items"`
	Primary    int     `json:"primary"`
	Options    int     `json:"options"`
	Algorithm  string  `json:"algorithm"`
	Workers    int     `json:"workers"`
	Solutions  uint64  `json:"solutions"`
	Nodes      uint64  `json:"nodes"`
	Updates    uint64  `json:"updates"`
	Cleansings uint64  `json:"cleansings"`
	Seconds    float64 `json:"seconds"`
	// Status is how the run ended: "ok", "timeout", "interrupted".
	Status   string `json:"status"`
	Complete bool   `json:"complete"`
	Limit    uint64 `json:"limit,omitempty"`
	// Best holds the solutions of a search for the cheapest (Best),
	// cheapest first (none: an empty list; no such search: absent).
	Best *[]ReportCost `json:"best,omitempty"`
	// ZDD is the result of BuildZDD, and of the samples drawn from it.
	ZDD *ReportZDD `json:"zdd,omitempty"`
}

// A ReportCost is one solution of Best in a Report: its cost and its
// option lines.
type ReportCost struct {
	Cost    uint64   `json:"cost"`
	Options []string `json:"options"`
}

// A ReportZDD is the ZDD part of a Report.
type ReportZDD struct {
	// Nodes is the number of ZDD nodes (terminals excluded), Memos the
	// partial states cached, Hits the cache hits (solutions included).
	Nodes int    `json:"nodes"`
	Memos uint64 `json:"memos"`
	Hits  uint64 `json:"hits"`
	// Count is the exact number of solutions, in decimal.
	Count   string     `json:"count"`
	File    string     `json:"file,omitempty"`
	Samples [][]string `json:"samples,omitempty"`
}

// WriteText writes the summary of the run as aligned lines; status is
// how the run ended in words.
func (r Report) WriteText(w io.Writer, status string) error {
	sol := strconv.FormatUint(r.Solutions, 10)
	switch {
	case r.Status == "ok" && r.Limit > 0 && r.Solutions >= r.Limit:
		sol += " (the limit; there may be more)"
	case !r.Complete:
		sol = "≥ " + sol + " (incomplete)"
	}
	search := "algorithm " + r.Algorithm
	if r.Workers > 1 {
		search += fmt.Sprintf(", %d workers", r.Workers)
	}
	rows := [][2]string{
		{"problem", fmt.Sprintf("%s (%d items, %d primary; %d options; %s)", r.File, r.Items, r.Primary, r.Options, search)},
		{"solutions", sol},
		{"nodes", strconv.FormatUint(r.Nodes, 10)},
		{"updates", strconv.FormatUint(r.Updates, 10)},
		{"cleansings", strconv.FormatUint(r.Cleansings, 10)},
		{"costs", bestCosts(r.Best)},
		{"zdd", r.ZDD.summary()},
		{"seconds", strconv.FormatFloat(r.Seconds, 'f', 4, 64)},
		{"status", status},
	}
	var b strings.Builder
	for _, row := range rows {
		if (row[0] == "costs" && r.Best == nil) || (row[0] == "zdd" && r.ZDD == nil) {
			continue
		}
		fmt.Fprintf(&b, "%-10s  %s\n", row[0], row[1])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// bestCosts lists the costs of the solutions of Best, cheapest first.
func bestCosts(list *[]ReportCost) string {
	if list == nil {
		return ""
	}
	best := *list
	if len(best) == 0 {
		return "none (no solution)"
	}
	var b strings.Builder
	for i, s := range best {
		if i == 20 {
			fmt.Fprintf(&b, " … (%d in all)", len(best))
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.FormatUint(s.Cost, 10))
	}
	return b.String()
}

// summary is the summary line of the ZDD.
func (r *ReportZDD) summary() string {
	if r == nil {
		return ""
	}
	s := fmt.Sprintf("%d nodes, %d cached states, %d hits; count %s", r.Nodes, r.Memos, r.Hits, r.Count)
	if r.File != "" {
		s += "; written to " + r.File
	}
	return s
}
