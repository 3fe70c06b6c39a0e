package preset

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
)

// sat: the SAT solvers and at-most-one encodings side by side, with
// tables of its own (the report's would have a column for each of its
// thirty backends) and a plot of the first-solution times of each solver
// with the default encoding.
func init() {
	Register(&Preset{Name: "sat", Flags: []string{"instances"},
		Spec:    func(ctx context.Context, o Options) (experiments.Spec, error) { return SAT(ctx, o) },
		Summary: func(rep *results.Report) results.Summary { return SATSummary{Report: rep} },
		Plot:    satPlot})
}

// SAT builds the SAT experiment (experiments.SATPreset): every solver ×
// encoding (or --backends) finds a first solution for
// experiments.DefaultSATFirstN (or --n) and decides the completion boards
// of --boards (default the published ones, Options.Published; none for
// no boards) and the generated hard set (--instances per order,
// default experiments.DefaultSATHardInstances, from --seed), dlx beside
// them. An interruption while the instances are generated is ctx's error.
func SAT(ctx context.Context, o Options) (experiments.Spec, error) {
	var spec experiments.Spec
	if err := ownProblems("sat", o.Set, "mode"); err != nil {
		return spec, err
	}
	sp := experiments.SATPreset{Ns: experiments.DefaultSATFirstN}
	var err error
	if o.Set["n"] {
		if sp.Ns, err = experiments.ParseRange(o.N); err != nil {
			return spec, settingf("--n: %v", err)
		}
	}
	var names []string
	if o.Set["backends"] {
		for _, n := range strings.Split(o.Backends, ",") {
			if n = strings.TrimSpace(n); n != "" {
				names = append(names, n)
			}
		}
	}
	if sp.Backends, err = experiments.SATPresetBackends(names); err != nil {
		return spec, settingf("--backends: %v", err)
	}
	switch dir := o.Boards; dir {
	case "none":
	case "":
		// The published instances come from o.Published (embedded in the
		// binary): no working directory needed.
		if o.Published == nil {
			return spec, errors.New("preset: the embedded instances: none given (Options.Published)")
		}
		if sp.Boards, err = experiments.LoadInstancesFS(o.Published, o.PublishedDir); err != nil {
			return spec, fmt.Errorf("preset: the embedded instances: %w", err)
		}
	default:
		if sp.Boards, err = experiments.LoadInstances(dir); err != nil {
			return spec, settingf("--boards: %v", err)
		}
	}
	instances := experiments.DefaultSATHardInstances
	if o.Set["instances"] {
		instances = o.Instances
	}
	if instances < 0 {
		return spec, settingf("--instances must not be negative, got %d", instances)
	}
	if o.Seed < 0 {
		return spec, settingf("--seed must not be negative for --preset sat, got %d", o.Seed)
	}
	if instances > 0 {
		hard, err := experiments.HardInstances(ctx, experiments.DefaultSATHard, instances, uint64(o.Seed))
		if ctx.Err() != nil {
			return spec, ctx.Err()
		}
		if err != nil {
			return spec, settingf("%v", err)
		}
		sp.Boards = append(sp.Boards, hard...)
	}
	if dlx, err := backend.Lookup("dlx"); err == nil {
		sp.Reference = dlx
	}
	if spec, err = sp.Spec(); err != nil {
		return spec, settingf("%v", err)
	}
	return spec, nil
}

// SATSummary is the SAT experiment's report as its own tables
// (results.Summary) in text and Markdown; the other formats write the
// report as it is.
type SATSummary struct {
	Report *results.Report
}

// satLegend ends the SAT experiment's tables.
const satLegend = "seconds: wall-clock time of one run (writing the formula to an external solver included); TIMEOUT: the time limit was reached (or, \"not run\", reached on earlier problems); REFUSED: too large for this run's memory (the backend declined before it started); ERROR: failed; MISMATCH: an answer that disagrees with the others or a model that failed verification. Every model found was checked against every clause and by the independent verifier."

// WriteSummary writes the tables in format f, Text or Markdown, and
// results.ErrNoSummary for the others.
func (s SATSummary) WriteSummary(w io.Writer, f results.Format) error {
	if f != results.Text && f != results.Markdown {
		return results.ErrNoSummary
	}
	if err := writeTables(w, s.Report, f == results.Markdown); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\n%s\n", satLegend)
	return err
}

// satPlot picks the records of the plot: the first-solution times of
// each solver with the default encoding.
func satPlot(rep *results.Report) []results.Record {
	var recs []results.Record
	for _, r := range rep.Records {
		if r.Mode != "first" {
			continue
		}
		for _, s := range experiments.SATSolvers() {
			if r.Backend == experiments.SATBackendName(s, encode.DefaultAMO) {
				recs = append(recs, r)
			}
		}
	}
	return recs
}

// writeTables writes the SAT experiment's tables: for the first
// solution, per n and encoding, the formula's size and each solver's
// time; for the completion boards, per encoding, how many each solver
// decided within the time limit, its total and worst time, and whether
// every answer agreed with the others (every model was verified).
func writeTables(w io.Writer, rep *results.Report, md bool) error {
	tw := &satTable{md: md}
	for _, t := range rep.Tables {
		cells := map[string]map[string]results.Cell{} // backend → problem → cell
		for _, row := range t.Rows {
			for _, c := range row.Cells {
				if cells[c.Backend] == nil {
					cells[c.Backend] = map[string]results.Cell{}
				}
				cells[c.Backend][row.Problem.String()] = c
			}
		}
		switch t.Mode {
		case "first":
			firstTable(tw, t, cells)
		case results.DecideMode:
			decideTables(tw, t, cells)
		}
	}
	_, err := io.WriteString(w, tw.String())
	return err
}

