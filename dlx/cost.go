package dlx

import (
	"errors"
	"fmt"
	"strconv"
)

// MaxCost is the largest cost of an option, and of a solution (the sum of
// its options' costs must fit, so that no sum overflows).
const MaxCost = 1 << 53

// SetCost gives option o the cost c (Knuth's DLX5: "|c" appended to an
// option). Costs are 0 unless set; c ≤ MaxCost.
func (p *Matrix) SetCost(o int, c uint64) error {
	switch {
	case o < 0 || o >= len(p.first):
		return fmt.Errorf("dlx: option number %d out of range 0..%d", o, len(p.first)-1)
	case c > MaxCost:
		return fmt.Errorf("dlx: cost %d is larger than %d", c, uint64(MaxCost))
	}
	if p.costs == nil {
		if c == 0 {
			return nil
		}
		p.costs = make([]uint64, len(p.first), cap(p.first))
	}
	p.costs[o] = c
	return nil
}

// Cost returns the cost of option o.
func (p *Matrix) Cost(o int) uint64 {
	if p.costs == nil {
		return 0
	}
	return p.costs[o]
}

// HasCosts reports whether some option has a cost other than 0.
func (p *Matrix) HasCosts() bool {
	for _, c := range p.costs {
		if c != 0 {
			return true
		}
	}
	return false
}

// costToken reads a cost entry of an option, "|n" (DLX5), at column col.
func (ps *parser) costToken(t token) (uint64, error) {
	s := t.text[1:]
	switch {
	case s == "":
		return 0, ps.errorf(t.col, "'|' in an option (only the item line separates primary from secondary items; a cost is |n)")
	case s[0] == '-':
		return 0, ps.errorf(t.col+1, "negative cost %s (costs are whole numbers ≥ 0)", clipText(t.text))
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, ps.errorf(t.col+1+i, "cost %s is not a whole number (write |n after the option's items)", clipText(t.text))
		}
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil || v > MaxCost {
		return 0, ps.errorf(t.col+1, "cost %s is larger than %d", clipText(t.text), uint64(MaxCost))
	}
	return v, nil
}

// CostSolution is one solution of Matrix.Best: the chosen options in the
// order chosen, and the sum of their costs.
type CostSolution struct {
	Options []int
	Cost    uint64
}

// errCostBounds is Best's refusal of a problem with bounds.
var errCostBounds = errors.New("dlx: costs with bounds (multiplicities) are not supported; DLX5 solves exact cover with colours")
