// Package encode provides the n-queens problem itself: boards with queens
// already placed, their text forms (grid, compact, list and algebraic), the
// independent verifier that every test and the harness use, and the
// symmetry group of the square.
//
// A board of order n has rows and columns numbered 0..n-1. Board.Queens[r]
// is the column of the queen given in row r, or -1 when row r is free. A
// complete answer is a Placement: p[r] is the column of the queen in row r.
//
// The encodings of a board for the generic solvers (the exact-cover matrix
// for package dlx and the CNF for package sat) also live here, so that every
// backend solves exactly the same problem. The generators of hard
// instances (Gent, Jefferson and Nightingale) write the files of qtool gen
// (CompletionFamily, DiagonalsFamily, BlockedFamily).
package encode
