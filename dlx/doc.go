// Package dlx solves generalized exact-cover problems with Knuth's dancing
// links, TAOCP 7.2.2.1: Algorithm X (primary and secondary items, as his
// program dlx1 runs it), Algorithm C (colours, as dlx2 runs it) and
// Algorithm M (multiplicities, as dlx3 runs it), one worker or several;
// Knuth's sparse-set solver SSXCC (Algorithm SS, TAOCP 7.2.2.3); the k
// cheapest solutions of a problem whose options have costs (Matrix.Best,
// as DLX5 finds them); the ZDD of all solutions (Matrix.BuildZDD, as DLX6
// builds it after Nishino et al., AAAI 2017), with exact counts and uniform
// samples; and it reads and writes the text format of those programs.
//
// A Matrix has items and options. Every option is a set of items. A solution
// is a set of options that contains every primary item exactly once and every
// secondary item at most once; with the extensions, a primary item i between
// lo and hi times (SetBounds), and a secondary item any number of times by
// options that all give it the same colour. Problems are built with
// NewMatrix, SetBounds, Color and AddOption (or AddColoredOption), or read
// with Parse:
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
// primary items, then '|', then the secondary items (if any); "lo:hi|name"
// or "v|name" gives a primary item bounds. Every later line is one option;
// "name:c" gives secondary item name the colour c. The search follows
// Knuth's programs move for move, and its Stats count nodes, updates and
// cleansings exactly as they do, so that the figures can be compared on the
// same input. Config.Workers splits the search tree among goroutines with
// the same totals; Config.Trace reports every step (for teaching), at no
// cost when unset. Writer writes the format as a stream. Search,
// SearchBest and SearchZDD are qtool xcover's runs, each timed and recorded
// as a Report; Random makes the random problems of qtool gen.
package dlx
