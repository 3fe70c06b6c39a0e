package experiments

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/results"
)

// Task is what the cells of a grid ask of a backend.
type Task int

const (
	// TaskCount counts all solutions (completions, for a board with
	// queens). It needs Caps.Count.
	TaskCount Task = iota
	// TaskFirst finds one solution. It needs Caps.Find.
	TaskFirst
	// TaskComplete finds one completion of a board whose queens are
	// already placed. It needs Caps.Find and Caps.Complete, even for an
	// empty board.
	TaskComplete
	// TaskDecide decides whether the queens of a board can be completed:
	// it finds one completion, as TaskComplete does, and a search that
	// ends without one is the answer no. It needs Caps.Find,
	// Caps.Complete and Caps.Exact. Its records (mode "decide") are
	// summarised by n and free rows (results.Solubility).
	TaskDecide
)

var taskNames = [...]string{TaskCount: "count", TaskFirst: "first", TaskComplete: "complete", TaskDecide: results.DecideMode}

// String returns the task's name: count, first, complete or decide.
func (t Task) String() string {
	if t >= 0 && int(t) < len(taskNames) {
		return taskNames[t]
	}
	return fmt.Sprintf("task(%d)", int(t))
}

// ParseTask reads a task by name: count, first, complete or decide.
func ParseTask(s string) (Task, error) {
	for i, name := range taskNames {
		if s == name {
			return Task(i), nil
		}
	}
	return 0, fmt.Errorf("experiments: unknown mode %q (want count, first, complete or decide)", s)
}

// A Case is one board of a grid to solve and the name it is reported by
// (the problem model is encode.Problem, a record's key results.Problem).
type Case struct {
	Name  string // the board file's name; empty for the empty n×n board
	Board encode.Board
	// K is, for an instance made by a random generator, the number of
	// queens it was asked to place (Board may hold fewer); 0 otherwise.
	K int
	// Variant, Blocked and Excluded make the problem other than plain
	// n-queens (see encode.Problem).
	Variant  encode.Variant
	Blocked  []encode.Cell
	Excluded []encode.Diagonal
	// Pawns are the board's pawns (queens+pawns); PawnCount, with none
	// placed, the number of pawns whose every placement is searched.
	Pawns     []encode.Cell
	PawnCount int
	// Counts are the pieces of the pieces problem (encode.Problem.Counts).
	Counts encode.Army
}

// Encode returns the problem as the harness runs it.
func (p Case) Encode() encode.Problem {
	return encode.Problem{Variant: p.Variant, Instance: encode.Instance{Board: p.Board, Blocked: p.Blocked, Excluded: p.Excluded, Pawns: p.Pawns}, PawnCount: p.PawnCount, Counts: p.Counts}
}

// Key identifies the problem in records: n, the file name, and for a
// board from a file a digest of its queens (so that a resumed log matches
// boards by content, not by name), the number of queens given and K.
func (p Case) Key() results.Problem {
	k := results.Problem{N: p.Board.N, Board: p.Name, Given: p.Board.Given(), K: p.K,
		Diagonals: len(p.Excluded), Blocked: len(p.Blocked)}
	if p.Variant != encode.Queens {
		k.Variant = p.Variant.String()
	}
	if p.Variant.ReadsPawns() {
		k.Pawns = max(len(p.Pawns), p.PawnCount)
	}
	if p.Variant == encode.MixedPieces {
		k.Army = p.Counts.String()
	}
	if p.Name != "" || k.Given > 0 || k.Diagonals > 0 || k.Blocked > 0 || len(p.Pawns) > 0 {
		k.Hash = boardDigest(p.Board, p.Blocked, p.Excluded, p.Pawns)
	}
	return k
}

// empty reports whether the problem is the empty n×n board of plain
// n-queens, whose count the reference table knows.
func (p Case) empty() bool { return p.Board.Given() == 0 && p.Encode().PlainQueens() }

