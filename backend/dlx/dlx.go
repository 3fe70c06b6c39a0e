package dlx

import (
	"context"
	"fmt"
	"math"
	"runtime"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/dlx"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/memlimit"
)

func init() { backend.Register(dlxBackend{}) }

// dlxBackend solves a board as Knuth's exact-cover problem: the matrix of
// encode.ExactCover fed to dlx, Algorithm X with dancing links (TAOCP
// 7.2.2.1). Its node and update counts are dlx1's on the same matrix. It
// counts with Request.Workers goroutines (0: one per processor; the totals
// are those of one), and finds with one unless told otherwise. The matrix
// is sized in closed form first and refused when it cannot fit in memory
// (memlimit), and its building stops when the context ends.
type dlxBackend struct{}

func (dlxBackend) Name() string { return "dlx" }

// Caps: every problem (encode.AllVariants, the registered ones included),
// the lines of other bounds than [1,1] and [0,1] (domination's covers, the
// number of pieces of the maximum and minimum problems) as primary items
// with multiplicities (Algorithm M).
func (dlxBackend) Caps() backend.Caps {
	return backend.Caps{Count: true, Find: true, All: true, Complete: true, Exact: true,
		Problems: encode.AllVariants(), Forbidden: true, Options: []string{"order"}}
}

// progressScale is the unit of the progress reports: millionths of dlx's
// estimate of the fraction of the search tree explored.
const progressScale = 1_000_000

// dlxSquareBytes is what the backend keeps per option besides the matrix:
// the option's square, two 32-bit numbers.
const dlxSquareBytes = 8

// DLXMaxNodes returns the largest matrix, in nodes, that qtool reads for
// an exact-cover problem searched by the given number of workers: the
// problem and one copy of its links per worker must fit in memlimit.Limit,
// at 16 bytes a node (with colours), and the links in 32 bits.
func DLXMaxNodes(workers int) int {
	per := uint64(dlx.NodeBytes+4) * uint64(1+max(workers, 1))
	return int(min(memlimit.Limit()/per, math.MaxInt32-1))
}

// dlxMemory returns the bytes the backend needs for a matrix of the given
// size searched by the given number of workers.
func dlxMemory(items, options, entries, workers int) uint64 {
	problem, perSearch := dlx.MemoryEstimate(items, options, entries, false)
	return problem + uint64(workers)*perSearch + dlxSquareBytes*uint64(options)
}

// dlxCheckSize refuses a board whose matrix cannot fit: first by a lower
// bound in closed form (f free rows and columns give at least
// f² − 2(n−f)f options, each of 2 to 4 items: the given queens' diagonals
// meet the free lines in at most 2(n−f)f squares), before anything is
// counted, then by the matrix's exact size.
func dlxCheckSize(b encode.Board, workers int) error {
	n, f := uint64(b.N), uint64(b.N-b.Given())
	low := uint64(0)
	if f*f > 2*(n-f)*f {
		low = f*f - 2*(n-f)*f
	}
	what := fmt.Sprintf("the exact-cover matrix of a board with %d free rows (at least %d options) searched by %d worker(s)", f, low, workers)
	if low > math.MaxInt32 {
		return fmt.Errorf("backend dlx: %s has more than 2³¹ nodes, more than dlx's 32-bit links hold", what)
	}
	return memlimit.Check(what, dlxMemory(int(2*f+4*n), int(low), int(2*low), workers))
}

// newDLXProblem builds the dlx problem of a matrix from ExactCoverLayout,
// walking its options; rows and cols get the square of each option. It
// stops with ctx.Err() when the context ends.
func newDLXProblem(ctx context.Context, m *encode.Matrix) (p *dlx.Matrix, rows, cols []int32, err error) {
	p, err = dlx.NewMatrix(m.Primary, m.Secondary)
	if err != nil {
		return nil, nil, nil, err
	}
	p.Grow(m.NumOptions, m.NumEntries)
	rows, cols = make([]int32, 0, m.NumOptions), make([]int32, 0, m.NumOptions)
	m.EachOption(func(r, c int, items []int) bool {
		if len(rows)&0xffff == 0xffff && ctx.Err() != nil {
			return false
		}
		if err = p.AddOptionIndex(items...); err != nil {
			return false
		}
		rows, cols = append(rows, int32(r)), append(cols, int32(c))
		return true
	})
	if err == nil {
		err = ctx.Err()
	}
	return p, rows, cols, err
}

