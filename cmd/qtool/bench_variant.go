package main

import (
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
)

// benchVariant applies --problem to a grid: every problem of it becomes
// that variant (on an empty board without --n, orders 4-8), and a backend
// named with --backends must solve it; the default backends are those
// that declare it.
func benchVariant(f benchFlags, set map[string]bool, g experiments.Grid) (experiments.Grid, error) {
	v, err := encode.ParseVariant(f.problem)
	if err != nil {
		return g, usageErrorf("bench: --problem %q: want one of %s", f.problem, variantNames())
	}
	var army encode.Army
	if set["pieces"] {
		if set["problem"] && v != encode.MixedPieces {
			return g, usageErrorf("bench: --pieces applies to --problem pieces, not %v", v)
		}
		if army, err = encode.ParseArmy(f.pieces); err != nil {
			return g, usageErrorf("bench: --pieces %q: %s", f.pieces, strings.TrimPrefix(err.Error(), "encode: "))
		}
		v = encode.MixedPieces
	} else if v == encode.MixedPieces {
		return g, usageErrorf("bench: --problem pieces needs --pieces COUNTS, e.g. --pieces Q=3,N=3")
	}
	if set["pawns"] && (v != encode.QueensPawns || f.pawns < 0) {
		return g, usageErrorf("bench: --pawns K (K ≥ 0) applies to --problem queens+pawns")
	}
	if v == encode.Queens {
		return g, nil
	}
	if !set["n"] && !set["boards"] {
		g.Problems = experiments.EmptyBoards([]int{4, 5, 6, 7, 8})
	}
	for i := range g.Problems {
		g.Problems[i].Variant = v
		g.Problems[i].Counts = army
		if v == encode.MixedPieces {
			if err := g.Problems[i].Encode().Validate(); err != nil {
				return g, usageErrorf("bench: --pieces %s: %s", f.pieces, strings.TrimPrefix(err.Error(), "encode: "))
			}
		}
		if v == encode.QueensPawns && len(g.Problems[i].Pawns) == 0 {
			g.Problems[i].PawnCount = f.pawns
			if err := checkPawns(g.Problems[i].Encode(), "bench"); err != nil {
				return g, err
			}
		}
	}
	var keep []backend.Backend
	for _, b := range g.Backends {
		ok, why := experiments.SupportsProblem(b, g.Task, g.Problems[0].Encode())
		switch {
		case ok:
			keep = append(keep, b)
		case set["backends"]:
			return g, usageErrorf("bench: backend %s %s", b.Name(), why)
		}
	}
	if len(keep) == 0 {
		return g, usageErrorf("bench: no backend solves --problem %v", v)
	}
	g.Backends = keep
	return g, nil
}
