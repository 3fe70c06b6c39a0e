package experiments

import (
	"errors"
	"fmt"
	"strconv"
	"time"
	"unsafe"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// Defaults of the Excluded Diagonals experiment (qtool bench --preset
// diagonals).
var (
	// DefaultDiagonalsN are its orders, Gent, Jefferson and Nightingale's
	// 10..16 (they go to 21 with the hardest instances).
	DefaultDiagonalsN = []int{10, 11, 12, 13, 14, 15, 16}
	// DefaultDiagonalsBackends decide its instances, where registered.
	DefaultDiagonalsBackends = []string{"backtrack", "dlx", "sat"}
)

// Further defaults of the Excluded Diagonals experiment.
const (
	DefaultDiagonalsInstances = 20 // instances per n and d
	DefaultDiagonalsMinFree   = 4  // the published instances' "mininfile"
	DefaultDiagonalsTimeout   = 10 * time.Second
)

// Diagonals describes the Excluded Diagonals experiment of Gent, Jefferson
// and Nightingale ("Complexity of n-Queens Completion", JAIR 59, 2017,
// doi:10.1613/jair.5512; CSPLib prob079): for each n, Instances lists of
// diagonals made by encode.GenerateDiagonals, and for each number d of
// diagonals the instance excluding the first d of each list, decided by
// complete backends. The fraction satisfiable falls with d and the search
// is hardest near the 50 % point, which they report near d ≈ n − 2.
type Diagonals struct {
	Ns []int
	// Ds are the numbers of excluded diagonals, the same for every n
	// (those beyond a list's length are left out); nil means every d from
	// 0 to 2n for each n.
	Ds        []int
	Instances int
	MinFree   int
	Seed      uint64
	Backends  []backend.Backend
}

// DiagonalsName names instance i of order n with d diagonals.
func DiagonalsName(n, minFree int, seed uint64, i, d int) string {
	return fmt.Sprintf("diag-%d-%d-s%d-%03d-d%d", n, minFree, seed, i, d)
}

// Grids returns one decide grid per n and d.
func (x Diagonals) Grids() ([]Grid, error) {
	switch {
	case len(x.Ns) == 0:
		return nil, errors.New("experiments: diagonals: no n")
	case x.Instances < 1:
		return nil, fmt.Errorf("experiments: diagonals: instances must be at least 1, got %d", x.Instances)
	case len(x.Backends) == 0:
		return nil, errors.New("experiments: diagonals: no backend")
	}
	var need uint64
	for _, n := range x.Ns {
		if n < 1 || n > 64 {
			return nil, fmt.Errorf("experiments: diagonals: n must be between 1 and 64, got %d", n)
		}
		// Each instance keeps its list of at most 4n−2 diagonals and a
		// case for each d.
		ds := uint64(len(x.Ds))
		if x.Ds == nil {
			ds = uint64(2*n + 1)
		}
		list := uint64(4*n-2) * uint64(unsafe.Sizeof(encode.Diagonal{}))
		need = addBytes(need, casesBytes(x.Instances, ds, n))
		need = addBytes(need, mulBytes(uint64(x.Instances), list))
	}
	if err := checkInstanceSet("diagonals", need); err != nil {
		return nil, err
	}
	var grids []Grid
	for _, n := range x.Ns {
		lists := make([][]encode.Diagonal, x.Instances)
		for i := range lists {
			var err error
			if lists[i], err = encode.GenerateDiagonals(n, x.MinFree, x.Seed, uint64(n)<<32|uint64(i)); err != nil {
				return nil, fmt.Errorf("experiments: diagonals: %w", err)
			}
		}
		ds := x.Ds
		if ds == nil {
			for d := 0; d <= 2*n; d++ {
				ds = append(ds, d)
			}
		}
		for _, d := range ds {
			// OnModel: the instances with no diagonal excluded (d = 0) are
			// searched on the model as those with some are: the plain
			// paths are other algorithms (row-by-row backtracking, dlx's
			// own n-queens matrix, the plain CNF), whose costs are not
			// comparable.
			g := Grid{Task: TaskDecide, Backends: x.Backends, MaxTimeouts: x.Instances/2 + 1, OnModel: true}
			for i, l := range lists {
				if d > len(l) {
					continue
				}
				p := Case{Name: DiagonalsName(n, x.MinFree, x.Seed, i, d), Board: encode.Empty(n), Excluded: l[:d]}
				g.Problems = append(g.Problems, p)
			}
			if len(g.Problems) > 0 {
				grids = append(grids, g)
			}
		}
	}
	for _, b := range x.Backends {
		if ok, why := SupportsProblem(b, TaskDecide, encode.Problem{Instance: encode.Instance{Board: encode.Empty(4), Excluded: []encode.Diagonal{{D: 0, Sum: true}}}}); !ok {
			return nil, fmt.Errorf("experiments: diagonals: backend %s %s", b.Name(), why)
		}
	}
	return grids, nil
}

// Spec returns the experiment as a Spec: one repeat per instance, the
// default time limit per decision, single runs.
func (x Diagonals) Spec() (Spec, error) {
	grids, err := x.Grids()
	if err != nil {
		return Spec{}, err
	}
	ds := "0-2n"
	if x.Ds != nil {
		ds = joinInts(x.Ds)
	}
	return Spec{
		Grids:   grids,
		Repeats: 1,
		Timeout: DefaultDiagonalsTimeout,
		Seed:    int64(x.Seed),
		Settings: map[string]string{
			"preset":    "diagonals",
			"n":         joinInts(x.Ns),
			"diagonals": ds,
			"instances": strconv.Itoa(x.Instances),
			"min-free":  strconv.Itoa(x.MinFree),
			"generator": "queens-diag-gen (Gent, Jefferson & Nightingale 2017), encode.GenerateDiagonals",
		},
	}, nil
}
