package results

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Column is a statistic that a table of times shows for each backend.
type Column string

// The statistics a time table can show (Layout.Columns).
const (
	ColMedian Column = "median" // the median time of the repeats
	ColCI     Column = "ci"     // ± the half-width of the 95 % interval, in % of the median
	ColRatio  Column = "ratio"  // the median relative to the base, or ~ when not significant
)

// AllColumns are the statistics shown by default, in their order.
var AllColumns = []Column{ColMedian, ColCI, ColRatio}

// DefaultWidth is the widest line of a text table: wider tables are split
// into blocks of backends (of problems, transposed), each repeating the
// leading columns.
const DefaultWidth = 100

// Layout says how the tables of times are laid out; the zero Layout shows
// every statistic, problems as rows, text at most DefaultWidth columns.
type Layout struct {
	// Columns are the statistics shown, in this order; nil for AllColumns.
	Columns []Column
	// Transpose puts the backends in rows and the problems in columns.
	Transpose bool
	// Width is the widest line of a text table (0: DefaultWidth; negative:
	// no limit).
	Width int
}

// ParseColumns reads a comma-separated list of statistics: median, ci (or
// ±, pm) and ratio (or ×, x), as --columns takes it.
func ParseColumns(s string) ([]Column, error) {
	var cols []Column
	for _, f := range strings.Split(s, ",") {
		var c Column
		switch strings.ToLower(strings.TrimSpace(f)) {
		case "median", "time", "t":
			c = ColMedian
		case "ci", "±", "pm", "spread":
			c = ColCI
		case "ratio", "×", "x":
			c = ColRatio
		case "":
			continue
		default:
			return nil, fmt.Errorf("results: unknown column %q (want median, ci or ratio)", strings.TrimSpace(f))
		}
		if !slices.Contains(cols, c) {
			cols = append(cols, c)
		}
	}
	if len(cols) == 0 {
		return nil, fmt.Errorf("results: no column in %q (want median, ci or ratio)", s)
	}
	return cols, nil
}

func (l Layout) columns() []Column {
	if len(l.Columns) == 0 {
		return AllColumns
	}
	return l.Columns
}

func (l Layout) width() int {
	if l.Width == 0 {
		return DefaultWidth
	}
	return l.Width
}

// grid is a table of times laid out as strings: lead columns (repeated in
// every block of a split table) and groups of columns, one group per
// backend (per problem, transposed) with one column per statistic when
// the statistics are separate (LaTeX), else one.
type grid struct {
	leadHead []string
	groups   []string   // the group headings
	sub      []string   // the headings of a group's columns (separate statistics), nil for one column
	rows     [][]string // lead cells, then the groups' cells
	foot     []string   // nil for none
	leftCols []int      // lead columns aligned left
}

// groupWidth is the number of columns of a group.
func (g *grid) groupWidth() int { return max(len(g.sub), 1) }

// statText is one statistic of a cell: "" when it has nothing to show.
// separate asks for a bare value (a column of its own, LaTeX): "15"
// rather than "±15%".
func statText(c Cell, col Column, first bool, m marks, separate bool) string {
	if c.Repeats == 0 {
		if first {
			return m.dash
		}
		return ""
	}
	if c.Status != OK {
		if first {
			return strings.ToUpper(c.Status.String())
		}
		return ""
	}
	switch col {
	case ColMedian:
		return m.seconds(c.Seconds.Median)
	case ColCI:
		if !c.Seconds.HasCI() {
			return ""
		}
		pct := strconv.FormatFloat(100*c.Seconds.Spread(), 'f', 0, 64)
		if separate {
			return pct
		}
		return m.pm + pct + m.pct
	case ColRatio:
		if c.Vs == nil {
			return ""
		}
		times := m.times
		if separate {
			times = ""
		}
		switch {
		case c.Vs.Significant:
			return times + formatRatio(c.Vs.Ratio)
		case c.Vs.Tested:
			return m.sim
		}
		return times + formatRatio(c.Vs.Ratio) + "?"
	}
	return ""
}

// meanStat is one statistic of a geometric mean.
func meanStat(g Mean, base bool, col Column, m marks, separate bool) string {
	if g.Rows == 0 {
		return ""
	}
	switch col {
	case ColMedian:
		return m.seconds(g.Seconds)
	case ColRatio:
		if base {
			return ""
		}
		if separate {
			return formatRatio(g.Ratio)
		}
		return m.times + formatRatio(g.Ratio)
	}
	return ""
}

// cellStats is a cell's statistics: one string per column when separate,
// else one string joining them.
func cellStats(c Cell, cols []Column, m marks, separate bool) []string {
	out := make([]string, len(cols))
	for i, col := range cols {
		out[i] = statText(c, col, i == 0, m, separate)
	}
	if separate {
		return out
	}
	return []string{joinNonEmpty(out)}
}

func meanStats(g Mean, base bool, cols []Column, m marks, separate bool) []string {
	out := make([]string, len(cols))
	for i, col := range cols {
		out[i] = meanStat(g, base, col, m, separate)
	}
	if separate {
		return out
	}
	return []string{joinNonEmpty(out)}
}

