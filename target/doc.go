// Package target writes a problem in the formats of qtool encode --to for
// an outside solver: Knuth's exact-cover format (WriteDLX: dlx1, with
// dlx3's multiplicities, TAOCP 7.2.2.1) and CNF in the DIMACS format
// (WriteDIMACS). A plain n-queens board is written in its own compact
// form (Knuth's queens-dlx matrix, encode.CNF); every other problem (a
// variant, blocked squares, excluded diagonals, a chosen number of
// pieces) from its model (encode.NewModel). Each writer has its size
// estimate (SizeDLX, SizeDIMACS), so that an output too large for the
// disk or its construction too large for memory is refused before
// anything is built. The exports of package export (MiniZinc, LP, MPS,
// ASP, OPB) are written from the model too. Every format is an Encoder of
// the registry (Register, Lookup, Names), whose Write stops at once at the
// end of its context or at the output's first error.
package target

import (
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/export"
)

// A Job is a problem to write.
type Job struct {
	Prob encode.Problem
	// Model writes the problem from its model: a problem other than plain
	// n-queens, or one whose number of pieces was chosen (Prob.Pieces;
	// How says how, for the file's comments).
	Model bool
	How   string
	// AMO is the at-most-one encoding of a CNF; Auto asks instead, for a
	// plain board, for the formula the sat backend writes by default
	// (encode.DefaultCNFOptions), as --amo auto does.
	AMO  encode.AMOEncoding
	Auto bool
	// Search is the search annotation of a MiniZinc model (none: the
	// solver's own).
	Search export.MiniZincSearch
}
