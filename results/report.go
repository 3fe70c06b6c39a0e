package results

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Report is a set of records with the environments they were measured in,
// summarised as one Table per mode. Build it with NewReport.
type Report struct {
	Envs    []Env
	Records []Record
	Tables  []Table
	// Layout is how the text, Markdown and LaTeX renderings lay out the
	// tables of times: which statistics, transposed or not, how wide.
	Layout Layout `json:"-"`
	// Summary, when not nil, is what the text and Markdown renderings
	// show after the environment instead of the tables, the cells that
	// are not OK and the legend; a format it does not lay out (see
	// Summary.WriteSummary) shows the report as usual.
	Summary Summary `json:"-"`
}

// Table summarises the records of one mode: a Row per problem, a column
// per backend, compared with Base.
type Table struct {
	Mode     string   `json:"mode"`
	Base     string   `json:"base"`
	Backends []string `json:"backends"`
	Rows     []Row    `json:"rows"`
	// GeoMean has one entry per backend: the geometric mean of its median
	// times and of its ratios to the base over the rows where both it and
	// the base are OK.
	GeoMean []Mean `json:"geomean"`
	// Solubility summarises a table of mode DecideMode (nil for the other
	// modes), and is what the renderers show of it.
	Solubility *Solubility `json:"solubility,omitempty"`
	// Excluded summarises, instead, a decide table of Excluded Diagonals
	// instances (see Excluded).
	Excluded *Excluded `json:"excluded_diagonals,omitempty"`
}

// Row is one problem of a table.
type Row struct {
	Problem
	// Answer is the answer the OK cells agree on (the majority when they
	// disagree); HasAnswer is false when no cell is OK.
	Answer    uint64 `json:"answer"`
	HasAnswer bool   `json:"has_answer"`
	// Disputed reports that the OK answers of the row disagreed before
	// the cells that differ were marked Mismatch.
	Disputed bool   `json:"disputed,omitempty"`
	Cells    []Cell `json:"cells"` // parallel to Table.Backends
}

// Cell summarises the repeats of one backend on one problem.
type Cell struct {
	Backend string `json:"backend"`
	Repeats int    `json:"repeats"` // records; 0 means not run (the backend cannot do it)
	Status  Status `json:"status"`  // the worst status of the runs
	// Seconds, Answer and Nodes describe the runs when Status is OK.
	Seconds Sample      `json:"seconds"`
	Answer  uint64      `json:"answer"`
	Nodes   uint64      `json:"nodes"`
	Vs      *Comparison `json:"vs_base,omitempty"` // nil for the base and when either is not OK
	Message string      `json:"message,omitempty"`

	times []float64
	spent float64 // the longest run, for a cell that is not OK (a plot's mark)
}

// Mean is one entry of a table's geometric-mean line.
type Mean struct {
	Backend string  `json:"backend"`
	Rows    int     `json:"rows"`    // rows averaged over
	Seconds float64 `json:"seconds"` // geometric mean of the medians; 0 when Rows is 0
	Ratio   float64 `json:"ratio"`   // geometric mean of the ratios, 1 for the base; 0 when Rows is 0
}

// NewReport groups records into tables, one per mode in the order the
// modes first appear. Rows are ordered by n, board name and digest; columns
// by the order in which backends first appear in records. base names the
// backend the others are compared with; when a table lacks it (or base is
// empty) its first backend is the base. The answers of each row are
// cross-checked as described in the package documentation.
//
// When an environment's setting "clock" is "processor", the tables show
// each record's processor time (Record.CPU, where measured) instead of its
// wall-clock time; Records keeps both.
func NewReport(envs []Env, records []Record, base string) *Report {
	r := &Report{Envs: envs, Records: records}
	shown := records
	if processorClock(envs) {
		shown = make([]Record, len(records))
		for i, rec := range records {
			if rec.CPU > 0 {
				rec.Seconds = rec.CPU
			}
			shown[i] = rec
		}
	}
	var modes []string
	byMode := map[string][]Record{}
	for _, rec := range shown {
		if _, ok := byMode[rec.Mode]; !ok {
			modes = append(modes, rec.Mode)
		}
		byMode[rec.Mode] = append(byMode[rec.Mode], rec)
	}
	for _, m := range modes {
		r.Tables = append(r.Tables, newTable(m, byMode[m], base))
	}
	return r
}

