package main

import (
	"flag"

	"github.com/qtool-project/qtool/encode"
)

// variantNames lists the --problem names.
func variantNames() string { return encode.VariantNames() }

// addProblem adds --problem and --diagonals (count, solve).
func (p *problemFlags) addProblem(fs *flag.FlagSet) {
	p.variants = true
	fs.StringVar(&p.problem, "problem", "queens", "problem `NAME`: "+variantNames())
	intFlag(fs, &p.diagonals, "diagonals", 0, "use only the first `K` excluded diagonals of a CSPLib prob079 .param --board, as the published runs do")
	intFlag(fs, &p.pawns, "pawns", 0, "--problem queens+pawns: `K` pawns; without 'p' squares in the --board, every placement of K pawns is searched and n+K queens placed on each")
	fs.StringVar(&p.pieces, "pieces", "", "--problem pieces: how many of each kind, `COUNTS` such as Q=3,N=3 or K=2,Q=2,B=2,N=1 (K king, Q queen, B bishop, R rook, N knight), none attacking another; implies --problem pieces")
	fs.StringVar(&p.order, "order", "", "backend backtrack: branch row by row (rows: the classic node counts), on the most constrained free row or column (mrv), or `auto`: rows on an empty board, mrv when queens are given (blocked squares, excluded diagonals and the other problems are always searched by mrv); on a plain board, mrv-middle, mrv-random or mrv-left: mrv trying the columns middle-out, at random with restarts, or left to right (first solutions of n = 10,000)")
}

// checkPawns checks the pawns of a loaded problem (encode.CheckPawns).
func checkPawns(prob encode.Problem, name string) error {
	if err := encode.CheckPawns(prob, name); err != nil {
		return usageErrorf("%w", err)
	}
	return nil
}