// firstTable is the table of the first solutions: per n and encoding,
// the formula's size and each solver's time.
func firstTable(tw *satTable, t results.Table, cells map[string]map[string]results.Cell) {
	solvers := experiments.SATSolvers()
	amos := encode.AMOEncodings()
	tw.title("First solution of the empty board: seconds per solver (formula in dense numbering)")
	tw.header(append([]string{"n", "encoding", "variables", "clauses"}, solvers...))
	for _, row := range t.Rows {
		for _, a := range amos {
			vars, clauses, err := encode.CNFSize(encode.Empty(row.N), encode.CNFOptions{AMO: a, Dense: true})
			line := []string{strconv.Itoa(row.N), a.String(), "?", "?"}
			if err == nil {
				line[2], line[3] = strconv.Itoa(vars), strconv.Itoa(clauses)
			}
			any := false
			for _, s := range solvers {
				c, ok := cells[experiments.SATBackendName(s, a)][row.Problem.String()]
				any = any || ok
				line = append(line, satCell(c, ok))
			}
			if any {
				tw.row(line)
			}
		}
	}
}

// decideTables are the tables of the completion boards: per encoding,
// how many each solver decided, and each board with the default
// encoding.
func decideTables(tw *satTable, t results.Table, cells map[string]map[string]results.Cell) {
	solvers := experiments.SATSolvers()
	amos := encode.AMOEncodings()
	tw.title(fmt.Sprintf("Completion boards decided (%d boards): decided within the time limit / run, total and worst seconds of the decided ones", len(t.Rows)))
	tw.header(append([]string{"encoding"}, solvers...))
	for _, a := range amos {
		line := []string{a.String()}
		any := false
		for _, s := range solvers {
			bc, ok := cells[experiments.SATBackendName(s, a)]
			if !ok {
				line = append(line, "—")
				continue
			}
			any = true
			decided, ran, bad := 0, 0, 0
			var total, worst float64
			for _, c := range bc {
				if c.Repeats == 0 {
					continue
				}
				ran++
				switch c.Status {
				case results.OK:
					decided++
					total += c.Seconds.Median
					worst = max(worst, c.Seconds.Median)
				case results.Mismatch, results.Error:
					bad++
				}
			}
			cell := fmt.Sprintf("%d/%d, %.1f s, worst %.2f s", decided, ran, total, worst)
			if bad > 0 {
				cell += fmt.Sprintf(", %d WRONG/ERROR", bad)
			}
			line = append(line, cell)
		}
		if any {
			tw.row(line)
		}
	}
	// The default encoding per board, with dlx's answer.
	tw.title(fmt.Sprintf("Each completion board with the default encoding (%s): seconds, answer (dlx's beside)", encode.DefaultAMO))
	tw.header(append([]string{"board", "free rows", "dlx"}, solvers...))
	for _, row := range t.Rows {
		name := row.Board
		if name == "" {
			name = row.Problem.String()
		}
		line := []string{name, strconv.Itoa(row.Free())}
		dc, ok := cells["dlx"][row.Problem.String()]
		line = append(line, satCell(dc, ok)+satAnswer(dc))
		for _, s := range solvers {
			c, ok := cells[experiments.SATBackendName(s, encode.DefaultAMO)][row.Problem.String()]
			line = append(line, satCell(c, ok)+satAnswer(c))
		}
		tw.row(line)
	}
}

// satCell is a cell's time, or its status in capitals.
func satCell(c results.Cell, ok bool) string {
	switch {
	case !ok || c.Repeats == 0:
		return "—"
	case c.Status == results.OK:
		return strconv.FormatFloat(c.Seconds.Median, 'f', 3, 64)
	}
	return strings.ToUpper(c.Status.String())
}

// satAnswer is " yes" or " no" for an OK decide cell.
func satAnswer(c results.Cell) string {
	if c.Repeats == 0 || c.Status != results.OK {
		return ""
	}
	if c.Answer > 0 {
		return " yes"
	}
	return " no"
}

// satTable writes aligned text or markdown tables.
type satTable struct {
	md   bool
	b    strings.Builder
	rows [][]string
}

func (t *satTable) title(s string) {
	t.flush()
	fmt.Fprintf(&t.b, "\n%s\n\n", s)
}

func (t *satTable) header(h []string) {
	t.rows = append(t.rows, h)
}

func (t *satTable) row(r []string) { t.rows = append(t.rows, r) }

func (t *satTable) flush() {
	if len(t.rows) == 0 {
		return
	}
	width := make([]int, len(t.rows[0]))
	for _, r := range t.rows {
		for i, c := range r {
			if i < len(width) {
				width[i] = max(width[i], utf8.RuneCountInString(c))
			}
		}
	}
	for k, r := range t.rows {
		if t.md {
			t.b.WriteString("| " + strings.Join(r, " | ") + " |\n")
			if k == 0 {
				t.b.WriteString("|" + strings.Repeat(" --- |", len(r)) + "\n")
			}
			continue
		}
		for i, c := range r {
			pad := width[i] - utf8.RuneCountInString(c)
			if i > 0 {
				t.b.WriteString("  ")
			}
			t.b.WriteString(c + strings.Repeat(" ", pad))
		}
		t.b.WriteString("\n")
	}
	t.rows = nil
}

// String ends the last table.
func (t *satTable) String() string { t.flush(); return t.b.String() }
