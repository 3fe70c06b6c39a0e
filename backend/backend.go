package backend

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/split"
)

// Mode is what a run asks of a backend.
type Mode int

const (
	// Count asks for the number of solutions (completions of the board).
	Count Mode = iota
	// Find asks for solutions, streamed to Request.Visit, at most
	// Request.Limit of them (0 = all).
	Find
)

func (m Mode) String() string {
	switch m {
	case Count:
		return "count"
	case Find:
		return "find"
	}
	return fmt.Sprintf("mode(%d)", int(m))
}

// Caps says what a backend can do.
type Caps struct {
	Count    bool // counts all solutions
	Find     bool // finds solutions
	All      bool // Find can enumerate every solution (not only the first)
	Complete bool // accepts boards with queens already placed
	Exact    bool // a search that ends without a solution proves there is none
	MaxN     int  // largest n it accepts (0 = no limit)
	Unique   bool // honours Request.Unique
	Shards   bool // honours Request.Shard
	Parts    bool // reports Outcome.Parts and honours Request.Checkpoint
	// AliasOf names the backend that this one runs under another name
	// (e.g. "sat", the default encoding, is one of the "sat-*"); the
	// default experiment leaves aliases out so as not to measure twice.
	AliasOf string
	// External: the backend runs a program outside qtool (an external SAT
	// solver). Lists of backends chosen by default (the default experiment,
	// bench without --backends) leave it out; name it to run it.
	External bool
	// Problems lists the variants the backend solves (nil: plain n-queens
	// only). A variant other than encode.Queens, or a board with blocked
	// squares or excluded diagonals, is searched on its model (Model).
	Problems []encode.Variant
	// Forbidden says that the backend takes blocked squares and excluded
	// diagonals.
	Forbidden bool
	// Options lists the keys of Request.Options the backend reads, e.g.
	// "amo"; Solve refuses any other.
	Options []string
	// CountMethod, when set, says how a count is made, for the reader of a
	// result (e.g. "enumeration of models").
	CountMethod string
	// Enumerates: a count finds the solutions one by one (a SAT solver
	// re-solving once per model), so it grows with the count itself; the
	// main experiment measures such backends on smaller n.
	Enumerates bool
	// Trace: the backend honours Request.Trace (its search step by step,
	// for the classroom's lessons).
	Trace bool
}

// Solves reports whether the capabilities include variant v.
func (c Caps) Solves(v encode.Variant) bool {
	if c.Problems == nil {
		return v == encode.Queens
	}
	return slices.Contains(c.Problems, v)
}

// Request is one run of a backend on one board.
type Request struct {
	Mode  Mode
	Limit int // Find: stop after this many solutions (0 = all)
	// Visit is called in Find mode for each solution; returning false
	// stops the search. The placement is valid only during the call (a
	// backend may reuse it): copy it to keep it.
	Visit   func(encode.Placement) bool
	Seed    int64             // for randomised backends
	Workers int               // for parallel backends (0 = all cores)
	Options map[string]string // backend-specific settings, e.g. "amo" for sat

	// Unique asks a counting backend to count fundamental solutions too
	// (classes under the 8 symmetries of the square), in Outcome.Unique.
	Unique bool
	// Shard, when non-nil, asks a counting backend to count only slice
	// Shard.Index of Shard.Count of a deterministic split of the search.
	Shard *Shard
	// Progress, when non-nil, is called now and then with the work done
	// and the total (in the backend's own units, e.g. subproblems). It
	// may be called from several goroutines.
	Progress func(done, total uint64)
	// VisitCells is called in Find mode with each solution of a problem
	// solved through Solve, as its pieces in row-major order (the given
	// ones included); returning false stops the search. Solve sets it for
	// a plain n-queens board from Visit, and calls it for every problem.
	VisitCells func([]encode.Cell) bool
	// VisitPieces is called instead of VisitCells with each solution of
	// a problem of several kinds of piece (encode.Variant.Mixed), as its
	// pieces with their kinds in row-major order (the empty placement
	// goes to VisitCells, nil).
	VisitPieces func([]encode.Piece) bool
	// OnInstance, when set, is called in Find mode before the solutions of
	// each board when one problem stands for several: queens+pawns with
	// its pawns searched (encode.Problem.PawnsSearched) tells each
	// placement of the pawns, so that a solution can be checked and shown
	// with them.
	OnInstance func(encode.Instance)
	// OnModel asks a backend with a model path (one that solves other
	// problems than plain n-queens) to search a plain n-queens board on
	// its model too, as it searches the others: the diagonals experiment
	// compares the model paths on every instance. Others ignore it.
	OnModel bool
	// Checkpoint, when non-nil, asks a backend with Caps.Parts to record
	// its progress in a file and to resume from it (see parts.go).
	Checkpoint *Checkpoint
	// Trace, when set, asks a backend with Caps.Trace for its search step
	// by step, as the classroom's lessons show it: Find mode on a plain
	// n-queens board, every event of the search handed to Trace in the
	// search's own type (*search.BacktrackEvent from backtrack, the row
	// search; *search.BitmaskEvent from bitmask, on one goroutine without
	// symmetry; search.MinConflictsEvent from minconflicts), valid only
	// during the call. Returning false stops a search whose hook can stop
	// it (backtrack, bitmask) with a nil error; the others end when ctx
	// does, so the caller cancels it. Admit checks it.
	Trace func(event any) bool
	// Completes says that the problem is a completion instance, so that
	// the backend must take pieces given (Caps.Complete) even when this
	// one has none; Decide, that an answer "none" must be a proof
	// (Caps.Exact). Admit checks both; the backend need not look.
	Completes, Decide bool
}

