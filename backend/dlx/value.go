package dlx

import (
	"fmt"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/dlx"
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
