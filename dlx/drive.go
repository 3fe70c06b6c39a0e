package dlx

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"time"
)

// The drivers of qtool xcover: a search, a search for the cheapest
// solutions and the ZDD of all solutions, each timed and recorded as a
// Report, and the printing of what they find.

// Search runs the search of cfg on p (Run), timed, and records it as the
// run of the problem read from file. The report's Status and Complete are
// set by Finish, once the caller knows how the run ended.
func (p *Matrix) Search(ctx context.Context, file string, cfg Config) (Report, error) {
	start := time.Now()
	st, err := p.Run(ctx, cfg)
	return p.report(file, cfg.Algorithm.String(), cfg.Workers, st, time.Since(start), cfg.Limit), err
}

// SearchBest runs Best for the k cheapest solutions (cfg.Limit bounds the
// solutions visited), timed, and records them, cheapest first, with their
// option lines. Status and Complete are set by Finish.
func (p *Matrix) SearchBest(ctx context.Context, file string, k int, cfg Config) (Report, error) {
	start := time.Now()
	sols, st, err := p.Best(ctx, k, cfg)
	rec := p.report(file, "C", 1, st, time.Since(start), cfg.Limit)
	best := make([]ReportCost, 0, len(sols))
	for _, s := range sols {
		best = append(best, ReportCost{Cost: s.Cost, Options: p.optionLines(s.Options)})
	}
	rec.Best = &best
	return rec, err
}

// SearchZDD builds the ZDD of every solution of p (BuildZDD), timed, and
// records it with its exact count and k solutions drawn uniformly from it
// (Sample with seed); zddFile is where the caller writes it ("" nowhere).
// The report is complete: a ZDD is all or nothing.
func (p *Matrix) SearchZDD(ctx context.Context, file, zddFile string, k int, seed int64) (*ZDD, Report, error) {
	start := time.Now()
	z, err := p.BuildZDD(ctx)
	elapsed := time.Since(start)
	if err != nil {
		return nil, Report{}, err
	}
	rec := p.report(file, "C", 1, Stats{Nodes: z.Nodes, Updates: z.Updates, Cleansings: z.Cleansings}, elapsed, 0)
	rec.Finish("ok")
	rec.ZDD = &ReportZDD{Nodes: z.Size(), Memos: z.Memos, Hits: z.Hits, Count: z.CountString(), File: zddFile}
	if c := z.Count(); c.IsUint64() {
		rec.Solutions = c.Uint64()
	}
	sols := z.Sample(k, seed)
	if k > 0 {
		rec.ZDD.Samples = make([][]string, 0, len(sols))
		for _, s := range sols {
			rec.ZDD.Samples = append(rec.ZDD.Samples, p.optionLines(s))
		}
	}
	return z, rec, nil
}

// report is the record of a run on p: its sizes, the search and its
// statistics.
func (p *Matrix) report(file, algorithm string, workers int, st Stats, elapsed time.Duration, limit uint64) Report {
	return Report{
		File: file, Items: p.Items(), Primary: p.Primary(), Options: p.Options(),
		Algorithm: algorithm, Workers: workers,
		Solutions: st.Solutions, Nodes: st.Nodes, Updates: st.Updates, Cleansings: st.Cleansings,
		Seconds: elapsed.Seconds(), Limit: limit,
	}
}

// optionLines are the lines of the options of a solution (OptionString).
func (p *Matrix) optionLines(options []int) []string {
	var lines []string
	for _, o := range options {
		lines = append(lines, p.OptionString(o))
	}
	return lines
}

// Finish records how the run ended: status ("ok", "timeout",
// "interrupted"), and whether its count is complete (ended "ok" without
// reaching the Limit).
func (r *Report) Finish(status string) {
	r.Status = status
	r.Complete = status == "ok" && (r.Limit == 0 || r.Solutions < r.Limit)
}

// EmptySolution is the line written for a solution of no option (every
// primary item's lower bound 0), a comment in Knuth's format, so that
// each solution is a block of at least one line.
const EmptySolution = "| the empty solution: no option"

// WriteSolutions writes the solutions the report holds, Best's (each
// after a line "| cost N") or the ZDD's samples, as their option lines set
// apart by blank lines, and says whether it wrote any.
func (r Report) WriteSolutions(w *bufio.Writer) bool {
	var sols [][]string
	var costs []uint64
	switch {
	case r.Best != nil:
		for _, s := range *r.Best {
			sols, costs = append(sols, s.Options), append(costs, s.Cost)
		}
	case r.ZDD != nil:
		sols = r.ZDD.Samples
	}
	for i, s := range sols {
		if i > 0 {
			w.WriteByte('\n')
		}
		if costs != nil {
			fmt.Fprintf(w, "| cost %d\n", costs[i])
		}
		if len(s) == 0 {
			w.WriteString(EmptySolution + "\n")
		}
		for _, line := range s {
			w.WriteString(line)
			w.WriteByte('\n')
		}
	}
	return len(sols) > 0
}

// PrintSolutions returns a Visit (Config.Visit) that writes each solution
// as its option lines (EmptySolution for none), solutions set apart by a
// blank line; the first
// write error stops the search and is kept in *werr.
func (p *Matrix) PrintSolutions(w *bufio.Writer, werr *error) func([]int) bool {
	first := true
	return func(options []int) bool {
		if !first {
			w.WriteByte('\n')
		}
		first = false
		if len(options) == 0 {
			if _, err := w.WriteString(EmptySolution + "\n"); err != nil {
				*werr = err
				return false
			}
		}
		for _, o := range options {
			w.WriteString(p.OptionString(o))
			if err := w.WriteByte('\n'); err != nil {
				*werr = err
				return false
			}
		}
		return true
	}
}

// WriteWarnings writes the first max warnings of the parse of file, one a
// line, and a line that counts the rest (Ignored).
func (p *Matrix) WriteWarnings(w io.Writer, file string, max int) {
	for i, wr := range p.Warnings() {
		if i == max {
			break
		}
		fmt.Fprintln(w, wr)
	}
	if more := p.Ignored() - min(len(p.Warnings()), max); more > 0 {
		fmt.Fprintf(w, "dlx: %s: %d more warnings not shown\n", file, more)
	}
}

// WriteFile writes z in the form file's name asks: JSON for a name ending
// in .json (WriteJSON), DLX6's text otherwise (WriteDLX6).
func (z *ZDD) WriteFile(w io.Writer, file string) error {
	if strings.HasSuffix(file, ".json") {
		return z.WriteJSON(w)
	}
	return z.WriteDLX6(w)
}
