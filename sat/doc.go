// Package sat solves formulas in conjunctive normal form with the CDCL
// solver gini (github.com/go-air/gini): clauses in, satisfiable or not out,
// under a context, with model enumeration projected on chosen variables,
// solving under assumptions, cube and conquer guided by a lookahead on
// exactly-one groups (Solver.CubeAndConquer; Heule et al., HVC 2011), and
// DIMACS input and output.
//
// The package knows nothing about the problems it solves. Literals are
// DIMACS integers: v ≥ 1 is variable v true, −v is it false, and 0 ends a
// clause, so anything that writes clauses one literal at a time (such as
// qtool's encode.Formula.Encode) can write into a Solver directly.
package sat
