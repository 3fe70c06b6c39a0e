package minconflicts

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

func init() { backend.Register(minConflictsBackend{}) }

// minConflictsBackend is search.MinConflicts: local search with conflict
// minimisation (Sosič and Gu's QS4 with Minton et al.'s min-conflicts
// repair), which finds one solution of boards of millions of rows, and
// completes boards with queens already placed, but cannot prove that none
// exists.
//
// Request.Seed seeds the search (same seed, same answer); Request.Trace
// receives its events (search.MinConflictsEvent). Request.Options
// may set "steps" (repair steps per try), "restarts" (-1 for no limit),
// "partners", "walk" (a probability) and "tries" (initial placement): see
// search.MinConflictsOptions.
type minConflictsBackend struct{}

func (minConflictsBackend) Name() string { return "minconflicts" }

func (minConflictsBackend) Caps() backend.Caps {
	return backend.Caps{Find: true, Complete: true, Options: []string{"partners", "restarts", "steps", "tries", "walk"}, Trace: true}
}

// minConflictsOptions turns a request into the options of the search.
func minConflictsOptions(req backend.Request) (search.MinConflictsOptions, error) {
	opt := search.MinConflictsOptions{Seed: req.Seed}
	for k, v := range req.Options {
		var err error
		switch k {
		case "steps":
			opt.MaxSteps, err = minConflictsInt(k, v, 0)
		case "restarts":
			opt.MaxRestarts, err = minConflictsInt(k, v, -1)
		case "partners":
			opt.Partners, err = minConflictsInt(k, v, 0)
		case "tries":
			opt.InitTries, err = minConflictsInt(k, v, 0)
		case "walk":
			opt.Walk, err = strconv.ParseFloat(v, 64)
			if err != nil || !(opt.Walk >= 0 && opt.Walk <= 1) {
				err = fmt.Errorf("backend minconflicts: option walk=%q: want a probability between 0 and 1", v)
			}
		default:
			err = fmt.Errorf("backend minconflicts: unknown option %q (known: partners, restarts, steps, tries, walk)", k)
		}
		if err != nil {
			return opt, err
		}
	}
	return opt, nil
}

func minConflictsInt(k, v string, least int) (int, error) {
	x, err := strconv.Atoi(v)
	if err != nil || x < least {
		return 0, fmt.Errorf("backend minconflicts: option %s=%q: want a whole number of at least %d", k, v, least)
	}
	return x, nil
}

// Run looks for one solution of b (Find only; Request.Limit beyond 1 gets
// one solution) and hands it to req.Visit. The Outcome's Stats hold
// "steps", "swaps", "restarts" and "initial_conflicts". When the search
// gives up within its budget the Status is Unknown: no proof that b has no
// completion. For n = 2 and 3, which have no solution, the Status is OK
// with no solution: a final answer. A board whose search, answer and check
// (about 19 bytes a row) would not fit in MemoryLimit is refused before
// anything is allocated.
func (minConflictsBackend) Run(ctx context.Context, prob encode.Problem, req backend.Request) (backend.Outcome, error) {
	b := prob.Board
	opt, err := minConflictsOptions(req)
	if err != nil {
		return backend.Outcome{}, err
	}
	if req.Trace != nil {
		opt.Trace = func(e search.MinConflictsEvent) { req.Trace(e) }
	}
	// The search, its answer (8 bytes a row) and the caller's check.
	need := search.MinConflictsBytes(b.N, b.Given()) + 8*uint64(b.N) + backend.VerifyBytes(b.N)
	if err := backend.CheckMemory("minconflicts", b.N, need); err != nil {
		return backend.Outcome{}, err
	}
	p, st, err := search.MinConflicts(ctx, b, opt)
	out := backend.Outcome{
		Stats: map[string]uint64{
			"steps":             st.Steps,
			"swaps":             st.Swaps,
			"restarts":          st.Restarts,
			"initial_conflicts": st.InitialConflicts,
		},
	}
	switch {
	case errors.Is(err, search.ErrConstructNoSolution):
		return out, nil
	case errors.Is(err, search.ErrMinConflictsNotFound):
		out.Status = backend.Unknown
		return out, nil
	case err != nil:
		return out, err
	}
	out.Solutions = 1
	if req.Visit != nil {
		req.Visit(p)
	}
	return out, nil
}