// ClockProcessor is the value of the environment setting "clock" that
// makes a report show processor time (Record.CPU) rather than wall-clock
// time.
const ClockProcessor = "processor"

// processorClock reports whether an environment asks for processor time.
func processorClock(envs []Env) bool {
	for _, e := range envs {
		if e.Settings["clock"] == ClockProcessor {
			return true
		}
	}
	return false
}

func newTable(mode string, records []Record, base string) Table {
	t := Table{Mode: mode}
	col := map[string]int{}
	var problems []Problem
	seen := map[Problem]bool{}
	for _, rec := range records {
		if _, ok := col[rec.Backend]; !ok {
			col[rec.Backend] = len(t.Backends)
			t.Backends = append(t.Backends, rec.Backend)
		}
		if !seen[rec.Problem] {
			seen[rec.Problem] = true
			problems = append(problems, rec.Problem)
		}
	}
	sort.Slice(problems, func(i, j int) bool { return problems[i].less(problems[j]) })
	row := map[Problem]int{}
	for i, p := range problems {
		row[p] = i
		cells := make([]Cell, len(t.Backends))
		for j, b := range t.Backends {
			cells[j].Backend = b
		}
		t.Rows = append(t.Rows, Row{Problem: p, Cells: cells})
	}
	groups := make([][][]Record, len(problems))
	for i := range groups {
		groups[i] = make([][]Record, len(t.Backends))
	}
	for _, rec := range records {
		i, j := row[rec.Problem], col[rec.Backend]
		groups[i][j] = append(groups[i][j], rec)
	}
	for i := range t.Rows {
		for j := range t.Backends {
			t.Rows[i].Cells[j] = newCell(t.Backends[j], groups[i][j])
		}
		crossCheck(&t.Rows[i])
	}

	t.Base = t.Backends[0]
	if slices.Contains(t.Backends, base) {
		t.Base = base
	}
	bj := col[t.Base]
	t.GeoMean = make([]Mean, len(t.Backends))
	for j, b := range t.Backends {
		var secs, ratios []float64
		for i := range t.Rows {
			c, bc := &t.Rows[i].Cells[j], &t.Rows[i].Cells[bj]
			if c.Status != OK || c.Repeats == 0 || bc.Status != OK || bc.Repeats == 0 {
				continue
			}
			secs = append(secs, c.Seconds.Median)
			if j != bj {
				cmp := Compare(c.times, bc.times)
				c.Vs = &cmp
				ratios = append(ratios, cmp.Ratio)
			}
		}
		m := Mean{Backend: b, Rows: len(secs)}
		if len(secs) > 0 {
			m.Seconds, m.Ratio = GeoMean(secs), 1
			if j != bj {
				m.Ratio = GeoMean(ratios)
			}
		}
		t.GeoMean[j] = m
	}
	switch {
	case mode == DecideMode && t.isExcluded():
		t.Excluded = newExcluded(&t)
	case mode == DecideMode:
		t.Solubility = newSolubility(&t)
	}
	return t
}

func newCell(backend string, recs []Record) Cell {
	c := Cell{Backend: backend, Repeats: len(recs)}
	if len(recs) == 0 {
		return c
	}
	for _, rec := range recs {
		c.spent = max(c.spent, rec.Seconds)
		if rec.Status.severity() > c.Status.severity() {
			c.Status = rec.Status
			c.Message = ""
		}
		if rec.Status == c.Status && c.Message == "" && rec.Message != "" {
			c.Message = fmt.Sprintf("repeat %d: %s", rec.Repeat, rec.Message)
		}
	}
	if c.Status != OK {
		return c
	}
	c.Answer, c.Nodes = recs[0].Answer, recs[0].Nodes
	for _, rec := range recs {
		if rec.Answer != c.Answer {
			c.Status = Mismatch
			c.Message = fmt.Sprintf("repeats disagree: %d then %d", c.Answer, rec.Answer)
			return c
		}
		c.times = append(c.times, rec.Seconds)
	}
	c.Seconds = Summarize(c.times)
	return c
}