// boardDigest is "sha256:" and the first 12 hex digits of the SHA-256 of
// the board in the compact text form "n N" followed by one token per row,
// then, when there are any, a line "x r,c" per blocked square and a line
// "d D S" per excluded diagonal (S = 1 for r+c = D, 0 for r−c+n−1 = D).
func boardDigest(b encode.Board, blocked []encode.Cell, excluded []encode.Diagonal, pawns []encode.Cell) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "n %d\n", b.N)
	for r := 0; r < b.N; r++ {
		if c := b.Queen(r); c >= 0 {
			sb.WriteString(strconv.Itoa(c))
		} else {
			sb.WriteByte('-')
		}
		sb.WriteByte('\n')
	}
	for _, x := range blocked {
		fmt.Fprintf(&sb, "x %d,%d\n", x.R, x.C)
	}
	for _, x := range pawns {
		fmt.Fprintf(&sb, "p %d,%d\n", x.R, x.C)
	}
	for _, d := range excluded {
		s := 0
		if d.Sum {
			s = 1
		}
		fmt.Fprintf(&sb, "d %d %d\n", d.D, s)
	}
	sum := sha256.Sum256([]byte(sb.String()))
	return "sha256:" + hex.EncodeToString(sum[:6])
}

// EmptyBoards returns the empty boards of the given orders.
func EmptyBoards(ns []int) []Case {
	ps := make([]Case, len(ns))
	for i, n := range ns {
		ps[i] = Case{Board: encode.Empty(n)}
	}
	return ps
}

// LoadBoards reads every regular file of dir whose name does not start
// with '.', in name order, as a board in any form encode.ParseInstance
// recognises (blocked squares and excluded diagonals included). The problems
// are named by file name. An unreadable or invalid file is an error that
// names it.
func LoadBoards(dir string) ([]Case, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("experiments: boards: %w", err)
	}
	var ps []Case
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") || !e.Type().IsRegular() {
			continue
		}
		path := filepath.Join(dir, e.Name())
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("experiments: boards: %w", err)
		}
		in, err := encode.ParseInstance(f, path)
		f.Close()
		if err != nil {
			return nil, err
		}
		ps = append(ps, Case{Name: e.Name(), Board: in.Board, Blocked: in.Blocked, Excluded: in.Excluded, Pawns: in.Pawns})
	}
	if len(ps) == 0 {
		return nil, fmt.Errorf("experiments: boards: no board files in %s", dir)
	}
	return ps, nil
}

// MaxRangeN bounds the orders ParseRange accepts, and MaxRangeLen the
// number of them.
const (
	MaxRangeN   = 1 << 24
	MaxRangeLen = 1 << 16
)

// ParseRange reads a list of orders: comma-separated items, each a number
// or an inclusive range lo-hi, e.g. "4-12", "8", "1000,10000,100000",
// "4-8,10,12". The result is sorted without duplicates.
func ParseRange(s string) ([]int, error) { return ParseList(s, "n") }

// ParseList reads a list of positive integers, as ParseRange does; what
// names them in errors (e.g. "n", "δ").
func ParseList(s, what string) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("experiments: empty range of %s", what)
	}
	seen := map[int]bool{}
	var ns []int
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		lo, hi, isRange := strings.Cut(item, "-")
		a, err := parseOrder(lo, s, what)
		if err != nil {
			return nil, err
		}
		b := a
		if isRange {
			if b, err = parseOrder(hi, s, what); err != nil {
				return nil, err
			}
			if b < a {
				return nil, fmt.Errorf("experiments: range %q in %q runs backwards", item, s)
			}
		}
		if b-a >= MaxRangeLen || len(ns)+(b-a) >= MaxRangeLen {
			return nil, fmt.Errorf("experiments: %q lists more than %d values of %s", s, MaxRangeLen, what)
		}
		for n := a; n <= b; n++ {
			if !seen[n] {
				seen[n] = true
				ns = append(ns, n)
			}
		}
	}
	sort.Ints(ns)
	return ns, nil
}

func parseOrder(s, all, what string) (int, error) {
	s = strings.TrimSpace(s)
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > MaxRangeN {
		return 0, fmt.Errorf("experiments: %s %q in %q: want an integer from 1 to %d", what, s, all, MaxRangeN)
	}
	return n, nil
}

// Grid is one task over backends × problems.
type Grid struct {
	Task     Task
	Backends []backend.Backend
	Problems []Case
	// StopAfterTimeout: once a backend reaches the time limit on a problem,
	// its cells for the later problems of the grid are recorded as
	// timeouts without being run. It suits problems of growing size, such
	// as an n range, and saves the time limit on every larger n.
	StopAfterTimeout bool
	// MaxTimeouts, when positive, does the same once a backend has reached
	// the time limit on that many problems of the grid. It suits a sample
	// of instances summarised by a median: once more than half have timed
	// out, the median is a timeout whatever the others do.
	MaxTimeouts int
	// OnModel sets backend.Request.OnModel in every run: a backend with a
	// model path searches plain n-queens boards on their model too.
	OnModel bool
}

