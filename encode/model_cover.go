package encode

import "fmt"

// CoverItem is an item of the generalized exact-cover form of a model:
// the options chosen must hold it at least Lo and at most Hi times.
type CoverItem struct {
	Name   string
	Lo, Hi int
}

// Cover is a model as a generalized exact-cover problem (TAOCP 7.2.2.1):
// one option per free cell, holding the items of the lines through it.
// Items with [1,1] are primary, [0,1] secondary, and other bounds are
// multiplicities (Knuth's Algorithm M). Primary items come first, then
// the ones with other bounds that need a piece (Lo ≥ 1), then the
// secondary ones.
type Cover struct {
	Items   []CoverItem
	Options [][]int // option i is free cell i of the model
	// Primary, Multiple and Secondary count the items of each kind, in
	// that order in Items.
	Primary, Multiple, Secondary int
}

// Exact reports whether the cover needs no multiplicities: every item is
// primary or secondary, so that plain Algorithm X solves it.
func (c *Cover) Exact() bool { return c.Multiple == 0 }

// Cover returns the model as a generalized exact-cover problem.
func (m *Model) Cover() *Cover {
	order := make([]int, 0, len(m.Lines))
	kind := func(l Line) int {
		switch {
		case l.Lo == 1 && l.Hi == 1:
			return 0
		case l.Lo == 0 && l.Hi == 1:
			return 2
		}
		return 1
	}
	if m.Infeasible != "" {
		// One primary item that no option holds: no solution.
		return &Cover{Items: []CoverItem{{Name: "infeasible", Lo: 1, Hi: 1}}, Primary: 1}
	}
	cv := &Cover{Options: make([][]int, len(m.Cells))}
	for k := range 3 {
		for i, l := range m.Lines {
			if kind(l) == k {
				order = append(order, i)
				switch k {
				case 0:
					cv.Primary++
				case 1:
					cv.Multiple++
				default:
					cv.Secondary++
				}
			}
		}
	}
	for item, li := range order {
		l := m.Lines[li]
		cv.Items = append(cv.Items, CoverItem{Name: fmt.Sprintf("%v%d", l.Family, l.Index), Lo: l.Lo, Hi: min(l.Hi, len(l.Cells))})
		for _, c := range l.Cells {
			cv.Options[c] = append(cv.Options[c], item)
		}
	}
	return cv
}
