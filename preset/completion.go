package preset

import (
	"context"
	"fmt"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
)

// completion: the phase transition of n-queens completion (Gent,
// Jefferson and Nightingale, JAIR 59, 2017): random boards with δ free
// rows, decided by every backend that can.
func init() {
	Register(&Preset{Name: "completion", Flags: []string{"deltas", "instances"}, Spec: Completion})
}

// Completion builds the completion experiment (experiments.Completion):
// n = experiments.DefaultCompletionN or --n, the δ of --deltas (default:
// δ²/n from 1 to 12 for each n), --instances boards per n and δ from
// --seed, decided by --backends or experiments.CompletionBackends. An
// interruption while the instances are generated is ctx's error.
func Completion(ctx context.Context, o Options) (experiments.Spec, error) {
	var spec experiments.Spec
	if err := ownProblems("completion", o.Set, "mode", "boards"); err != nil {
		return spec, err
	}
	c := experiments.Completion{Ns: experiments.DefaultCompletionN, Instances: o.Instances}
	var err error
	if o.Set["n"] {
		if c.Ns, err = experiments.ParseRange(o.N); err != nil {
			return spec, settingf("--n: %v", err)
		}
	}
	if o.Set["deltas"] {
		if c.Deltas, err = experiments.ParseList(o.Deltas, "δ"); err != nil {
			return spec, settingf("--deltas: %v", err)
		}
	}
	if o.Instances < 1 {
		return spec, settingf("--instances must be at least 1, got %d", o.Instances)
	}
	if o.Seed < 0 {
		return spec, settingf("--seed must not be negative for --preset completion, got %d", o.Seed)
	}
	c.Seed = uint64(o.Seed)
	if o.Set["backends"] {
		boards := make([]encode.Board, len(c.Ns))
		for i, n := range c.Ns {
			boards[i] = encode.Empty(n)
		}
		if c.Backends, err = Backends(o.Backends, experiments.TaskDecide, boards, "decide completions for these n", o.Lookup); err != nil {
			return spec, err
		}
	} else if c.Backends, err = experiments.CompletionBackends(nil); err != nil {
		return spec, settingf("%v", err)
	}
	if spec, err = c.SpecContext(ctx); err != nil {
		if ctx.Err() != nil {
			return spec, fmt.Errorf("preset: generating the instances: %w", ctx.Err())
		}
		return spec, settingf("%v", err)
	}
	return spec, nil
}
