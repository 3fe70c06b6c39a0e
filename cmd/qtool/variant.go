package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/encode"
)

// variantNames lists the --problem names.
func variantNames() string {
	var names []string
	for _, v := range encode.AllVariants() {
		names = append(names, v.String())
	}
	return strings.Join(names, ", ")
}

// addProblem adds --problem and --diagonals (count, solve).
func (p *problemFlags) addProblem(fs *flag.FlagSet) {
	p.variants = true
	fs.StringVar(&p.problem, "problem", "queens", "problem `NAME`: "+variantNames())
	intFlag(fs, &p.diagonals, "diagonals", 0, "use only the first `K` excluded diagonals of a CSPLib prob079 .param --board, as the published runs do")
	intFlag(fs, &p.pawns, "pawns", 0, "--problem queens+pawns: `K` pawns; without 'p' squares in the --board, every placement of K pawns is searched and n+K queens placed on each")
	fs.StringVar(&p.pieces, "pieces", "", "--problem pieces: how many of each kind, `COUNTS` such as Q=3,N=3 or K=2,Q=2,B=2,N=1 (K king, Q queen, B bishop, R rook, N knight), none attacking another; implies --problem pieces")
	fs.StringVar(&p.order, "order", "", "backend backtrack: branch row by row (rows: the classic node counts), on the most constrained free row or column (mrv), or `auto`: rows on an empty board, mrv when queens are given (blocked squares, excluded diagonals and the other problems are always searched by mrv); on a plain board, mrv-middle, mrv-random or mrv-left: mrv trying the columns middle-out, at random with restarts, or left to right (first solutions of n = 10,000)")
}

// variant returns the problem the flags name, without its board.
func (p *problemFlags) variant(set map[string]bool) (encode.Problem, error) {
	var prob encode.Problem
	if !p.variants {
		return prob, nil
	}
	v, err := encode.ParseVariant(p.problem)
	if err != nil {
		return prob, usageErrorf("--problem %q: want one of %s", p.problem, variantNames())
	}
	if set["diagonals"] && p.diagonals < 0 {
		return prob, usageErrorf("--diagonals must be 0 or more, got %d", p.diagonals)
	}
	if set["pieces"] {
		if set["problem"] && v != encode.MixedPieces {
			return prob, usageErrorf("--pieces applies to --problem pieces, not %v", v)
		}
		a, err := encode.ParseArmy(p.pieces)
		if err != nil {
			return prob, usageErrorf("--pieces %q: %s", p.pieces, strings.TrimPrefix(err.Error(), "encode: "))
		}
		v, prob.Counts = encode.MixedPieces, a
	} else if v == encode.MixedPieces {
		return prob, usageErrorf("--problem pieces needs --pieces COUNTS, e.g. --pieces Q=3,N=3")
	}
	prob.Variant = v
	if set["pawns"] {
		if v != encode.QueensPawns {
			return prob, usageErrorf("--pawns applies to --problem queens+pawns, not %v", v)
		}
		if p.pawns < 0 {
			return prob, usageErrorf("--pawns must be 0 or more, got %d", p.pawns)
		}
		prob.PawnCount = p.pawns
	}
	return prob, nil
}

// checkPawns checks the pawns of a loaded problem: the board's 'p'
// squares only for queens+pawns, as many as --pawns says, and a number of
// pawns to search that fits the board.
func checkPawns(prob encode.Problem, name string) error {
	n := prob.Board.N
	switch {
	case len(prob.Pawns) > 0 && prob.Variant != encode.QueensPawns:
		return usageErrorf("%s: the board has pawns ('p'), which only --problem queens+pawns reads", name)
	case len(prob.Pawns) > 0 && prob.PawnCount > 0 && len(prob.Pawns) != prob.PawnCount:
		return usageErrorf("%s: the board places %d pawns, --pawns says %d", name, len(prob.Pawns), prob.PawnCount)
	case prob.PawnsSearched():
		free := n*n - len(prob.Blocked) - prob.Board.Given()
		if prob.PawnCount > free {
			return usageErrorf("--pawns %d: the %d×%d board has %d free squares", prob.PawnCount, n, n, free)
		}
		if _, err := encode.PawnSets(n, prob.PawnCount); err != nil {
			return usageErrorf("--pawns %d: %s", prob.PawnCount, strings.TrimPrefix(err.Error(), "encode: "))
		}
	}
	return nil
}

func (p *problemFlags) readOptions(set map[string]bool) encode.ReadOptions {
	v, _ := encode.ParseVariant(p.problem)
	// The pieces of another problem than queens are checked by its own
	// rules once read (encode.Problem.Validate), not by the queens'.
	return encode.ReadOptions{LimitDiagonals: set["diagonals"], Diagonals: p.diagonals, AnyPieces: p.variants && (v != encode.Queens || set["pieces"])}
}

// givenError is the message of a board whose given pieces break the
// problem's rules: at the piece's place in the file (file:line:col) when
// it is known, as for a queens board.
func givenError(name string, in encode.Instance, err error) string {
	msg := strings.TrimPrefix(err.Error(), "encode: ")
	var be *encode.BoardError
	if errors.As(err, &be) && be.Square != nil {
		if at, ok := in.Where[*be.Square]; ok {
			return fmt.Sprintf("%s:%d:%d: %s", name, at.Line, at.Col, msg)
		}
	}
	return name + ": " + msg
}
