package search

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/qtool-project/qtool/encode"
)

// ValueOrder is the order in which BacktrackMRV tries the columns of the
// row it branches on.
type ValueOrder int

const (
	// ValueLeft tries the columns left to right.
	ValueLeft ValueOrder = iota
	// ValueMiddle tries them from the middle of the board outwards: the
	// middle columns are the ones a queen attacks least of the other rows'
	// free squares early on, and the board's edges are left for the end,
	// when few rows need them (Kalé, "An almost perfect heuristic for the
	// N nonattacking queens problem", IPL 34, 1990, orders values so).
	ValueMiddle
	// ValueRandom tries them in a random order, with restarts: the search
	// for a first solution starts again with a new order after a budget
	// of nodes that doubles every time (Gomes, Selman and Kautz, "Boosting
	// combinatorial search through randomization", AAAI 1998). A count or
	// a listing of every solution runs once, without restarts. Up to
	// mrvShuffleMax rows a level's free columns are shuffled uniformly;
	// beyond, a level tries them in the order of a random affine map
	// k ↦ (a·k + b) mod n (a prime to n), which needs no buffer: the
	// buffers of the shuffles took O(n²) memory on a large board.
	ValueRandom
)

// mrvShuffleMax is the largest board on which ValueRandom shuffles each
// level's free columns in a buffer: at most n²/2 columns in all, 64 MB.
// (A variable for the tests of the affine orders on small boards.)
var mrvShuffleMax = 4096

var valueOrderNames = [...]string{"left", "middle", "random"}

func (o ValueOrder) String() string {
	if o < 0 || int(o) >= len(valueOrderNames) {
		return fmt.Sprintf("value-order(%d)", int(o))
	}
	return valueOrderNames[o]
}

// ParseValueOrder reads a value order by name: left, middle or random.
func ParseValueOrder(s string) (ValueOrder, error) {
	for i, n := range valueOrderNames {
		if s == n {
			return ValueOrder(i), nil
		}
	}
	return 0, fmt.Errorf("search: unknown value order %q (want left, middle or random)", s)
}

// BacktrackMRV enumerates the completions of board b by backtracking that
// branches on the free row with the fewest free squares ("minimum
// remaining values", Golomb and Baumert, JACM 12, 1965; Bitner and
// Reingold, CACM 18, 1975), trying its columns in the value order. Each
// row keeps the number of its squares that no queen attacks, updated in
// O(n) a queen, so that a node costs O(n) whatever n: a first solution of
// n = 10,000 takes some 10⁴ nodes with the middle-out order. visit
// receives each solution (the placement is reused) and returns false to
// stop; nil counts. seed drives ValueRandom. The error is the context's;
// the stats count the queens placed (Nodes) and, for ValueRandom, the
// restarts (in Restarts).
func BacktrackMRV(ctx context.Context, b encode.Board, order ValueOrder, seed int64, visit func(encode.Placement) bool) (BacktrackMRVStats, error) {
	if err := b.Validate(); err != nil {
		return BacktrackMRVStats{}, err
	}
	n := b.N
	// A node places and removes a queen (three squares of each other row
	// each way), picks the row and scans its columns: some 8n steps.
	every := checkNodes(8 * n)
	s := &mrv{ctx: ctx, n: n, visit: visit, order: order, check: every, every: every,
		col: make([]bool, n), diag: make([]bool, 2*n-1), anti: make([]bool, 2*n-1),
		dom: make([]int32, n), placed: make([]bool, n), q: make(encode.Placement, n),
		budget: -1}
	for r := range n {
		s.dom[r] = int32(n)
	}
	if order == ValueMiddle {
		// The columns by their distance from the middle, the left one
		// first of two at the same distance.
		for k := range n {
			s.middle = append(s.middle, (n-1)/2+(k+1)/2*(1-2*(k%2))*-1)
		}
		if n%2 == 0 {
			for k := range n {
				s.middle[k] = n/2 - 1 - k/2 + (k%2)*(2*(k/2)+1)
			}
		}
	}
	for r := range n {
		if c := b.Queen(r); c >= 0 {
			if !s.poll() {
				return s.st, s.err
			}
			s.place(r, c)
		}
	}
	if order == ValueRandom {
		s.rng = rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15))
		if visit != nil {
			// One solution wanted at a time: restarts, the budget doubling.
			for budget := int64(4 * n); ; budget *= 2 {
				s.budget, s.spent = budget, 0
				s.search(n - b.Given())
				if s.stop || s.budget < 0 || s.spent < s.budget {
					break // stopped, a solution found (the run then went on uncut), or a search that ended within its budget: complete
				}
				s.st.Restarts++
			}
			return s.st, s.err
		}
	}
	s.search(n - b.Given())
	return s.st, s.err
}

// BacktrackMRVStats counts what BacktrackMRV did.
type BacktrackMRVStats struct {
	Solutions uint64
	Nodes     uint64
	Restarts  uint64
}

