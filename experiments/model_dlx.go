package experiments

import (
	"context"
	"fmt"

	"qtool/dlx"
	"qtool/encode"
)

// dlxVariants are the problems the dlx backend solves: every one, the
// lines of other bounds than [1,1] and [0,1] (domination's covers, the
// number of pieces of the maximum and minimum problems) as primary items
// with multiplicities (Algorithm M).
var dlxVariants = encode.Variants()

// RunModel solves a model as the generalized exact-cover problem of
// encode.Model.Cover with dlx: Algorithm X with dancing links, or
// Algorithm M when some line has other bounds than [1,1] and [0,1].
// Outcome.Nodes and Stats["updates"] are dlx's counters.
func (dlxBackend) RunModel(ctx context.Context, m *encode.Model, req Request, visit func([]int32) bool) (Outcome, error) {
	cv := m.Cover()
	var primary, secondary []string
	for i, it := range cv.Items {
		if i < cv.Primary+cv.Multiple {
			primary = append(primary, it.Name)
		} else {
			secondary = append(secondary, it.Name)
		}
	}
	p, err := dlx.NewProblem(primary, secondary)
	if err != nil {
		return Outcome{}, fmt.Errorf("experiments: backend dlx: %w", err)
	}
	// A line that may hold no piece (hi = 0: the given pieces fill it,
	// e.g. the number of pieces when all are given) becomes an item with
	// bounds 0..1 that no option holds, the options on it left out.
	full := make([]bool, len(cv.Items))
	for i := cv.Primary; i < cv.Primary+cv.Multiple; i++ {
		it := cv.Items[i]
		if it.Hi < it.Lo {
			return Outcome{}, nil // a line that cannot be met: no solution
		}
		lo, hi := it.Lo, min(it.Hi, dlx.MaxBound)
		if hi < 1 {
			full[i], hi = true, 1
		}
		if err := p.SetBounds(i, lo, hi); err != nil {
			return Outcome{}, fmt.Errorf("experiments: backend dlx: %w", err)
		}
	}
	cell := make([]int32, 0, len(cv.Options)) // the model's cell of each option
options:
	for c, opt := range cv.Options {
		for _, i := range opt {
			if full[i] {
				continue options
			}
		}
		if err := p.AddOptionIndex(opt...); err != nil {
			return Outcome{}, fmt.Errorf("experiments: backend dlx: %w", err)
		}
		cell = append(cell, int32(c))
	}
	cfg := dlx.Config{ShortFirst: true}
	if visit != nil {
		chosen := make([]int32, 0, m.N)
		cfg.Visit = func(options []int) bool {
			chosen = chosen[:0]
			for _, o := range options {
				chosen = append(chosen, cell[o])
			}
			return visit(chosen)
		}
	}
	st, err := p.Run(ctx, cfg)
	return Outcome{Solutions: st.Solutions, Nodes: st.Nodes, Stats: map[string]uint64{"updates": st.Updates}}, err
}
