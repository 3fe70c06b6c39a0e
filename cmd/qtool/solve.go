package main

import (
	"bufio"
	"context"
	_ "embed"
	"fmt"
	"io"
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/safeout"
	"github.com/qtool-project/qtool/solution"
)

func init() {
	register(command{name: "solve", summary: "print solutions of n-queens or completions of a board", run: runSolve})
}

// solveUsage is its command's help (help/solve.txt).
//
//go:embed help/solve.txt
var solveUsage string

// solveOptions are solve's flags once parsed.
type solveOptions struct {
	p       problemFlags
	limit   int
	format  string
	unique  bool
	outPath string
}

func runSolve(ctx context.Context, c *cli, args []string) error {
	o, set, err := parseSolveFlags(c, args)
	if err != nil {
		return err
	}
	// The command's context, with its --timeout: the board's reading
	// (standard input's guard) and the search end with it.
	rctx, cancel := withTimeout(ctx, o.p.timeout)
	defer cancel()
	prob, err := o.p.loadProblem(rctx, c, set)
	if err != nil {
		return err
	}
	req := o.p.request(backend.Find)
	req.Limit = o.limit
	be, err := o.p.lookupBackend(prob, req)
	if err != nil {
		return err
	}
	if o.format, err = solution.ChooseForm(o.format, prob, o.unique); err != nil {
		return usageErrorf("%s", strings.TrimPrefix(err.Error(), "solution: "))
	}
	return o.solve(ctx, rctx, c, prob, be)
}

// parseSolveFlags reads solve's command line and checks the values that
// need no board; it also returns the names of the flags given.
func parseSolveFlags(c *cli, args []string) (*solveOptions, map[string]bool, error) {
	o := &solveOptions{}
	fs := flagSet("solve", solveUsage)
	o.p.add(fs, backend.Find)
	o.p.addProblem(fs)
	intFlag(fs, &o.limit, "limit", 1, "print at most `K` solutions (0 = all)")
	fs.StringVar(&o.format, "format", "", "output `form`: grid, list or algebraic (default grid up to n = 64, list above)")
	fs.BoolVar(&o.unique, "unique", false, "one representative per class under rotation and reflection, with its class size")
	fs.StringVar(&o.outPath, "out", "", "write the solutions to `FILE` instead of stdout (a one-line summary goes to stdout)")
	if err := parseNone(c, fs, args); err != nil {
		return nil, nil, err
	}
	if o.limit < 0 {
		return nil, nil, usageErrorf("--limit must be 0 (all) or more, got %d", o.limit)
	}
	switch o.format {
	case "", "grid", "list", "algebraic":
	default:
		return nil, nil, usageErrorf("--format %q: want grid, list or algebraic", o.format)
	}
	return o, setFlags(fs), nil
}

// solveRun is one run of solve: where the solutions go and the listing
// that verifies and writes them.
type solveRun struct {
	o    *solveOptions
	c    *cli
	prob encode.Problem
	b    encode.Board // prob.Board
	be   backend.Backend
	bw   *bufio.Writer
	out  *outFile // nil when the solutions go to stdout
	rec  solution.Record
	list *solution.Listing
}

// solve runs the search and writes what it finds: placements of plain
// n-queens, sets of squares of the other problems, each checked by the
// verifier (encode.Verify) before it is printed. The search runs under
// rctx, the command's context with its --timeout; a FIFO --out is waited
// for until ctx (the signals) ends.
func (o *solveOptions) solve(ctx, rctx context.Context, c *cli, prob encode.Problem, be backend.Backend) error {
	s := &solveRun{o: o, c: c, prob: prob, b: prob.Board, be: be}
	w := c.stdout
	if o.outPath != "" {
		// The solutions go to a temporary file that replaces FILE at the
		// end: a search that fails leaves FILE as it was, and one cut
		// short leaves what it found, marked incomplete inside the file.
		out, err := createOutContext(ctx, o.outPath)
		if err != nil {
			return usageErrorf("--out %s: %v", o.outPath, err)
		}
		defer out.discard()
		s.out, w = out, out.f
	}
	s.bw = bufio.NewWriterSize(w, 1<<16)
	s.list = solution.NewListing(prob, s.bw, o.format, o.limit, o.p.json && o.outPath == "")
	s.list.Unique, s.list.ToFile = o.unique, o.outPath != ""
	s.rec = solution.NewRecord(prob, be.Name(), boardName(o.p.board), o.outPath)
	res, err := s.run(rctx, prob)
	if err != nil {
		return err
	}
	if err := s.finish(res); err != nil {
		return err
	}
	return s.report(res)
}

// request is the backend's request: with --unique it collects every
// solution's class, else it verifies and prints up to --limit solutions.
func (s *solveRun) request() backend.Request {
	req := s.o.p.request(backend.Find)
	if s.o.unique {
		req.Limit = 0
		req.Visit = s.list.Collect
		return req
	}
	req.Limit = s.o.limit
	req.ListTo(s.list, s.prob)
	return req
}

