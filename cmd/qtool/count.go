package main

import (
	"context"
	_ "embed"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/split"
)

func init() {
	register(command{name: "count", summary: "count the solutions of n-queens or the completions of a board", run: runCount})
}

// countUsage is its command's help (help/count.txt).
//
//go:embed help/count.txt
var countUsage string

// countRecord is the JSON form of a count: package split's one count
// record, which merge, merge --compare and cluster collect read back.
type countRecord = split.Record

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
	prob, err := p.loadProblem(c, setFlags(fs))
	if err != nil {
		return err
	}
	b := prob.Board
	req := p.request(backend.Count)
	if *unique {
		if !prob.PlainQueens() {
			return usageErrorf("--unique counts fundamental solutions of plain n-queens only")
		}
		if b.Given() > 0 {
			return usageErrorf("--unique needs an empty board: queens already placed break the symmetry")
		}
		req.Unique = true
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
	rctx, cancel := withTimeout(ctx, p.timeout)
	defer cancel()
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
	return endStatus(out.Status)
}

func boardName(path string) string {
	if path == "-" {
		return "<stdin>"
	}
	return path
}

func parseShard(s string) (*backend.Shard, error) {
	i, m, ok := parseSlice(s)
	if !ok {
		return nil, usageErrorf("--shard %q: want i/m with 0 ≤ i < m, e.g. 3/16", s)
	}
	return &backend.Shard{Index: i, Count: m}, nil
}
