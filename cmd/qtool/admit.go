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
// which backends to use instead (backend.Refusal.Hint); a --solver
// refused names the external solvers.
func refusalText(r *backend.Refusal, prob encode.Problem) string {
	if r.Need == backend.NeedOption && r.Option == "solver" && len(r.Able()) > 0 {
		return fmt.Sprintf("--solver applies to --backend sat, not %s (the external solvers are also backends of their own: %s)", r.Backend, strings.Join(satbackend.ExternalSolvers(), ", "))
	}
	return r.Hint(prob)
}
