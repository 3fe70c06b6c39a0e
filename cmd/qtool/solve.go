package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"sort"
	"time"

	"qtool/encode"
	"qtool/experiments"
)

func init() {
	register(command{name: "solve", summary: "print solutions of n-queens or completions of a board", run: runSolve})
}

const solveUsage = `
Usage: qtool solve -n N [--backend B] [--board FILE] [--limit K] [--seed S]
                   [--format grid|list|algebraic] [--unique] [--out FILE] [--json]

Prints solutions of the n-queens problem, or with --board completions of a
board whose queens are already placed. --limit 0 prints them all. A board
without any completion is a final answer ("no solution", exit 0) for the
exact backends; a method that gives up without a proof (minconflicts) or a
time limit says so and exits 3.

Forms: grid is n lines of 'Q' and '.'; list is one line per solution with
the 0-based column of each row; algebraic is chess notation (n ≤ 26), file
letter = column, rank = row + 1, e.g. a2, b4, c6, d8, e3, f1, g7, h5.

Examples:
  qtool solve -n 8
  qtool solve -n 8 --limit 0 --format list
  qtool solve -n 8 --unique --format algebraic
  qtool solve --board examples/board.txt --backend dlx
  qtool solve -n 1000000 --backend minconflicts --out queens.txt
`

type solveRecord struct {
	N          int                `json:"n"`
	Backend    string             `json:"backend"`
	Board      string             `json:"board,omitempty"`
	Given      int                `json:"given,omitempty"`
	Solutions  uint64             `json:"solutions"`
	Placements []encode.Placement `json:"placements,omitempty"`
	ClassSizes []int              `json:"class_sizes,omitempty"`
	Out        string             `json:"out,omitempty"`
	Nodes      *uint64            `json:"nodes,omitempty"`
	Seconds    float64            `json:"seconds"`
	Status     string             `json:"status"`
	Complete   bool               `json:"complete"`
	Stats      map[string]uint64  `json:"stats,omitempty"`
}

