package main

import (
	"bufio"
	"context"
	"fmt"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// problemSolveRecord is the JSON form of solve --problem.
type problemSolveRecord struct {
	N         int               `json:"n"`
	Problem   string            `json:"problem"`
	Backend   string            `json:"backend"`
	Board     string            `json:"board,omitempty"`
	Pieces    int               `json:"pieces"`
	Pawns     *int              `json:"pawns,omitempty"`
	Searched  bool              `json:"pawns_searched,omitempty"`
	PawnCells [][][2]int        `json:"solutions_pawns,omitempty"`
	Queens    *int              `json:"queens,omitempty"`
	Solutions uint64            `json:"solutions"`
	Cells     [][][2]int        `json:"solutions_cells,omitempty"`
	Out       string            `json:"out,omitempty"`
	Nodes     *uint64           `json:"nodes,omitempty"`
	Seconds   float64           `json:"seconds"`
	Status    string            `json:"status"`
	Complete  bool              `json:"complete"`
	Stats     map[string]uint64 `json:"stats,omitempty"`
}

// solveProblem is solve for a problem other than plain n-queens: the
// solutions are sets of squares, printed as grids (the piece's letter,
// 'x' a blocked square), "r,c" lists or chess squares, each checked by
// encode.VerifyCells.
func solveProblem(ctx context.Context, c *cli, p *problemFlags, prob encode.Problem, be backend.Backend, limit int, format, outPath string) error {
	n := prob.Board.N
	if format == "" {
		format = "grid"
		if n > 64 {
			format = "list"
		}
	}
	if format == "grid" && n > maxGrid {
		return usageErrorf("--format grid prints n² characters: refused for n = %d > %d; use --format list", n, maxGrid)
	}
	if format == "algebraic" && n > 26 {
		return usageErrorf("--format algebraic needs n ≤ 26, got %d", n)
	}
	req := p.request(backend.Find)
	req.Limit = limit
	if err := admit(be, prob, req); err != nil {
		return err
	}
	w := c.stdout
	var out *outFile
	var err error
	if outPath != "" {
		if out, err = createOutContext(ctx, outPath); err != nil {
			return usageErrorf("--out %s: %v", outPath, err)
		}
		defer out.discard()
		w = out.f
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	rec := problemSolveRecord{N: n, Problem: prob.Variant.String(), Backend: be.Name(), Board: boardName(p.board), Out: outPath}
	printed := 0
	var werr error
	board := prob // the board of the solutions: its pawns, when they are searched
	req.OnInstance = func(in encode.Instance) { board.Instance = in }
	req.VisitCells = func(cells []encode.Cell) bool {
		q := board
		q.Pieces = len(cells)
		if err := encode.VerifyCells(q, cells); err != nil {
			werr = fmt.Errorf("backend %s returned a wrong solution: %v", be.Name(), err)
			return false
		}
		printed++
		if p.json && outPath == "" {
			pairs := make([][2]int, len(cells))
			for i, x := range cells {
				pairs[i] = [2]int{x.R, x.C}
			}
			rec.Cells = append(rec.Cells, pairs)
			if prob.PawnsSearched() {
				ps := make([][2]int, len(board.Pawns))
				for i, x := range board.Pawns {
					ps[i] = [2]int{x.R, x.C}
				}
				rec.PawnCells = append(rec.PawnCells, ps)
			}
		} else if err := writeCells(bw, board, cells, format, printed); err != nil {
			werr = err
			return false
		}
		return limit == 0 || printed < limit
	}
	rctx, cancel := withTimeout(ctx, p.timeout)
	defer cancel()
	res, err := backend.Solve(rctx, be, prob, req)
	if err != nil {
		bw.Flush()
		return runErr(rctx, be.Name(), err)
	}
	if werr != nil {
		return werr
	}
	rec.Solutions = uint64(printed)
	if prob.Variant == encode.QueensPawns {
		k := max(len(prob.Pawns), prob.PawnCount)
		rec.Pawns, rec.Searched = &k, prob.PawnsSearched()
	}
	rec.Pieces = res.Pieces
	if prob.Variant.Goal() == encode.Minimum && res.Pieces > 0 {
		rec.Queens = &res.Pieces
	}
	rec.Seconds = res.Elapsed.Seconds()
	rec.Stats = res.Stats
	if res.Nodes > 0 {
		rec.Nodes = &res.Nodes
	}
	rec.Complete = res.Status == backend.OK || (limit > 0 && printed >= limit)
	rec.Status = res.Status.String()
	if rec.Complete {
		rec.Status = backend.OK.String()
	}
	none := fmt.Sprintf("no solution: this %v problem on the %d×%d board has none", prob.Variant, n, n)
	if !rec.Complete && (!p.json || out != nil) {
		fmt.Fprintf(bw, "# incomplete: %s after %d solution(s); the listing stops here\n", whyIncomplete(res.Status), printed)
	} else if printed == 0 && out != nil {
		fmt.Fprintf(bw, "# %s\n", none)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing solutions: %v", err)
	}
	if out != nil {
		if err := out.commitIf(printed > 0 || rec.Complete, c.stderr); err != nil {
			return fmt.Errorf("--out: %v", err)
		}
	}
	if p.json {
		return errOr(writeJSON(c.stdout, rec), endStatusIf(rec.Complete, res.Status))
	}
	switch {
	case printed == 0 && rec.Complete:
		fmt.Fprintln(c.stdout, none)
	case !rec.Complete:
		fmt.Fprintf(c.stderr, "qtool: %s after %d solution(s) in %.3f s\n", statusWord(res.Status), printed, rec.Seconds)
	case outPath != "":
		fmt.Fprintf(c.stdout, "n = %d, %v, backend %s: %d solution(s) written to %s in %.3f s\n", n, prob.Variant, be.Name(), printed, outPath, rec.Seconds)
	}
	return endStatusIf(rec.Complete, res.Status)
}
