package target

import (
	"fmt"

	"github.com/qtool-project/qtool/encode"
)

// PiecesHow says how the number of pieces of prob's model was chosen, as
// Job.How for the file's comments: n for a problem that places n (n and
// one more for each pawn of queens-pawns), given (by qtool encode
// --pieces), or the optimum of a minimum or maximum problem, found by
// search.
func PiecesHow(prob encode.Problem, given bool) string {
	switch goal := prob.Variant.Goal(); {
	case goal == encode.Place && prob.Variant == encode.QueensPawns:
		return fmt.Sprintf("n + %d, one more for each pawn", len(prob.Pawns))
	case goal == encode.Place:
		return "n of them, as the problem asks"
	case given:
		return "given by --pieces"
	case goal == encode.Maximum:
		return "the maximum, found by search"
	}
	return "the minimum, found by search"
}
