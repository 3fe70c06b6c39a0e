// Package count holds the counting plans of the empty n-queens board: a
// deterministic split of the count into independent subproblems (Plan),
// counted by CountPlan on a pool of goroutines, for shards, checkpoints
// and piece-by-piece comparisons (package split reads their identities).
//
// The plans are JoinPlan (the quarter join: the board's quadrants'
// placements joined into halves, the pairs of halves whose diagonals do
// not meet counted in bulk; with its plan of fundamental solutions,
// NewJoinUniquePlanContext), ConstellationPlan (the queens of the four
// edge rows and columns fixed, counted under the square's symmetries) and
// DomainPlan (the symmetry domains of package search's bitmask counter,
// Takaken's method). Each plan refuses an order it cannot count exactly,
// or whose tables would not fit in memory, before allocating them.
//
// The searches that find or complete boards are in package search; the
// backends that put these plans behind the backend contract are
// backend/join (join, domains, constellation).
package count
