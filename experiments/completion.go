package experiments

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// Defaults of the completion experiment (qtool bench --preset completion),
// chosen so that it runs in a few minutes on two cores.
var (
	// DefaultCompletionN are its orders.
	DefaultCompletionN = []int{20, 30, 50, 100}
	// DefaultCompletionX are the δ²/n that its δ aim at for each n,
	// denser around the published 50 % point (δ²/n ≈ 5.3).
	DefaultCompletionX = []float64{1, 2, 3, 4, 4.5, 5, 5.5, 6, 7, 8, 10, 12}
	// DefaultCompletionBackends are the backends that decide its
	// instances, where registered: the complete ones, sat with its
	// default encoding only.
	DefaultCompletionBackends = []string{"backtrack", "bitmask", "dlx", "sat"}
)

// Further defaults of the completion experiment.
const (
	DefaultCompletionInstances = 50              // instances per n and δ
	DefaultCompletionTimeout   = 2 * time.Second // time limit of one decision
)

// Completion describes the completion experiment: random n-queens
// completion instances made the way Gent, Jefferson and Nightingale's
// queens-gen-fast makes them (encode.Generate), k = n − δ queens asked for,
// decided by complete backends. See Gent, Jefferson and Nightingale,
// "Complexity of n-Queens Completion", JAIR 59 (2017),
// doi:10.1613/jair.5512.
type Completion struct {
	Ns []int // orders, each at least 1
	// Deltas are the free rows δ, the same for every n (those above n are
	// left out for that n); nil means CompletionDeltas(n,
	// DefaultCompletionX) for each n.
	Deltas    []int
	Instances int    // instances per n and δ, at least 1
	Seed      uint64 // seed of the generator
	// Backends decide the instances; each must have Caps.Find,
	// Caps.Complete and Caps.Exact (see Supports), and is skipped where
	// its MaxN is exceeded.
	Backends []backend.Backend
}

// CompletionDeltas returns, for order n, the δ whose δ²/n are nearest to
// xs, rounded to whole rows, between 1 and n, without repeats, in
// increasing order.
func CompletionDeltas(n int, xs []float64) []int {
	var ds []int
	for _, x := range xs {
		d := int(math.Round(math.Sqrt(x * float64(n))))
		d = min(max(d, 1), n)
		ds = append(ds, d)
	}
	slices.Sort(ds)
	return slices.Compact(ds)
}

// InstanceName is the name of instance index of order n with k queens
// asked for and seed seed: the name, without ".txt", of the file that
// qtool gen -n N -k K --seed S writes for it.
func InstanceName(n, k int, seed uint64, index int) string {
	return fmt.Sprintf("q%d-k%d-s%d-%04d", n, k, seed, index)
}

// Grids returns the experiment's grids: one per n and δ, in increasing
// order, each deciding (TaskDecide) the instances 0..Instances−1 made by
// encode.Generate(n, n−δ, Seed, i). Instance i of every δ of one n comes
// from the same random stream, so that the instance for δ − 1 is the one
// for δ with one more queen (when the generator can place it): the
// fraction measured at each δ is an unbiased estimate, and the errors at
// neighbouring δ are correlated. A backend that times out on more than
// half the instances of a grid is not run on the rest (its median is a
// timeout then).
func (c Completion) Grids() ([]Grid, error) { return c.GridsContext(context.Background()) }

