package sat_test

import (
	"context"
	"errors"
	"testing"

	"github.com/qtool-project/qtool/backend"
	satbackend "github.com/qtool-project/qtool/backend/sat"
	"github.com/qtool-project/qtool/encode"
)

// A backend SOLVER-ENC has no choice of encoding: backend.Solve refuses
// the option amo before the backend runs (installed or not), whatever its
// value, while SOLVER and sat with the option solver take it.
func TestExternalFixedEncodingRefusesAMO(t *testing.T) {
	ctx := context.Background()
	p := encode.Empty(6).Problem()
	for _, solver := range satbackend.ExternalSolvers() {
		for _, amo := range []string{"pairwise", "product"} {
			be, err := backend.Lookup(solver + "-product")
			if err != nil {
				t.Fatal(err)
			}
			req := backend.Request{Mode: backend.Count, Options: map[string]string{"amo": amo}}
			_, err = backend.Solve(ctx, be, p, req)
			var r *backend.Refusal
			if !errors.As(err, &r) || r.Need != backend.NeedOption || r.Option != "amo" {
				t.Errorf("%s amo=%s: got %v, want a refusal of the option amo", be.Name(), amo, err)
			}
		}
		be, _ := backend.Lookup(solver)
		if err := backend.Unavailable(be); err != nil {
			t.Logf("%s: %v", solver, err)
			continue
		}
		sb, _ := backend.Lookup("sat")
		for _, c := range []struct {
			be  backend.Backend
			opt map[string]string
		}{
			{be, map[string]string{"amo": "pairwise"}},
			{sb, map[string]string{"amo": "pairwise", "solver": solver}},
		} {
			out, err := backend.Solve(ctx, c.be, p, backend.Request{Mode: backend.Count, Options: c.opt})
			if err != nil || out.Solutions != 4 || out.Stats["variables"] != 36 {
				t.Errorf("%s %v: %d solutions, %d variables, %v; want 4, 36 (pairwise)", c.be.Name(), c.opt, out.Solutions, out.Stats["variables"], err)
			}
		}
	}
}
