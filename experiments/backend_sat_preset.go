package experiments

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/sat"
)

// Defaults of the SAT experiment (qtool bench --preset sat).
var (
	// DefaultSATFirstN are the orders of its first-solution grid.
	DefaultSATFirstN = []int{50, 100, 200, 500, 1000}
	// DefaultSATHard are the orders of its generated hard completion
	// instances, each at δ = round(√(5.3·n)) free rows, the 50 % point of
	// Gent, Jefferson and Nightingale's phase transition (JAIR 59, 2017),
	// where instances are hardest.
	DefaultSATHard = []int{30, 50, 70}
)

// Further defaults of the SAT experiment.
const (
	DefaultSATHardInstances = 4                // generated instances per order
	DefaultSATTimeout       = 60 * time.Second // time limit of one run
	// DefaultSATMaxTimeouts: a backend that reaches the time limit on
	// that many boards of the completion grid is not run on the rest.
	DefaultSATMaxTimeouts = 3
)

// SATSolvers returns the names of every SAT solver the sat experiment
// compares: gini (built in) first, then the external ones.
func SATSolvers() []string {
	names := []string{"gini"}
	for _, e := range sat.Externals() {
		names = append(names, e.Name)
	}
	return names
}

// SATBackendName is the backend of solver (gini or an external one) with
// at-most-one encoding amo: "sat-AMO" for gini, "SOLVER-AMO" otherwise.
func SATBackendName(solver string, amo encode.AMOEncoding) string {
	if solver == "gini" {
		return "sat-" + amo.String()
	}
	return solver + "-" + amo.String()
}

// SATPreset is the SAT experiment: every at-most-one encoding with every
// SAT solver, (a) finding one solution of the empty board for each of Ns
// and (b) deciding completion boards — the published ones (Boards) and
// generated hard ones — with an exact search (dlx) beside them, so that
// every UNSATISFIABLE answer is cross-checked.
type SATPreset struct {
	Ns       []int             // orders of the first-solution grid
	Boards   []Case            // completion boards to decide (published and generated)
	Backends []backend.Backend // the solver × encoding backends
	// Reference decides the completion boards too (an exact search), to
	// cross-check the solvers' answers; nil for none.
	Reference backend.Backend
}

// SATPresetBackends returns the backends of every solver and encoding, in
// solver-major order, or only those whose names are in names (nil: all).
func SATPresetBackends(names []string) ([]backend.Backend, error) {
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	var bs []backend.Backend
	for _, s := range SATSolvers() {
		for _, a := range encode.AMOEncodings() {
			name := SATBackendName(s, a)
			if names != nil && !want[name] {
				continue
			}
			b, err := backend.Lookup(name)
			if err != nil {
				return nil, err
			}
			bs = append(bs, b)
			delete(want, name)
		}
	}
	for n := range want {
		return nil, fmt.Errorf("experiments: sat preset: %q is not a solver × encoding backend (such as sat-pairwise, cadical-product)", n)
	}
	return bs, nil
}

// LoadInstances reads the completion boards of dir: every file ending in
// .qpos, or in .txt (a board file), in name order, each read by
// encode.ParseInstance; an instance with blocked squares or excluded
// diagonals is refused (the backends decide plain completion boards).
func LoadInstances(dir string) ([]Case, error) {
	return LoadInstancesFS(os.DirFS(dir), dir)
}

// HardInstances returns, for each order n, count completion instances at
// δ = round(√(5.3·n)) free rows, made by encode.GenerateContext(ctx, n,
// n − δ, seed, i), named as qtool gen names them. A set that cannot fit in
// memory is refused before any instance is made; when ctx ends, the error
// is ctx's.
func HardInstances(ctx context.Context, ns []int, count int, seed uint64) ([]Case, error) {
	var need uint64
	for _, n := range ns {
		need = addBytes(need, casesBytes(count, 1, n))
	}
	if err := checkInstanceSet("hard instances", need); err != nil {
		return nil, err
	}
	var ps []Case
	for _, n := range ns {
		d := min(max(int(math.Round(math.Sqrt(5.3*float64(n)))), 1), n)
		for i := range count {
			b, err := encode.GenerateContext(ctx, n, n-d, seed, uint64(i))
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if err != nil {
				return nil, fmt.Errorf("experiments: hard instances: %w", err)
			}
			ps = append(ps, Case{Name: InstanceName(n, n-d, seed, i), Board: b, K: n - d})
		}
	}
	return ps, nil
}

// Spec returns the experiment: a first-solution grid over Ns (a backend
// that times out is not run on the larger n) and a decide grid over
// Boards sorted by free rows (a backend that times out on
// DefaultSATMaxTimeouts boards is not run on the rest), one repeat, the
// default time limit, single runs.
func (sp SATPreset) Spec() (Spec, error) {
	if len(sp.Backends) == 0 {
		return Spec{}, errors.New("experiments: sat preset: no backend")
	}
	var grids []Grid
	if len(sp.Ns) > 0 {
		grids = append(grids, Grid{Task: TaskFirst, Backends: sp.Backends, Problems: EmptyBoards(sp.Ns), StopAfterTimeout: true})
	}
	if len(sp.Boards) > 0 {
		boards := append([]Case(nil), sp.Boards...)
		sort.SliceStable(boards, func(i, j int) bool {
			fi, fj := boards[i].Board.N-boards[i].Board.Given(), boards[j].Board.N-boards[j].Board.Given()
			return fi < fj
		})
		bs := sp.Backends
		if sp.Reference != nil {
			bs = append([]backend.Backend{sp.Reference}, bs...)
		}
		grids = append(grids, Grid{Task: TaskDecide, Backends: bs, Problems: boards, MaxTimeouts: DefaultSATMaxTimeouts})
	}
	if len(grids) == 0 {
		return Spec{}, errors.New("experiments: sat preset: no n and no board")
	}
	var ns []string
	for _, n := range sp.Ns {
		ns = append(ns, strconv.Itoa(n))
	}
	return Spec{
		Grids:   grids,
		Repeats: 1,
		Timeout: DefaultSATTimeout,
		Seed:    1,
		Settings: map[string]string{
			"preset": "sat",
			"n":      strings.Join(ns, ","),
			"boards": strconv.Itoa(len(sp.Boards)),
		},
	}, nil
}
