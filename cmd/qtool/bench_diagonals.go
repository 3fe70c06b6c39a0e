package main

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
)

func init() {
	registerPreset(&benchPreset{name: "diagonals", flags: []string{"excluded", "instances", "min-free"},
		spec: func(_ context.Context, f benchFlags, set map[string]bool, ref *experiments.Reference) (experiments.Spec, error) {
			return diagonalsSpec(f, set, ref)
		}})
}

// diagonalsSpec builds the Excluded Diagonals experiment (bench --preset
// diagonals) from its defaults and the flags the user set.
func diagonalsSpec(f benchFlags, set map[string]bool, ref *experiments.Reference) (experiments.Spec, error) {
	var spec experiments.Spec
	for _, name := range []string{"mode", "boards"} {
		if set[name] {
			return spec, usageErrorf("bench: --preset diagonals makes its own problems: --%s does not apply", name)
		}
	}
	x := experiments.Diagonals{Ns: experiments.DefaultDiagonalsN, Instances: experiments.DefaultDiagonalsInstances, MinFree: f.minFree}
	var err error
	if set["n"] {
		if x.Ns, err = experiments.ParseRange(f.n); err != nil {
			return spec, usageErrorf("bench: --n: %v", err)
		}
	}
	if set["excluded"] {
		if x.Ds, err = parseCounts(f.excluded); err != nil {
			return spec, err
		}
	}
	if set["instances"] {
		x.Instances = f.instances
	}
	if x.Instances < 1 {
		return spec, usageErrorf("bench: --instances must be at least 1, got %d", x.Instances)
	}
	if f.seed < 0 || f.minFree < 0 {
		return spec, usageErrorf("bench: --seed and --min-free must not be negative")
	}
	x.Seed = uint64(f.seed)
	names := experiments.DefaultDiagonalsBackends
	if set["backends"] {
		names = strings.Split(f.backends, ",")
	}
	for _, name := range names {
		b, err := benchLookup(strings.TrimSpace(name))
		if err != nil {
			if set["backends"] {
				return spec, usageErrorf("bench: %v", err)
			}
			continue
		}
		x.Backends = append(x.Backends, b)
	}
	if spec, err = x.Spec(); err != nil {
		return spec, usageErrorf("bench: %v", err)
	}
	return presetSpec(f, set, spec, ref)
}

// parseCounts reads --excluded: numbers and ranges a-b from 0 to 512.
func parseCounts(s string) ([]int, error) {
	seen := map[int]bool{}
	var ds []int
	for _, item := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(item), "-")
		a, err1 := strconv.Atoi(lo)
		b, err2 := a, error(nil)
		if isRange {
			b, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || a < 0 || b < a || b > 512 {
			return nil, usageErrorf("bench: --excluded %q: want numbers or ranges a-b between 0 and 512, e.g. 0-30 or 4,8,12", s)
		}
		for d := a; d <= b; d++ {
			if !seen[d] {
				seen[d] = true
				ds = append(ds, d)
			}
		}
	}
	sort.Ints(ds)
	return ds, nil
}

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
