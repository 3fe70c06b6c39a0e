package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/backend"
	satbackend "github.com/qtool-project/qtool/backend/sat"
	"github.com/qtool-project/qtool/encode"
)

// admit is backend.Admit, the one check of what a backend can do, in the
// user's words: a refusal becomes a usage error (exit 2) that names the
// backends that would take the request (Refusal.Able).
func admit(be backend.Backend, prob encode.Problem, req backend.Request) error {
	if r := refusal(be, prob, req); r != nil {
		return usageErrorf("%s", refusalText(r, prob))
	}
	return nil
}

// refusal is backend.Admit's refusal of the request, nil when admitted.
func refusal(be backend.Backend, prob encode.Problem, req backend.Request) *backend.Refusal {
	var r *backend.Refusal
	if errors.As(backend.Admit(be, prob, req), &r) {
		return r
	}
	return nil
}

// refusalText says what backend r.Backend cannot do and, where some can,
// which backends to use instead.
func refusalText(r *backend.Refusal, prob encode.Problem) string {
	able := r.Able()
	if len(able) == 0 {
		return r.Error()
	}
	name, or, list := r.Backend, strings.Join(able, " or "), strings.Join(able, ", ")
	switch r.Need {
	case backend.NeedCount:
		return fmt.Sprintf("backend %s cannot count; counting backends: %s", name, list)
	case backend.NeedAll:
		return fmt.Sprintf("backend %s finds one solution; use --limit 1", name)
	case backend.NeedUnique, backend.NeedShards, backend.NeedParts:
		return fmt.Sprintf("%s; use --backend %s", r.Error(), or)
	case backend.NeedProblem:
		return fmt.Sprintf("backend %s does not solve --problem %v; backends that do: %s", name, prob.Variant, list)
	case backend.NeedForbidden:
		return fmt.Sprintf("%s; backends that do: %s", r.Error(), list)
	case backend.NeedComplete:
		return fmt.Sprintf("backend %s cannot complete a board with queens already placed; use --backend %s", name, or)
	case backend.NeedMaxN:
		return fmt.Sprintf("backend %s handles n ≤ %d, not %d (try --backend %s)", name, r.MaxN, prob.Board.N, or)
	case backend.NeedOption:
		switch r.Option {
		case "order":
			return fmt.Sprintf("--order applies to the backends with a branching order (%s), not %s", list, name)
		case "amo":
			return fmt.Sprintf("--amo applies to the backends with an at-most-one encoding (%s), not %s", list, name)
		case "solver":
			return fmt.Sprintf("--solver applies to --backend sat, not %s (the external solvers are also backends of their own: %s)", name, strings.Join(satbackend.ExternalSolvers(), ", "))
		}
	}
	return r.Error()
}