// GridsContext is Grids that stops with ctx's error when ctx ends: the
// instances of a large n take long to generate (up to n² attempts each).
// A set of instances that cannot fit in memory (8 bytes a row of each
// board, and the scratch of generating and validating one) is refused
// before any is generated.
func (c Completion) GridsContext(ctx context.Context) ([]Grid, error) {
	if len(c.Ns) == 0 {
		return nil, errors.New("experiments: completion: no n")
	}
	if c.Instances < 1 {
		return nil, fmt.Errorf("experiments: completion: instances must be at least 1, got %d", c.Instances)
	}
	if len(c.Backends) == 0 {
		return nil, errors.New("experiments: completion: no backend")
	}
	for _, b := range c.Backends {
		if backend.Admit(b, encode.Problem{}, TaskRequest(TaskDecide)) != nil {
			return nil, fmt.Errorf("experiments: completion: backend %s cannot decide a completion (it needs to find completions and to prove that none exists)", b.Name())
		}
	}
	for _, d := range c.Deltas {
		if d < 1 {
			return nil, fmt.Errorf("experiments: completion: δ must be at least 1, got %d", d)
		}
	}
	var need, scratch uint64
	for _, n := range c.Ns {
		if n < 1 || n > encode.MaxN {
			return nil, fmt.Errorf("experiments: completion: n must be between 1 and %d, got %d", encode.MaxN, n)
		}
		ds := len(c.Deltas)
		if c.Deltas == nil {
			ds = len(CompletionDeltas(n, DefaultCompletionX))
		}
		// Each instance keeps its case (caseBytes); generating one and
		// validating one take their scratch once at a time.
		need = addBytes(need, casesBytes(c.Instances, uint64(ds), n))
		scratch = max(scratch, encode.GenerateBytes(n)+encode.BoardBytes(n))
	}
	if err := checkInstanceSet("completion", addBytes(need, scratch)); err != nil {
		return nil, err
	}
	var grids []Grid
	for _, n := range c.Ns {
		ds := c.Deltas
		if ds == nil {
			ds = CompletionDeltas(n, DefaultCompletionX)
		}
		for _, d := range ds {
			if d > n {
				continue
			}
			k := n - d
			g := Grid{Task: TaskDecide, Backends: c.Backends, MaxTimeouts: c.Instances/2 + 1}
			for i := range c.Instances {
				b, err := encode.GenerateContext(ctx, n, k, c.Seed, uint64(i))
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				if err != nil {
					return nil, fmt.Errorf("experiments: completion: %w", err)
				}
				g.Problems = append(g.Problems, Case{Name: InstanceName(n, k, c.Seed, i), Board: b, K: k})
			}
			grids = append(grids, g)
		}
	}
	if len(grids) == 0 {
		return nil, fmt.Errorf("experiments: completion: no δ from %v fits n = %v", c.Deltas, c.Ns)
	}
	return grids, nil
}

// CompletionBackends returns the registered backends of names (nil:
// DefaultCompletionBackends) that can decide a completion, in the order
// given; a default name that is not registered is left out, another is an
// error.
func CompletionBackends(names []string) ([]backend.Backend, error) {
	def := names == nil
	if def {
		names = DefaultCompletionBackends
	}
	var bs []backend.Backend
	for _, name := range names {
		b, err := backend.Lookup(name)
		if err != nil {
			if def {
				continue
			}
			return nil, err
		}
		bs = append(bs, b)
	}
	if len(bs) == 0 {
		return nil, errors.New("experiments: completion: none of the backends " + strings.Join(names, ", ") + " is registered")
	}
	return bs, nil
}

// Spec returns the experiment as a Spec: its grids, one repeat per
// instance (the instances are the sample), the default time limit per
// decision, single runs (no back-to-back repeats: each decision is timed
// once, first-run costs included), and the settings for the report.
func (c Completion) Spec() (Spec, error) { return c.SpecContext(context.Background()) }

// SpecContext is Spec with the instances generated under ctx (GridsContext).
func (c Completion) SpecContext(ctx context.Context) (Spec, error) {
	grids, err := c.GridsContext(ctx)
	if err != nil {
		return Spec{}, err
	}
	deltas := "δ²/n ≈ " + joinFloats(DefaultCompletionX)
	if c.Deltas != nil {
		deltas = joinInts(c.Deltas)
	}
	return Spec{
		Grids:   grids,
		Repeats: 1,
		Timeout: DefaultCompletionTimeout,
		Seed:    int64(c.Seed),
		Settings: map[string]string{
			"preset":    "completion",
			"n":         joinInts(c.Ns),
			"deltas":    deltas,
			"instances": strconv.Itoa(c.Instances),
			"generator": "queens-gen-fast (Gent, Jefferson & Nightingale 2017), encode.Generate",
		},
	}, nil
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

func joinFloats(xs []float64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(s, ",")
}
