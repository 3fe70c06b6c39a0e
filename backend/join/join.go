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
	backend.Register(splitBackend{name: "constellation", unique: true, maxN: count.ConstellationMaxN, newPlan: func(ctx context.Context, n, _ int) (count.Plan, error) {
		return count.NewConstellationPlanContext(ctx, n, 0)
	}})
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
// are their sums. The checkpoint is locked (checkpoint.Lock) for the
// whole run: a second count of the same file is refused.
func (be splitBackend) Run(ctx context.Context, prob encode.Problem, req backend.Request) (backend.Outcome, error) {
	b := prob.Board
	shard, shards := 0, 1
	if req.Shard != nil {
		shard, shards = req.Shard.Index, req.Shard.Count
	}
	if ck := req.Checkpoint; ck != nil && ck.Path != "" {
		// Before the plan, which takes minutes at n ≥ 22: a second
		// count of one checkpoint is refused at once.
		unlock, err := checkpoint.Lock(ck.Path)
		if err != nil {
			return backend.Outcome{}, err
		}
		defer unlock()
		// So is a checkpoint that would be started afresh over an
		// existing one (--resume forgotten): it needs no plan to tell.
		if err := refuseExisting(ck); err != nil {
			return backend.Outcome{}, err
		}
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
	t, err := newTally(req.Checkpoint, info, ids)
	if err != nil {
		return backend.Outcome{}, err
	}
	opt := count.PlanOptions{
		Workers:  req.Workers,
		Progress: req.Progress,
		Skip:     func(id int) bool { _, ok := t.done[id]; return ok },
		Done:     t.add,
	}
	_, err = count.CountPlan(ctx, p, ids, opt)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ck != nil && t.err == nil {
		t.err = checkpoint.Write(t.ck.Path, t.state())
	}
	out := t.outcome()
	if t.err != nil {
		return out, fmt.Errorf("backend: %w", t.err)
	}
	if err != nil {
		return out, err
	}
	if len(t.done) != len(ids) {
		return out, fmt.Errorf("backend: %s count finished %d of %d subproblems", be.name, len(t.done), len(ids))
	}
	return out, nil
}

// A tally holds the finished subproblems of a Run's shard and writes
// them to its checkpoint file (when there is one) at intervals.
type tally struct {
	mu    sync.Mutex // guards done, last and err while the count runs
	ck    *backend.Checkpoint
	info  *split.Info
	todo  int
	every time.Duration
	done  map[int]split.Part
	last  time.Time
	err   error // the first checkpoint write that failed
}

// newTally reads the checkpoint of ck when resuming (see loadCheckpoint)
// and writes it at once, so that an unwritable path is refused before any
// work; ck may be nil.
func newTally(ck *backend.Checkpoint, info *split.Info, ids []int) (*tally, error) {
	t := &tally{ck: ck, info: info, todo: len(ids), every: backend.DefaultCheckpointEvery, done: map[int]split.Part{}}
	if ck == nil {
		t.last = time.Now()
		return t, nil
	}
	if err := loadCheckpoint(ck, info, ids, t.done); err != nil {
		return nil, err
	}
	info.Resumed = len(t.done)
	if ck.Every > 0 {
		t.every = ck.Every
	}
	if err := checkpoint.Write(ck.Path, t.state()); err != nil {
		return nil, fmt.Errorf("backend: %w", err)
	}
	t.last = time.Now()
	return t, nil
}

// state is the checkpoint of the parts done (t.mu held).
func (t *tally) state() *checkpoint.State {
	s := &checkpoint.State{Split: t.info.Identity, Shard: t.info.Shard, Shards: t.info.Shards, Todo: t.todo}
	for _, q := range t.done {
		s.Parts = append(s.Parts, checkpoint.Part{ID: q.ID, Solutions: q.Solutions, Unique: q.Unique, Nodes: q.Nodes})
	}
	return s
}

// add records a finished subproblem (count.PlanOptions.Done) and writes
// the checkpoint when the interval has passed since the last write.
func (t *tally) add(q count.Part) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.done[q.ID] = split.Part{ID: q.ID, Solutions: q.Solutions, Unique: q.Unique, Nodes: q.Nodes}
	if t.ck != nil && t.err == nil && time.Since(t.last) >= t.every {
		t.err = checkpoint.Write(t.ck.Path, t.state())
		t.last = time.Now()
	}
}

// outcome is the Outcome of the parts done, in increasing id, with their
// sums (t.mu held).
func (t *tally) outcome() backend.Outcome {
	out := backend.Outcome{Split: t.info, Stats: map[string]uint64{
		"subproblems": uint64(t.todo), "done": uint64(len(t.done)), "resumed": uint64(t.info.Resumed),
	}}
	for _, q := range t.done {
		out.Parts = append(out.Parts, q)
		out.Solutions += q.Solutions
		out.Unique += q.Unique
		out.Nodes += q.Nodes
	}
	sort.Slice(out.Parts, func(i, j int) bool { return out.Parts[i].ID < out.Parts[j].ID })
	return out
}

// refuseExisting refuses to start a count afresh (no ck.Resume) over an
// existing checkpoint file, which would throw its finished work away. Run
// asks it before the plan, which takes minutes at n ≥ 22.
func refuseExisting(ck *backend.Checkpoint) error {
	if ck.Resume {
		return nil
	}
	if _, err := os.Stat(ck.Path); err == nil {
		return fmt.Errorf("checkpoint %s already exists: resume it with --resume, or remove it to start again", ck.Path)
	}
	return nil
}

// loadCheckpoint fills done from the checkpoint file of ck when resuming,
// after checking that it is of this split and shard and that every part
// read is one of the shard's subproblems ids.
func loadCheckpoint(ck *backend.Checkpoint, info *split.Info, ids []int, done map[int]split.Part) error {
	if ck.Path == "" {
		return errors.New("backend: checkpoint needs a file name")
	}
	if !ck.Resume {
		return nil // a fresh count: Run refused an existing file
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
