package join

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sort"
	"sync"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/checkpoint"
	"github.com/qtool-project/qtool/count"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/split"
)

func init() {
	backend.Register(splitBackend{name: "constellation", unique: true, maxN: count.ConstellationMaxN, newPlan: func(_ context.Context, n, _ int) (count.Plan, error) { return count.NewConstellationPlan(n, 0) }})
	backend.Register(splitBackend{name: "domains", unique: true, maxN: count.DomainMaxN, newPlan: func(_ context.Context, n, _ int) (count.Plan, error) { return count.NewDomainPlan(n) }})
	backend.Register(splitBackend{name: "join", maxN: count.JoinMaxN, method: "join of quadrant halves", newPlan: func(ctx context.Context, n, workers int) (count.Plan, error) {
		return count.NewJoinPlanContext(ctx, n, 0, workers)
	}, newUniquePlan: func(ctx context.Context, n, workers int) (count.Plan, error) {
		return count.NewJoinUniquePlanContext(ctx, n, 0, workers)
	}})
}

// splitBackend counts the empty board through a count.Plan, a
// deterministic list of subproblems: "constellation" is
// count.ConstellationPlan (Q27's border constellations, weighted by the
// size of their orbits under the 8 symmetries of the square), "domains" is
// count.DomainPlan (Takaken's corner and edge domains of the bitmask
// counter), "join" is count.JoinPlan (the quarter join, the fastest;
// n ≤ 23; with Request.Unique the plan of count.NewJoinUniquePlanContext,
// whose subproblems are classes of the groups). constellation and domains
// take 1 ≤ n ≤ 27 and always count the fundamental solutions too. All split
// into shards, report the count of every subproblem in Outcome.Parts and
// checkpoint and resume (Request.Checkpoint).
type splitBackend struct {
	name   string
	unique bool // the plan counts fundamental solutions
	maxN   int
	method string // Caps.CountMethod
	// newPlan builds the plan of order n with up to workers goroutines,
	// giving up when ctx is done.
	newPlan func(ctx context.Context, n, workers int) (count.Plan, error)
	// newUniquePlan, when set, builds the plan for a count that asks for
	// fundamental solutions (Request.Unique), which newPlan's lacks.
	newUniquePlan func(ctx context.Context, n, workers int) (count.Plan, error)
}

func (b splitBackend) Name() string { return b.name }

func (b splitBackend) Caps() backend.Caps {
	return backend.Caps{Count: true, Exact: true, MaxN: b.maxN, Unique: b.unique || b.newUniquePlan != nil, Shards: true, Parts: true, CountMethod: b.method}
}

// shardContexter is a plan whose Shard can give up when the context is
// done (count.JoinPlan: its estimates take seconds at n = 21).
type shardContexter interface {
	ShardContext(ctx context.Context, i, m int) ([]int, error)
}

// splitPlans caches the plans by backend and n: a plan is immutable once
// built.
var splitPlans sync.Map // splitKey -> count.Plan

type splitKey struct {
	name   string
	n      int
	unique bool
}

func (b splitBackend) plan(ctx context.Context, n, workers int, unique bool) (count.Plan, error) {
	unique = unique && b.newUniquePlan != nil
	k := splitKey{b.name, n, unique}
	if p, ok := splitPlans.Load(k); ok {
		return p.(count.Plan), nil
	}
	newPlan := b.newPlan
	if unique {
		newPlan = b.newUniquePlan
	}
	p, err := newPlan(ctx, n, workers)
	if err != nil {
		return nil, err
	}
	splitPlans.Store(k, p)
	return p, nil
}

// shard returns the plan of order n (built with up to workers goroutines;
// with unique one that counts fundamental solutions) and the ids of its
// slice shard of shards, giving up when ctx is done.
func (be splitBackend) shard(ctx context.Context, n, workers, shard, shards int, unique bool) (count.Plan, []int, error) {
	p, err := be.plan(ctx, n, workers, unique)
	if err != nil {
		return nil, nil, err
	}
	var ids []int
	if sc, ok := p.(shardContexter); ok {
		ids, err = sc.ShardContext(ctx, shard, shards)
	} else {
		ids, err = p.Shard(shard, shards)
	}
	return p, ids, err
}