// Spec is the design of an experiment.
type Spec struct {
	Grids   []Grid
	Repeats int           // runs of each cell, at least 1
	Timeout time.Duration // time limit of one run, and the budget of a cell's repeats; 0 for none
	// MinTime: a run shorter than this is repeated back to back until
	// MinTime has passed, and the repeat's record holds the mean time per
	// run (as testing.B does), so that fast runs are not lost in the
	// clock's resolution and the first run's costs. 0 times single runs.
	// A MinTime beyond half of Timeout counts as half of it: a repeat's
	// runs back to back share the time limit of one run.
	MinTime time.Duration
	Seed    int64 // Request.Seed of repeat r is Seed+r
	Workers int   // Request.Workers: 0 all cores, as qtool bench --workers 0 (DefaultSpec: DefaultWorkers)
	// Auto, when non-nil, repeats a cell beyond Repeats until its time is
	// known well enough (see AutoRepeats; qtool bench --repeats auto).
	Auto *AutoRepeats
	// Reference, when non-nil, checks the counts of empty boards.
	Reference *Reference
	// Settings are further settings for the report's environment, e.g.
	// the preset and its parameters.
	Settings map[string]string
}

// Validate checks that the spec can run: at least one repeat, no negative
// time limit, and every grid with backends and problems whose boards are
// valid.
func (s Spec) Validate() error {
	if s.Repeats < 1 {
		return fmt.Errorf("experiments: repeats must be at least 1, got %d", s.Repeats)
	}
	if s.Timeout < 0 {
		return fmt.Errorf("experiments: negative time limit %v", s.Timeout)
	}
	if s.MinTime < 0 {
		return fmt.Errorf("experiments: negative minimum time %v", s.MinTime)
	}
	if a := s.Auto; a != nil && (a.Target <= 0 || a.Max < s.Repeats || a.Budget <= 0) {
		return fmt.Errorf("experiments: auto repeats: want a positive target and budget and at most ≥ %d repeats, got %+v", s.Repeats, *a)
	}
	if len(s.Grids) == 0 {
		return errors.New("experiments: nothing to run: no grid")
	}
	for i, g := range s.Grids {
		if len(g.Backends) == 0 {
			return fmt.Errorf("experiments: grid %d (%s): no backend", i+1, g.Task)
		}
		if len(g.Problems) == 0 {
			return fmt.Errorf("experiments: grid %d (%s): no problem", i+1, g.Task)
		}
		if g.Task < TaskCount || g.Task > TaskDecide {
			return fmt.Errorf("experiments: grid %d: invalid task %d", i+1, int(g.Task))
		}
		if g.MaxTimeouts < 0 {
			return fmt.Errorf("experiments: grid %d (%s): negative MaxTimeouts %d", i+1, g.Task, g.MaxTimeouts)
		}
		for _, p := range g.Problems {
			if err := p.Board.Validate(); err != nil {
				return err
			}
		}
	}
	return nil
}

// Env describes this machine and build for the report, with every
// setting of the spec, resolved: repeats (or the auto method), time limit
// ("none"), minimum time ("0 (single runs)"), workers ("2 (0 = all
// cores)") and reference.
func (s Spec) Env() results.Env {
	e := results.CurrentEnv(s.Seed)
	e.Settings = map[string]string{
		"repeats":   strconv.Itoa(s.Repeats),
		"timeout":   "none",
		"reference": s.Reference.String(),
	}
	if s.Timeout > 0 {
		e.Settings["timeout"] = s.Timeout.String()
	}
	e.Settings["workers"] = WorkersSetting(s.Workers)
	if s.Auto != nil {
		e.Settings["repeats"] = s.Auto.Setting(s.Repeats)
	}
	e.Settings["mintime"] = "0 (single runs)"
	if s.MinTime > 0 {
		e.Settings["mintime"] = s.MinTime.String()
	}
	for k, v := range s.Settings {
		e.Settings[k] = v
	}
	return e
}

// Supports reports whether backend b can do task t on board p, and if not,
// why.
func Supports(b backend.Backend, t Task, p encode.Board) (bool, string) {
	return SupportsProblem(b, t, encode.Problem{Instance: encode.Instance{Board: p}})
}

