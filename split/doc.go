// Package split is the contract of a sharded count: the identity of a
// deterministic split into subproblems (Identity, with String and Parse),
// the count record that qtool count --json prints (Record, with the
// split's description Info and the per-subproblem Part), a streaming
// reader of files of records (Read), and the two ways of putting shards
// together: Merge adds up the shards 0..m-1 of one count, Compare matches
// two counts subproblem by subproblem.
//
// Both refuse what cannot be one count: records of another board (by the
// content hash of the board, not its file name), another split identity
// or another division into shards; a shard or a subproblem met twice; a
// record whose parts do not add up to its solutions, that has more
// fundamental solutions than solutions, or whose totals overflow 64 bits.
// Records written before the board hash (qtool before this package) are
// accepted with a warning, their boards told apart by file name only.
//
// The method follows the practice of distributed enumerations such as
// Preußer and Engelhardt's Q(27) (Queens@TUD, 2016): a fixed, hashed list
// of subproblems, each counted once, and totals checked by their parts.
package split
