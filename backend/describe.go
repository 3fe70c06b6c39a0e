package backend

import (
	"fmt"
	"slices"
	"strings"

	"github.com/qtool-project/qtool/encode"
)

// DescribeDefault says in words what Default picks for mode, over the
// orders of an empty board and of a board with queens given (for n up to
// 80), e.g. "on an empty board bitmask for n ≤ 3, join for n ≤ 24, …".
func DescribeDefault(mode Mode) string {
	ranges := func(board func(n int) encode.Board, req Request) string {
		const top = 80
		pick := func(n int) string {
			return Default(encode.Problem{Instance: encode.Instance{Board: board(n)}}, req)
		}
		var parts []string
		start, cur := 1, pick(1)
		flush := func(end int) {
			switch {
			case end < top:
				parts = append(parts, fmt.Sprintf("%s for n ≤ %d", cur, end))
			case start == 1:
				parts = append(parts, cur)
			default:
				parts = append(parts, cur+" above")
			}
		}
		for n := 2; n <= top; n++ {
			if d := pick(n); d != cur {
				flush(n - 1)
				start, cur = n, d
			}
		}
		flush(top)
		return strings.Join(parts, ", ")
	}
	empty := func(n int) encode.Board { return encode.Empty(n) }
	given := func(n int) encode.Board {
		q := slices.Repeat([]int{-1}, n)
		q[0] = 0
		return encode.Board{N: n, Queens: q}
	}
	req := Request{Mode: mode}
	if mode == Count {
		unique := req
		unique.Unique = true
		return "on an empty board " + ranges(empty, req) + "; with --unique " + ranges(empty, unique) + "; on a board with queens given " + ranges(given, req)
	}
	first := req
	first.Limit = 1
	return "on an empty board " + ranges(empty, req) + " (one solution: " + ranges(empty, first) + "); on a board with queens given " + ranges(given, first)
}
