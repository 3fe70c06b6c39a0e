package main

import (
	"context"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/split"
)

func init() {
	register(command{name: "count", summary: "count the solutions of n-queens or the completions of a board", run: runCount})
}

const countUsage = `
Usage: qtool count -n N [--problem NAME] [--backend B] [--board FILE [--diagonals K]]
                   [--unique] [--workers K] [--shard i/m] [--checkpoint FILE [--resume]]
                   [--timeout D] [--json [--parts=false]]

Counts the solutions of the n-queens problem, or with --board the ways to
complete a board whose queens are already placed (blocked squares 'x' of a
grid, and the excluded diagonals of a CSPLib prob079 .param file, are
respected). --problem counts a variant: toroidal, superqueens; domination
(the minimum dominating sets of queens, their number of queens in the
"queens" field); kings, bishops, knights, rooks (the placements of the
most pieces that fit, in "pieces"); queens+knights (the most queens and
knights in equal numbers, in "army"); --pieces K=2,Q=2,B=2,N=1 (those
pieces, none attacking another). A count cut short by
--timeout or Ctrl-C is printed as a lower bound, marked incomplete, and the
exit status is 3 (time limit) or 130 (interrupted).

The default counter for an empty board of n ≤ 24 is the join backend (at
n = 22 when 6 GB may be used, at n = 23 11 GB, at n = 24 13 GB): the
board's quadrants' placements are joined into half boards, and a subproblem
(a group of the top half's columns, canonical under the mirror and the
vertical flip) counts the pairs of halves whose diagonals do not meet; with
--unique a subproblem is a class of groups of one columns key, and the
orbits of the 8 symmetries are counted by the groups' orbits under the
mirror and the flip and the solutions kept by the half turn. For
24 < n ≤ 27 the default is the domains backend (the bitmask counter's
symmetry domains).
--shard i/m counts slice i of m of the subproblems (balanced by an estimate
of their work); --checkpoint FILE records the finished ones (atomically,
every --checkpoint-every and when the count stops) and --resume continues
from FILE with the same total. With --json the record carries the split
("split") and every subproblem's count ("parts"), which qtool merge
--compare checks piece by piece; --parts=false leaves the parts out.

Examples:
  qtool count -n 12
  qtool count -n 8 --backend backtrack --json
  qtool count -n 16 --unique --workers 2
  qtool count --board examples/board.txt --backend dlx
  qtool count -n 18 --shard 3/16 --json > shard3.json
  qtool count -n 17 --json --parts=false
  qtool count -n 8 --problem domination --json
  qtool count -n 8 --problem queens+knights
  qtool count -n 7 --pieces K=2,Q=2,B=2,N=1
  qtool count --board examples/diag-14-4-924.param --diagonals 9
  qtool count -n 10 --checkpoint n10.ckpt --resume
`

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
