package dlx

// EventKind says what a step of the search did (see Event).
type EventKind uint8

// The steps of the search that Config.Trace reports, in the words of TAOCP
// 7.2.2.1 (Algorithms X, C and M).
const (
	// Choose: the search, at Level, branches on Item, which has Len
	// options left (step X3).
	Choose EventKind = iota + 1
	// Cover: Item leaves the list of active items and the options in its
	// list are hidden (cover(i), steps X4 and X5).
	Cover
	// Uncover: the inverse of Cover (steps X6 and X7).
	Uncover
	// Purify: an option gives secondary Item the colour Color; the
	// options of other colours are hidden (purify(p), Algorithm C).
	Purify
	// Unpurify: the inverse of Purify.
	Unpurify
	// Try: Option (a number as in Matrix.Option) is tried at Level, the
	// Len-th choice there counting from 1 (step X5). In Algorithm M,
	// Option is -1 for the null choice, which leaves Item short of its
	// upper bound.
	Try
	// Solution: every primary item is covered; Level options are chosen.
	Solution
	// Backtrack: every choice at Level has been tried; the search goes
	// back to Level-1 (step X8).
	Backtrack
)

// String returns the kind's name, as the Event constants spell it.
func (k EventKind) String() string {
	switch k {
	case Choose:
		return "choose"
	case Cover:
		return "cover"
	case Uncover:
		return "uncover"
	case Purify:
		return "purify"
	case Unpurify:
		return "unpurify"
	case Try:
		return "try"
	case Solution:
		return "solution"
	case Backtrack:
		return "backtrack"
	}
	return "unknown"
}

// Event is one step of a traced search (Config.Trace): the hook for
// showing Algorithm X at work. Item and Option are numbered as in the
// Matrix (Item -1 and Option -1 when the step has none).
type Event struct {
	Kind   EventKind
	Level  int
	Item   int
	Option int
	Color  int // the colour of Purify and Unpurify (see Matrix.ColorName)
	Len    int // for Choose: the options left in Item; for Try: the rank of the choice
}
