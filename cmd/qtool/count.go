package main

import (
	"context"
	_ "embed"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
)

func init() {
	register(command{name: "count", summary: "count the solutions of n-queens or the completions of a board", run: runCount})
}

// countUsage is its command's help (help/count.txt).
//
//go:embed help/count.txt
var countUsage string

func runCount(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("count", countUsage)
	var p problemFlags
	p.add(fs, backend.Count)
	p.addProblem(fs)
	unique := fs.Bool("unique", false, "also count fundamental solutions (classes under rotation and reflection)")
	shard := fs.String("shard", "", "count only slice `i/m` of a deterministic split (0 ≤ i < m)")
	withParts := fs.Bool("parts", true, "with --json, list every subproblem's count (\"parts\")")
	var ck checkpointFlags
	ck.add(fs)
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	if len(operands) > 0 {
		return usageErrorf("count: unexpected argument %q (see qtool count --help)", operands[0])
	}
	// The command's context, with its --timeout: the board's reading
	// (standard input's guard), the checks and the count all end with it.
	rctx, cancel := withTimeout(ctx, p.timeout)
	defer cancel()
	prob, err := p.loadProblem(rctx, c, setFlags(fs))
	if err != nil {
		return err
	}
	req := p.request(backend.Count)
	if req.Unique = *unique; req.Unique {
		if err := uniqueAllowed(prob); err != nil {
			return err
		}
	}
	if *shard != "" {
		if req.Shard, err = parseShard(*shard); err != nil {
			return err
		}
	}
	if err := ck.apply(&req); err != nil {
		return err
	}
	be, err := p.lookupBackend(prob, req)
	if err != nil {
		return err
	}
	if err := admit(be, prob, req); err != nil {
		return err
	}
	var bar *progress
	if c.terminal && !p.json {
		bar = newProgress(c.stderr, "counting")
		req.Progress = bar.update
	}
	start := time.Now()
	out, err := backend.Solve(rctx, be, prob, req)
	if bar != nil {
		bar.done()
	}
	if err != nil {
		return runErr(rctx, be.Name(), plainError(err))
	}
	if out.Elapsed == 0 {
		out.Elapsed = time.Since(start)
	}
	rec := backend.CountRecord(be, prob, req, out)
	rec.Board = boardName(p.board)
	if !*withParts {
		rec.Parts = nil
	}
	if p.json {
		if err := writeJSON(c.stdout, rec); err != nil {
			return err
		}
	} else {
		rec.WriteText(c.stdout, statusWord(out.Status))
	}
	if (out.Status == backend.Timeout || out.Status == backend.Interrupted) && req.Checkpoint == nil && be.Caps().Parts {
		// What was counted is printed but cannot be resumed: say how.
		fmt.Fprintln(c.stderr, "qtool: the count stopped before its end; run it with --checkpoint FILE to keep the finished subproblems, then again with --resume to go on")
	}
	return endStatus(out.Status)
}

// uniqueAllowed refuses --unique where fundamental solutions mean
// nothing: another problem than plain n-queens, or queens given.
func uniqueAllowed(prob encode.Problem) error {
	if !prob.PlainQueens() {
		return usageErrorf("--unique counts fundamental solutions of plain n-queens only")
	}
	if prob.Board.Given() > 0 {
		return usageErrorf("--unique needs an empty board: queens already placed break the symmetry")
	}
	return nil
}

func boardName(path string) string {
	if path == "-" {
		return "<stdin>"
	}
	return path
}

func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

func parseShard(s string) (*backend.Shard, error) {
	i, m, ok := experiments.ParseSlice(s)
	if !ok {
		return nil, usageErrorf("--shard %q: want i/m with 0 ≤ i < m, e.g. 3/16", s)
	}
	return &backend.Shard{Index: i, Count: m}, nil
}

// checkpointFlags are count's --checkpoint, --resume and --checkpoint-every.
// With the shard flag they are the contract a cluster job array relies on:
//
//	qtool count -n N --shard i/m --checkpoint FILE --resume --json
//
// runs (or continues) slice i of m of the deterministic split, writes its
// progress to FILE (format: package checkpoint) at intervals and when it
// stops, and prints one JSON record whose "split" names the split and the
// shard and whose "parts" are the per-subproblem counts.
type checkpointFlags struct {
	path   string
	resume bool
	every  time.Duration
}

func (f *checkpointFlags) add(fs *flag.FlagSet) {
	fs.StringVar(&f.path, "checkpoint", "", "record progress in `FILE` (written atomically at intervals and when the count stops)")
	fs.BoolVar(&f.resume, "resume", false, "continue from the --checkpoint file if it exists (same n and shard)")
	fs.DurationVar(&f.every, "checkpoint-every", backend.DefaultCheckpointEvery, "interval `D` between checkpoint writes")
}

// apply puts the checkpoint request into req (whether the backend can
// honour it is backend.Admit's question).
func (f *checkpointFlags) apply(req *backend.Request) error {
	if f.path == "" {
		if f.resume {
			return usageErrorf("--resume needs --checkpoint FILE")
		}
		return nil
	}
	if f.every <= 0 {
		return usageErrorf("--checkpoint-every must be positive, got %v", f.every)
	}
	req.Checkpoint = &backend.Checkpoint{Path: f.path, Resume: f.resume, Every: f.every}
	return nil
}

// plainError drops the package names ("backend: ", "experiments: ", "checkpoint: ",
// "search: ", "count: ") from the front of a library error, so that the command line
// speaks to users; errors.Is still sees the original.
func plainError(err error) error {
	msg := err.Error()
	for cut := true; cut; {
		cut = false
		for _, p := range []string{"backend: ", "experiments: ", "checkpoint: ", "search: ", "count: "} {
			if rest, ok := strings.CutPrefix(msg, p); ok {
				msg, cut = rest, true
			}
		}
	}
	if msg == err.Error() {
		return err
	}
	return &plainErr{msg: msg, err: err}
}

type plainErr struct {
	msg string
	err error
}

func (e *plainErr) Error() string { return e.msg }
func (e *plainErr) Unwrap() error { return e.err }
