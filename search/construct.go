package search

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/qtool-project/qtool/encode"
)

// ErrConstructNoSolution is wrapped by the error that Construct and
// MinConflicts return for n = 2 and n = 3, the only orders without any
// solution. Unlike running out of a search budget, it is a final answer.
var ErrConstructNoSolution = errors.New("no solution exists")

// constructNone returns the final "no solution" error for order n (2 or 3),
// prefixed with the name of the caller.
func constructNone(who string, n int) error {
	return fmt.Errorf("search: %s: %w for n = %d: two queens on a %d×%d board always attack each other", who, ErrConstructNoSolution, n, n, n)
}

// Construct returns a solution of the n-queens problem without any search,
// by the explicit "staircase" construction of Hoffman, Loessi and Moore
// ("Constructions for the solution of the m queens problem", Mathematics
// Magazine 42(2), 1969, doi:10.2307/2689192) in the form that Bernhardsson
// gives ("Explicit solutions to the N-queens problem for all N", ACM SIGART
// Bulletin 2(2), 1991, doi:10.1145/122319.122322).
//
// Number the rows 1..n and fill the columns from left to right with the
// queen's row taken from a list of the numbers 1..n: when n mod 6 is
// neither 2 nor 3, the even numbers in increasing order, then the odd ones;
// when n mod 6 = 2, the same but with 1 and 3 exchanged and 5 moved to the
// end (2, 4, …, n, 3, 1, 7, 9, …, n−1, 5); when n mod 6 = 3, the even
// numbers with 2 moved to the end, then the odd ones with 1 and 3 moved to
// the end (4, 6, …, n−1, 2, 5, 7, …, n, 1, 3). For n = 8 this gives a2, b4,
// c6, d8, e3, f1, g7, h5.
//
// n = 1 has the one trivial solution; n = 2 and n = 3 have none and
// Construct returns an error wrapping ErrConstructNoSolution. The
// complexity is O(n) time and the returned placement (8 bytes a row, see
// ConstructBytes) is the only memory.
func Construct(n int) (encode.Placement, error) {
	return ConstructContext(context.Background(), n)
}

// ConstructContext is Construct under a context: it looks at ctx every
// 2¹⁶ columns and returns ctx's error when it has ended, so that a
// construction of 10⁸ queens stops within milliseconds of a deadline.
func ConstructContext(ctx context.Context, n int) (encode.Placement, error) {
	if err := constructCheck(n, encode.MaxN); err != nil {
		return nil, err
	}
	p := make(encode.Placement, n)
	if err := constructInto(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

// ConstructMaxN is the largest order that ConstructColumns accepts: the
// rows are numbered in 32 bits.
const ConstructMaxN = math.MaxInt32

// ConstructColumns is ConstructContext for boards beyond encode.MaxN: it
// returns the column of each row as an int32, 4 bytes a queen (4 GB for
// n = 10⁹), for n up to ConstructMaxN.
func ConstructColumns(ctx context.Context, n int) ([]int32, error) {
	if err := constructCheck(n, ConstructMaxN); err != nil {
		return nil, err
	}
	p := make([]int32, n)
	if err := constructInto(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

// ConstructBytes is the memory, in bytes, that Construct and
// ConstructContext take for order n, estimated before allocating: the
// placement, 8 bytes a row.
func ConstructBytes(n int) uint64 {
	return 8 * uint64(max(n, 0))
}

// constructCheck refuses the orders that have no construction.
func constructCheck(n, most int) error {
	switch {
	case n < 1:
		return fmt.Errorf("search: construct: n must be at least 1, got %d", n)
	case n > most:
		return fmt.Errorf("search: construct: n = %d is larger than the largest board (%d)", n, most)
	case n == 2 || n == 3:
		return constructNone("construct", n)
	}
	return nil
}

// constructCheckEvery is the number of columns between looks at the
// context.
const constructCheckEvery = 1 << 16

// constructInto fills p (of length n ≥ 4, or 1) with the construction.
func constructInto[T int | int32](ctx context.Context, p []T) error {
	n := len(p)
	col := 0
	var err error
	// put places the queen of the next column in row v (1-based).
	put := func(v int) {
		p[v-1] = T(col)
		col++
	}
	// every2 places the queens of the next columns in rows from, from+2,
	// …, up to to, looking at the context now and then.
	every2 := func(from, to int) {
		for v := from; v <= to && err == nil; {
			stop := min(to, v+2*constructCheckEvery)
			for ; v <= stop; v += 2 {
				put(v)
			}
			err = ctx.Err()
		}
	}
	switch n % 6 {
	case 2:
		every2(2, n)
		put(3)
		put(1)
		every2(7, n-1)
		put(5)
	case 3:
		every2(4, n-1)
		put(2)
		every2(5, n)
		put(1)
		put(3)
	default:
		every2(2, n)
		every2(1, n)
	}
	if err != nil {
		return err
	}
	if col != n {
		panic(fmt.Sprintf("search: construct: placed %d queens for n = %d", col, n))
	}
	return nil
}
