package dlx

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"time"
)

// Stats counts the work of a search the way Knuth's programs count it, so
// that the figures can be compared with dlx1, dlx2 and dlx3 on the same
// input.
type Stats struct {
	// Solutions is the number of solutions found.
	Solutions uint64
	// Nodes is the number of nodes of the search tree: one for each entry
	// into a level, and one for each solution (Knuth's "nodes").
	Nodes uint64
	// Updates is the number of link updates: one for each item removed
	// from its list by cover and one for each node hidden (or tweaked away,
	// in Algorithm M) (Knuth's "updates").
	Updates uint64
	// Cleansings is the number of colour constraints satisfied by purify:
	// one for each purify and one for each option of the purified item
	// that has the same colour (dlx2's and dlx3's "cleansings"; always 0
	// without colours).
	Cleansings uint64
}

func (s Stats) plus(t Stats) Stats {
	return Stats{s.Solutions + t.Solutions, s.Nodes + t.Nodes, s.Updates + t.Updates, s.Cleansings + t.Cleansings}
}

func (s Stats) minus(t Stats) Stats {
	return Stats{s.Solutions - t.Solutions, s.Nodes - t.Nodes, s.Updates - t.Updates, s.Cleansings - t.Cleansings}
}

// Progress is a snapshot of a running search, for progress reports.
type Progress struct {
	Stats
	// Level is the depth of the search: the number of options chosen.
	Level int
	// Done estimates the fraction of the search tree already explored, as
	// dlx1 does from the position of each choice among its siblings
	// (Knuth's "progress report"), or from the subproblems finished when
	// several workers search. It is a crude estimate, in [0, 1).
	Done float64
	// Elapsed is the time since the search started.
	Elapsed time.Duration
}

// Algorithm names the variant of Knuth's search that Run uses.
type Algorithm uint8

const (
	// Auto picks the least general algorithm that fits the problem: X
	// without colours and bounds, C with colours, M with bounds — or with
	// bounds written in the file read, even all 1..1 ("1|x"): such a file
	// is dlx3's, and M counts its nodes, updates and cleansings as dlx3.
	Auto Algorithm = iota
	// X is Algorithm X of TAOCP 7.2.2.1 as Knuth's dlx1 runs it: exact
	// cover with primary and secondary items.
	X
	// C is Algorithm C (exact covering with colours) as Knuth's dlx2 runs
	// it: commit, purify, unpurify, uncommit.
	C
	// M is Algorithm M (covering with multiplicities and colours) as
	// Knuth's dlx3 runs it: bounds, tweak and untweak, branching on the
	// item of least branching degree.
	M
	// SS is exact cover with colours on sparse sets, as Knuth's SSXCC runs
	// it (TAOCP 7.2.2.3, "dancing cells"): the same solutions as C, found
	// in another order, with forced moves; no bounds.
	SS
)

// String returns the algorithm's letter, or "auto".
func (a Algorithm) String() string {
	switch a {
	case X:
		return "X"
	case C:
		return "C"
	case M:
		return "M"
	case SS:
		return "ss"
	}
	return "auto"
}

// ParseAlgorithm reads "X", "C", "M", "ss" or "auto" (any case; also
// "dlx1", "dlx2", "dlx3", "ssxcc").
func ParseAlgorithm(s string) (Algorithm, error) {
	switch s {
	case "auto", "":
		return Auto, nil
	case "X", "x", "dlx1":
		return X, nil
	case "C", "c", "dlx2":
		return C, nil
	case "M", "m", "dlx3":
		return M, nil
	case "ss", "SS", "ssxcc":
		return SS, nil
	}
	return Auto, fmt.Errorf("dlx: unknown algorithm %q (want X, C, M, ss or auto)", s)
}

