package target

import (
	"fmt"

	"github.com/qtool-project/qtool/encode"
)

// PiecesHow says how the number of pieces of prob's model was chosen, as
// Job.How for the file's comments: for a problem that places a fixed
// number (its Bound), n, or n and one more for each pawn (queens+pawns,
// or a registered variant that reads pawns and places n + k), or that
// number as the problem asks (the pieces of --pieces); given (by qtool
// encode --pieces); or the optimum of a minimum or maximum problem, found
// by search.
func PiecesHow(prob encode.Problem, given bool) string {
	switch goal := prob.Variant.Goal(); {
	case goal == encode.Place:
		n, k := prob.Board.N, prob.Bound()
		switch {
		case prob.Variant.ReadsPawns() && k == n+len(prob.Pawns):
			return fmt.Sprintf("n + %d, one more for each pawn", len(prob.Pawns))
		case k == n:
			return "n of them, as the problem asks"
		}
		return fmt.Sprintf("%d of them, as the problem asks", k)
	case given:
		return "given by --pieces"
	case goal == encode.Maximum:
		return "the maximum, found by search"
	}
	return "the minimum, found by search"
}
