// Package export writes a problem's model (encode.Model: free cells and
// lines with capacities) in the input languages of other communities'
// solvers, and reads their answers back: MiniZinc (a constraint model,
// Nethercote et al., CP 2007, with alldifferent where the problem allows,
// as in Régin's filtering, AAAI 1994), the CPLEX LP and the MPS formats
// of 0/1 integer programs (read by CBC and GLPK), a logic program for
// gringo and clasp (Gebser et al., "Potassco", AI Communications 2011),
// and the OPB pseudo-Boolean format of the PB competitions (Roussel and
// Manquinho, "Input/output format and solver requirements for the
// competitions of pseudo-Boolean solvers", 2012).
//
// Every writer states the same model: a 0/1 choice per free cell, every
// line holding between its Lo and Hi chosen cells. None is a second
// hand-written encoding of n-queens: the MiniZinc writer only groups the
// cells of a problem whose rows must hold exactly one piece into one
// variable a row (its value the column), and states a family of lines
// with at most one piece each as an alldifferent over the line's number,
// when the family's line numbers are a closed form of row and column.
// An answer read back is a list of chosen free cells; the caller verifies
// it (encode.Verify) before believing it.
package export
