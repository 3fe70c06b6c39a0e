// Package partition finds the partitions of the n×n board into n disjoint
// n-queens solutions (plain or toroidal): the Latin squares each of whose
// symbols marks a solution ("queen Latin squares"; on the torus, the
// pandiagonal Latin squares, which exist iff gcd(n, 6) = 1, Pólya 1918;
// existence for the plain board OEIS A168553). Two methods, which share
// nothing but the list of solutions: exact cover over the solutions
// (Knuth, TAOCP 7.2.2.1: an item per square, an option per solution,
// Algorithm X with dancing links, package dlx) and a direct search that
// gives the queen of row 0 in column c to symbol c and picks, column by
// column, a solution disjoint from those picked (bitmasks of the squares
// taken). A partition is counted once, as a set of solutions; its Latin
// square numbers each solution by the column of its queen in row 0.
// Symmetric is a third, partial search: only the partitions that a
// symmetry of the board maps onto themselves, by exact cover over its
// orbits (the one that finds a partition of the 12×12 board, A168553(12)).
package partition

import (
	"context"
	"errors"
	"fmt"

	"github.com/qtool-project/qtool/dlx"
)

// MaxN is the largest order the package takes: a row of the board is a
// 64-bit mask.
const MaxN = 64

// Solution is an n-queens solution: the column of the queen of each row.
type Solution []int

// Stats is what a search found: the partitions (Count) and the nodes.
type Stats struct {
	Count uint64
	Nodes uint64
}

// Cover counts the partitions of the n×n board into disjoint members of
// sols by exact cover with package dlx: an item per square, an option per
// solution. visit, when not nil, is called with the members of each
// partition (indices into sols, in row-0 column order) and stops the
// search by returning false. It ends when ctx does, with ctx's error and
// what it counted.
func Cover(ctx context.Context, n int, sols []Solution, visit func(members []int) bool) (Stats, error) {
	if err := check(n, sols); err != nil {
		return Stats{}, err
	}
	p, err := cellProblem(n)
	if err != nil {
		return Stats{}, err
	}
	opt := make([]int, n)
	for _, s := range sols {
		for r, c := range s {
			opt[r] = r*n + c
		}
		if err := p.AddOptionIndex(opt...); err != nil {
			return Stats{}, fmt.Errorf("partition: %w", err)
		}
	}
	cfg := dlx.Config{ShortFirst: true}
	if visit != nil {
		members := make([]int, n)
		cfg.Visit = func(options []int) bool {
			for _, o := range options {
				members[sols[o][0]] = o
			}
			return visit(members)
		}
	}
	st, err := p.Run(ctx, cfg)
	return Stats{Count: st.Solutions, Nodes: st.Nodes}, err
}

// Direct counts the same partitions by backtracking: symbol c is the
// solution with its row-0 queen in column c, chosen for c = 0, 1, … among
// the solutions that miss every square taken. visit is as for Cover.
func Direct(ctx context.Context, n int, sols []Solution, visit func(members []int) bool) (Stats, error) {
	if err := check(n, sols); err != nil {
		return Stats{}, err
	}
	byFirst := make([][]int, n)
	for i, s := range sols {
		byFirst[s[0]] = append(byFirst[s[0]], i)
	}
	mask := make([][]uint64, len(sols))
	for i, s := range sols {
		mask[i] = make([]uint64, n)
		for r, c := range s {
			mask[i][r] = 1 << c
		}
	}
	taken := make([]uint64, n)
	members := make([]int, n)
	var st Stats
	var err error
	stop := false
	var walk func(c int)
	walk = func(c int) {
		if c == n {
			st.Count++
			if visit != nil && !visit(members) {
				stop = true
			}
			return
		}
	next:
		for _, i := range byFirst[c] {
			if stop {
				return
			}
			if st.Nodes++; st.Nodes&0xfff == 0 {
				if err = ctx.Err(); err != nil {
					stop = true
					return
				}
			}
			for r, m := range mask[i] {
				if taken[r]&m != 0 {
					continue next
				}
			}
			for r, m := range mask[i] {
				taken[r] |= m
			}
			members[c] = i
			walk(c + 1)
			for r, m := range mask[i] {
				taken[r] &^= m
			}
		}
	}
	walk(0)
	return st, err
}

func check(n int, sols []Solution) error {
	if n < 1 || n > MaxN {
		return fmt.Errorf("partition: n = %d: want 1..%d", n, MaxN)
	}
	for i, s := range sols {
		if len(s) != n {
			return fmt.Errorf("partition: solution %d has %d rows, want %d", i, len(s), n)
		}
		for r, c := range s {
			if c < 0 || c >= n {
				return fmt.Errorf("partition: solution %d: row %d: column %d off the board", i, r, c)
			}
		}
	}
	return nil
}

// Square returns the Latin square of a partition: the symbol of square
// (r, c) is the row-0 column of the member that holds it.
func Square(n int, sols []Solution, members []int) [][]int {
	sq := make([][]int, n)
	for r := range sq {
		sq[r] = make([]int, n)
		for c := range sq[r] {
			sq[r][c] = -1
		}
	}
	for _, i := range members {
		s := sols[i]
		for r, c := range s {
			sq[r][c] = s[0]
		}
	}
	return sq
}

// ErrNotLatin is wrapped by CheckSquare's error for a square that is not
// a partition into n classes of n squares.
var ErrNotLatin = errors.New("partition: not a partition of the board")

// CheckSquare checks that sq is an n×n array of symbols 0..n−1 in which
// every symbol takes one square of every row and returns, for each symbol,
// the solution it marks (the column of its square in each row): the
// caller checks each by the problem's rules (encode.Verify).
func CheckSquare(sq [][]int) ([]Solution, error) {
	n := len(sq)
	if n < 1 || n > MaxN {
		return nil, fmt.Errorf("%w: %d rows", ErrNotLatin, n)
	}
	sols := make([]Solution, n)
	for s := range sols {
		sols[s] = make(Solution, n)
		for r := range sols[s] {
			sols[s][r] = -1
		}
	}
	for r, row := range sq {
		if len(row) != n {
			return nil, fmt.Errorf("%w: row %d has %d squares, want %d", ErrNotLatin, r, len(row), n)
		}
		for c, s := range row {
			switch {
			case s < 0 || s >= n:
				return nil, fmt.Errorf("%w: square (%d,%d) holds symbol %d, want 0..%d", ErrNotLatin, r, c, s, n-1)
			case sols[s][r] >= 0:
				return nil, fmt.Errorf("%w: symbol %d twice in row %d (columns %d and %d)", ErrNotLatin, s, r, sols[s][r], c)
			}
			sols[s][r] = c
		}
	}
	return sols, nil
}

// cellProblem is the exact-cover problem with an item per square of the
// n×n board ("rRcC") and no options yet: both searches add a solution, or
// a symmetry's orbit of solutions, as an option.
func cellProblem(n int) (*dlx.Matrix, error) {
	items := make([]string, n*n)
	for i := range items {
		items[i] = fmt.Sprintf("r%dc%d", i/n, i%n)
	}
	p, err := dlx.NewMatrix(items, nil)
	if err != nil {
		return nil, fmt.Errorf("partition: %w", err)
	}
	return p, nil
}
