package search

import (
	"errors"
	"fmt"

	"qtool/encode"
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
// complexity is O(n) time and the returned placement is the only memory.
func Construct(n int) (encode.Placement, error) {
	switch {
	case n < 1:
		return nil, fmt.Errorf("search: construct: n must be at least 1, got %d", n)
	case n > encode.MaxN:
		return nil, fmt.Errorf("search: construct: n = %d is larger than the largest board (%d)", n, encode.MaxN)
	case n == 2 || n == 3:
		return nil, constructNone("construct", n)
	}
	p := make(encode.Placement, n)
	col := 0
	// put places the queen of the next column in row v (1-based).
	put := func(v int) {
		p[v-1] = col
		col++
	}
	// every2 places the queens of the next columns in rows from, from+2,
	// …, up to to.
	every2 := func(from, to int) {
		for v := from; v <= to; v += 2 {
			put(v)
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
	if col != n {
		panic(fmt.Sprintf("search: construct: placed %d queens for n = %d", col, n))
	}
	return p, nil
}