// crossCheck compares the answers of the OK cells of a row: the cells
// whose answer differs from the majority become Mismatch, all of them when
// no answer has a strict majority.
func crossCheck(r *Row) {
	votes := map[uint64][]string{}
	var answers []uint64
	for _, c := range r.Cells {
		if c.Repeats == 0 || c.Status != OK {
			continue
		}
		if _, ok := votes[c.Answer]; !ok {
			answers = append(answers, c.Answer)
		}
		votes[c.Answer] = append(votes[c.Answer], c.Backend)
	}
	if len(answers) == 0 {
		return
	}
	sort.SliceStable(answers, func(i, j int) bool { return len(votes[answers[i]]) > len(votes[answers[j]]) })
	r.HasAnswer = true
	r.Answer = answers[0]
	if len(answers) == 1 {
		return
	}
	r.Disputed = true
	var all []string
	for _, a := range answers {
		all = append(all, fmt.Sprintf("%d by %s", a, strings.Join(votes[a], ", ")))
	}
	tie := len(votes[answers[0]]) == len(votes[answers[1]])
	if tie {
		r.HasAnswer = false
	}
	for i := range r.Cells {
		c := &r.Cells[i]
		if c.Repeats == 0 || c.Status != OK || (!tie && c.Answer == r.Answer) {
			continue
		}
		c.Status = Mismatch
		c.Message = "backends disagree: " + strings.Join(all, "; ")
	}
}

// Count returns the number of cells, over all tables, with status s. Cells
// that were not run are not counted.
func (r *Report) Count(s Status) int {
	k := 0
	for _, t := range r.Tables {
		for _, row := range t.Rows {
			for _, c := range row.Cells {
				if c.Repeats > 0 && c.Status == s {
					k++
				}
			}
		}
	}
	return k
}

// hasBoards reports whether any row is a board read from a file.
func (t *Table) hasBoards() bool {
	for _, r := range t.Rows {
		if r.Board != "" || r.Hash != "" {
			return true
		}
	}
	return false
}

// title describes the mode of a table.
func (t *Table) title() string {
	switch t.Mode {
	case "count":
		return "count: all solutions"
	case "first":
		return "first: one solution"
	case "complete":
		return "complete: one completion of the given queens"
	case DecideMode:
		if t.Excluded != nil {
			return "decide: can n queens be placed off the excluded diagonals?"
		}
		return "decide: can the given queens be completed?"
	}
	return t.Mode
}

// showsAnswer reports whether the table has an answer column: counts do;
// the modes that find one solution do when some problem has none.
func (t *Table) showsAnswer() bool {
	if t.Mode == "count" {
		return true
	}
	for _, r := range t.Rows {
		if r.HasAnswer && r.Answer == 0 {
			return true
		}
	}
	return false
}

// answerHeading is the heading of the answer column.
func (t *Table) answerHeading() string {
	if t.Mode == "count" {
		return "solutions"
	}
	return "exists"
}

// answerText is a row's entry in the answer column.
func (t *Table) answerText(r Row) string {
	switch {
	case !r.HasAnswer:
		return "?"
	case t.Mode == "count":
		return strconv.FormatUint(r.Answer, 10)
	case r.Answer == 0:
		return "no"
	}
	return "yes"
}

// notes lists the cells that are not OK, with their messages, in table
// order; the timeouts of a decide table are left out (its summary counts
// them).
func (r *Report) notes() []note {
	var ns []note
	for _, t := range r.Tables {
		for _, row := range t.Rows {
			for _, c := range row.Cells {
				if (t.Solubility != nil || t.Excluded != nil) && c.Status == Timeout {
					continue
				}
				if c.Repeats > 0 && c.Status != OK {
					ns = append(ns, note{mode: t.Mode, problem: row.Problem, cell: c})
				}
			}
		}
	}
	return ns
}

type note struct {
	mode    string
	problem Problem
	cell    Cell
}

func (n note) String() string {
	s := fmt.Sprintf("%s %s %s %s", strings.ToUpper(n.cell.Status.String()), n.mode, n.problem, n.cell.Backend)
	if n.cell.Message != "" {
		s += ": " + n.cell.Message
	}
	return s
}
