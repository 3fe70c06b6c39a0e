package classroom

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/qtool-project/qtool/dlx"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

// GrowthMethods are the searches the lesson on growth compares: plain
// backtracking with column and diagonal flags (search.Backtrack: nodes are
// the partial boards it visits, the empty one included, tests the squares
// it tests), the bitmask search (search.BitmaskCount without symmetry, on
// one goroutine: nodes are the queens it places) and Algorithm X
// (package dlx on encode.ExactCover: nodes and link updates).
var GrowthMethods = []string{"backtrack", "bitmask", "dlx"}

// MaxGrowthN is the largest order the lesson on growth counts: n = 16
// takes minutes by plain backtracking.
const MaxGrowthN = 16

// GrowthRow is one measured count: method on the empty n×n board.
type GrowthRow struct {
	N         int     `json:"n"`
	Method    string  `json:"method"`
	Solutions uint64  `json:"solutions"`
	Nodes     uint64  `json:"nodes"`
	Tests     uint64  `json:"tests,omitempty"`   // backtrack
	Updates   uint64  `json:"updates,omitempty"` // dlx
	Seconds   float64 `json:"seconds"`
	// Factorial is n!, the bound of a search that places one queen a row
	// and column (as a float: 16! is about 2.1e13).
	Factorial float64 `json:"factorial"`
}

// Growth counts every solution of the empty n×n board for n = 4 to maxN
// with each method, the real searches at full speed (untraced), and
// hands each row to each as it is measured, in order of n. It stops at
// the context's end; the error says so (the rows handed over are
// complete).
func Growth(ctx context.Context, methods []string, maxN int, each func(GrowthRow)) error {
	if maxN < 4 || maxN > MaxGrowthN {
		return fmt.Errorf("classroom: the lesson on growth counts n = 4 to at most %d, got %d", MaxGrowthN, maxN)
	}
	for _, m := range methods {
		if !isGrowthMethod(m) {
			return fmt.Errorf("classroom: unknown method %q for the lesson on growth (backtrack, bitmask, dlx)", m)
		}
	}
	for n := 4; n <= maxN; n++ {
		for _, m := range methods {
			row, err := countGrowth(ctx, m, n)
			if err != nil {
				return err
			}
			each(row)
		}
	}
	return nil
}

func isGrowthMethod(m string) bool {
	for _, g := range GrowthMethods {
		if g == m {
			return true
		}
	}
	return false
}

func countGrowth(ctx context.Context, method string, n int) (GrowthRow, error) {
	row := GrowthRow{N: n, Method: method, Factorial: math.Gamma(float64(n + 1))}
	b := encode.Empty(n)
	start := time.Now()
	switch method {
	case "backtrack":
		st, err := search.Backtrack(ctx, b, nil)
		if err != nil {
			return row, err
		}
		row.Solutions, row.Nodes, row.Tests = st.Solutions, st.Nodes, st.Tests
	case "bitmask":
		st, err := search.BitmaskCount(ctx, b, search.BitmaskOptions{Workers: 1, Symmetry: search.BitmaskNone})
		if err != nil {
			return row, err
		}
		if ctx.Err() != nil {
			return row, ctx.Err()
		}
		row.Solutions, row.Nodes = st.Solutions, st.Nodes
	case "dlx":
		m, err := encode.ExactCover(b)
		if err != nil {
			return row, err
		}
		p, err := dlx.NewMatrix(m.Primary, m.Secondary)
		if err != nil {
			return row, err
		}
		for _, opt := range m.Options {
			if err := p.AddOptionIndex(opt...); err != nil {
				return row, err
			}
		}
		st, err := p.Run(ctx, dlx.Config{Algorithm: dlx.X, Workers: 1})
		if err != nil {
			return row, err
		}
		row.Solutions, row.Nodes, row.Updates = st.Solutions, st.Nodes, st.Updates
	}
	if err := ctx.Err(); err != nil {
		return row, err
	}
	row.Seconds = time.Since(start).Seconds()
	return row, nil
}

