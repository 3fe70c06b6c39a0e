package classroom

import (
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/classroom/i18n"
)

// Square is a square of the board, {row, column}, both from 0 as in board
// files.
type Square [2]int

// Counter is one counter of a search, named as the search names it.
type Counter struct {
	Name  string `json:"name"`
	Value uint64 `json:"value"`
}

// Level is one level of Algorithm X: the item chosen there, the option
// tried for it and the primary items still active (not yet covered) when
// the item was chosen.
type Level struct {
	Item   string   `json:"item"`
	Option string   `json:"option,omitempty"`
	Active []string `json:"active"`
}

// Frame is what a search looks like after one of its events.
type Frame struct {
	// Seq numbers the frames of a run from 1; Step numbers its steps (the
	// Major frames) from 1, and is the number of the step a minor frame
	// leads to.
	Seq  uint64 `json:"seq"`
	Step int    `json:"step"`
	// At numbers every event of the search from 1, those a quiet run
	// lets pass (Event.Quiet) included: the same event has the same At in
	// every run of the same search (see BuildTree).
	At uint64 `json:"at"`
	// Major marks a step: a queen placed (or moved), a dead end, a
	// solution, the end of the search.
	Major bool `json:"major"`
	// Kind is the event: test, place, remove, dead-end, solution, end
	// (backtracking); choose, try, undo (Algorithm X); move (min-conflicts).
	Kind string `json:"kind"`
	// Text says what happened, in words.
	Text string `json:"text"`
	// Notes are the minor events since the previous step, one line each
	// (in a Major frame only).
	Notes []string `json:"notes,omitempty"`
	N     int      `json:"n"`
	// Queens[r] is the column of the queen in row r, or -1.
	Queens []int `json:"queens"`
	// Tested is the square being tested, if any.
	Tested *Square `json:"tested,omitempty"`
	// Conflict marks squares to be shown in conflict (min-conflicts).
	Conflict []Square `json:"conflict,omitempty"`
	// Board is the board drawn one string a row, row 0 first: Q a queen,
	// ! a queen attacked by another, ? the square being tested, x a square
	// attacked by a queen, . a free square.
	Board []string `json:"board"`
	// Solutions is the number of solutions found so far.
	Solutions uint64    `json:"solutions"`
	Counters  []Counter `json:"counters"`
	// Levels are the levels of Algorithm X, the outermost first.
	Levels []Level `json:"levels,omitempty"`
}

// Draw draws an n×n board one string a row: Q a queen, ! a queen that
// another attacks, ? the square tested (if not nil), x a square that a queen
// attacks, . a free square. queens[r] is the column of row r's queen or -1.
// The cost is O(n²).
func Draw(n int, queens []int, tested *Square) []string {
	col := make([]int, n)
	diag := make([]int, 2*n-1)
	anti := make([]int, 2*n-1)
	rows := 0
	for r, c := range queens {
		if c >= 0 {
			rows++
			col[c]++
			diag[r+c]++
			anti[r-c+n-1]++
		}
	}
	out := make([]string, n)
	line := make([]byte, n)
	for r := 0; r < n; r++ {
		q := -1
		if r < len(queens) {
			q = queens[r]
		}
		for c := 0; c < n; c++ {
			switch {
			case c == q:
				line[c] = 'Q'
				if col[c] > 1 || diag[r+c] > 1 || anti[r-c+n-1] > 1 {
					line[c] = '!'
				}
			case tested != nil && tested[0] == r && tested[1] == c:
				line[c] = '?'
			case q >= 0 || col[c] > 0 || diag[r+c] > 0 || anti[r-c+n-1] > 0:
				line[c] = 'x'
			default:
				line[c] = '.'
			}
		}
		out[r] = string(line)
	}
	return out
}

// Name names square (r, c) of an n×n board: algebraic for n ≤ 26 (file
// letter = column, rank = row + 1, as the algebraic board form reads it),
// "(r,c)" beyond.
func Name(n, r, c int) string {
	if n <= 26 {
		return fmt.Sprintf("%c%d", 'a'+c, r+1)
	}
	return fmt.Sprintf("(%d,%d)", r, c)
}

// rowName names row r for messages: "rank 3" for n ≤ 26, "row 2" beyond.
func rowName(cat *i18n.Catalogue, n, r int) string {
	if n <= 26 {
		return cat.T("rank", r+1)
	}
	return cat.T("row", r)
}

// counterLine writes the counters on one line: "nodes 3 · tests 9".
func counterLine(cat *i18n.Catalogue, cs []Counter) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = cat.T("counter."+c.Name) + " " + cat.Number(c.Value)
	}
	return strings.Join(parts, " · ")
}
