package experiments

import (
	"context"
	"fmt"
	"time"

	"qtool/dlx"
	"qtool/encode"
)

func init() { Register(dlxBackend{}) }

// dlxBackend solves a board as Knuth's exact-cover problem: the matrix of
// encode.ExactCover fed to dlx, Algorithm X with dancing links (TAOCP
// 7.2.2.1). Its node and update counts are dlx1's on the same matrix.
type dlxBackend struct{}

func (dlxBackend) Name() string { return "dlx" }

func (dlxBackend) Caps() Caps {
	return Caps{Count: true, Find: true, All: true, Complete: true, Exact: true,
		Problems: dlxVariants, Forbidden: true}
}

// progressScale is the unit of the progress reports: millionths of dlx's
// estimate of the fraction of the search tree explored.
const progressScale = 1_000_000

// dlxMaxFree is the largest number of free rows the dlx backend accepts:
// the matrix has up to free² options of about dlxBytesPerOption bytes each,
// which for 6,000 free rows is some 4.6 GB.
const (
	dlxMaxFree        = 6000
	dlxBytesPerOption = 130
)

// newDLXProblem turns the exact-cover matrix of a board into a dlx problem.
func newDLXProblem(m *encode.Matrix) (*dlx.Problem, error) {
	p, err := dlx.NewProblem(m.Primary, m.Secondary)
	if err != nil {
		return nil, err
	}
	for _, opt := range m.Options {
		if err := p.AddOptionIndex(opt...); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// Run counts or lists the completions of b. Outcome.Nodes and
// Outcome.Stats["updates"] are dlx1's counters; when the context ends first
// the Outcome is partial (its counts are lower bounds) with Status Timeout
// or Interrupted.
func (dlxBackend) Run(ctx context.Context, b encode.Board, req Request) (Outcome, error) {
	if req.Mode != Count && req.Mode != Find {
		return Outcome{}, fmt.Errorf("experiments: backend dlx: unsupported mode %v", req.Mode)
	}
	if free := b.N - b.Given(); free > dlxMaxFree {
		return Outcome{}, fmt.Errorf("experiments: backend dlx: %d free rows make a matrix of up to %d options (about %d GB); dlx takes at most %d free rows (use minconflicts to find a solution, or backtrack)",
			free, uint64(free)*uint64(free), uint64(free)*uint64(free)*dlxBytesPerOption>>30, dlxMaxFree)
	}
	start := time.Now()
	m, err := encode.ExactCover(b)
	if err != nil {
		return Outcome{}, err
	}
	p, err := newDLXProblem(m)
	if err != nil {
		return Outcome{}, fmt.Errorf("experiments: backend dlx: %w", err)
	}
	cfg := dlx.Config{}
	if req.Progress != nil {
		cfg.Progress = func(pr dlx.Progress) {
			req.Progress(uint64(pr.Done*progressScale), progressScale)
		}
	}
	var visitErr error
	if req.Mode == Find {
		if req.Limit > 0 {
			cfg.Limit = uint64(req.Limit)
		}
		if req.Visit != nil {
			cfg.Visit = func(options []int) bool {
				pl, err := m.Decode(options)
				if err != nil {
					visitErr = err
					return false
				}
				return req.Visit(pl)
			}
		}
	}
	st, err := p.Run(ctx, cfg)
	out := Outcome{
		Solutions: st.Solutions,
		Nodes:     st.Nodes,
		Stats:     map[string]uint64{"updates": st.Updates},
		Elapsed:   time.Since(start),
	}
	if visitErr != nil {
		return out, fmt.Errorf("experiments: backend dlx: %w", visitErr)
	}
	if err != nil {
		if ctx.Err() != nil {
			out.Status = StatusOf(ctx)
			return out, nil
		}
		return out, err
	}
	return out, nil
}
