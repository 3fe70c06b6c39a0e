// Package magic converts between magic squares and n-queens solutions, in
// both directions, after O. Demirörs, N. Rafraf and M. M. Tanik,
// "Obtaining N-queens solutions from magic squares and constructing magic
// squares from N-queens solutions", Journal of Recreational Mathematics
// 24(4) (1992) 272–280.
//
// What is from the paper and what is reconstructed. The paper itself could
// not be consulted here: the project's sources (the German seed article,
// reference 18) and the n-queens bibliographies (Kosters; Bell and Stevens,
// "A survey of known results and research areas for n-queens", Discrete
// Mathematics 309 (2009) 1–31) give only its title and its claim — that
// some magic squares yield n-queens solutions and that n-queens solutions
// yield magic squares. The two conversions below are therefore the
// best-documented equivalent constructions, each a classical result, and
// every result is checked by computation, never assumed:
//
//   - From a magic square to queens (QueensOf): the numbers 1..n² of a
//     normal magic square of order n are read in base n, k−1 = n·a + b;
//     the n numbers with the same high digit a (the run a·n+1 … a·n+n) and
//     the n numbers with the same low digit b each fill n cells, and every
//     such set that holds one cell per row and is a queens solution by the
//     project's verifier (encode.Verify) is reported. The "certain magic
//     squares" this finds solutions in are those that are the sum
//     n·A + B + 1 of two orthogonal Latin squares (de la Hire's
//     composition, 1705; W. S. Andrews, Magic Squares and Cubes, 1917,
//     ch. I) one of whose symbol classes lie on queens' lines: de la
//     Loubère's (Siamese) squares of order n prime to 6 (Siamese), whose
//     numbers k, k+n, k+2n, … step by a knight's move, and the squares
//     FromQueens builds. The Lo Shu, Dürer's square and de la Loubère's
//     squares of an order divisible by 3 have none.
//   - From queens to a magic square (FromQueens): a toroidal n-queens
//     solution p (no two queens on a line of the torus: the columns p(r),
//     the sums r + p(r) and the differences r − p(r) all distinct modulo
//     n), which exists exactly when gcd(n, 6) = 1 (G. Pólya, 1918), gives
//     the Latin square A(r, c) = (c − p(r)) mod n whose every symbol class
//     is a cyclic shift of p, hence a queens solution, and which is
//     pandiagonal; with B(r, c) = (c + k·r + h) mod n orthogonal to A, the
//     square M = n·A + B + 1 is magic (de la Hire's composition), and its
//     numbers 1..n stand exactly on the queens of p, so that QueensOf
//     finds p again. k is the smallest of 2 … n−2 with k, k−1, k+1 prime to
//     n and r ↦ p(r) + k·r a permutation (then M is pandiagonal, h = 0);
//     when there is none, k = 1 and h = −(n−1)/2, which makes M magic but
//     in general not pandiagonal. The choice of k and h is ours.
//
// So the orders covered from queens to magic squares are those with
// gcd(n, 6) = 1 (1, 5, 7, 11, 13, …), and the solutions the toroidal ones;
// any other order or solution is refused with an error saying why. Every
// square is checked by its sums (Check: the rows, the columns and both main
// diagonals, and whether every broken diagonal too — pandiagonal). A
// Record is what qtool magic prints of a square (BothWays, QueensRecord,
// ReadRecord).
package magic
