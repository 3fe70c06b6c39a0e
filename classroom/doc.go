// Package classroom turns the events of qtool's real searches into steps
// that a person can follow one at a time, the way the n-queens problem is
// taught: after each step the board with its queens, the squares they
// attack and the square being tested, what happened in words, and the
// counters of the search.
//
// The steps come from the searches themselves through their trace hooks,
// not from a copy of them written for display: the backtrack, bitmask and
// minconflicts lessons run those backends through backend.Solve with
// Request.Trace (search.BacktrackTrace, search.BitmaskTrace and
// search.MinConflicts's hook), so that a program showing lessons imports
// backend/all; the dlx lesson runs dlx's Algorithm X with its trace on the
// matrix whose item names it shows. The counters a Frame shows are the ones
// the search reports to qtool count. Run drives a search and hands each Frame to a
// callback; WriteText prints frames as the text of qtool trace; package
// classroom/play serves them to a web page.
//
// A step, as in the classic walk-through of the 4-queens problem (place a
// queen, mark what it attacks, go on; at a dead end take the last queen
// back), is a frame marked Major: a queen placed, a dead end, a solution,
// the end of the search. The finer events between steps (each square
// tested, each queen removed) are frames too, and are summed up in the
// Notes of the step that follows them.
package classroom
