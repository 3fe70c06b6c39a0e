// Package variant is the example of a new problem in one file: it
// registers Hertzsprung's problem — n rooks, one in each row and column,
// no two on diagonally neighbouring squares (n non-attacking "rook-kings";
// the permutations p with |p(i+1) − p(i)| ≠ 1, OEIS A002464) — with
// encode.RegisterVariant, stated by its lines alone: rows and columns hold
// one piece, every 2×2 block at most one. Importing the package makes it a
// problem of every backend that runs models (dlx, sat, backtrack), of the
// exports and of Verify: `--problem hertzsprung` in a program that imports
// it. The built-in variants are entries of the same table
// (encode.VariantSpec); this package's tests register two more in their
// own binary: rooks+knights, of several kinds (an Army, pieces in pairs
// by its Step, a Bound from the problem), and rooks+pawns, whose segment
// lines read the board's pawns.
package variant

import "github.com/qtool-project/qtool/encode"

// Hertzsprung is the variant registered by this package.
var Hertzsprung = encode.RegisterVariant(encode.VariantSpec{
	Name: "hertzsprung",
	Goal: encode.Place,
	Rules: []encode.Rule{
		{Family: encode.Rows, Lo: 1, Hi: 1},
		{Family: encode.Columns, Lo: 1, Hi: 1},
		{Family: encode.KingBlocks, Lo: 0, Hi: 1},
	},
	Kind: encode.RookKind,
	Word: "rook-kings",
})
