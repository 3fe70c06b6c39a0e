package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/solution"
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
	p.add(fs)
	fs.Lookup("backend").Usage = backendFlagHelp(backend.Count)
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
	rec := countRecord{
		N: b.N, Backend: be.Name(), Board: boardName(p.board), Given: prob.GivenCount(),
		Solutions: out.Solutions, Seconds: out.Elapsed.Seconds(),
		Status: out.Status.String(), Complete: out.Status == backend.OK, Stats: out.Stats,
	}
	if out.Nodes > 0 {
		rec.Nodes = &out.Nodes
	}
	if req.Unique {
		rec.Unique = &out.Unique
	}
	if req.Shard != nil {
		rec.Shard, rec.Shards = &req.Shard.Index, &req.Shard.Count
	}
	rec.Method = be.Caps().CountMethod
	if !prob.PlainQueens() {
		rec.Problem = prob.Variant.String()
		rec.Blocked, rec.Excluded = len(prob.Blocked), len(prob.Excluded)
	}
	if prob.Variant == encode.QueensPawns {
		k := max(len(prob.Pawns), prob.PawnCount)
		rec.Pawns, rec.PawnsSearched = &k, prob.PawnsSearched()
	}
	if prob.Variant.Mixed() && out.Status == backend.OK {
		q := prob
		q.Pieces = out.Pieces
		rec.Army = q.Army().String()
	}
	if out.Pieces > 0 || out.Solutions > 0 { // 0 pieces: the empty placement of a fully blocked board
		switch prob.Variant.Goal() {
		case encode.Minimum:
			rec.Queens = &out.Pieces
		case encode.Maximum:
			rec.Pieces = &out.Pieces
		}
	}
	if req.Shard != nil || out.Split != nil {
		rec.BoardHash = split.BoardHash(prob)
	}
	if out.Split != nil {
		rec.Method = out.Split.Method
		rec.Split = out.Split
		if *withParts {
			rec.Parts = out.Parts
		}
	}
	if p.json {
		if err := writeJSON(c.stdout, rec); err != nil {
			return err
		}
	} else {
		printCount(c.stdout, rec, out.Status)
	}
	return endStatus(out.Status)
}

func boardName(path string) string {
	if path == "-" {
		return "<stdin>"
	}
	return path
}

func printCount(w io.Writer, r countRecord, s backend.Status) {
	var rows [][2]string
	add := func(k, v string) { rows = append(rows, [2]string{k, v}) }
	add("n", strconv.Itoa(r.N))
	if r.Problem != "" {
		add("problem", r.Problem)
	}
	if r.Board != "" {
		add("board", boardLine(r))
	}
	if r.Army != "" {
		add("army", r.Army)
	}
	if r.Pawns != nil {
		how := "on the board"
		if r.PawnsSearched {
			how = "every placement searched"
		}
		add("pawns", fmt.Sprintf("%d (%s), %d queens", *r.Pawns, how, r.N+*r.Pawns))
	}
	if r.Blocked > 0 || r.Excluded > 0 {
		add("forbidden", fmt.Sprintf("%d blocked squares, %d excluded diagonals", r.Blocked, r.Excluded))
	}
	add("backend", r.Backend)
	if r.Queens != nil {
		add("queens", strconv.Itoa(*r.Queens)+" (the fewest that dominate the board)")
	}
	if r.Pieces != nil {
		add("pieces", strconv.Itoa(*r.Pieces)+" (the most that fit)")
	}
	if r.Shard != nil {
		add("shard", fmt.Sprintf("%d/%d", *r.Shard, *r.Shards))
	}
	sol := strconv.FormatUint(r.Solutions, 10)
	if !r.Complete {
		sol = "≥ " + sol + " (incomplete)"
	}
	if r.Method != "" {
		sol += " (counted by " + r.Method + ")"
	}
	if r.Split != nil {
		add("split", r.Split.Identity)
	}
	add("solutions", sol)
	if r.Unique != nil {
		u := strconv.FormatUint(*r.Unique, 10)
		if !r.Complete {
			u = "≥ " + u + " (incomplete)"
		}
		add("unique", u)
	}
	if r.Nodes != nil {
		add("nodes", strconv.FormatUint(*r.Nodes, 10))
	}
	keys := make([]string, 0, len(r.Stats))
	for k := range r.Stats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		add(k, strconv.FormatUint(r.Stats[k], 10))
	}
	add("seconds", strconv.FormatFloat(r.Seconds, 'f', 4, 64))
	add("status", statusWord(s))
	width := 0
	for _, row := range rows {
		width = max(width, len(row[0]))
	}
	for _, row := range rows {
		fmt.Fprintf(w, "%-*s  %s\n", width, row[0], row[1])
	}
}

// boardLine describes the board counted: its given pieces by the
// problem's own word (queens, kings, pieces …), and for the problems of
// one piece a row, the rows left free.
func boardLine(r countRecord) string {
	v, _ := encode.ParseVariant(r.Problem)
	if r.Problem == "" {
		v = encode.Queens
	}
	word := "queens"
	switch {
	case v.Mixed():
		word = "pieces"
	case v != encode.Queens:
		word = solution.PieceName(v, 2)
	}
	if r.Given == 1 {
		word = strings.TrimSuffix(word, "s")
	}
	switch v {
	case encode.Queens, encode.Toroidal, encode.Superqueens:
		return fmt.Sprintf("%s (%d %s given, %d rows free)", r.Board, r.Given, word, r.N-r.Given)
	}
	return fmt.Sprintf("%s (%d %s given)", r.Board, r.Given, word)
}

func parseShard(s string) (*backend.Shard, error) {
	is, ms, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(is)
	m, err2 := strconv.Atoi(ms)
	if !ok || err1 != nil || err2 != nil || m < 1 || i < 0 || i >= m {
		return nil, usageErrorf("--shard %q: want i/m with 0 ≤ i < m, e.g. 3/16", s)
	}
	return &backend.Shard{Index: i, Count: m}, nil
}
