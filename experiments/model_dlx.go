package experiments

import (
	"context"
	"fmt"

	"qtool/dlx"
	"qtool/encode"
)

// dlxVariants are the problems whose models are exact covers without
// multiplicities: rows and columns exactly once (primary items), every
// other line at most once (secondary items).
var dlxVariants = []encode.Variant{encode.Queens, encode.Toroidal, encode.Superqueens}

// RunModel solves a model as the exact-cover problem of encode.Model.Cover
// with dlx, Algorithm X with dancing links. Outcome.Nodes and
// Stats["updates"] are dlx's counters.
func (dlxBackend) RunModel(ctx context.Context, m *encode.Model, req Request, visit func([]int32) bool) (Outcome, error) {
	cv := m.Cover()
	if !cv.Exact() {
		return Outcome{}, fmt.Errorf("experiments: backend dlx: the %v problem needs multiplicities, which dlx does not have", m.Problem.Variant)
	}
	var primary, secondary []string
	for i, it := range cv.Items {
		if i < cv.Primary {
			primary = append(primary, it.Name)
		} else {
			secondary = append(secondary, it.Name)
		}
	}
	p, err := dlx.NewProblem(primary, secondary)
	if err != nil {
		return Outcome{}, fmt.Errorf("experiments: backend dlx: %w", err)
	}
	for _, opt := range cv.Options {
		if err := p.AddOptionIndex(opt...); err != nil {
			return Outcome{}, fmt.Errorf("experiments: backend dlx: %w", err)
		}
	}
	cfg := dlx.Config{}
	if visit != nil {
		chosen := make([]int32, 0, m.N)
		cfg.Visit = func(options []int) bool {
			chosen = chosen[:0]
			for _, o := range options {
				chosen = append(chosen, int32(o))
			}
			return visit(chosen)
		}
	}
	st, err := p.Run(ctx, cfg)
	return Outcome{Solutions: st.Solutions, Nodes: st.Nodes, Stats: map[string]uint64{"updates": st.Updates}}, err
}
