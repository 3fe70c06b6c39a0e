package preset

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
)

// peers: every family of solver side by side (docs/external.md): ours
// (backtrack, dlx, sat and its cube and conquer on completion boards), the
// SAT programs, Gecode, clasp, CBC and GLPK, and the exec:PROGRAM backends
// of --backends, deciding the 24 published Excluded-Diagonals instances
// (Gent, Jefferson and Nightingale, JAIR 59, 2017) and generated hard
// completion boards; the count of n = 14 (or the smallest --n when
// smaller) by bitmask, backtrack, dlx, gecode and clasp; then first
// solutions of empty boards of n = 50…1000 by the complete searches with a
// value order (backtrack-mrv-middle, backtrack-mrv-random, dlx-random)
// beside sat, gecode and clasp. A backend whose program is not installed
// is skipped.
func init() {
	Register(&Preset{Name: "peers", Flags: []string{"instances"},
		Spec: func(ctx context.Context, o Options) (experiments.Spec, error) { return Peers(ctx, o) }})
}

var (
	peersDecide = []string{"backtrack", "dlx", "sat", "cadical", "minisat", "gecode", "clasp", "cbc", "glpk"}
	peersFirst  = []string{"backtrack-mrv-middle", "backtrack-mrv-random", "dlx-random", "sat", "gecode", "clasp"}
	peersCount  = []string{"bitmask", "backtrack", "dlx", "gecode", "clasp"}
	peersN      = []int{50, 100, 200, 500, 1000}
)

// PeersCountN is the board the peers preset counts the solutions of (the
// issue's "count n = 14" row), or the smallest --n when that is smaller.
const PeersCountN = 14

// PeersTimeout is the default time limit of a run of the peers preset.
const PeersTimeout = 60 * time.Second

// Peers builds the peers experiment: the decide grid of the completion
// boards (--boards, default the published ones; --instances generated
// hard ones from --seed) by peersDecide and the exec: backends of
// --backends, the count of PeersCountN, and the first solutions of --n
// (default 50, 100, 200, 500, 1000). The backends are found with
// Options.Exec. An interruption while the instances are generated is
// ctx's error.
func Peers(ctx context.Context, o Options) (experiments.Spec, error) {
	var spec experiments.Spec
	if err := ownProblems("peers", o.Set, "mode"); err != nil {
		return spec, err
	}
	ns := peersN
	var err error
	if o.Set["n"] {
		if ns, err = experiments.ParseRange(o.N); err != nil {
			return spec, settingf("--n: %v", err)
		}
	}
	decide, first, counters, err := peersBackends(o)
	if err != nil {
		return spec, err
	}
	boards, err := peersBoards(ctx, o)
	if err != nil {
		return spec, err
	}
	if len(boards) > 0 {
		spec.Grids = append(spec.Grids, experiments.Grid{Task: experiments.TaskDecide, Backends: decide, Problems: boards, MaxTimeouts: 3})
	}
	countN := PeersCountN
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
	spec.Timeout = PeersTimeout
	spec.Settings = map[string]string{"preset": "peers", "clock": results.ClockProcessor, "n": strings.Join(nss, ","), "boards": strconv.Itoa(len(boards)), "count-n": strconv.Itoa(countN)}
	return spec, nil
}

// peersBackends looks up the backends of the three grids, --backends
// adding to those that decide.
func peersBackends(o Options) (decide, first, counters []backend.Backend, err error) {
	look := func(names []string) ([]backend.Backend, error) {
		var bs []backend.Backend
		for _, n := range names {
			b, err := o.exec(n)
			if err != nil {
				return nil, err
			}
			bs = append(bs, b)
		}
		return bs, nil
	}
	if decide, err = look(peersDecide); err != nil {
		return nil, nil, nil, settingf("%v", err)
	}
	if first, err = look(peersFirst); err != nil {
		return nil, nil, nil, settingf("%v", err)
	}
	if counters, err = look(peersCount); err != nil {
		return nil, nil, nil, settingf("%v", err)
	}
	if o.Set["backends"] {
		var extra []string
		for _, n := range strings.Split(o.Backends, ",") {
			if n = strings.TrimSpace(n); n != "" {
				extra = append(extra, n)
			}
		}
		more, err := look(extra)
		if err != nil {
			return nil, nil, nil, settingf("--backends: %v", err)
		}
		decide = append(decide, more...)
	}
	return decide, first, counters, nil
}

// peersBoards are the completion boards to decide: --boards (default the
// published ones, none for none) and --instances generated hard ones.
func peersBoards(ctx context.Context, o Options) ([]experiments.Case, error) {
	var boards []experiments.Case
	var err error
	switch dir := o.Boards; dir {
	case "none":
	case "":
		if o.Published == nil {
			return nil, errors.New("preset: the embedded instances: none given (Options.Published)")
		}
		if boards, err = experiments.LoadInstancesFS(o.Published, o.PublishedDir); err != nil {
			return nil, fmt.Errorf("preset: the embedded instances: %w", err)
		}
	default:
		if boards, err = experiments.LoadInstances(dir); err != nil {
			return nil, settingf("--boards: %v", err)
		}
	}
	instances := experiments.DefaultSATHardInstances
	if o.Set["instances"] {
		instances = o.Instances
	}
	if instances < 0 || o.Seed < 0 {
		return nil, settingf("--instances and --seed must not be negative")
	}
	if instances > 0 {
		hard, err := experiments.HardInstances(ctx, experiments.DefaultSATHard, instances, uint64(o.Seed))
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil {
			return nil, settingf("%v", err)
		}
		boards = append(boards, hard...)
	}
	return boards, nil
}