// run searches under rctx, the command's context with its --timeout,
// and, with --unique, prints the classes' representatives in order.
func (s *solveRun) run(rctx context.Context, prob encode.Problem) (backend.Outcome, error) {
	req := s.request()
	if r := refusal(s.be, prob, req); r != nil {
		if r.Need == backend.NeedAll && s.o.unique {
			return backend.Outcome{}, usageErrorf("--unique needs a backend that enumerates all solutions, not %s", s.be.Name())
		}
		return backend.Outcome{}, usageErrorf("%s", refusalText(r, prob))
	}
	res, err := backend.Solve(rctx, s.be, prob, req)
	if err != nil {
		s.bw.Flush()
		return res, runErr(rctx, s.be.Name(), err)
	}
	if s.list.Wrong != nil {
		return res, fmt.Errorf("backend %s returned a wrong solution: %v", s.be.Name(), s.list.Wrong)
	}
	if s.list.WriteErr != nil {
		return res, s.list.WriteErr
	}
	if s.o.unique {
		if err := s.list.WriteClasses(); err != nil {
			return res, err
		}
	}
	return res, nil
}

// finish fills the record from the outcome, ends the listing (an
// incomplete one marked as such), and flushes and commits the output.
func (s *solveRun) finish(res backend.Outcome) error {
	s.list.Finish(&s.rec, solution.End{OK: res.Status == backend.OK, Status: res.Status.String(), Why: res.Status.Why(),
		Pieces: res.Pieces, Elapsed: res.Elapsed, Nodes: res.Nodes, Stats: res.Stats})
	if err := s.bw.Flush(); err != nil {
		return fmt.Errorf("writing solutions: %w", err)
	}
	if s.out != nil {
		if err := s.out.commitIf(s.list.Printed > 0 || s.rec.Complete, s.c.stderr); err != nil {
			return fmt.Errorf("--out: %v", err)
		}
	}
	return nil
}

// report prints the record (--json) or the one-line summary, and returns
// the run's exit status.
func (s *solveRun) report(res backend.Outcome) error {
	rec := &s.rec
	if s.o.p.json {
		return errOr(writeJSON(s.c.stdout, *rec), endStatusIf(rec.Complete, res.Status))
	}
	switch {
	case s.list.Printed == 0 && rec.Complete:
		fmt.Fprintln(s.c.stdout, solution.NoSolution(s.prob))
	case !rec.Complete:
		fmt.Fprintf(s.c.stderr, "qtool: %s after %d solution(s) in %.3f s\n", statusWord(res.Status), s.list.Printed, rec.Seconds)
	case s.o.outPath != "":
		what := ""
		if !s.prob.PlainQueens() {
			what = fmt.Sprintf(", %v", s.prob.Variant)
		}
		fmt.Fprintf(s.c.stdout, "n = %d%s, backend %s: %d solution(s) written to %s in %.3f s\n", s.b.N, what, s.be.Name(), s.list.Printed, s.o.outPath, rec.Seconds)
	}
	return endStatusIf(rec.Complete, res.Status)
}

func endStatusIf(complete bool, s backend.Status) error {
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

// outFile is a command's output file (see internal/safeout): a new path
// or a regular file is written under a temporary name and renamed into
// place by commit, a device or FIFO is written in place, a directory is
// refused; until commit an existing file is untouched.
type outFile struct {
	f    io.Writer
	file *safeout.File
}

// createOut starts the output of path.
func createOut(path string) (*outFile, error) {
	return createOutContext(context.Background(), path)
}

// createOutContext starts the output of path; a FIFO without a reader is
// waited for until ctx is done.
func createOutContext(ctx context.Context, path string) (*outFile, error) {
	f, err := safeout.CreateContext(ctx, path)
	if err != nil {
		return nil, unwrapPath(err)
	}
	return &outFile{f: f, file: f}, nil
}

// commit ends the output and puts it in place.
func (o *outFile) commit() error { return unwrapPath(o.file.Commit()) }

// commitIf commits the output of a run that produced something; one that
// produced nothing (a time limit or a signal before its first result)
// leaves an existing file as it was and says so on stderr.
func (o *outFile) commitIf(produced bool, stderr io.Writer) error {
	if produced || !o.file.Replaces() {
		return o.commit()
	}
	o.file.Keep()
	fmt.Fprintf(stderr, "qtool: --out %s: nothing found before the run ended; the file was left as it was\n", o.file.Name())
	return nil
}

// discard removes the temporary file unless commit renamed it.
func (o *outFile) discard() { o.file.Discard() }

// writeAtomic writes a file through write (see internal/safeout): readers
// see the old file or the whole new one, never a part, and a device,
// FIFO or link is not replaced.
func writeAtomic(path string, write func(w io.Writer) error) error {
	if err := safeout.WriteFile(path, write); err != nil {
		return fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	return nil
}
