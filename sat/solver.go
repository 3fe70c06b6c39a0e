package sat

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	"github.com/qtool-project/qtool/cnf"
)

// Status is the answer of a solve.
type Status int8

const (
	// Unknown: the solve ended before an answer, because its context was
	// cancelled or its deadline passed.
	Unknown Status = iota
	// Sat: the formula has a model; Solver.Value reads it.
	Sat
	// Unsat: the formula has no model.
	Unsat
)

// String returns the word that SAT solvers print after "s ":
// SATISFIABLE, UNSATISFIABLE or UNKNOWN.
func (s Status) String() string {
	switch s {
	case Sat:
		return "SATISFIABLE"
	case Unsat:
		return "UNSATISFIABLE"
	case Unknown:
		return "UNKNOWN"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Adder is the clause sink of package cnf: a nonzero DIMACS literal
// extends the current clause and 0 ends it. Solver and Writer are Adders;
// so is anything else that ReadDIMACS may fill.
type Adder = cnf.Adder

// Solver is a CNF formula held by the CDCL solver gini (Een and Sörensson's
// MiniSat lineage: conflict-driven clause learning with restarts, see
// doi:10.1007/978-3-540-24605-3_37). Clauses may be added between solves.
// A Solver is not safe for concurrent use.
type Solver struct {
	g       *gini.Gini
	maxVar  int
	clauses int
	open    int // literals of the clause being added
	solves  int
	// unsat records an Unsat answer: it is final, since clauses are only
	// ever added, and gini must not be asked again (a second Solve after
	// an unsatisfiable one ends in a false internal error, log.Fatal).
	unsat bool
	// failed holds the failed assumptions of the last Unsat under
	// assumptions; why is gini's form of them.
	failed []int
	why    []z.Lit
	// memLimit, when not 0, stops a solve once the process's resident
	// memory exceeds it (SetMemoryLimit); overMemory records that the last
	// solve was stopped so.
	memLimit   uint64
	overMemory bool
}

// New returns an empty solver.
func New() *Solver { return &Solver{g: gini.New()} }

// NewSize returns an empty solver with room for about vars variables and
// clauses clauses, which saves the growing of its arrays when the size of
// the formula is known in advance. The hints are capped, so a wrong hint
// costs time, not memory.
func NewSize(vars, clauses int) *Solver {
	const capHint = 1 << 24
	return &Solver{g: gini.NewVc(min(max(vars, 1), capHint), min(max(clauses, 1), capHint))}
}

// learntRoom is how many clauses' worth of room NewFor reserves per clause
// of the formula: gini keeps the literals of every clause, its own learnt
// ones included, in one array that it grows by doubling, copying the old
// one (both resident at once), and frees the space of deleted learnt
// clauses only once it is half the array. Reserving three times the
// formula once (gini sizes the array at five words a clause; a binary
// clause takes four) kept gini from growing it on the empty board of
// order 1000: the peak resident memory of a first solution with the
// product encoding (pairwise up to 8) went from 1.62 GB to 1.03 GB
// (VmHWM, /usr/bin/time), 1.96 to 1.16 GB with pairwise up to 32.
const learntRoom = 3

// NewFor returns an empty solver for a formula of exactly vars variables
// and clauses clauses, with room reserved for the clauses gini will learn
// (learntRoom). The reservation is address space: the operating system
// gives the pages when they are first written, so room never used costs
// no memory. Unlike NewSize's, the hint is not capped: a size read from a
// file's header belongs in NewSize, a size computed in closed form, such
// as encode.CNFSize's, here.
func NewFor(vars, clauses int) *Solver {
	return &Solver{g: gini.NewVc(max(vars, 1), max(learntRoom*clauses, 1))}
}

// SetMemoryLimit has every later solve stop, answering Unknown, once the
// resident memory of the whole process (ResidentMemory) exceeds limit
// bytes; 0 removes the limit. It is looked at every few milliseconds while
// gini runs, which then always runs in its background goroutine. Where
// ResidentMemory cannot be read the limit has no effect. OverMemory tells
// such a stop from the end of the context. It lets a caller give up a
// search whose learnt clauses grow too large and start another one (see
// the sat backend), since gini cannot be told to keep fewer.
func (s *Solver) SetMemoryLimit(limit uint64) { s.memLimit = limit }

// OverMemory reports whether the last solve was stopped by the limit of
// SetMemoryLimit.
func (s *Solver) OverMemory() bool { return s.overMemory }

// Add extends the clause being built with the DIMACS literal lit, or ends
// it when lit is 0. A clause ended with no literal is the empty clause: the
// formula becomes unsatisfiable. The cost is O(1) amortised per literal.
func (s *Solver) Add(lit int) {
	if lit == 0 {
		s.clauses++
		s.open = 0
		if !s.unsat {
			s.g.Add(z.LitNull)
		}
		return
	}
	v := lit
	if v < 0 {
		v = -v
	}
	if v > maxVars || v < 0 { // v < 0: −lit overflowed
		panic(fmt.Sprintf("sat: literal %d beyond the largest variable %d", lit, maxVars))
	}
	s.maxVar = max(s.maxVar, v)
	s.open++
	if !s.unsat {
		s.g.Add(z.Dimacs2Lit(lit))
	}
}

// AddClause adds the clause of the given literals (none of them 0).
func (s *Solver) AddClause(lits ...int) {
	for _, m := range lits {
		if m == 0 {
			panic("sat: AddClause: literal 0 inside a clause")
		}
		s.Add(m)
	}
	s.Add(0)
}

// Vars returns the largest variable added so far.
func (s *Solver) Vars() int { return s.maxVar }

// Clauses returns the number of clauses added so far, blocking clauses of
// Enumerate included.
func (s *Solver) Clauses() int { return s.clauses }

// Solves returns the number of calls to the underlying solver so far.
func (s *Solver) Solves() int { return s.solves }

// maxWait is the longest time Solve sleeps between two looks at a solve
// running in the background; the first look is after 20µs and the wait
// doubles up to it, so that short solves return quickly and a cancelled
// context is noticed within 5ms plus gini's own reaction time (it checks for
// a stop every 20,000 propagations).
const maxWait = 5 * time.Millisecond

// spins is how many times Solve looks at a background solve, yielding the
// processor in between, before it starts to sleep between looks.
const spins = 200

// Solve decides the formula. It returns Unknown when ctx ends first, or
// the memory limit of SetMemoryLimit is passed; gini is then stopped and
// the Solver may be used again. With a context that can never end and no
// memory limit, gini runs in the calling goroutine; otherwise it runs in
// gini's background goroutine (GoSolve) and Solve waits for its answer or
// for ctx, whichever comes first. An Unsat answer is final: later calls
// return Unsat at once. Solve panics if a clause is left open.
func (s *Solver) Solve(ctx context.Context) Status { return s.solve(ctx, nil) }

// SolveAssuming decides the formula under the assumptions that the
// literals lits are true (gini's incremental interface: the clauses it
// learns stay for later solves). Unsat then means no model makes every
// assumption true — the formula itself may still have models, so unlike
// Solve's, this Unsat is not final; Failed then names the assumptions
// that gini needed to refute. See Eén and Sörensson, "Temporal induction
// by incremental SAT solving", doi:10.1016/S1571-0661(05)82542-3.
//
// After an Unsat, SolveAssuming adds to gini the clause that the failed
// assumptions cannot all hold — implied by the formula, so no model is
// lost, and not counted by Clauses. Besides keeping what was learned, the
// clause works around a defect of gini 1.0.4: the solve after an
// assumption was refuted can derive a wrong clause from the pending
// conflict and end in "internal error in solve: sat model" (log.Fatal,
// which ends the process); ending a clause makes gini drop that conflict.
func (s *Solver) SolveAssuming(ctx context.Context, lits ...int) Status {
	if len(lits) == 0 {
		return s.Solve(ctx)
	}
	return s.solve(ctx, lits)
}

func (s *Solver) solve(ctx context.Context, assume []int) Status {
	if s.open != 0 {
		panic("sat: Solve with a clause not ended by Add(0)")
	}
	if s.unsat {
		return Unsat
	}
	s.failed = s.failed[:0]
	s.overMemory = false
	answer := s.answer
	if len(assume) > 0 {
		answer = s.answerAssuming
	}
	if ctx.Err() != nil {
		return Unknown
	}
	for _, m := range assume {
		if v := max(m, -m); v == 0 || v > s.maxVar {
			panic(fmt.Sprintf("sat: assumption %d names no variable of the formula", m))
		}
		s.g.Assume(z.Dimacs2Lit(m))
	}
	if ctx.Done() == nil && s.memLimit == 0 {
		s.solves++
		return answer(s.g.Solve())
	}
	s.solves++
	h := s.g.GoSolve()
	// Short solves (the usual case when enumerating) end within a few
	// microseconds: look at once, yielding in between, before sleeping.
	for range spins {
		if r, done := h.Test(); done {
			return answer(r)
		}
		runtime.Gosched()
	}
	wait := 20 * time.Microsecond
	t := time.NewTimer(wait)
	defer t.Stop()
	for {
		if r, done := h.Test(); done {
			return answer(r)
		}
		select {
		case <-ctx.Done():
			return answer(h.Stop())
		case <-t.C:
			if s.memLimit > 0 {
				if rss, ok := ResidentMemory(); ok && rss > s.memLimit {
					r := h.Stop()
					s.overMemory = r == 0
					return answer(r)
				}
			}
			wait = min(2*wait, maxWait)
			t.Reset(wait)
		}
	}
}

// answer turns gini's result into a Status and remembers an Unsat.
func (s *Solver) answer(r int) Status {
	switch r {
	case 1:
		return Sat
	case -1:
		s.unsat = true
		return Unsat
	}
	return Unknown
}

// answerAssuming is answer for a solve under assumptions: its Unsat is
// not final. It records the failed assumptions and adds the clause of
// their negations (see SolveAssuming). When gini names none, the conflict
// involved no assumption: the formula itself is unsatisfiable, the clause
// added is the empty one, and the Unsat is final after all (left pending,
// that conflict too led gini 1.0.4 to claim a false model later).
func (s *Solver) answerAssuming(r int) Status {
	s.failed = s.failed[:0]
	switch r {
	case 1:
		return Sat
	case -1:
		s.why = s.g.Why(s.why[:0])
		for _, m := range s.why {
			s.failed = append(s.failed, m.Dimacs())
			s.g.Add(m.Not())
		}
		s.g.Add(z.LitNull)
		if len(s.failed) == 0 {
			s.unsat = true
		}
		return Unsat
	}
	return Unknown
}

// Failed returns the assumptions of the last SolveAssuming that answered
// Unsat which gini needed for its refutation (a subset of them, whose
// conjunction the formula refutes); nil after any other answer. The slice
// is reused by the next solve.
func (s *Solver) Failed() []int { return s.failed }

// Value returns the value of literal lit (v or −v) in the model found by
// the last Solve, which must have returned Sat. A variable that no clause
// mentions is false.
func (s *Solver) Value(lit int) bool {
	v := lit
	if v < 0 {
		v = -v
	}
	if v == 0 || v > s.maxVar || s.unsat {
		return lit < 0
	}
	return s.g.Value(z.Dimacs2Lit(lit))
}

// Model returns the values of the variables 1..vars of the last model
// (index 0 is unused), vars defaulting to Vars() when smaller.
func (s *Solver) Model(vars int) []bool {
	m := make([]bool, max(vars, s.maxVar)+1)
	if s.unsat {
		return m
	}
	for v := 1; v <= s.maxVar; v++ {
		m[v] = s.g.Value(z.Var(v).Pos())
	}
	return m
}

// Enumerate finds models one after another, projected on vars: after each
// model it calls visit, which reads the model with Value, then adds the
// blocking clause that forbids the same values of vars (and only of vars:
// models that differ only in other variables, such as the auxiliaries of an
// encoding, count once). It stops when visit returns false, after limit
// models (0 = no limit), when there is no further model, or when ctx ends.
// It returns the number of models visited and the status of the formula
// with its blocking clauses: Unsat when every model was visited, Sat when
// it stopped early (more models may remain; a later call goes on from
// there), Unknown when ctx ended. The blocking clauses stay in the formula.
// Each model costs one incremental solve and one clause of len(vars)
// literals. See Morgado and Marques-Silva, "Good learning and implicit
// model enumeration", ICTAI 2005, on the method and its refinements.
func (s *Solver) Enumerate(ctx context.Context, vars []int, limit uint64, visit func() bool) (uint64, Status) {
	return s.enumerate(ctx, vars, limit, visit, false)
}

// EnumerateSets is Enumerate for formulas whose models, projected on vars,
// are sets of true variables none of which contains another — as when
// every model makes the same number of vars true, which exactly-one
// constraints over disjoint groups covering vars guarantee. The blocking
// clause of a model is then the shortest one: ¬v₁ ∨ … ∨ ¬vₖ over the k
// variables of vars it makes true, which forbids that set and every set
// containing it, and so no other model. For n queens on n² square
// variables it has n literals instead of n². On a formula without that
// property it may miss models (those whose true set contains one already
// found), so it is not a general replacement for Enumerate. Visit, limit,
// the status returned and the cost are as for Enumerate, the blocking
// clause aside: k literals, O(len(vars)) time to find them.
func (s *Solver) EnumerateSets(ctx context.Context, vars []int, limit uint64, visit func() bool) (uint64, Status) {
	return s.enumerate(ctx, vars, limit, visit, true)
}

// enumerate is Enumerate, or EnumerateSets when trueOnly is set.
func (s *Solver) enumerate(ctx context.Context, vars []int, limit uint64, visit func() bool, trueOnly bool) (uint64, Status) {
	var count uint64
	for {
		st := s.Solve(ctx)
		if st != Sat {
			return count, st
		}
		count++
		more := visit == nil || visit()
		for _, v := range vars {
			if s.Value(v) {
				s.Add(-v)
			} else if !trueOnly {
				s.Add(v)
			}
		}
		s.Add(0)
		if !more || count == limit {
			return count, Sat
		}
	}
}
