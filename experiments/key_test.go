package experiments_test

import (
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/internal/varianttest"
)

// TestKeyPawns: the key of a bench record counts the pawns of every
// variant that reads pawns, a registered one (rooks+pawns) as
// queens+pawns, placed or searched; a variant that reads none has none.
func TestKeyPawns(t *testing.T) {
	for _, tc := range []struct {
		c     experiments.Case
		pawns int
	}{
		{experiments.Case{Board: encode.Empty(5), Variant: varianttest.RooksPawns, Pawns: []encode.Cell{{R: 1, C: 1}, {R: 3, C: 2}}}, 2},
		{experiments.Case{Board: encode.Empty(5), Variant: varianttest.RooksPawns, PawnCount: 3}, 3},
		{experiments.Case{Board: encode.Empty(5), Variant: encode.QueensPawns, PawnCount: 1}, 1},
		{experiments.Case{Board: encode.Empty(5), Variant: encode.Rooks}, 0},
	} {
		k := tc.c.Key()
		if k.Pawns != tc.pawns || k.Variant != tc.c.Variant.String() {
			t.Errorf("%v: key variant %q, %d pawns; want %q, %d", tc.c.Variant, k.Variant, k.Pawns, tc.c.Variant, tc.pawns)
		}
	}
}