// dlxWorkers is the number of goroutines a request asks for: in Count mode
// Request.Workers (0: one per processor), in Find mode one unless more are
// asked for (several find solutions in no fixed order).
func dlxWorkers(req backend.Request) int {
	switch {
	case req.Workers > 0:
		return req.Workers
	case req.Mode == backend.Find:
		return 1
	}
	return runtime.NumCPU()
}

// Run counts or lists the completions of b. Outcome.Nodes and
// Outcome.Stats["updates"] are dlx1's counters; when the context ends first
// the Outcome is partial (its counts are lower bounds) with Status Timeout
// or Interrupted — also while the matrix is being built.
// Run solves problem prob: a plain n-queens board on the backend's own
// path (runBoard), any other problem, or a plain one with Request.OnModel,
// on its model (runModel).
func (d dlxBackend) Run(ctx context.Context, prob encode.Problem, req backend.Request) (backend.Outcome, error) {
	if !prob.PlainQueens() || req.OnModel {
		m, visit, err := backend.ModelContext(ctx, d, prob, req)
		if err != nil {
			return backend.Outcome{}, err
		}
		return d.runModel(ctx, m, req, visit)
	}
	return d.runBoard(ctx, prob.Board, req)
}

func (dlxBackend) runBoard(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
	if err := b.Validate(); err != nil {
		return backend.Outcome{}, err
	}
	workers := dlxWorkers(req)
	cfg := dlx.Config{Workers: workers}
	if err := valueOption(&cfg, req); err != nil {
		return backend.Outcome{}, err
	}
	if cfg.Value != dlx.ValueList {
		// A value order: Algorithm X on the matrix left implicit
		// (implicit.go), whatever n.
		if req.Mode == backend.Find && req.Limit > 0 {
			cfg.Limit = uint64(req.Limit)
		}
		return runImplicit(ctx, b, req, cfg)
	}
	if err := dlxCheckSize(b, workers); err != nil {
		return backend.Outcome{}, err
	}
	m, err := encode.ExactCoverLayout(b)
	if err != nil {
		return backend.Outcome{}, err
	}
	items := len(m.Primary) + len(m.Secondary)
	if err := memlimit.Check(fmt.Sprintf("the exact-cover matrix of %d options and %d items searched by %d worker(s)", m.NumOptions, items, workers),
		dlxMemory(items, m.NumOptions, m.NumEntries, workers)); err != nil {
		return backend.Outcome{}, err
	}
	p, rows, cols, err := newDLXProblem(ctx, m)
	if err != nil {
		return backend.Outcome{}, fmt.Errorf("backend dlx: %w", err)
	}
	if req.Progress != nil {
		cfg.Progress = func(pr dlx.Progress) {
			req.Progress(uint64(pr.Done*progressScale), progressScale)
		}
	}
	if req.Mode == backend.Find {
		if req.Limit > 0 {
			cfg.Limit = uint64(req.Limit)
		}
		if req.Visit != nil {
			pl := make(encode.Placement, b.N)
			cfg.Visit = func(options []int) bool {
				for r := range pl {
					pl[r] = b.Queen(r)
				}
				for _, o := range options {
					pl[rows[o]] = int(cols[o])
				}
				return req.Visit(pl)
			}
		}
	}
	st, err := p.Run(ctx, cfg)
	out := backend.Outcome{
		Solutions: st.Solutions,
		Nodes:     st.Nodes,
		Stats:     map[string]uint64{"updates": st.Updates},
	}
	return out, err
}