// Shard names one slice of a deterministic split of a count: slice Index of
// Count slices, 0 ≤ Index < Count.
type Shard struct {
	Index, Count int
}

// Status is how a run ended.
type Status int

const (
	// OK: the run finished; its answer is final.
	OK Status = iota
	// Timeout: the deadline passed; what was found is a lower bound.
	Timeout
	// Interrupted: the context was cancelled for another reason (Ctrl-C).
	Interrupted
	// Unknown: an incomplete method gave up without an answer.
	Unknown
)

func (s Status) String() string {
	switch s {
	case OK:
		return "ok"
	case Timeout:
		return "timeout"
	case Interrupted:
		return "interrupted"
	case Unknown:
		return "unknown"
	}
	return fmt.Sprintf("status(%d)", int(s))
}

// Outcome is what a run produced.
type Outcome struct {
	Status    Status
	Solutions uint64            // solutions counted or visited
	Nodes     uint64            // search-tree nodes, where the backend counts them
	Unique    uint64            // fundamental solutions, when Request.Unique was honoured
	Stats     map[string]uint64 // other counters (updates, tests, steps, conflicts, …)
	Elapsed   time.Duration
	// Pieces is the number of pieces of the solutions: n for n-queens,
	// the maximum or minimum found for the other variants (Solve fills
	// it; 0 when a search for it was cut short before any answer).
	Pieces int
	// Split and Parts are the identity of a split count and the counts of
	// its finished subproblems, from a backend with Caps.Parts: package
	// split's types, those of the count records that qtool merge reads.
	Split *split.Info
	Parts []split.Part
}

// Backend is what the harness asks of a solver: its name, what it can do
// (declared once, in Caps, and enforced by Admit), and its search. Run is
// only ever called through Solve, on a request Admit let through, and
// need not time itself nor look at its context's error: Solve measures
// the run and turns a context that ended into the Status. See the
// package example for a backend in a few lines.
type Backend interface {
	Name() string
	Caps() Caps
	// Run solves problem p: a plain n-queens board (p.PlainQueens) on
	// the backend's own path, where its fast paths are; any other problem
	// (one of Caps.Problems, with blocked squares or excluded diagonals
	// if Caps.Forbidden), and a plain one when Request.OnModel asks, on
	// its model, derived by Model. A problem that fails Validate is the
	// caller's error. In Find mode each solution goes to Request.Visit as
	// a placement (plain n-queens) and to Request.VisitCells as cells;
	// Solve sees that both are set. Run returns an error only for a
	// failure of the backend itself; a time limit or cancellation may end
	// it early with a partial Outcome.
	Run(ctx context.Context, p encode.Problem, req Request) (Outcome, error)
}

// StatusOf maps the error of a context to the Status of a run that ended
// early.
func StatusOf(ctx context.Context) Status {
	switch context.Cause(ctx) {
	case nil:
		return OK
	case context.DeadlineExceeded:
		return Timeout
	}
	if ctx.Err() == context.DeadlineExceeded {
		return Timeout
	}
	return Interrupted
}

// StopStatus is how work that failed with err stopped: StatusOf(ctx) when
// ctx is done; otherwise, as when a reader's own guard (standard input's)
// ended it first, Timeout for an err that is context.DeadlineExceeded or
// wraps it, and Interrupted for any other.
func StopStatus(ctx context.Context, err error) Status {
	if s := StatusOf(ctx); s != OK {
		return s
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return Timeout
	}
	return Interrupted
}
