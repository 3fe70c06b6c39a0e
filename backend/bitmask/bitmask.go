package bitmask

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

func init() { backend.Register(bitmaskBackend{}) }

// bitmaskBackend is search.BitmaskCount and search.BitmaskFind: bitmask
// backtracking (Richards) for n ≤ 64, with the symmetry of the square on
// empty boards (Takaken's method), fundamental solutions, a worker pool and
// deterministic shards.
//
// Request.Options["symmetry"] chooses how an empty board's symmetry is used
// when counting: "full" (the default), "mirror" or "none".
type bitmaskBackend struct{}

func (bitmaskBackend) Name() string { return "bitmask" }

func (bitmaskBackend) Caps() backend.Caps {
	return backend.Caps{Count: true, Find: true, All: true, Complete: true, Exact: true, MaxN: search.BitmaskMaxN, Unique: true, Shards: true, Options: []string{"symmetry"}, Trace: true}
}

var bitmaskSymmetries = map[string]search.BitmaskSymmetry{
	"full":   search.BitmaskFull,
	"mirror": search.BitmaskMirror,
	"none":   search.BitmaskNone,
}

// bitmaskOptions turns a request into the options of the search.
func bitmaskOptions(req backend.Request) (search.BitmaskOptions, error) {
	opt := search.BitmaskOptions{
		Workers:  req.Workers,
		Unique:   req.Unique,
		Progress: req.Progress,
		Limit:    req.Limit,
	}
	for k, v := range req.Options {
		if k != "symmetry" {
			return opt, fmt.Errorf("backend bitmask: unknown option %q (known: symmetry)", k)
		}
		sym, ok := bitmaskSymmetries[v]
		if !ok {
			names := make([]string, 0, len(bitmaskSymmetries))
			for name := range bitmaskSymmetries {
				names = append(names, name)
			}
			sort.Strings(names)
			return opt, fmt.Errorf("backend bitmask: unknown symmetry %q (known: %s)", v, strings.Join(names, ", "))
		}
		opt.Symmetry = sym
	}
	if req.Shard != nil {
		opt.Shard, opt.Shards = req.Shard.Index, req.Shard.Count
	}
	return opt, nil
}

// Run counts the completions of b (Count) or streams them to req.Visit in
// lexicographic order (Find; with req.Trace step by step, on one goroutine
// without symmetry: search.BitmaskTrace), with only the least solution of
// each class under the symmetries of the square when req.Unique is set; Outcome.Unique
// then holds the fundamental solutions. Outcome.Nodes counts the queens
// placed and Stats["subproblems"] the independent pieces of the count (of
// the shard, with req.Shard). When the context ends first the Outcome is
// partial (its counts are lower bounds) with Status Timeout or Interrupted.
func (bitmaskBackend) Run(ctx context.Context, prob encode.Problem, req backend.Request) (backend.Outcome, error) {
	b := prob.Board
	opt, err := bitmaskOptions(req)
	if err != nil {
		return backend.Outcome{}, err
	}
	var st search.BitmaskStats
	switch {
	case req.Mode == backend.Count:
		st, err = search.BitmaskCount(ctx, b, opt)
	case req.Trace != nil:
		st, err = search.BitmaskTrace(ctx, b, traceVisit(req), func(e *search.BitmaskEvent) bool { return req.Trace(e) })
	default:
		st, err = search.BitmaskFind(ctx, b, opt, req.Visit)
	}
	out := backend.Outcome{
		Solutions: st.Solutions,
		Nodes:     st.Nodes,
		Unique:    st.Unique,
		Stats:     map[string]uint64{"subproblems": st.Subproblems},
	}
	return out, err
}

// traceVisit is what the traced search calls with each solution: req.Visit
// and the stop at req.Limit (nil when there is neither).
func traceVisit(req backend.Request) func(encode.Placement) bool {
	if req.Visit == nil && req.Limit == 0 {
		return nil
	}
	found := 0
	return func(p encode.Placement) bool {
		found++
		if req.Visit != nil && !req.Visit(p) {
			return false
		}
		return req.Limit == 0 || found < req.Limit
	}
}