type mrv struct {
	ctx             context.Context
	n               int
	visit           func(encode.Placement) bool
	order           ValueOrder
	rng             *rand.Rand
	col, diag, anti []bool
	dom             []int32 // free squares of each row not yet placed
	placed          []bool
	q               encode.Placement
	vals            [][]int // ValueRandom's columns to try, by rows left
	middle          []int   // the columns, middle out
	st              BacktrackMRVStats
	err             error
	stop            bool
	check, every    int   // nodes to the next look at the context, and between two looks
	budget, spent   int64 // ValueRandom's node budget of this restart (-1: none)
}

func (s *mrv) free(r, c int) bool {
	return !s.col[c] && !s.diag[r+c] && !s.anti[r-c+s.n-1]
}

// attacks calls f with every square of another free row that a queen on
// (r, c) attacks and no other queen does.
func (s *mrv) attacks(r, c int, f func(r2 int)) {
	n := s.n
	for r2 := range n {
		if s.placed[r2] || r2 == r {
			continue
		}
		d := r2 - r
		for _, c2 := range [3]int{c, c + d, c - d} {
			if c2 >= 0 && c2 < n && s.free(r2, c2) {
				f(r2)
			}
		}
	}
}

func (s *mrv) place(r, c int) {
	s.attacks(r, c, func(r2 int) { s.dom[r2]-- })
	s.col[c], s.diag[r+c], s.anti[r-c+s.n-1] = true, true, true
	s.placed[r], s.q[r] = true, c
}

func (s *mrv) remove(r, c int) {
	s.col[c], s.diag[r+c], s.anti[r-c+s.n-1] = false, false, false
	s.placed[r] = false
	s.attacks(r, c, func(r2 int) { s.dom[r2]++ })
}

// poll counts a node (or a given queen placed) and looks at the context
// every s.every of them; false means the search must end.
func (s *mrv) poll() bool {
	if s.check--; s.check <= 0 {
		s.check = s.every
		if err := s.ctx.Err(); err != nil {
			s.err, s.stop = err, true
			return false
		}
	}
	return true
}

// search places the left free rows.
func (s *mrv) search(left int) {
	if s.stop || !s.poll() {
		return
	}
	if left == 0 {
		s.st.Solutions++
		s.budget = -1 // nothing was cut before this solution: no more restarts, and the rest of the run uncut
		if s.visit != nil && !s.visit(s.q) {
			s.stop = true
		}
		return
	}
	r, best := -1, int32(1<<30)
	for i := range s.n {
		if !s.placed[i] && s.dom[i] < best {
			r, best = i, s.dom[i]
			if best <= 1 {
				break
			}
		}
	}
	if best == 0 {
		return
	}
	if s.order != ValueRandom || s.rng == nil {
		// The columns in a fixed order, each tested when its turn comes:
		// the children leave the board as they found it, so a column free
		// at the start of the loop is free at its turn. No buffer: the
		// most constrained row of a large board still has nearly n free
		// columns on the first levels, and a buffer per level took O(n²)
		// memory (12 GB at n = 300,000).
		for k := range s.n {
			c := k
			if s.order == ValueMiddle {
				c = s.middle[k]
			}
			if s.free(r, c) && !s.try(r, c, left) {
				break
			}
		}
		return
	}
	if s.n > mrvShuffleMax {
		s.affine(r, left)
		return
	}
	// The free columns shuffled, in a buffer of this level's own.
	for len(s.vals) <= left {
		s.vals = append(s.vals, nil)
	}
	vals := s.vals[left][:0]
	for c := range s.n {
		if s.free(r, c) {
			vals = append(vals, c)
		}
	}
	s.rng.Shuffle(len(vals), func(i, j int) { vals[i], vals[j] = vals[j], vals[i] })
	s.vals[left] = vals
	for _, c := range vals {
		if !s.try(r, c, left) {
			break
		}
	}
}

// affine tries row r's free columns in the order k ↦ (a·k + b) mod n of
// a random a prime to n and a random b: a random order drawn from the
// n·φ(n) such maps, without a buffer.
func (s *mrv) affine(r, left int) {
	n, a := s.n, 1
	for n > 2 {
		if a = 1 + s.rng.IntN(n-1); gcd(a, n) == 1 {
			break
		}
	}
	c := s.rng.IntN(n)
	for range n {
		if s.free(r, c) && !s.try(r, c, left) {
			return
		}
		if c += a; c >= n {
			c -= n
		}
	}
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// try places a queen on (r, c), searches the rows left below it and
// removes it (unless the search stopped); false means the loop over row r's columns must end (the
// search stopped or the restart's budget is spent).
func (s *mrv) try(r, c, left int) bool {
	if s.budget >= 0 && s.spent >= s.budget {
		return false
	}
	s.st.Nodes++
	s.spent++
	s.place(r, c)
	s.search(left - 1)
	if s.stop {
		// Nothing is searched again: the board is left as it is, not
		// unwound at O(n) a level (seconds at n = 10⁶ after a SIGTERM).
		return false
	}
	s.remove(r, c)
	return true
}
