package backend

import "github.com/qtool-project/qtool/encode"

// PlacementVisit returns the visitor of a model search on the plain board
// of order n that hands each solution to req.Visit as a placement, at most
// req.Limit of them (0 = all); nil unless req asks for solutions.
func PlacementVisit(m *encode.Model, n int, req Request) func([]int32) bool {
	if req.Mode != Find {
		return nil
	}
	found := 0
	pl := make(encode.Placement, n)
	return func(chosen []int32) bool {
		found++
		for _, x := range m.Solution(chosen) {
			pl[x.R] = x.C
		}
		if req.Visit != nil && !req.Visit(pl) {
			return false
		}
		return req.Limit == 0 || found < req.Limit
	}
}
