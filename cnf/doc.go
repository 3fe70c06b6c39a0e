// Package cnf writes propositional formulas in conjunctive normal form:
// literals as DIMACS integers, one clause sink (Adder), the at-most-one
// encodings and the cardinality constraints built on them (Encoder), and
// the DIMACS CNF text format (Writer). It knows nothing of any problem: the
// n-queens formula of package encode and the solver of package sat both
// use it, as gini keeps its cardinality constraints (logic/card.go) and its
// DIMACS code apart from any model.
//
// A literal is a nonzero int: v ≥ 1 says variable v is true, −v that it
// is false; 0 ends a clause. Every encoding here is arc-consistent (once the
// bound is reached, unit propagation sets the remaining literals), following
// the papers each constant cites; Sinz's sequential counter (CP 2005,
// doi:10.1007/11564751_73) gives at-most-k.
package cnf
