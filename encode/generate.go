package encode

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/qtool-project/qtool/internal/memlimit"
)

// Generate makes a random completion instance of order n with up to k
// queens, the way Gent, Jefferson and Nightingale's queens-gen-fast does
// ("Complexity of n-Queens Completion", JAIR 59, 2017,
// doi:10.1613/jair.5512): up to n² attempts, each picking a random free row
// and a random free column and keeping the queen only if both its diagonals
// are free, stopping at k queens. The result can hold fewer than k queens
// when the attempts run out.
//
// The instance is a pure function of (n, k, seed, index): the random stream
// is PCG seeded with seed and index, so instance i of a set can be made
// again alone, byte for byte. The complexity is O(n²) time at worst and O(n)
// memory.
func Generate(n, k int, seed uint64, index uint64) (Board, error) {
	return GenerateContext(context.Background(), n, k, seed, index)
}

// GenerateBytes estimates the memory, in bytes, that Generate takes for
// order n: the board, the free rows and columns (8 bytes each a row) and
// the diagonals (2 bytes).
func GenerateBytes(n int) uint64 { return 28 * uint64(max(n, 0)) }

// GenerateContext is Generate that stops when ctx ends, with ctx's error:
// the n² attempts of a large board take long. An order whose instance
// cannot fit in memory (GenerateBytes) is refused before anything is
// allocated.
func GenerateContext(ctx context.Context, n, k int, seed uint64, index uint64) (Board, error) {
	if n < 1 {
		return Board{}, fmt.Errorf("encode: generate: n must be at least 1, got %d", n)
	}
	if k < 0 || k > n {
		return Board{}, fmt.Errorf("encode: generate: k must be between 0 and n = %d, got %d", n, k)
	}
	if n > MaxN {
		return Board{}, fmt.Errorf("encode: generate: n = %d is larger than qtool handles (%d)", n, MaxN)
	}
	if err := memlimit.Check(fmt.Sprintf("an instance of n = %d", n), GenerateBytes(n)); err != nil {
		return Board{}, fmt.Errorf("encode: generate: %w", err)
	}
	rng := rand.New(rand.NewPCG(seed, index))
	b := Board{N: n, Queens: make([]int, n)}
	rows := make([]int, n)
	cols := make([]int, n)
	for i := range n {
		b.Queens[i], rows[i], cols[i] = -1, i, i
	}
	diag := make([]bool, 2*n-1)
	anti := make([]bool, 2*n-1)
	placed := 0
	for attempt := 0; attempt < n*n && placed < k; attempt++ {
		if attempt&(1<<16-1) == 0 && ctx.Err() != nil {
			return Board{}, ctx.Err()
		}
		i, j := rng.IntN(len(rows)), rng.IntN(len(cols))
		r, c := rows[i], cols[j]
		if diag[r+c] || anti[r-c+n-1] {
			continue
		}
		b.Queens[r] = c
		diag[r+c], anti[r-c+n-1] = true, true
		rows[i], rows = rows[len(rows)-1], rows[:len(rows)-1]
		cols[j], cols = cols[len(cols)-1], cols[:len(cols)-1]
		placed++
	}
	return b, nil
}
