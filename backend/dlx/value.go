package dlx

import (
	"context"
	"fmt"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/dlx"
	"github.com/qtool-project/qtool/encode"
)

// valueOption reads Request.Options["order"] of a plain board: "list" (the
// default: Knuth's order, dlx1's node counts), "middle" or "random" (the
// value order of dlx.Config.Value, with the request's seed), which search
// on one worker.
func valueOption(cfg *dlx.Config, req backend.Request) error {
	o := req.Options["order"]
	if o == "" {
		return nil
	}
	v, err := dlx.ParseValueOrder(o)
	if err != nil {
		return fmt.Errorf("backend dlx: order %q: want list, middle or random", o)
	}
	cfg.Value, cfg.Seed = v, req.Seed
	if v != dlx.ValueList {
		cfg.Workers = 1
	}
	return nil
}

func init() { backend.Register(randomDLX{}) }

// randomDLX is dlx with the random value order (Options["order"] random),
// under a name of its own for bench grids; plain boards only.
type randomDLX struct{}

func (randomDLX) Name() string { return "dlx-random" }

func (randomDLX) Caps() backend.Caps {
	return backend.Caps{Count: true, Find: true, All: true, Complete: true, Exact: true, AliasOf: "dlx"}
}

func (randomDLX) Run(ctx context.Context, p encode.Problem, req backend.Request) (backend.Outcome, error) {
	req.Options = map[string]string{"order": "random"}
	return dlxBackend{}.Run(ctx, p, req)
}
