package dlx

import (
	"context"
	"fmt"
	"slices"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/dlx"
	"github.com/qtool-project/qtool/encode"
)

// pickedItem finds an item [k, k] that every option holds (the number of
// pieces of the minimum problems: domination): it is left out of the
// matrix and asked of the search as dlx.Config.Pick (pick = k), the same
// solutions without the updates of covering that item (which hides every
// option). pickItem is -1 when there is none.
func pickedItem(cv *encode.Cover) (pickItem, pick int) {
	pickItem = -1
	for i := cv.Primary; i < cv.Primary+cv.Multiple && len(cv.Options) > 0; i++ {
		it := cv.Items[i]
		if it.Lo != it.Hi || it.Lo < 1 || pickItem >= 0 {
			continue
		}
		// Every option holds it, and another primary item: an option of
		// secondary items only would never be chosen.
		every := true
		for _, opt := range cv.Options {
			if !slices.Contains(opt, i) || !slices.ContainsFunc(opt, func(j int) bool { return j != i && j < cv.Primary+cv.Multiple }) {
				every = false
				break
			}
		}
		if every {
			pickItem, pick = i, it.Lo
		}
	}
	return pickItem, pick
}

// coverMatrix builds the dlx matrix of the cover, without item pickItem
// (-1: none), and the model's cell of each of its options; ok is false
// when a line cannot be met (no solution).
func coverMatrix(cv *encode.Cover, pickItem int) (p *dlx.Matrix, cell []int32, ok bool, err error) {
	var primary, secondary []string
	for i, it := range cv.Items {
		if i < cv.Primary+cv.Multiple {
			primary = append(primary, it.Name)
		} else {
			secondary = append(secondary, it.Name)
		}
	}
	if pickItem >= 0 {
		primary = slices.Delete(primary, pickItem, pickItem+1)
	}
	// item maps the cover's item numbers to the problem's.
	item := func(i int) int {
		if pickItem >= 0 && i > pickItem {
			return i - 1
		}
		return i
	}
	if p, err = dlx.NewMatrix(primary, secondary); err != nil {
		return nil, nil, false, fmt.Errorf("backend dlx: %w", err)
	}
	// A line that may hold no piece (hi = 0: the given pieces fill it,
	// e.g. the number of pieces when all are given) becomes an item with
	// bounds 0..1 that no option holds, the options on it left out.
	full := make([]bool, len(cv.Items))
	for i := cv.Primary; i < cv.Primary+cv.Multiple; i++ {
		it := cv.Items[i]
		if i == pickItem {
			continue
		}
		if it.Hi < it.Lo {
			return nil, nil, false, nil // a line that cannot be met: no solution
		}
		lo, hi := it.Lo, min(it.Hi, dlx.MaxBound)
		if hi < 1 {
			full[i], hi = true, 1
		}
		if err := p.SetBounds(item(i), lo, hi); err != nil {
			return nil, nil, false, fmt.Errorf("backend dlx: %w", err)
		}
	}
	cell = make([]int32, 0, len(cv.Options)) // the model's cell of each option
	var items []int
options:
	for c, opt := range cv.Options {
		items = items[:0]
		for _, i := range opt {
			if full[i] {
				continue options
			}
			if i != pickItem {
				items = append(items, item(i))
			}
		}
		if err := p.AddOptionIndex(items...); err != nil {
			return nil, nil, false, fmt.Errorf("backend dlx: %w", err)
		}
		cell = append(cell, int32(c))
	}
	return p, cell, true, nil
}

// runModel solves a model as the generalized exact-cover problem of
// encode.Model.Cover with dlx: Algorithm X with dancing links, or
// Algorithm M when some line has other bounds than [1,1] and [0,1].
// Outcome.Nodes and Stats["updates"] are dlx's counters.
func (dlxBackend) runModel(ctx context.Context, m *encode.Model, req backend.Request, visit func([]int32) bool) (backend.Outcome, error) {
	cv := m.Cover()
	pickItem, pick := pickedItem(cv)
	p, cell, ok, err := coverMatrix(cv, pickItem)
	if err != nil || !ok {
		return backend.Outcome{}, err
	}
	cfg := dlx.Config{ShortFirst: true, Pick: pick}
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
	return backend.Outcome{Solutions: st.Solutions, Nodes: st.Nodes, Stats: map[string]uint64{"updates": st.Updates}}, err
}
