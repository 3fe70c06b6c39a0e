package backend

import (
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/encode"
)

// Hint says what backend r.Backend cannot do with the refused request on
// prob and, where some registered backends can (Able), which to use
// instead: "backend X cannot complete a board with queens already placed;
// use --backend dlx or sat", the way qtool's command line advises. A
// refused --solver option is left to the caller, which knows the solvers;
// without a backend able to take the request the hint is r.Error().
func (r *Refusal) Hint(prob encode.Problem) string {
	able := r.Able()
	if len(able) == 0 {
		return r.Error()
	}
	name, or, list := r.Backend, strings.Join(able, " or "), strings.Join(able, ", ")
	switch r.Need {
	case NeedCount:
		return fmt.Sprintf("backend %s cannot count; counting backends: %s", name, list)
	case NeedAll:
		return fmt.Sprintf("backend %s finds one solution; use --limit 1", name)
	case NeedUnique, NeedShards, NeedParts:
		return fmt.Sprintf("%s; use --backend %s", r.Error(), or)
	case NeedProblem:
		return fmt.Sprintf("backend %s does not solve --problem %v; backends that do: %s", name, prob.Variant, list)
	case NeedForbidden:
		return fmt.Sprintf("%s; backends that do: %s", r.Error(), list)
	case NeedComplete:
		return fmt.Sprintf("backend %s cannot complete a board with queens already placed; use --backend %s", name, or)
	case NeedMaxN:
		return fmt.Sprintf("backend %s handles n ≤ %d, not %d (try --backend %s)", name, r.MaxN, prob.Board.N, or)
	case NeedOption:
		switch r.Option {
		case "order":
			return fmt.Sprintf("--order applies to the backends with a branching order (%s), not %s", list, name)
		case "amo":
			return fmt.Sprintf("--amo applies to the backends with an at-most-one encoding (%s), not %s", list, name)
		}
	}
	return r.Error()
}

// A Family is the backends of one SAT solver: Base alone and Base-ENC for
// each at-most-one encoding ENC (encode.AMOEncodings); Solver names the
// solver ("gini" for the built-in one, whose backends are sat and sat-ENC).
type Family struct{ Solver, Base string }

// Groups lists the registered backends as the help lists them: first the
// names of no family, on one line; then a line for each family registered,
// "sat, sat-ENC (gini, built in; 6 encodings)", an outside program marked
// as such and, when it cannot run here, not installed.
func Groups(families []Family) []string {
	names := Names()
	var builtin, lines []string
	grouped := map[string]bool{}
	for _, f := range families {
		if _, ok := registry[f.Base]; !ok {
			continue
		}
		k := 0
		for _, a := range encode.AMOEncodings() {
			if _, ok := registry[f.Base+"-"+a.String()]; ok {
				grouped[f.Base+"-"+a.String()] = true
				k++
			}
		}
		grouped[f.Base] = true
		kind := f.Solver + ", built in"
		if b := registry[f.Base]; b.Caps().External {
			kind = "external program"
			if Unavailable(b) != nil {
				kind += ", not installed"
			}
		}
		lines = append(lines, fmt.Sprintf("%s, %s-ENC (%s; %d encodings)", f.Base, f.Base, kind, k))
	}
	for _, n := range names {
		if !grouped[n] {
			builtin = append(builtin, n)
		}
	}
	return append([]string{strings.Join(builtin, ", ")}, lines...)
}
