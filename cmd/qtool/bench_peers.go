package main

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	root "github.com/qtool-project/qtool"
	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
)

// --preset peers: every family of solver side by side (docs/external.md):
// ours (backtrack, dlx, sat and its cube and conquer on completion boards),
// the SAT programs, Gecode, clasp, CBC and GLPK, and the exec:PROGRAM
// backends of --backends, deciding the 24 published Excluded-Diagonals
// instances (Gent, Jefferson and Nightingale, JAIR 59, 2017) and
// generated hard completion boards; the count of n = 14 (or the smallest --n
// when smaller) by bitmask, backtrack, dlx, gecode and clasp; then
// first solutions of empty boards
// of n = 50…1000 by the complete searches with a value order
// (backtrack-mrv-middle, backtrack-mrv-random, dlx-random) beside sat,
// gecode and clasp. A backend whose program is not installed is skipped.

var (
	peersDecide = []string{"backtrack", "dlx", "sat", "cadical", "minisat", "gecode", "clasp", "cbc", "glpk"}
	peersFirst  = []string{"backtrack-mrv-middle", "backtrack-mrv-random", "dlx-random", "sat", "gecode", "clasp"}
	peersCount  = []string{"bitmask", "backtrack", "dlx", "gecode", "clasp"}
	peersN      = []int{50, 100, 200, 500, 1000}
)

// peersCountN is the board the preset counts the solutions of (the
// issue's "count n = 14" row), or the smallest --n when that is smaller.
const peersCountN = 14

func init() {
	registerPreset(&benchPreset{name: "peers", flags: []string{"instances"},
		spec: func(_ context.Context, f benchFlags, set map[string]bool, ref *experiments.Reference) (experiments.Spec, error) {
			return peersSpec(f, set, ref)
		}})
}

// peersPresetTimeout is the default time limit of a run of the preset.
const peersPresetTimeout = 60 * time.Second

func peersSpec(f benchFlags, set map[string]bool, ref *experiments.Reference) (experiments.Spec, error) {
	var spec experiments.Spec
	for _, name := range []string{"mode"} {
		if set[name] {
			return spec, usageErrorf("bench: --preset peers makes its own problems: --%s does not apply", name)
		}
	}
	ns := peersN
	var err error
	if set["n"] {
		if ns, err = experiments.ParseRange(f.n); err != nil {
			return spec, usageErrorf("bench: --n: %v", err)
		}
	}
	look := func(names []string) ([]backend.Backend, error) {
		var bs []backend.Backend
		for _, n := range names {
			b, err := lookupExec(n, "dimacs", "")
			if err != nil {
				return nil, err
			}
			bs = append(bs, b)
		}
		return bs, nil
	}
	decide, err := look(peersDecide)
	if err != nil {
		return spec, usageErrorf("bench: %v", err)
	}
	first, err := look(peersFirst)
	if err != nil {
		return spec, usageErrorf("bench: %v", err)
	}
	counters, err := look(peersCount)
	if err != nil {
		return spec, usageErrorf("bench: %v", err)
	}
	if set["backends"] {
		var extra []string
		for _, n := range strings.Split(f.backends, ",") {
			if n = strings.TrimSpace(n); n != "" {
				extra = append(extra, n)
			}
		}
		more, err := look(extra)
		if err != nil {
			return spec, usageErrorf("bench: --backends: %v", err)
		}
		decide = append(decide, more...)
	}
	var boards []experiments.Case
	switch dir := f.boards; dir {
	case "none":
	case "":
		if boards, err = experiments.LoadInstancesFS(root.Prob079(), root.Prob079Dir); err != nil {
			return spec, fmt.Errorf("bench: the embedded instances: %w", err)
		}
	default:
		if boards, err = experiments.LoadInstances(dir); err != nil {
			return spec, usageErrorf("bench: --boards: %w", err)
		}
	}
	instances := experiments.DefaultSATHardInstances
	if set["instances"] {
		instances = f.instances
	}
	if instances < 0 || f.seed < 0 {
		return spec, usageErrorf("bench: --instances and --seed must not be negative")
	}
	if instances > 0 {
		hard, err := experiments.HardInstances(experiments.DefaultSATHard, instances, uint64(f.seed))
		if err != nil {
			return spec, usageErrorf("bench: %v", err)
		}
		boards = append(boards, hard...)
	}
	if len(boards) > 0 {
		spec.Grids = append(spec.Grids, experiments.Grid{Task: experiments.TaskDecide, Backends: decide, Problems: boards, MaxTimeouts: 3})
	}
	countN := peersCountN
	if len(ns) > 0 {
		countN = min(countN, slices.Min(ns))
	}
	spec.Grids = append(spec.Grids, experiments.Grid{Task: experiments.TaskCount, Backends: counters, Problems: experiments.EmptyBoards([]int{countN}), StopAfterTimeout: true})
	if len(ns) > 0 {
		spec.Grids = append(spec.Grids, experiments.Grid{Task: experiments.TaskFirst, Backends: first, Problems: experiments.EmptyBoards(ns), StopAfterTimeout: true})
	}
	var nss []string
	for _, n := range ns {
		nss = append(nss, strconv.Itoa(n))
	}
	spec.Repeats, spec.Seed = 1, 1
	spec.Timeout = peersPresetTimeout
	spec.Settings = map[string]string{"preset": "peers", "clock": results.ClockProcessor, "n": strings.Join(nss, ","), "boards": strconv.Itoa(len(boards)), "count-n": strconv.Itoa(countN)}
	return presetSpec(f, set, spec, ref)
}
