package backend

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/qtool-project/qtool/encode"
)

// Need names what a request asks of a backend beyond running: the part of
// its Caps that Admit found wanting.
type Need int

// The needs Admit checks, in the order it checks them.
const (
	NeedCount     Need = iota + 1 // Mode Count: Caps.Count
	NeedFind                      // Mode Find: Caps.Find
	NeedMode                      // a Mode that is neither
	NeedAll                       // Find with Limit ≠ 1: Caps.All
	NeedUnique                    // Request.Unique: Caps.Unique
	NeedShards                    // Request.Shard: Caps.Shards (and Mode Count)
	NeedParts                     // Request.Checkpoint: Caps.Parts
	NeedProblem                   // the problem's variant: Caps.Problems
	NeedForbidden                 // blocked squares, excluded diagonals: Caps.Forbidden
	NeedComplete                  // pieces given, or Request.Completes: Caps.Complete
	NeedExact                     // Request.Decide: Caps.Exact
	NeedMaxN                      // the board's order: Caps.MaxN
	NeedPlain                     // Unique, Shard or Checkpoint on another problem than plain n-queens
	NeedOption                    // a key of Request.Options: Caps.Options
	NeedTrace                     // Request.Trace: Caps.Trace, Mode Find, plain n-queens
	NeedRange                     // a count whose total cannot fit in a uint64 (CountMaxN)
)

// CountMaxN is the largest order whose n-queens solutions (A000170) fit
// in the uint64 that every count is: Q(27) = 234,907,967,154,122,528
// (Preußer and Engelhardt, 2016) and the ratio Q(n+1)/Q(n), which grows
// slowly (8.1 at n = 20, 10.5 at n = 26), put Q(28) near 2.6·10¹⁸ and
// Q(29) near 2.9·10¹⁹, beyond 2⁶⁴ − 1 ≈ 1.8·10¹⁹. A count of the empty
// board of a larger order is refused rather than left to overflow; the
// fundamental solutions (about an eighth) fit one order further.
const CountMaxN = 28

// Refusal is Admit's answer to a request that a backend cannot take: what
// it lacks, in words (Reason, which follows the backend's name: "cannot
// count"), and the registered backends that would take the same request
// (Able), from which a caller builds its advice. errors.Is(r,
// ErrNotAdmitted) holds.
type Refusal struct {
	Backend string
	Need    Need
	Reason  string
	// Option is the refused key of Request.Options (Need NeedOption);
	// MaxN the backend's largest order (Need NeedMaxN).
	Option string
	MaxN   int
	// the request refused, for Able.
	prob encode.Problem
	req  Request
}

// Able lists, in name order, the registered backends that would admit the
// refused request, outside programs (Caps.External) left out. It is worked
// out when asked: the runner, which skips what a backend refuses, never
// asks.
func (r *Refusal) Able() []string {
	var able []string
	for _, name := range Names() {
		o := registry[name]
		if !o.Caps().External {
			if n, _ := lacks(o, r.prob, r.req); n == 0 {
				able = append(able, name)
			}
		}
	}
	return able
}

func (r *Refusal) Error() string { return "backend " + r.Backend + " " + r.Reason }

// Is makes errors.Is(r, ErrNotAdmitted) true.
func (r *Refusal) Is(target error) bool { return target == ErrNotAdmitted }

// ErrNotAdmitted is what errors.Is finds in the error of a request that
// Admit (and so Solve) refused; errors.As finds the *Refusal.
var ErrNotAdmitted = errors.New("request not admitted")

// Admit checks a request against what backend b declares in its Caps: the
// only place where a backend's abilities are enforced (the runner, the
// command line, the classroom server and Solve all ask it). It returns nil,
// or a *Refusal that says what the backend cannot do and which backends
// can.
func Admit(b Backend, p encode.Problem, req Request) error {
	need, reason := lacks(b, p, req)
	if need == 0 {
		return nil
	}
	r := &Refusal{Backend: b.Name(), Need: need, Reason: reason, MaxN: b.Caps().MaxN, prob: p, req: req}
	if need == NeedOption {
		r.Option = refusedOption(b.Caps(), req)
	}
	return r
}

