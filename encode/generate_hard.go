package encode

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
)

// GenerateDiagonals makes a random Excluded Diagonals instance of order n
// the way Gent, Jefferson and Nightingale's queens-diag-gen.py does (CSPLib
// prob079, "Complexity of n-Queens Completion", JAIR 59, 2017): the 2n−1
// sum diagonals and the 2n−1 difference diagonals are shuffled, then taken
// one at a time from a randomly chosen side, and a diagonal is excluded
// unless it would leave some row or column fewer than minFree squares that
// no excluded diagonal covers. It returns every diagonal excluded, in
// order: the instance with d diagonals is the first d of them, as theirs
// is ("taking the FIRST d elements of the list"). The result is a pure
// function of (n, minFree, seed, index); O(n²) time, O(n) memory.
func GenerateDiagonals(n, minFree int, seed, index uint64) ([]Diagonal, error) {
	return GenerateDiagonalsContext(context.Background(), n, minFree, seed, index)
}

// GenerateDiagonalsContext is GenerateDiagonals that stops when ctx ends,
// with ctx's error: the O(n²) steps take seconds at n = 65,536, so it
// looks at ctx at every diagonal (O(n) steps each).
func GenerateDiagonalsContext(ctx context.Context, n, minFree int, seed, index uint64) ([]Diagonal, error) {
	if n < 1 || n > 1<<16 {
		return nil, fmt.Errorf("encode: generate diagonals: n must be in 1..%d, got %d", 1<<16, n)
	}
	if minFree < 0 {
		return nil, fmt.Errorf("encode: generate diagonals: the free squares kept per row must be 0 or more, got %d", minFree)
	}
	rng := rand.New(rand.NewPCG(seed, index))
	sums, difs := rng.Perm(2*n-1), rng.Perm(2*n-1)
	inRow, inCol := make([]int, n), make([]int, n)
	for i := range n {
		inRow[i], inCol[i] = n, n
	}
	sumOut, difOut := make([]bool, 2*n-1), make([]bool, 2*n-1)
	var out []Diagonal
	var rows, cols []int
	for len(sums) > 0 || len(difs) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sum := len(difs) == 0 || (len(sums) > 0 && rng.IntN(2) == 1)
		var d int
		if sum {
			d, sums = sums[len(sums)-1], sums[:len(sums)-1]
		} else {
			d, difs = difs[len(difs)-1], difs[:len(difs)-1]
		}
		rows, cols = rows[:0], cols[:0]
		ok := true
		for r := 0; r < n && ok; r++ {
			c := d - r
			if !sum {
				c = r - d + n - 1
			}
			if c < 0 || c >= n || sumOut[r+c] || difOut[r-c+n-1] {
				continue
			}
			if inRow[r] <= minFree || inCol[c] <= minFree {
				ok = false
			}
			rows, cols = append(rows, r), append(cols, c)
		}
		if !ok {
			continue
		}
		for i := range rows {
			inRow[rows[i]]--
			inCol[cols[i]]--
		}
		if sum {
			sumOut[d] = true
		} else {
			difOut[d] = true
		}
		out = append(out, Diagonal{D: d, Sum: sum})
	}
	return out, nil
}

// GenerateBlocked makes a random Blocked n-Queens instance (Gent, Jefferson
// and Nightingale, JAIR 59, 2017): k squares of the n×n board chosen
// uniformly at random without replacement, in row-major order. The result
// is a pure function of (n, k, seed, index); O(n² ) time and memory at
// worst.
func GenerateBlocked(n, k int, seed, index uint64) ([]Cell, error) {
	if n < 1 || n > 1<<12 {
		return nil, fmt.Errorf("encode: generate blocked: n must be in 1..%d, got %d", 1<<12, n)
	}
	if k < 0 || k > n*n {
		return nil, fmt.Errorf("encode: generate blocked: k must be in 0..n² = %d, got %d", n*n, k)
	}
	rng := rand.New(rand.NewPCG(seed, index))
	perm := rng.Perm(n * n)[:k]
	cs := make([]Cell, k)
	for i, s := range perm {
		cs[i] = Cell{s / n, s % n}
	}
	sortCells(cs)
	return cs, nil
}

// WriteParam writes an Excluded Diagonals instance in CSPLib prob079's
// parameter form ("n = …", "numdiags = …", "diags = [[d, t], …]", t = 1 for
// a sum diagonal), which ParseInstance reads back.
func WriteParam(w io.Writer, n int, diags []Diagonal) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "n = %d\nnumdiags = %d\ndiags = [", n, len(diags))
	for i, d := range diags {
		if i > 0 {
			sb.WriteString(", ")
		}
		t := 0
		if d.Sum {
			t = 1
		}
		fmt.Fprintf(&sb, "[%d, %d]", d.D, t)
	}
	sb.WriteString("]\n")
	_, err := io.WriteString(w, sb.String())
	return err
}

// WriteGridBlocked writes the board as a grid with its blocked squares
// 'x', which ParseInstance reads back.
func (in Instance) WriteGridBlocked(w io.Writer) error {
	n := in.Board.N
	grid := make([][]byte, n)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(".", n) + "\n")
		if c := in.Board.Queen(r); c >= 0 {
			grid[r][c] = 'Q'
		}
	}
	for _, x := range in.Blocked {
		grid[x.R][x.C] = 'x'
	}
	for _, row := range grid {
		if _, err := w.Write(row); err != nil {
			return err
		}
	}
	return nil
}