// SupportsProblem is Supports for any problem: backend.Admit on the
// task's request (TaskRequest), then whether the backend can run on this
// machine (backend.Unavailable).
func SupportsProblem(b backend.Backend, t Task, p encode.Problem) (bool, string) {
	if err := backend.Admit(b, p, TaskRequest(t)); err != nil {
		return false, err.(*backend.Refusal).Reason
	}
	if err := backend.Unavailable(b); err != nil {
		return false, "is unavailable: " + backend.UnavailableReason(err)
	}
	return true, ""
}

// TaskRequest is the request of task t: a count, or one solution; a
// completion instance asks for a backend that completes boards, and a
// decision for one whose "none" is a proof.
func TaskRequest(t Task) backend.Request {
	req := backend.Request{Mode: backend.Find, Limit: 1}
	switch t {
	case TaskCount:
		req = backend.Request{Mode: backend.Count}
	case TaskComplete:
		req.Completes = true
	case TaskDecide:
		req.Completes, req.Decide = true, true
	}
	return req
}

// Registered returns the registered backends whose capabilities satisfy
// pred, in name order.
func Registered(pred func(backend.Caps) bool) []backend.Backend {
	var bs []backend.Backend
	for _, name := range backend.Names() {
		b, _ := backend.Lookup(name)
		if pred(b.Caps()) {
			bs = append(bs, b)
		}
	}
	return bs
}

// ForTask returns the registered backends that can do task t
// (backend.Admit on its request), in name order, outside programs
// (Caps.External) left out: they run only when named.
func ForTask(t Task) []backend.Backend {
	var bs []backend.Backend
	for _, b := range Registered(func(c backend.Caps) bool { return !c.External }) {
		if backend.Admit(b, encode.Problem{}, TaskRequest(t)) == nil {
			bs = append(bs, b)
		}
	}
	return bs
}

// Default orders of the main experiment.
var (
	DefaultCountN = []int{4, 5, 6, 7, 8, 9, 10, 11}
	// DefaultEnumerationCountN are the orders at which the backends that
	// count by enumerating their solutions one by one (Caps.Enumerates:
	// the sat backends, which re-solve once per model) are measured
	// in the main experiment: at n = 10 each of them needs a quarter to
	// half a second a run and at n = 11 about two seconds, which would
	// put the main job (compilation included) past a minute.
	DefaultEnumerationCountN = []int{4, 5, 6, 7, 8, 9}
	DefaultFirstN            = []int{1000, 10000, 100000}
)

// DefaultSpec is the main experiment of the README: every registered
// counting backend (aliases and outside programs left out) counts the
// solutions for n = 4..11 (4..9 for those that count by enumeration),
// and every backend that finds solutions without counting them (the
// incomplete and constructive methods: min-conflicts, explicit
// construction) finds one for n = 10³, 10⁴, 10⁵; 3 repeats, 10 s per run
// (and cell), runs shorter than 10 ms timed back to back, seed 1. A grid
// without a backend is left out.
func DefaultSpec() Spec {
	s := Spec{Repeats: DefaultRepeats, Timeout: DefaultTimeout, MinTime: DefaultMinTime, Seed: DefaultSeed, Workers: DefaultWorkers}
	add := func(task Task, ns []int, keep func(backend.Backend) bool) {
		var bs []backend.Backend
		for _, b := range ForTask(task) {
			if b.Caps().AliasOf == "" && keep(b) {
				bs = append(bs, b)
			}
		}
		if len(bs) > 0 {
			s.Grids = append(s.Grids, Grid{Task: task, Backends: bs, Problems: EmptyBoards(ns), StopAfterTimeout: true})
		}
	}
	counts := func(b backend.Backend) bool { return backend.Admit(b, encode.Problem{}, TaskRequest(TaskCount)) == nil }
	add(TaskCount, DefaultCountN, func(b backend.Backend) bool { return !b.Caps().Enumerates })
	add(TaskCount, DefaultEnumerationCountN, func(b backend.Backend) bool { return b.Caps().Enumerates })
	add(TaskFirst, DefaultFirstN, func(b backend.Backend) bool { return !counts(b) })
	return s
}

// cells is the number of runs the spec asks for, skipped ones left out.
func (s Spec) cells() int {
	k := 0
	for _, g := range s.Grids {
		for _, p := range g.Problems {
			for _, b := range g.Backends {
				if ok, _ := Supports(b, g.Task, p.Board); ok {
					k += s.Repeats
				}
			}
		}
	}
	return k
}