// Run counts the solutions of the empty board b, or of one shard of its
// split. With req.Checkpoint it reads the finished subproblems from the
// file (Resume), counts the others, and writes the file at intervals and
// when it ends, complete or not. Outcome.Parts lists every finished
// subproblem of the shard (read or counted), in increasing id; the counts
// are their sums.
func (be splitBackend) Run(ctx context.Context, prob encode.Problem, req backend.Request) (backend.Outcome, error) {
	b := prob.Board
	shard, shards := 0, 1
	if req.Shard != nil {
		shard, shards = req.Shard.Index, req.Shard.Count
	}
	p, ids, err := be.shard(ctx, b.N, req.Workers, shard, shards, req.Unique)
	if err != nil {
		// Stopped while the plan or its shard was made (Solve turns a
		// context that ended into the Status): nothing was counted, and
		// a checkpoint is left as it was.
		return backend.Outcome{}, fmt.Errorf("backend: %w", err)
	}
	info := &split.Info{
		Method: p.Method(), Version: p.Version(),
		N: b.N, Depth: p.Depth(), Total: p.Subproblems(), Identity: p.Identity(),
		Shard: shard, Shards: shards, Todo: len(ids),
	}
	done := map[int]split.Part{}
	ck := req.Checkpoint
	if ck != nil {
		if err := loadCheckpoint(ck, info, ids, done); err != nil {
			return backend.Outcome{}, err
		}
		info.Resumed = len(done)
	}
	var mu sync.Mutex // guards done and the checkpoint file
	state := func() *checkpoint.State {
		s := &checkpoint.State{Split: info.Identity, Shard: shard, Shards: shards, Todo: len(ids)}
		for _, q := range done {
			s.Parts = append(s.Parts, checkpoint.Part{ID: q.ID, Solutions: q.Solutions, Unique: q.Unique, Nodes: q.Nodes})
		}
		return s
	}
	every := backend.DefaultCheckpointEvery
	if ck != nil && ck.Every > 0 {
		every = ck.Every
	}
	var ckErr error
	if ck != nil {
		// Write at once: an unwritable path is refused before any work.
		if err := checkpoint.Write(ck.Path, state()); err != nil {
			return backend.Outcome{}, fmt.Errorf("backend: %w", err)
		}
	}
	last := time.Now()
	opt := count.PlanOptions{
		Workers:  req.Workers,
		Progress: req.Progress,
		Skip:     func(id int) bool { _, ok := done[id]; return ok },
		Done: func(q count.Part) {
			mu.Lock()
			defer mu.Unlock()
			done[q.ID] = split.Part{ID: q.ID, Solutions: q.Solutions, Unique: q.Unique, Nodes: q.Nodes}
			if ck != nil && ckErr == nil && time.Since(last) >= every {
				ckErr = checkpoint.Write(ck.Path, state())
				last = time.Now()
			}
		},
	}
	_, err = count.CountPlan(ctx, p, ids, opt)
	mu.Lock()
	defer mu.Unlock()
	if ck != nil && ckErr == nil {
		ckErr = checkpoint.Write(ck.Path, state())
	}
	out := backend.Outcome{Split: info, Stats: map[string]uint64{
		"subproblems": uint64(len(ids)), "done": uint64(len(done)), "resumed": uint64(info.Resumed),
	}}
	for _, q := range done {
		out.Parts = append(out.Parts, q)
		out.Solutions += q.Solutions
		out.Unique += q.Unique
		out.Nodes += q.Nodes
	}
	sort.Slice(out.Parts, func(i, j int) bool { return out.Parts[i].ID < out.Parts[j].ID })
	if ckErr != nil {
		return out, fmt.Errorf("backend: %w", ckErr)
	}
	if err != nil {
		return out, err
	}
	if len(done) != len(ids) {
		return out, fmt.Errorf("backend: %s count finished %d of %d subproblems", be.name, len(done), len(ids))
	}
	return out, nil
}

// loadCheckpoint fills done from the checkpoint file of ck when resuming,
// after checking that it is of this split and shard and that every part
// read is one of the shard's subproblems ids.
func loadCheckpoint(ck *backend.Checkpoint, info *split.Info, ids []int, done map[int]split.Part) error {
	if ck.Path == "" {
		return errors.New("backend: checkpoint needs a file name")
	}
	if !ck.Resume {
		if _, err := os.Stat(ck.Path); err == nil {
			return fmt.Errorf("checkpoint %s already exists: resume it with --resume, or remove it to start again", ck.Path)
		}
		return nil
	}
	s, err := checkpoint.Read(ck.Path)
	if errors.Is(err, checkpoint.ErrNotExist) {
		return nil // a first run: nothing to resume
	}
	if err != nil {
		return err
	}
	if err := s.Check(info.Identity, info.Shard, info.Shards, info.Todo); err != nil {
		return fmt.Errorf("%s: %w", ck.Path, err)
	}
	mine := make(map[int]bool, len(ids))
	for _, id := range ids {
		mine[id] = true
	}
	for _, q := range s.Parts {
		if !mine[q.ID] {
			return fmt.Errorf("checkpoint %s: subproblem %d is not in shard %d/%d", ck.Path, q.ID, info.Shard, info.Shards)
		}
		done[q.ID] = split.Part{ID: q.ID, Solutions: q.Solutions, Unique: q.Unique, Nodes: q.Nodes}
	}
	return nil
}
