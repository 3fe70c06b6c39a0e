// Package search provides the searches that find, count and complete
// n-queens boards: plain backtracking (instrumented, as in Wirth's and
// Dijkstra's classic programs, with a step-by-step trace and value
// orders), bitmask backtracking with symmetry, min-conflicts local search,
// the explicit construction that needs no search, and Lines, the generic
// search of the problem model (encode.Model: cells and lines with
// capacities), with a bitboard fast path for boards of the n-queens shape.
//
// Every search accepts a board with queens already placed (the completion
// problem) where the method allows it, and takes a context.Context that it
// checks every few thousand nodes.
//
// The counting plans of the empty board (the splits into subproblems for
// shards and checkpoints) are in package count, which reaches the bitmask
// counter's symmetry domains through BitmaskDomains.
package search