func runSolve(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("solve", solveUsage)
	var p problemFlags
	p.add(fs)
	p.addProblem(fs)
	limit := new(int)
	intFlag(fs, limit, "limit", 1, "print at most `K` solutions (0 = all)")
	format := fs.String("format", "", "output `form`: grid, list or algebraic (default grid up to n = 64, list above)")
	unique := fs.Bool("unique", false, "one representative per class under rotation and reflection, with its class size")
	outPath := fs.String("out", "", "write the solutions to `FILE` instead of stdout (a one-line summary goes to stdout)")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	if len(operands) > 0 {
		return usageErrorf("solve: unexpected argument %q (see qtool solve --help)", operands[0])
	}
	if *limit < 0 {
		return usageErrorf("--limit must be 0 (all) or more, got %d", *limit)
	}
	switch *format {
	case "", "grid", "list", "algebraic":
	default:
		return usageErrorf("--format %q: want grid, list or algebraic", *format)
	}
	prob, be, err := p.loadProblem(c, setFlags(fs), experiments.Find, *limit)
	if err != nil {
		return err
	}
	b := prob.Board
	if !prob.PlainQueens() {
		if *unique {
			return usageErrorf("--unique lists fundamental solutions of plain n-queens only")
		}
		return solveProblem(ctx, c, &p, prob, be, *limit, *format, *outPath)
	}
	if *format == "" {
		*format = "grid"
		if b.N > 64 {
			*format = "list"
		}
	}
	if *format == "grid" && b.N > maxGrid {
		return usageErrorf("--format grid prints n² characters: refused for n = %d > %d; use --format list", b.N, maxGrid)
	}
	if *format == "algebraic" && b.N > 26 {
		return usageErrorf("--format algebraic needs n ≤ 26, got %d", b.N)
	}
	caps := be.Caps()
	if !caps.Find {
		return usageErrorf("backend %s cannot find solutions", be.Name())
	}
	if *unique {
		if b.Given() > 0 {
			return usageErrorf("--unique needs an empty board: queens already placed break the symmetry")
		}
		if !caps.All {
			return usageErrorf("--unique needs a backend that enumerates all solutions, not %s", be.Name())
		}
	}
	if (*limit == 0 || *limit > 1) && !caps.All {
		return usageErrorf("backend %s finds one solution; use --limit 1", be.Name())
	}

	w := c.stdout
	var out *outFile
	if *outPath != "" {
		// The solutions go to a temporary file that replaces FILE at the
		// end: a search that fails leaves FILE as it was, and one cut
		// short leaves what it found, marked incomplete inside the file.
		if out, err = createOut(*outPath); err != nil {
			return usageErrorf("--out %s: %v", *outPath, err)
		}
		defer out.discard()
		w = out.f
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	rec := solveRecord{N: b.N, Backend: be.Name(), Board: boardName(p.board), Given: b.Given(), Out: *outPath}
	printed := 0
	emit := func(q encode.Placement, classSize int) error {
		printed++
		if p.json && *outPath == "" {
			rec.Placements = append(rec.Placements, append(encode.Placement(nil), q...))
			if classSize > 0 {
				rec.ClassSizes = append(rec.ClassSizes, classSize)
			}
			return nil
		}
		return writeSolution(bw, q, *format, printed, classSize)
	}

	req := p.request(experiments.Find)
	var classes map[string]*class
	var werr error
	if *unique {
		classes = map[string]*class{}
		req.Limit = 0
		req.Visit = func(q encode.Placement) bool {
			canon, size := encode.Canonical(q)
			key := canon.String()
			if classes[key] == nil {
				classes[key] = &class{canon, size}
			}
			return true
		}
	} else {
		req.Limit = *limit
		req.Visit = func(q encode.Placement) bool {
			if err := encode.Verify(b, q); err != nil {
				werr = fmt.Errorf("backend %s returned a wrong solution: %v", be.Name(), err)
				return false
			}
			if err := emit(q, 0); err != nil {
				werr = err
				return false
			}
			return *limit == 0 || printed < *limit
		}
	}
	rctx, cancel := withTimeout(ctx, p.timeout)
	defer cancel()
	start := time.Now()
	if err := admit(be, prob, req); err != nil {
		return err
	}
	res, err := experiments.Solve(rctx, be, prob, req)
	if err != nil {
		bw.Flush()
		return runErr(rctx, be.Name(), err)
	}
	if werr != nil {
		return werr
	}
	if *unique {
		reps := make([]*class, 0, len(classes))
		for _, cl := range classes {
			reps = append(reps, cl)
		}
		sort.Slice(reps, func(i, j int) bool { return encode.Less(reps[i].rep, reps[j].rep) })
		for _, cl := range reps {
			if *limit > 0 && printed >= *limit {
				break
			}
			if err := emit(cl.rep, cl.size); err != nil {
				return err
			}
		}
	}
	if res.Elapsed == 0 {
		res.Elapsed = time.Since(start)
	}
	rec.Solutions = uint64(printed)
	rec.Seconds = res.Elapsed.Seconds()
	rec.Status = res.Status.String()
	rec.Stats = res.Stats
	if res.Nodes > 0 {
		rec.Nodes = &res.Nodes
	}
	// A search that stopped because it printed what was asked for is
	// complete; one that ran out of time before is not.
	rec.Complete = res.Status == experiments.OK || (*limit > 0 && printed >= *limit && !*unique)
	if rec.Complete {
		rec.Status = experiments.OK.String()
	}
	if !rec.Complete && (!p.json || out != nil) {
		// The listing itself says that it is not all of them.
		fmt.Fprintf(bw, "# incomplete: %s after %d solution(s); the listing stops here\n", whyIncomplete(res.Status), printed)
	} else if printed == 0 && out != nil {
		fmt.Fprintf(bw, "# %s\n", noSolution(b))
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing solutions: %v", err)
	}
	if out != nil {
		if err := out.commit(); err != nil {
			return fmt.Errorf("--out: %v", err)
		}
	}
	if p.json {
		return errOr(writeJSON(c.stdout, rec), endStatusIf(rec.Complete, res.Status))
	}
	switch {
	case printed == 0 && rec.Complete:
		fmt.Fprintln(c.stdout, noSolution(b))
	case !rec.Complete:
		fmt.Fprintf(c.stderr, "qtool: %s after %d solution(s) in %.3f s\n", statusWord(res.Status), printed, rec.Seconds)
	case *outPath != "":
		fmt.Fprintf(c.stdout, "n = %d, backend %s: %d solution(s) written to %s in %.3f s\n", b.N, be.Name(), printed, *outPath, rec.Seconds)
	}
	return endStatusIf(rec.Complete, res.Status)
}

// whyIncomplete says in a few words why a search stopped short.
func whyIncomplete(s experiments.Status) string {
	switch s {
	case experiments.Timeout:
		return "time limit reached"
	case experiments.Interrupted:
		return "interrupted"
	case experiments.Unknown:
		return "the method gave up"
	}
	return s.String()
}

// maxGrid is the largest n whose solutions solve prints as grids.
const maxGrid = 5000

type class struct {
	rep  encode.Placement
	size int
}

func noSolution(b encode.Board) string {
	if b.Given() > 0 {
		return fmt.Sprintf("no solution: this %d×%d board with %d queens given has no completion", b.N, b.N, b.Given())
	}
	return fmt.Sprintf("no solution: the %d-queens problem has none", b.N)
}

func endStatusIf(complete bool, s experiments.Status) error {
	if complete {
		return nil
	}
	return endStatus(s)
}

func errOr(err, other error) error {
	if err != nil {
		return err
	}
	return other
}

// writeSolution prints solution number i in the chosen form; classSize > 0
// adds the size of its symmetry class.
func writeSolution(w io.Writer, q encode.Placement, format string, i, classSize int) error {
	switch format {
	case "list":
		if classSize > 0 {
			fmt.Fprintf(w, "# class of %d\n", classSize)
		}
		return q.WriteList(w)
	case "algebraic":
		s, err := q.Algebraic()
		if err != nil {
			return err
		}
		if classSize > 0 {
			fmt.Fprintf(w, "# class of %d\n", classSize)
		}
		_, err = fmt.Fprintln(w, s)
		return err
	}
	if i > 1 {
		fmt.Fprintln(w)
	}
	if classSize > 0 {
		fmt.Fprintf(w, "# solution %d, class of %d\n", i, classSize)
	} else {
		fmt.Fprintf(w, "# solution %d\n", i)
	}
	return q.Board().WriteGrid(w)
}