func joinNonEmpty(ss []string) string {
	var keep []string
	for _, s := range ss {
		if s != "" {
			keep = append(keep, s)
		}
	}
	return strings.Join(keep, " ")
}

// subHeadings names the separate statistics' columns.
func subHeadings(cols []Column, m marks) []string {
	h := make([]string, len(cols))
	for i, c := range cols {
		switch c {
		case ColMedian:
			h[i] = "time"
		case ColCI:
			h[i] = m.pm + m.pct
		case ColRatio:
			h[i] = m.times
		}
	}
	return h
}

// problemLabel names a problem as a transposed table's column heading.
func (t *Table) problemLabel(r Row) string {
	if r.Board != "" {
		return r.Board
	}
	if r.Variant != "" {
		return fmt.Sprintf("%s n=%d", r.Variant, r.N)
	}
	return "n=" + strconv.Itoa(r.N)
}

// grid lays the table out as lay says; separate puts each statistic in a
// column of its own.
func (t *Table) grid(m marks, lay Layout, separate bool) grid {
	cols := lay.columns()
	var g grid
	if separate && len(cols) > 1 {
		g.sub = subHeadings(cols, m)
	}
	k := g.groupWidth()
	if !lay.Transpose {
		// hasBoards and showsAnswer look at every row: asked once, not
		// once a row (a log of 40,000 orders took a minute to render).
		boards, answers := t.hasBoards(), t.showsAnswer()
		g.leadHead = []string{"n"}
		if boards {
			g.leadHead = append(g.leadHead, "board")
			g.leftCols = []int{1}
		}
		if answers {
			g.leadHead = append(g.leadHead, t.answerHeading())
		}
		g.groups = slices.Clone(t.Backends)
		for _, r := range t.Rows {
			line := []string{strconv.Itoa(r.N)}
			if boards {
				line = append(line, r.Board)
			}
			if answers {
				line = append(line, t.answerText(r))
			}
			for _, c := range r.Cells {
				line = append(line, cellStats(c, cols, m, separate)...)
			}
			g.rows = append(g.rows, line)
		}
		g.foot = make([]string, len(g.leadHead))
		g.foot[0] = "geomean"
		for _, gm := range t.GeoMean {
			g.foot = append(g.foot, meanStats(gm, gm.Backend == t.Base, cols, m, separate)...)
		}
		return g
	}
	// Transposed: a row per backend, a group per problem, the geometric
	// mean as the last group.
	g.leadHead = []string{"backend"}
	g.leftCols = []int{0}
	for _, r := range t.Rows {
		g.groups = append(g.groups, t.problemLabel(r))
	}
	g.groups = append(g.groups, "geomean")
	if t.showsAnswer() {
		line := []string{t.answerHeading()}
		for _, r := range t.Rows {
			line = append(line, t.answerText(r))
			for range k - 1 {
				line = append(line, "")
			}
		}
		line = append(line, make([]string, k)...)
		g.rows = append(g.rows, line)
	}
	for j, b := range t.Backends {
		line := []string{b}
		for _, r := range t.Rows {
			line = append(line, cellStats(r.Cells[j], cols, m, separate)...)
		}
		gm := t.GeoMean[j]
		line = append(line, meanStats(gm, gm.Backend == t.Base, cols, m, separate)...)
		g.rows = append(g.rows, line)
	}
	return g
}

// blocks splits the groups so that each block's text lines fit width
// (writeTable's plain rendering: one space either side of a column);
// a group wider than width alone makes a block of its own. It returns
// the groups' index ranges [from, to).
func (g *grid) blocks(width int) [][2]int {
	k := g.groupWidth()
	lead := len(g.leadHead)
	colWidth := func(i int) int {
		w := 0
		if i < lead {
			w = cellWidth(g.leadHead[i])
		} else if k == 1 {
			w = cellWidth(g.groups[(i-lead)/k])
		}
		for _, r := range g.rows {
			w = max(w, cellWidth(r[i]))
		}
		if g.foot != nil {
			w = max(w, cellWidth(g.foot[i]))
		}
		return w + 2
	}
	leadW := 0
	for i := range lead {
		leadW += colWidth(i)
	}
	if width < 0 {
		return [][2]int{{0, len(g.groups)}}
	}
	var out [][2]int
	from, w := 0, leadW
	for j := range g.groups {
		gw := 0
		for s := range k {
			gw += colWidth(lead + j*k + s)
		}
		if j > from && w+gw > width {
			out = append(out, [2]int{from, j})
			from, w = j, leadW
		}
		w += gw
	}
	return append(out, [2]int{from, len(g.groups)})
}

// block is the grid restricted to the groups [from, to).
func (g *grid) block(from, to int) (head []string, body [][]string, foot []string) {
	k := g.groupWidth()
	lead := len(g.leadHead)
	pick := func(line []string) []string {
		out := slices.Clone(line[:lead])
		return append(out, line[lead+from*k:lead+to*k]...)
	}
	head = slices.Clone(g.leadHead)
	for j := from; j < to; j++ {
		if k == 1 {
			head = append(head, g.groups[j])
		} else {
			head = append(head, g.sub...)
		}
	}
	for _, r := range g.rows {
		body = append(body, pick(r))
	}
	if g.foot != nil {
		foot = pick(g.foot)
	}
	return head, body, foot
}
