// Package search provides the n-queens-specific searches: plain
// backtracking (instrumented, as in Wirth's and Dijkstra's classic
// programs), bitmask backtracking with symmetry, min-conflicts local search
// and the explicit construction that needs no search.
//
// The counts of the empty board are also split into deterministic lists of
// independent subproblems (Plan: DomainPlan, ConstellationPlan), counted by
// CountPlan, for shards, checkpoints and piece-by-piece comparisons.
//
// Every search accepts a board with queens already placed (the completion
// problem) where the method allows it, and takes a context.Context that it
// checks every few thousand nodes.
package search
