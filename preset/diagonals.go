package preset

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/experiments"
)

// diagonals: Gent, Jefferson and Nightingale's Excluded Diagonals
// experiment (JAIR 59, 2017; CSPLib prob079).
func init() {
	Register(&Preset{Name: "diagonals", Flags: []string{"excluded", "instances", "min-free"},
		Spec: func(_ context.Context, o Options) (experiments.Spec, error) { return Diagonals(o) }})
}

// Diagonals builds the Excluded Diagonals experiment
// (experiments.Diagonals): n = experiments.DefaultDiagonalsN or --n,
// --instances lists of diagonals per n made as queens-diag-gen makes
// them (every row and column keeping --min-free squares), the instance
// with d diagonals the first d of a list for each d of --excluded
// (default 0 to 2n), decided by --backends or the default ones that are
// registered.
func Diagonals(o Options) (experiments.Spec, error) {
	var spec experiments.Spec
	if err := ownProblems("diagonals", o.Set, "mode", "boards"); err != nil {
		return spec, err
	}
	x := experiments.Diagonals{Ns: experiments.DefaultDiagonalsN, Instances: experiments.DefaultDiagonalsInstances, MinFree: o.MinFree}
	var err error
	if o.Set["n"] {
		if x.Ns, err = experiments.ParseRange(o.N); err != nil {
			return spec, settingf("--n: %v", err)
		}
	}
	if o.Set["excluded"] {
		if x.Ds, err = ParseCounts(o.Excluded); err != nil {
			return spec, err
		}
	}
	if o.Set["instances"] {
		x.Instances = o.Instances
	}
	if x.Instances < 1 {
		return spec, settingf("--instances must be at least 1, got %d", x.Instances)
	}
	if o.Seed < 0 || o.MinFree < 0 {
		return spec, settingf("--seed and --min-free must not be negative")
	}
	x.Seed = uint64(o.Seed)
	names := experiments.DefaultDiagonalsBackends
	if o.Set["backends"] {
		names = strings.Split(o.Backends, ",")
	}
	for _, name := range names {
		b, err := o.lookup(strings.TrimSpace(name))
		if err != nil {
			if o.Set["backends"] {
				return spec, settingf("%v", err)
			}
			continue
		}
		x.Backends = append(x.Backends, b)
	}
	if spec, err = x.Spec(); err != nil {
		return spec, settingf("%v", err)
	}
	return spec, nil
}

// ParseCounts reads --excluded: numbers and ranges a-b from 0 to 512,
// sorted, each once ("0-30", "4,8,12").
func ParseCounts(s string) ([]int, error) {
	seen := map[int]bool{}
	var ds []int
	for _, item := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(item), "-")
		a, err1 := strconv.Atoi(lo)
		b, err2 := a, error(nil)
		if isRange {
			b, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || a < 0 || b < a || b > 512 {
			return nil, settingf("--excluded %q: want numbers or ranges a-b between 0 and 512, e.g. 0-30 or 4,8,12", s)
		}
		for d := a; d <= b; d++ {
			if !seen[d] {
				seen[d] = true
				ds = append(ds, d)
			}
		}
	}
	sort.Ints(ds)
	return ds, nil
}
