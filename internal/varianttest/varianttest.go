// Package varianttest registers the variants that tests outside package
// encode use to check that what they say of a variant comes from its
// entry in the table (encode.VariantSpec), not from a list of the
// built-in ones: importing it registers them in that test binary, as a
// program that states its own variant does (examples/variant). Only
// tests import it; the names it takes are not qtool's.
package varianttest

import "github.com/qtool-project/qtool/encode"

// rookSegments are the lines of a rook cut by the pawns: a row or a
// column between two pawns holds one rook at most.
var rookSegments = []encode.Rule{{Family: encode.RowSegments, Hi: 1}, {Family: encode.ColumnSegments, Hi: 1}}

var (
	// RooksPawns reads pawns: n + k rooks and the k pawns of the board,
	// a pawn cutting its row and column (its rules are segments). On the
	// 3×3 board with a pawn in the centre its one solution is the four
	// rooks around the pawn.
	RooksPawns = encode.RegisterVariant(encode.VariantSpec{
		Name:  "rooks+pawns",
		Goal:  encode.Place,
		Rules: rookSegments,
		Kind:  encode.RookKind,
		Word:  "rooks",
		Bound: func(p encode.Problem) int { return p.Board.N + len(p.Pawns) },
	})
	// NRooksPawns has the lines of RooksPawns but places n rooks (no
	// Bound), whatever the pawns.
	NRooksPawns = encode.RegisterVariant(encode.VariantSpec{
		Name:  "n-rooks+pawns",
		Goal:  encode.Place,
		Rules: rookSegments,
		Kind:  encode.RookKind,
		Word:  "rooks",
	})
	// TightRooks places n rooks, exactly one on every row and every
	// column, as the queens do: the n-queens shape without diagonals.
	TightRooks = encode.RegisterVariant(encode.VariantSpec{
		Name:  "tight-rooks",
		Goal:  encode.Place,
		Rules: []encode.Rule{{Family: encode.Rows, Lo: 1, Hi: 1}, {Family: encode.Columns, Lo: 1, Hi: 1}},
		Kind:  encode.RookKind,
		Word:  "rooks",
	})
)
