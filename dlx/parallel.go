package dlx

import (
	"context"
	"sync"
	"sync/atomic"
)

// split is one worker's share of a parallel search. The nodes of the search
// tree at level depth are the subproblems ("tasks"), numbered in the order
// a depth-first search meets them. Every worker walks the levels above
// depth itself — the same walk for all, and a short one — and at each task
// either explores it (when it is the task the worker claimed) or skips it.
// The counters of the walk above the split are thus the same in every
// worker and are taken once; those of the tasks add up. So the totals are
// those of one worker, whatever the order in which the tasks are taken.
type split struct {
	depth      int
	next       *atomic.Int64 // the next task not yet claimed by any worker
	mine       int64         // the task this worker explores next (-1: none, a counting walk)
	seen       int64         // tasks met so far
	inTask     bool
	base       Stats  // the counters when the current task began
	lower      Stats  // the counters of the tasks explored
	visitUpper bool   // this worker visits the solutions above the split
	biggest    uint64 // the updates of the largest task explored
}

// enter is called when the search is about to enter a node at level depth,
// with the counters so far; it reports whether to explore it.
func (sp *split) enter(st Stats) bool {
	i := sp.seen
	sp.seen++
	if i != sp.mine {
		return false
	}
	sp.inTask, sp.base = true, st
	return true
}

// leave is called when the node at level depth that the worker explored is
// done, with the counters then.
func (sp *split) leave(st Stats) {
	if !sp.inTask {
		return
	}
	task := st.minus(sp.base)
	sp.lower = sp.lower.plus(task)
	sp.biggest = max(sp.biggest, task.Updates)
	sp.inTask = false
	if sp.mine >= 0 {
		sp.mine = sp.next.Add(1) - 1
	}
}

// finish is called once at the end of a worker's search: a task cut short
// counts as far as it went.
func (sp *split) finish(st Stats) {
	if sp.inTask {
		sp.lower = sp.lower.plus(st.minus(sp.base))
		sp.inTask = false
	}
}

// Targets of the choice of the split level: at least this many tasks per
// worker, and no counting walk above this many nodes.
const (
	tasksPerWorker = 1024
	maxWalkNodes   = 1 << 20
)

// chooseDepth counts the nodes of the first levels of the tree and returns
// the level whose nodes become the tasks and how many there are (0, 0 when
// the tree is too shallow to split).
func (p *Matrix) chooseDepth(ctx context.Context, alg Algorithm, workers int) (int, int64, error) {
	bestDepth, bestTasks := 0, int64(0)
	for depth := 1; depth <= 64; depth++ {
		sp := &split{depth: depth, mine: -1}
		st, err := p.runOne(ctx, Config{}, alg, sp)
		if err != nil {
			return 0, 0, err
		}
		if sp.seen == 0 {
			break
		}
		if sp.seen > bestTasks {
			bestDepth, bestTasks = depth, sp.seen
		}
		if sp.seen >= int64(tasksPerWorker*workers) || st.Nodes > maxWalkNodes {
			break
		}
	}
	return bestDepth, bestTasks, nil
}

// runWorker runs worker w's search (a test wraps it to time each worker).
var runWorker = func(w int, run func()) { run() }

// runParallel runs the search with cfg.Workers goroutines (see split).
func (p *Matrix) runParallel(ctx context.Context, cfg Config, alg Algorithm) (Stats, error) {
	st, _, err := p.runWorkers(ctx, cfg, alg)
	return st, err
}

// A visitGate hands the workers' solutions to Config.Visit one at a
// time, and counts them for the limit; once Visit or the limit says stop,
// it cancels the search.
type visitGate struct {
	cfg      Config
	cancel   context.CancelFunc
	mu       sync.Mutex
	accepted uint64
	stopped  atomic.Bool
}

func (g *visitGate) visit(options []int) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.stopped.Load() {
		return false
	}
	g.accepted++
	ok := g.cfg.Visit == nil || g.cfg.Visit(options)
	if !ok || (g.cfg.Limit > 0 && g.accepted >= g.cfg.Limit) {
		g.stopped.Store(true)
		g.cancel()
		return false
	}
	return true
}

// startWorkers runs k workers on the tree split at depth (the first one
// reports progress and visits the solutions above the split) and waits
// for them: each one's split, statistics and error.
func (p *Matrix) startWorkers(ctx context.Context, wcfg Config, alg Algorithm, k, depth int, next *atomic.Int64) ([]*split, []Stats, []error) {
	splits := make([]*split, k)
	stats := make([]Stats, k)
	errs := make([]error, k)
	var wg sync.WaitGroup
	for w := range k {
		splits[w] = &split{depth: depth, next: next, mine: int64(w), visitUpper: w == 0}
		c := wcfg
		if w > 0 {
			c.Progress = nil
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			runWorker(w, func() { stats[w], errs[w] = p.runOne(ctx, c, alg, splits[w]) })
		}()
	}
	wg.Wait()
	return splits, stats, errs
}

// runWorkers is runParallel; it also returns each worker's split (none when
// the tree was not split).
func (p *Matrix) runWorkers(ctx context.Context, cfg Config, alg Algorithm) (Stats, []*split, error) {
	k := cfg.Workers
	depth, tasks, err := p.chooseDepth(ctx, alg, k)
	if err != nil {
		return Stats{}, nil, err
	}
	if depth == 0 || tasks < 2 {
		st, err := p.runOne(ctx, cfg, alg, nil)
		return st, nil, err
	}
	k = int(min(int64(k), tasks)) // a worker without a task would only walk
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	gate := &visitGate{cfg: cfg, cancel: cancel}
	wcfg := cfg
	wcfg.Limit = 0
	if cfg.Visit != nil || cfg.Limit > 0 {
		wcfg.Visit = gate.visit
	}
	next := new(atomic.Int64)
	next.Store(int64(k))
	if cfg.Progress != nil {
		report := cfg.Progress
		wcfg.Progress = func(pr Progress) {
			done := float64(next.Load()-int64(k)) / float64(tasks)
			pr.Done = min(max(done, 0), 0.999999)
			report(pr)
		}
	}
	splits, stats, errs := p.startWorkers(ctx, wcfg, alg, k, depth, next)

	// The walk above the split is counted once, from the first worker.
	total := stats[0].minus(splits[0].lower)
	for _, sp := range splits {
		total = total.plus(sp.lower)
	}
	if gate.stopped.Load() {
		// Stopped by Visit or by the limit: what was accepted counts.
		total.Solutions = gate.accepted
		return total, splits, nil
	}
	for _, err := range errs {
		if err != nil {
			return total, splits, err
		}
	}
	return total, splits, nil
}