// Config controls a search run by Matrix.Run.
type Config struct {
	// Visit, when not nil, is called with each solution: the numbers of the
	// chosen options, in the order they were chosen. The slice is reused:
	// it is valid only during the call. Returning false stops the search.
	// When Visit is nil the solutions are only counted. With several
	// workers the calls are serialized but come in no fixed order.
	Visit func(options []int) bool
	// Limit stops the search after this many solutions (0: no limit).
	Limit uint64
	// Progress, when not nil, is called from a searching goroutine about
	// once per Interval.
	Progress func(Progress)
	// Interval between progress reports; 0 means one second.
	Interval time.Duration
	// Algorithm is the variant of the search (Auto: the one the problem
	// needs). X refuses a problem with colours or bounds, C one with
	// bounds. On a problem without colours and bounds X and C make the
	// same moves and count the same; M counts as dlx3 does, which differs
	// in the updates of dead ends.
	Algorithm Algorithm
	// Workers is the number of goroutines that search (0 or 1: one, in the
	// calling goroutine). The tree is split at its first levels into
	// subproblems that the workers take in turn; the totals (solutions,
	// nodes, updates, cleansings) equal those of one worker whenever the
	// search runs to its end.
	Workers int
	// Trace, when not nil, is called at every step of the search (see
	// Event), from the searching goroutine; it forces one worker. A nil
	// Trace costs nothing: the search without it runs other code.
	Trace func(Event)
	// ShortFirst changes Algorithm M's choice of item: while some active
	// item is short of its lower bound, it branches on such an item only
	// (the one of least branching degree among them, dlx3's rule), and on
	// an item whose lower bound is met only when none is short. Items
	// that have met their lower bound and whose upper bound is far (the
	// covers of a domination problem) are then never branched on while
	// something must still be covered. Every multiset of options is still
	// met once (any active item may be branched on, TAOCP 7.2.2.1,
	// Algorithm M); the node counts are no longer dlx3's. X and C ignore it.
	ShortFirst bool
	// Value and Seed choose the order in which Algorithm X tries the
	// options of the item it branches on (value.go); C and M, several
	// workers and Trace use the list order.
	Value ValueOrder
	Seed  int64
	// Pick, when positive, keeps only the solutions of exactly Pick
	// options: the search never chooses more, and the last option is
	// counted without descending (it must bring every item short of its
	// lower bound to that bound), as an item [Pick, Pick] held by every
	// option would, without that item's updates. It needs Algorithm M
	// (Auto picks it); nodes and updates are then not dlx3's.
	Pick int
}

// How often the search looks at its context and its clock: after this many
// nodes or this many updates, whichever comes first. Both are far from the
// inner loop, and short enough for a prompt stop.
const (
	checkNodes   = 1 << 10
	checkUpdates = 1 << 16
)

// Solve runs the search on the problem and calls visit with each solution
// (see Config.Visit); visit returning false stops the search. It returns
// what the search did, and ctx.Err() when the context ended the search early
// (the statistics are then those of the part explored).
func (p *Matrix) Solve(ctx context.Context, visit func(options []int) bool) (Stats, error) {
	return p.Run(ctx, Config{Visit: visit})
}

// Count returns the number of solutions without materialising any.
func (p *Matrix) Count(ctx context.Context) (uint64, Stats, error) {
	st, err := p.Run(ctx, Config{})
	return st.Solutions, st, err
}

// AlgorithmFor returns the algorithm that Run uses for the problem when
// asked for a: a itself, unless a is Auto, then the least general one that
// fits; or an error when a cannot handle the problem.
func (p *Matrix) AlgorithmFor(a Algorithm) (Algorithm, error) {
	switch {
	case a == X && (p.HasBounds() || p.HasColors()):
		return a, fmt.Errorf("dlx: algorithm X does not handle colours or bounds (use C or M)")
	case a == C && p.HasBounds():
		return a, fmt.Errorf("dlx: algorithm C does not handle bounds (use M)")
	case a == SS && p.HasBounds():
		return a, fmt.Errorf("dlx: algorithm ss does not handle bounds (use M)")
	case a != Auto:
		return a, nil
	case p.HasBounds() || p.boundsWritten:
		return M, nil
	case p.HasColors():
		return C, nil
	}
	return X, nil
}

