package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	root "github.com/qtool-project/qtool"
	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
)

// noteUnavailable says on stderr which backends of spec cannot run on this
// machine (an external solver that is not installed): their cells are
// skipped, and the run goes on without them.
func noteUnavailable(c *cli, spec experiments.Spec) {
	seen := map[string]bool{}
	for _, g := range spec.Grids {
		for _, b := range g.Backends {
			if seen[b.Name()] {
				continue
			}
			seen[b.Name()] = true
			if err := backend.Unavailable(b); err != nil {
				fmt.Fprintf(c.stderr, "bench: note: backend %s is unavailable, its cells are skipped: %s\n", b.Name(), backend.UnavailableReason(err))
			}
		}
	}
}

func init() {
	registerPreset(&benchPreset{name: "sat", flags: []string{"instances"}, render: satRender,
		spec: func(_ context.Context, f benchFlags, set map[string]bool, ref *experiments.Reference) (experiments.Spec, error) {
			return satPresetSpec(f, set, ref)
		}})
}

// satPresetSpec builds the SAT experiment from the flags: every solver ×
// encoding (or --backends) finds a first solution for n = 50..1000 (or
// --n) and decides the completion boards of --boards (default the
// published ones) and the generated hard set (--instances per order,
// --seed), dlx beside them.
func satPresetSpec(f benchFlags, set map[string]bool, ref *experiments.Reference) (experiments.Spec, error) {
	var spec experiments.Spec
	for _, name := range []string{"mode"} {
		if set[name] {
			return spec, usageErrorf("bench: --preset sat makes its own problems: --%s does not apply", name)
		}
	}
	sp := experiments.SATPreset{Ns: experiments.DefaultSATFirstN}
	var err error
	if set["n"] {
		if sp.Ns, err = experiments.ParseRange(f.n); err != nil {
			return spec, usageErrorf("bench: --n: %v", err)
		}
	}
	var names []string
	if set["backends"] {
		for _, n := range strings.Split(f.backends, ",") {
			if n = strings.TrimSpace(n); n != "" {
				names = append(names, n)
			}
		}
	}
	if sp.Backends, err = experiments.SATPresetBackends(names); err != nil {
		return spec, usageErrorf("bench: --backends: %v", err)
	}
	switch dir := f.boards; dir {
	case "none":
	case "":
		// The published instances are embedded: no working directory needed.
		if sp.Boards, err = experiments.LoadInstancesFS(root.Prob079(), root.Prob079Dir); err != nil {
			return spec, fmt.Errorf("bench: the embedded instances: %w", err)
		}
	default:
		if sp.Boards, err = experiments.LoadInstances(dir); err != nil {
			return spec, usageErrorf("bench: --boards: %w", err)
		}
	}
	instances := experiments.DefaultSATHardInstances
	if set["instances"] {
		instances = f.instances
	}
	if instances < 0 {
		return spec, usageErrorf("bench: --instances must not be negative, got %d", instances)
	}
	if f.seed < 0 {
		return spec, usageErrorf("bench: --seed must not be negative for --preset sat, got %d", f.seed)
	}
	if instances > 0 {
		hard, err := experiments.HardInstances(experiments.DefaultSATHard, instances, uint64(f.seed))
		if err != nil {
			return spec, usageErrorf("bench: %v", err)
		}
		sp.Boards = append(sp.Boards, hard...)
	}
	if dlx, err := backend.Lookup("dlx"); err == nil {
		sp.Reference = dlx
	}
	if spec, err = sp.Spec(); err != nil {
		return spec, usageErrorf("bench: %v", err)
	}
	return presetSpec(f, set, spec, ref)
}

// satSummary prints the SAT experiment's own tables after the report's:
// for the first solution, per n and encoding, the formula's size and each
// solver's time; for the completion boards, per encoding, how many each
// solver decided within the time limit, its total and worst time, and
// whether every answer agreed with the others (every model was verified).
func satSummary(w io.Writer, rep *results.Report, md bool) error {
	solvers := experiments.SATSolvers()
	amos := encode.AMOEncodings()
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
		case results.DecideMode:
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
	}
	_, err := io.WriteString(w, tw.String())
	return err
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

// satRender writes the SAT experiment: its own tables for text and md
// (the report's tables would have a column for each of its thirty
// backends), the report itself for csv, json and latex. The plot shows
// the first-solution times against n of each solver with the default
// encoding.
func satRender(c *cli, rep *results.Report, format results.Format, plot string) error {
	switch format.String() {
	case "text", "md":
		if err := rep.WriteHeader(c.stdout, format); err != nil {
			return err
		}
		if err := satSummary(c.stdout, rep, format.String() == "md"); err != nil {
			return err
		}
		fmt.Fprintln(c.stdout, "\nseconds: wall-clock time of one run (writing the formula to an external solver included); TIMEOUT: the time limit was reached (or, \"not run\", reached on earlier problems); REFUSED: too large for this run's memory (the backend declined before it started); ERROR: failed; MISMATCH: an answer that disagrees with the others or a model that failed verification. Every model found was checked against every clause and by the independent verifier.")
	default:
		if err := rep.Write(c.stdout, format); err != nil {
			return err
		}
	}
	if plot == "" {
		return nil
	}
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
	if err := results.NewReport(rep.Envs, recs, "").SavePlot(plot); err != nil {
		return fmt.Errorf("%s: %w", plot, err)
	}
	return nil
}