// Bugs are the classic mistakes the lesson shows: "anti-offset", the
// anti-diagonal flag indexed by row − column without the offset n − 1
// (in C the index reads and writes the flags stored before the array: the
// search below keeps all flags in one array, columns, then diagonals,
// then anti-diagonals, as a C struct would); "no-mask", the bitmask
// search's free squares taken as ^(cols|left|right) without & full on a
// 32-bit word, with a board counted when every row holds a queen (so
// queens placed off the board count too).
var Bugs = []string{"anti-offset", "no-mask"}

// BugRow compares the count of a buggy search with the right one.
type BugRow struct {
	N     int    `json:"n"`
	Bug   string `json:"bug"`
	Right uint64 `json:"right"`
	Buggy uint64 `json:"buggy"`
	// Complete is false when the buggy search was stopped at its node
	// budget: Buggy is then a lower bound.
	Complete bool   `json:"complete"`
	Nodes    uint64 `json:"nodes"`
}

// BugBudget is the node budget of a buggy search (the missing mask makes
// the search grow about 30-fold a row).
const BugBudget = 20_000_000

// Buggy runs the search with bug on the empty n×n board (n 1 to 16) and
// the right search (search.Backtrack), and returns both counts.
func Buggy(ctx context.Context, bug string, n int) (BugRow, error) {
	if n < 1 || n > MaxGrowthN {
		return BugRow{}, fmt.Errorf("classroom: the buggy searches run n = 1 to %d, got %d", MaxGrowthN, n)
	}
	row := BugRow{N: n, Bug: bug}
	st, err := search.Backtrack(ctx, encode.Empty(n), nil)
	if err != nil {
		return row, err
	}
	row.Right = st.Solutions
	var c counter
	c.ctx, c.budget = ctx, BugBudget
	switch bug {
	case "anti-offset":
		c.flags = make([]bool, 5*n-2)
		c.n = n
		c.antiOffset(0)
	case "no-mask":
		c.n = n
		c.noMask(0, 0, 0, 0)
	default:
		return row, fmt.Errorf("classroom: unknown bug %q (anti-offset, no-mask)", bug)
	}
	if c.err != nil && !errors.Is(c.err, errBudget) {
		return row, c.err
	}
	row.Buggy, row.Nodes, row.Complete = c.count, c.nodes, c.err == nil
	return row, nil
}

var errBudget = errors.New("classroom: node budget spent")

// counter is a buggy search's state.
type counter struct {
	ctx          context.Context
	n            int
	flags        []bool
	count, nodes uint64
	budget       uint64
	err          error
}

func (c *counter) visit() bool {
	c.nodes++
	if c.nodes&(1<<16-1) == 0 {
		if err := c.ctx.Err(); err != nil {
			c.err = err
		}
	}
	if c.nodes > c.budget {
		c.err = errBudget
	}
	return c.err == nil
}

// antiOffset is the seed's set-based search with anti[row-c] for
// anti[row-c+n-1]: cols at flags[0:n], diag at flags[n:3n-1], anti at
// flags[3n-1:5n-2]; a negative row-c lands in diag.
func (c *counter) antiOffset(row int) {
	if !c.visit() {
		return
	}
	n := c.n
	if row == n {
		c.count++
		return
	}
	for col := 0; col < n; col++ {
		ci, di, ai := col, n+row+col, 3*n-1+row-col // the bug: no +n-1
		if c.flags[ci] || c.flags[di] || c.flags[ai] {
			continue
		}
		c.flags[ci], c.flags[di], c.flags[ai] = true, true, true
		c.antiOffset(row + 1)
		c.flags[ci], c.flags[di], c.flags[ai] = false, false, false
		if c.err != nil {
			return
		}
	}
}

// noMask is the bitmask search with free = ^(cols|left|right) on 32 bits.
func (c *counter) noMask(row int, cols, left, right uint32) {
	if !c.visit() {
		return
	}
	full := uint32(1)<<c.n - 1
	if row == c.n {
		c.count++
		return
	}
	free := ^(cols | left | right) // the bug: no & full
	for free != 0 {
		bit := free & -free
		free -= bit
		c.noMask(row+1, cols|bit, ((left|bit)<<1)&full, (right|bit)>>1)
		if c.err != nil {
			return
		}
	}
}