// Run is Knuth's search for the problem, TAOCP 7.2.2.1: Algorithm X with
// dancing links as dlx1 runs it, Algorithm C (colours) as dlx2 runs it, or
// Algorithm M (multiplicities) as dlx3 runs it — see Config.Algorithm. At
// each level X and C cover the primary item with the fewest remaining
// options (ties go to the leftmost item, the MRV heuristic), then try each
// option in its list in turn, covering (or purifying, for a colour) the
// option's other items, descending, and uncovering on the way back; M
// branches on the item of least branching degree (see runM). Run works on
// a copy of the links, so the problem is left untouched. It returns the
// statistics of the search, and ctx.Err() when the context ended it early.
//
// See D. E. Knuth, The Art of Computer Programming, Volume 4B, Section
// 7.2.2.1 (Addison-Wesley, 2022), and "Dancing links", arXiv:cs/0011047.
func (p *Matrix) Run(ctx context.Context, cfg Config) (Stats, error) {
	if err := ctx.Err(); err != nil {
		return Stats{}, err
	}
	if cfg.Pick < 0 {
		return Stats{}, fmt.Errorf("dlx: Pick %d is negative", cfg.Pick)
	}
	a := cfg.Algorithm
	if cfg.Pick > 0 {
		if a != Auto && a != M {
			return Stats{}, fmt.Errorf("dlx: Pick needs algorithm M, not %v", a)
		}
		a = M
	}
	alg, err := p.AlgorithmFor(a)
	if err != nil {
		return Stats{}, err
	}
	if alg == SS && cfg.Trace != nil {
		return Stats{}, fmt.Errorf("dlx: the trace follows dancing links (X, C, M), not algorithm ss")
	}
	if p.primary == 0 {
		if cfg.Pick > 0 {
			return Stats{Nodes: 1}, nil // the one solution has no option
		}
		// Every primary item is covered at level 0: the empty set of
		// options is the one solution (Algorithm X, step X2).
		if cfg.Visit != nil {
			cfg.Visit(nil)
		}
		return Stats{Nodes: 1, Solutions: 1}, nil
	}
	cfg.Workers = EffectiveWorkers(cfg.Workers)
	if cfg.Workers > 1 && cfg.Trace == nil {
		return p.runParallel(ctx, cfg, alg)
	}
	return p.runOne(ctx, cfg, alg, nil)
}

// workerCap is the most workers that can help: one per processor that
// the Go runtime runs goroutines on (a test may raise it).
var workerCap = func() int { return runtime.GOMAXPROCS(0) }

// EffectiveWorkers returns the number of workers a search asked for k
// workers runs: k, but at least 1 and at most one per processor
// (GOMAXPROCS). More workers than processors cannot make the search
// faster, and each repeats the walk above the split, so Run uses no more.
func EffectiveWorkers(k int) int {
	return max(1, min(k, workerCap()))
}

// runOne runs one search, all of it or, with a split, the subproblems that
// the split gives it.
func (p *Matrix) runOne(ctx context.Context, cfg Config, alg Algorithm, sp *split) (Stats, error) {
	switch {
	case alg == SS:
		return p.runSS(ctx, cfg, sp)
	case alg == M:
		return p.runM(ctx, cfg, sp)
	case alg == C || cfg.Trace != nil:
		return p.runC(ctx, cfg, sp)
	}
	return p.runX(ctx, cfg, sp)
}

// search holds what every variant of the search needs besides its links.
type search struct {
	ctx         context.Context
	cfg         Config
	sp          *split
	limit       uint64
	start       time.Time
	interval    time.Duration
	nextReport  time.Time
	nodeCheck   uint64
	updateCheck uint64
}

func newSearch(ctx context.Context, cfg Config, sp *split) search {
	s := search{ctx: ctx, cfg: cfg, sp: sp, limit: cfg.Limit, start: time.Now(), interval: cfg.Interval,
		nodeCheck: checkNodes, updateCheck: checkUpdates}
	if s.limit == 0 {
		s.limit = math.MaxUint64
	}
	if s.interval <= 0 {
		s.interval = time.Second
	}
	s.nextReport = s.start.Add(s.interval)
	return s
}

// due is called when the counters pass nodeCheck or updateCheck: it sets
// the next checkpoints and returns the context's error, if any.
func (s *search) due(nodes, updates uint64) error {
	s.nodeCheck, s.updateCheck = nodes+checkNodes, updates+checkUpdates
	return s.ctx.Err()
}

// reportDue reports whether a progress report is due now.
func (s *search) reportDue() bool {
	if s.cfg.Progress == nil {
		return false
	}
	now := time.Now()
	if now.Before(s.nextReport) {
		return false
	}
	s.nextReport = now.Add(s.interval)
	return true
}

// report sends a progress report.
func (s *search) report(st Stats, level int, done float64) {
	s.cfg.Progress(Progress{Stats: st, Level: level, Done: done, Elapsed: time.Since(s.start)})
}

// visits reports whether a solution found now is this search's to visit:
// always without a split; in a split, those in its own subproblems, and
// those above the split for the first worker only.
func (s *search) visits() bool {
	return s.sp == nil || s.sp.inTask || s.sp.visitUpper
}