// lacks returns the first need of the request that b does not meet, with
// its reason, or 0.
func lacks(b Backend, p encode.Problem, req Request) (Need, string) {
	c := b.Caps()
	switch {
	case req.Mode == Count && !c.Count:
		return NeedCount, "cannot count"
	case req.Mode == Find && !c.Find:
		return NeedFind, "cannot find solutions"
	case req.Mode != Count && req.Mode != Find:
		return NeedMode, fmt.Sprintf("cannot %v", req.Mode)
	case req.Mode == Find && req.Limit != 1 && !c.All:
		return NeedAll, "finds one solution, not all of them"
	case req.Unique && !c.Unique:
		return NeedUnique, "cannot count fundamental solutions"
	case req.Shard != nil && !c.Shards:
		return NeedShards, "cannot split a count into shards"
	case req.Shard != nil && req.Mode != Count:
		return NeedShards, fmt.Sprintf("splits a count into shards, not a %v", req.Mode)
	case req.Checkpoint != nil && !c.Parts:
		return NeedParts, "cannot checkpoint a count"
	case !c.Solves(p.Variant):
		return NeedProblem, fmt.Sprintf("does not solve the %v problem (it solves %s)", p.Variant, strings.Join(variantNames(c), ", "))
	case !p.Plain() && !c.Forbidden:
		return NeedForbidden, "does not take blocked squares or excluded diagonals"
	case (p.GivenCount() > 0 || req.Completes) && !c.Complete:
		return NeedComplete, "cannot complete a board with pieces already placed"
	case req.Decide && !c.Exact:
		return NeedExact, "cannot prove that no completion exists"
	case c.MaxN > 0 && p.Board.N > c.MaxN:
		return NeedMaxN, fmt.Sprintf("accepts n ≤ %d, not %d", c.MaxN, p.Board.N)
	case (req.Unique || req.Shard != nil || req.Checkpoint != nil) && !p.PlainQueens():
		return NeedPlain, "counts fundamental solutions and shards of plain n-queens only"
	case req.Mode == Count && p.PlainQueens() && p.GivenCount() == 0 && p.Board.N > countMaxN(req.Unique):
		return NeedRange, fmt.Sprintf("cannot count n = %d: the number of solutions exceeds 2^64 − 1, the range of a count (n ≤ %d%s)", p.Board.N, countMaxN(req.Unique), uniqueWord(req.Unique))
	}
	if k := refusedOption(c, req); k != "" {
		known := "none"
		if len(c.Options) > 0 {
			known = strings.Join(c.Options, ", ")
		}
		return NeedOption, fmt.Sprintf("has no option %q (its options: %s)", k, known)
	}
	switch {
	case req.Trace != nil && !c.Trace:
		return NeedTrace, "cannot show its search step by step"
	case req.Trace != nil && (req.Mode != Find || !p.PlainQueens()):
		return NeedTrace, "shows its search step by step in Find mode on plain n-queens boards only"
	}
	return 0, ""
}

// countMaxN is the largest order counted: CountMaxN, one more for the
// fundamental solutions.
func countMaxN(unique bool) int {
	if unique {
		return CountMaxN + 1
	}
	return CountMaxN
}

func uniqueWord(unique bool) string {
	if unique {
		return " for fundamental solutions"
	}
	return ""
}

// refusedOption returns the first key of req.Options, in sorted order,
// that c does not list, or "".
func refusedOption(c Caps, req Request) string {
	keys := make([]string, 0, len(req.Options))
	for k := range req.Options {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !slices.Contains(c.Options, k) {
			return k
		}
	}
	return ""
}

func variantNames(c Caps) []string {
	var names []string
	for _, v := range encode.AllVariants() {
		if c.Solves(v) {
			names = append(names, v.String())
		}
	}
	return names
}
