package main

import (
	"context"
	"errors"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
)

// --preset completion: the phase transition of n-queens completion
// (Gent, Jefferson and Nightingale, JAIR 59, 2017): random boards with δ
// free rows, decided by every backend that can.
func init() {
	registerPreset(&benchPreset{name: "completion", flags: []string{"deltas", "instances"}, spec: completionSpec})
}

// completionSpec builds the completion experiment: its defaults, then the
// flags the user set.
func completionSpec(ctx context.Context, f benchFlags, set map[string]bool, ref *experiments.Reference) (experiments.Spec, error) {
	var spec experiments.Spec
	for _, name := range []string{"mode", "boards"} {
		if set[name] {
			return spec, usageErrorf("bench: --preset completion makes its own problems: --%s does not apply", name)
		}
	}
	c := experiments.Completion{Ns: experiments.DefaultCompletionN, Instances: f.instances}
	var err error
	if set["n"] {
		if c.Ns, err = experiments.ParseRange(f.n); err != nil {
			return spec, usageErrorf("bench: --n: %v", err)
		}
	}
	if set["deltas"] {
		if c.Deltas, err = experiments.ParseList(f.deltas, "δ"); err != nil {
			return spec, usageErrorf("bench: --deltas: %v", err)
		}
	}
	if f.instances < 1 {
		return spec, usageErrorf("bench: --instances must be at least 1, got %d", f.instances)
	}
	if f.seed < 0 {
		return spec, usageErrorf("bench: --seed must not be negative for --preset completion, got %d", f.seed)
	}
	c.Seed = uint64(f.seed)
	if set["backends"] {
		boards := make([]encode.Board, len(c.Ns))
		for i, n := range c.Ns {
			boards[i] = encode.Empty(n)
		}
		if c.Backends, err = backendList(f.backends, experiments.TaskDecide, boards, "decide completions for these n"); err != nil {
			return spec, err
		}
	} else if c.Backends, err = experiments.CompletionBackends(nil); err != nil {
		return spec, usageErrorf("bench: %v", err)
	}
	if spec, err = c.SpecContext(ctx); err != nil {
		if ctx.Err() != nil {
			return spec, withCode(exitInterrupted, errors.New("bench: interrupted while generating the instances; nothing was measured"))
		}
		return spec, usageErrorf("bench: %v", err)
	}
	return presetSpec(f, set, spec, ref)
}
