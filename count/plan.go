package count

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// Plan is a deterministic split of the n-queens count of an empty board
// into independent subproblems, numbered 0..Subproblems()-1: the unit of
// work of shards, checkpoints and piece-by-piece comparisons. Two plans
// with the same Identity list the same subproblems under the same ids.
// The plans of this package are ConstellationPlan, DomainPlan and
// JoinPlan.
type Plan interface {
	N() int
	// Method and Version name the split ("constellations", 1).
	Method() string
	Version() int
	// Unique reports whether the parts count the fundamental solutions
	// too (Part.Unique); when false they are 0.
	Unique() bool
	// Depth is the number of rows a subproblem fixes beyond the
	// method's own.
	Depth() int
	Subproblems() int
	// Identity is one line: method/version, n, depth, the number of
	// subproblems and a hash of their list.
	Identity() string
	// Describe names subproblem id for people.
	Describe(id int) string
	// Shard returns the ids of slice i of m.
	Shard(i, m int) ([]int, error)
	newCounter(stop *atomic.Bool) planCounter
}

// planCounter counts subproblems on one goroutine; ok is false when the
// stop flag cut the subproblem short.
type planCounter interface {
	countPart(id int) (p Part, ok bool)
}

// shardIDs returns slice i of m of ids 0..total-1: every m-th id from i
// on. Neighbouring subproblems of a plan are of similar size, so each
// slice gets a fair sample of every part of the list.
func shardIDs(total, i, m int) ([]int, error) {
	if m < 1 || i < 0 || i >= m {
		return nil, fmt.Errorf("count: shard %d of %d: want 0 ≤ shard < shards", i, m)
	}
	ids := make([]int, 0, total/m+1)
	for j := i; j < total; j += m {
		ids = append(ids, j)
	}
	return ids, nil
}

// Part is the count of one subproblem of a plan.
type Part struct {
	ID int
	// Solutions is the subproblem's share of all solutions (its
	// completions times the size of their orbit under the symmetries
	// the plan uses).
	Solutions uint64
	// Unique is its share of the fundamental solutions (OEIS A002562).
	Unique uint64
	// Nodes is the number of queens its search placed.
	Nodes uint64
}

// PlanOptions are the settings of CountPlan.
type PlanOptions struct {
	// Workers is the number of goroutines (0 = runtime.NumCPU()).
	Workers int
	// Skip, when non-nil, reports the subproblems already counted (read
	// from a checkpoint, say); they are left out. It is called before any
	// subproblem is counted, from one goroutine.
	Skip func(id int) bool
	// Done, when non-nil, is called with each subproblem counted, in no
	// particular order; calls are serialised. A subproblem cut short by
	// the context is not reported.
	Done func(Part)
	// Progress, when non-nil, is called after each subproblem with the
	// number done and the number to do; calls are serialised.
	Progress func(done, total uint64)
}

// PlanStats sums what CountPlan counted.
type PlanStats struct {
	Solutions, Unique, Nodes uint64
	// Subproblems is the number of ids asked for (skipped ones included)
	// and Done how many were counted in this call.
	Subproblems, Done uint64
}

// planTodo checks the ids and the workers asked of CountPlan and returns
// the ids to count, those opt.Skip reports left out.
func planTodo(p Plan, ids []int, opt PlanOptions) ([]int, error) {
	if opt.Workers < 0 {
		return nil, fmt.Errorf("count: workers %d: want 0 (all cores) or more", opt.Workers)
	}
	total := p.Subproblems()
	for _, id := range ids {
		if id < 0 || id >= total {
			return nil, fmt.Errorf("count: no subproblem %d in %s", id, p.Identity())
		}
	}
	if opt.Skip == nil {
		return ids, nil
	}
	todo := make([]int, 0, len(ids))
	for _, id := range ids {
		if !opt.Skip(id) {
			todo = append(todo, id)
		}
	}
	return todo, nil
}

// CountPlan counts the subproblems ids of plan p on opt.Workers goroutines,
// each taking the next run of consecutive ids in turn (about 64 runs a
// worker), and returns their sums. When ctx ends
// first it returns what the finished subproblems counted, with ctx.Err();
// a subproblem in progress is dropped, so that every count reported is
// exact and a resumed count adds up to the same total.
func CountPlan(ctx context.Context, p Plan, ids []int, opt PlanOptions) (PlanStats, error) {
	var st PlanStats
	st.Subproblems = uint64(len(ids))
	todo, err := planTodo(p, ids, opt)
	if err != nil {
		return st, err
	}
	if err := ctx.Err(); err != nil {
		return st, err
	}
	workers := opt.Workers
	if workers == 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, max(len(todo), 1))
	var stop atomic.Bool
	release := context.AfterFunc(ctx, func() { stop.Store(true) })
	defer release()
	// The workers take runs of consecutive subproblems, about 64 runs
	// each: neighbours share data (the join's groups read the same
	// buckets), which then stays in one worker's cache.
	run := int64(min(max(len(todo)/(workers*64), 1), 256))
	var next atomic.Int64
	var mu sync.Mutex
	want := uint64(len(todo))
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := p.newCounter(&stop)
			var j, end int64
			for !stop.Load() {
				if j == end {
					j = next.Add(run) - run
					end = min(j+run, int64(len(todo)))
				}
				if j >= int64(len(todo)) {
					return
				}
				part, ok := w.countPart(todo[j])
				j++
				if !ok {
					return
				}
				mu.Lock()
				st.Solutions += part.Solutions
				st.Unique += part.Unique
				st.Nodes += part.Nodes
				st.Done++
				if opt.Done != nil {
					opt.Done(part)
				}
				if opt.Progress != nil {
					opt.Progress(st.Done, want)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if st.Done < want {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		return st, errors.New("count: count stopped early")
	}
	return st, nil
}
