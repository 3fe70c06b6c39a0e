// Package dlx solves generalized exact-cover problems (primary and secondary
// items) with Knuth's Algorithm X and dancing links, TAOCP 7.2.2.1, and reads
// and writes them in the text format of his program dlx1.
//
// A Problem has items and options. Every option is a set of items. A solution
// is a set of options that contains every primary item exactly once and every
// secondary item at most once. Problems are built with NewProblem and
// AddOption, or read with Parse from dlx1's format:
//
//	| comment lines start with '|'
//	A B C D E | F G
//	C E F
//	A D G
//	B C F
//	A D
//	B G
//	D E G
//
// The first line that is neither blank nor a comment names the items: the
// primary items, then '|', then the secondary items (if any). Every later
// line is one option. The search follows dlx1 move for move, and its Stats
// count nodes and updates exactly as dlx1 does, so that the figures can be
// compared with Knuth's programs on the same input.
package dlx
