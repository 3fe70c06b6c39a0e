package dlx

import (
	"context"
	"fmt"
	"math/rand/v2"
)

// RandomSpec describes a random problem of one of Random's families.
type RandomSpec struct {
	// Family is "xcc" (colours), "mcc" (colours and bounds) or "cost"
	// (colours and costs).
	Family string
	// Primary and Secondary are the numbers of items, Options the number
	// of options, Colors the number of colours of the secondary items.
	Primary, Secondary, Options, Colors int
	// Seed fixes the problem: the same spec gives the same problem.
	Seed uint64
}

// Random returns a random problem of the family: every option holds one
// primary item, or two with probability 1/2, and one or two secondary
// items, each with one of spec.Colors colours (no colour with probability
// 1/5); with "mcc" each primary item gets the bounds 1:1, 1:2 or 0:2 (a
// third each); with "cost" each option the cost 0..9. The items are p0…
// and s0…, the colours c0…; the generator is PCG seeded with (Seed,
// 26), so a problem is reproduced from its spec on any machine.
func Random(spec RandomSpec) (*Matrix, error) {
	return RandomContext(context.Background(), spec)
}

// RandomContext is Random that stops when ctx is done, with ctx's error:
// the largest problems (2²⁴ options) take seconds to make.
func RandomContext(ctx context.Context, spec RandomSpec) (*Matrix, error) {
	switch {
	case spec.Family != "xcc" && spec.Family != "mcc" && spec.Family != "cost":
		return nil, fmt.Errorf("dlx: random family %q: want xcc, mcc or cost", spec.Family)
	case spec.Primary < 1 || spec.Secondary < 1 || spec.Options < 0 || spec.Colors < 1:
		return nil, fmt.Errorf("dlx: random problem needs at least 1 primary item, 1 secondary item and 1 colour")
	case spec.Primary+spec.Secondary > 1<<20 || spec.Options > 1<<24 || spec.Colors > 1<<16:
		return nil, fmt.Errorf("dlx: random problem too large (at most 2²⁰ items, 2²⁴ options, 2¹⁶ colours)")
	}
	if ctx.Err() != nil {
		return nil, context.Cause(ctx)
	}
	rng := rand.New(rand.NewPCG(spec.Seed, 26))
	primary := make([]string, spec.Primary)
	secondary := make([]string, spec.Secondary)
	for i := range primary {
		primary[i] = fmt.Sprintf("p%d", i)
	}
	for i := range secondary {
		secondary[i] = fmt.Sprintf("s%d", i)
	}
	p, err := NewMatrix(primary, secondary)
	if err != nil {
		return nil, err
	}
	p.Grow(spec.Options, 4*spec.Options)
	colors := make([]int, spec.Colors)
	for c := range colors {
		if colors[c], err = p.Color(fmt.Sprintf("c%d", c)); err != nil {
			return nil, err
		}
	}
	if spec.Family == "mcc" {
		for i := range primary {
			lo, hi := [3][2]int{{1, 1}, {1, 2}, {0, 2}}[rng.IntN(3)][0], 0
			if hi = 1; lo != 1 || rng.IntN(2) == 0 {
				hi = 2
			}
			if err := p.SetBounds(i, lo, hi); err != nil {
				return nil, err
			}
		}
	}
	np, ns := spec.Primary, spec.Secondary
	var items, cols []int
	for o := range spec.Options {
		if o%4096 == 0 && ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		items, cols = items[:0], cols[:0]
		a := rng.IntN(np)
		items, cols = append(items, a), append(cols, 0)
		if np > 1 && rng.IntN(2) == 0 {
			b := rng.IntN(np - 1)
			if b >= a {
				b++
			}
			items, cols = append(items, b), append(cols, 0)
		}
		s := rng.IntN(ns)
		for k := range 1 + rng.IntN(min(2, ns)) {
			if k == 1 {
				t := rng.IntN(ns - 1)
				if t >= s {
					t++
				}
				s = t
			}
			c := 0
			if rng.IntN(5) > 0 {
				c = colors[rng.IntN(len(colors))]
			}
			items, cols = append(items, np+s), append(cols, c)
		}
		if err := p.AddColoredOption(items, cols); err != nil {
			return nil, err
		}
		if spec.Family == "cost" {
			if err := p.SetCost(o, uint64(rng.IntN(10))); err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}

// WithDefaults fills the numbers left 0 as qtool gen does: Secondary =
// Primary, Options = 3·Primary.
func (s RandomSpec) WithDefaults() RandomSpec {
	if s.Secondary == 0 {
		s.Secondary = s.Primary
	}
	if s.Options == 0 {
		s.Options = 3 * s.Primary
	}
	return s
}

// Comment is the comment line, ending in a newline, that qtool gen writes
// first in the problem's file: the command that makes it again.
func (s RandomSpec) Comment() string {
	return fmt.Sprintf("| qtool gen --family %s -n %d --secondary %d --options %d --colours %d --seed %d\n",
		s.Family, s.Primary, s.Secondary, s.Options, s.Colors, s.Seed)
}

// FileName is the name of the problem's file.
func (s RandomSpec) FileName() string {
	return fmt.Sprintf("%s-%d-s%d.dlx", s.Family, s.Primary, s.Seed)
}
