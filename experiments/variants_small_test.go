package experiments_test

import (
	"context"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
)

// TestVariantsSmallBoards: on boards of order 1 to 3 with blocked squares
// (every pattern for n ≤ 2, every third one for n = 3, the fully blocked
// board among them), the size search of every minimum and maximum variant
// on every backend that declares it gives the optimum and the number of
// optimal placements that a brute force over every subset of the free
// squares finds with the derived verifier, and lists exactly those
// placements. A board with no free square has 0 pieces and one placement,
// the empty one, for the maximum variants, and no solution of any size for
// the minimum ones.
func TestVariantsSmallBoards(t *testing.T) {
	variants := []encode.Variant{encode.Kings, encode.Bishops, encode.Knights, encode.Rooks, encode.Domination, encode.TorusDomination}
	for n := 1; n <= 3; n++ {
		sq := n * n
		for mask := 0; mask < 1<<sq; mask++ {
			if n == 3 && mask%3 != 0 && mask != 1<<sq-1 {
				continue
			}
			var blocked, free []encode.Cell
			for i := range sq {
				c := encode.Cell{R: i / n, C: i % n}
				if mask>>i&1 == 1 {
					blocked = append(blocked, c)
				} else {
					free = append(free, c)
				}
			}
			for _, v := range variants {
				p := encode.Problem{Variant: v, Instance: encode.Instance{Board: encode.Empty(n), Blocked: blocked}}
				best, count := bruteOptimum(p, free)
				ran := 0
				for _, b := range experiments.Registered(func(c backend.Caps) bool { return c.Count && c.Solves(v) && c.Forbidden }) {
					if b.Name() != "backtrack" && b.Name() != "dlx" && b.Name() != "sat" {
						continue
					}
					ran++
					out, err := backend.Solve(context.Background(), b, p, backend.Request{Mode: backend.Count})
					if err != nil || out.Status != backend.OK {
						t.Fatalf("%v n=%d blocked %v %s: %+v %v", v, n, blocked, b.Name(), out, err)
					}
					if out.Solutions != count || (count > 0 && out.Pieces != best) {
						t.Errorf("%v n=%d blocked %v %s: %d placements of %d pieces, brute force %d of %d", v, n, blocked, b.Name(), out.Solutions, out.Pieces, count, best)
					}
					var listed uint64
					_, err = backend.Solve(context.Background(), b, p, backend.Request{Mode: backend.Find,
						VisitCells: func(cs []encode.Cell) bool {
							listed++
							q := p
							q.Pieces = len(cs)
							if len(cs) != best {
								t.Errorf("%v n=%d blocked %v %s: listed %v, want %d pieces", v, n, blocked, b.Name(), cs, best)
							} else if err := encode.Verify(q, cs); err != nil {
								t.Errorf("%v n=%d blocked %v %s: listed %v: %v", v, n, blocked, b.Name(), cs, err)
							}
							return true
						}})
					if err != nil || listed != count {
						t.Errorf("%v n=%d blocked %v %s: listed %d placements, want %d (%v)", v, n, blocked, b.Name(), listed, count, err)
					}
				}
				if ran < 3 {
					t.Fatalf("%v: %d backends of backtrack, dlx and sat ran", v, ran)
				}
				if len(free) == 0 {
					want := uint64(1) // the empty placement
					if v.Goal() == encode.Minimum {
						want = 0
					}
					if count != want || best != 0 {
						t.Errorf("%v on a fully blocked %d×%d board: brute force %d placements of %d pieces", v, n, n, count, best)
					}
				}
			}
		}
	}
}

// bruteOptimum returns the optimum number of pieces of a maximum or
// minimum problem on its free squares and the number of placements of that
// many, trying every subset with encode.Verify; 0, 0 when none is
// valid.
func bruteOptimum(p encode.Problem, free []encode.Cell) (best int, count uint64) {
	best = -1
	for s := 0; s < 1<<len(free); s++ {
		var cs []encode.Cell
		for i, c := range free {
			if s>>i&1 == 1 {
				cs = append(cs, c)
			}
		}
		q := p
		q.Pieces = len(cs)
		if encode.Verify(q, cs) != nil {
			continue
		}
		k := len(cs)
		better := k > best
		if p.Variant.Goal() == encode.Minimum {
			better = best < 0 || k < best
		}
		switch {
		case better:
			best, count = k, 1
		case k == best:
			count++
		}
	}
	if best < 0 {
		return 0, 0
	}
	return best, count
}
