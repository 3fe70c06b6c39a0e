package classroom

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// Puzzle is a completion puzzle: a board with queens given, to be
// completed to a solution, and one solution that completes it.
type Puzzle struct {
	Board    encode.Board
	Solution encode.Placement
	// Unique is true when Solution is the only completion (checked by an
	// exhaustive search).
	Unique bool
}

// Difficulties name how many rows of a puzzle are left empty: easy about a
// third, medium half, hard two thirds.
var Difficulties = []string{"easy", "medium", "hard"}

// Blank is the number of empty rows of a puzzle of order n at a
// difficulty.
func Blank(n int, difficulty string) (int, error) {
	var b int
	switch difficulty {
	case "easy":
		b = (n + 2) / 3
	case "medium":
		b = (n + 1) / 2
	case "hard":
		b = (2*n + 2) / 3
	default:
		return 0, fmt.Errorf("classroom: unknown difficulty %q (easy, medium or hard)", difficulty)
	}
	return max(1, min(b, n)), nil
}

// MaxPuzzleN is the largest order of a worksheet's boards: larger boards
// are too small to draw on a page and to solve by hand.
const MaxPuzzleN = 16

// MakePuzzles generates k distinct completion puzzles of order n with
// blank empty rows: a random solution (min-conflicts, seeded) with the
// queens of blank random rows taken off. With unique, only puzzles whose
// completion is unique are kept: the completions are counted by
// backtracking, stopping at the second. The same seed gives the same
// puzzles.
func MakePuzzles(ctx context.Context, n, k, blank int, unique bool, seed uint64) ([]Puzzle, error) {
	switch {
	case n < 4 || n > MaxPuzzleN:
		return nil, fmt.Errorf("classroom: puzzles need n from 4 to %d (n = 2 and 3 have no solution, n = 1 nothing to complete), got %d", MaxPuzzleN, n)
	case k < 1:
		return nil, fmt.Errorf("classroom: at least one puzzle, got %d", k)
	case blank < 1 || blank > n:
		return nil, fmt.Errorf("classroom: the empty rows must be 1 to %d, got %d", n, blank)
	}
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	seen := map[string]bool{}
	var out []Puzzle
	const triesPerSolution, maxSolutions = 64, 400
	for sols := 0; len(out) < k; sols++ {
		if sols == maxSolutions {
			what := "distinct puzzles"
			if unique {
				what = "puzzles with a unique completion"
			}
			return out, fmt.Errorf("classroom: found only %d %s of order %d with %d empty rows in %d random solutions; choose fewer puzzles or an easier difficulty", len(out), what, n, blank, maxSolutions)
		}
		sol, _, err := search.MinConflicts(ctx, encode.Empty(n), search.MinConflictsOptions{Seed: int64(rng.Uint64() >> 1)})
		if err != nil {
			return out, err
		}
		if sol == nil {
			continue
		}
		for try := 0; try < triesPerSolution && len(out) < k; try++ {
			rows := rng.Perm(n)[:blank]
			slices.Sort(rows)
			b := encode.Board{N: n, Queens: append([]int(nil), sol...)}
			for _, r := range rows {
				b.Queens[r] = -1
			}
			key := fmt.Sprint(b.Queens)
			if seen[key] {
				continue
			}
			seen[key] = true
			p := Puzzle{Board: b, Solution: sol}
			if unique {
				c, err := completions(ctx, b, 2)
				if err != nil {
					return out, err
				}
				if c != 1 {
					continue
				}
				p.Unique = true
			}
			out = append(out, p)
			break // the next puzzle from another solution
		}
	}
	return out, nil
}

// completions counts the completions of b, up to limit.
func completions(ctx context.Context, b encode.Board, limit uint64) (uint64, error) {
	var c uint64
	_, err := search.Backtrack(ctx, b, func(encode.Placement) bool {
		c++
		return c < limit
	})
	if err != nil && !errors.Is(err, context.Canceled) {
		return c, err
	}
	return c, ctx.Err()
}
