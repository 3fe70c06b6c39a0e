package experiments_test

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// dominationBackends are the two backends that establish the queen
// domination numbers up to n = 10 (A075458) and count the minimum
// dominating sets (A002564): backtracking on the most constrained line
// (search.Lines) and dlx's Algorithm M with the number of queens as
// dlx.Config.Pick, two searches that share nothing but encode's model.
var dominationBackends = []string{"backtrack", "dlx"}

// TestDominationTwoBackends checks, for every n of the OEIS table
// (testdata/variants-oeis.tsv: A075458 to n = 10, A002564 to n = 8), on
// both backends: the domination number γ(n) that Solve's size search
// reports (count and solve), that no set of γ − 1 queens dominates (asked
// directly, not taken from the search's starting bound), the number of
// minimum dominating sets against A002564 and against the other backend
// (n = 9, 10 beyond the table), and every minimum set listed, verified by
// encode.Verify and the same sets on both backends. Without -long the
// counts and lists stop at the table's last count (n = 8); γ is checked
// to n = 10 in every run.
func TestDominationTwoBackends(t *testing.T) {
	gamma := map[int]int{}
	sets := map[int]uint64{}
	for _, row := range readVariantsOEIS(t) {
		if row.variant != encode.Domination {
			continue
		}
		if row.what == "pieces" {
			gamma[row.n] = int(row.value)
		} else {
			sets[row.n] = row.value
		}
	}
	if len(gamma) < 10 || len(sets) < 8 {
		t.Fatalf("variants-oeis.tsv: domination numbers for %d n, set counts for %d, want 10 and 8", len(gamma), len(sets))
	}
	var ns []int
	for n := range gamma {
		ns = append(ns, n)
	}
	sort.Ints(ns)
	for _, n := range ns {
		want := gamma[n]
		p := encode.Problem{Variant: encode.Domination, Instance: encode.Instance{Board: encode.Empty(n)}}
		counts := map[string]uint64{}
		listed := map[string][]string{}
		_, inTable := sets[n]
		counting := inTable || *long
		for _, name := range dominationBackends {
			b, err := backend.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			if counting {
				dominationCount(t, b, p, want, counts, listed, sets)
			}
			// solve: one minimum set, its size and the proof below it.
			var one []encode.Cell
			out, err := backend.Solve(context.Background(), b, p, backend.Request{Mode: backend.Find, Limit: 1,
				VisitCells: func(cs []encode.Cell) bool { one = slices.Clone(cs); return false }})
			if err != nil || out.Status != backend.OK || out.Pieces != want || len(one) != want {
				t.Errorf("n=%d %s: solve: %d queens %v, %+v %v; want γ = %d", n, name, len(one), one, out, err, want)
			} else if err := encode.Verify(encode.Problem{Variant: encode.Domination, Instance: p.Instance, Pieces: want}, one); err != nil {
				t.Errorf("n=%d %s: solve's set %v: %v", n, name, one, err)
			}
			// No γ − 1 queens dominate: asked of the backend directly.
			if want > 1 {
				q := p
				q.Pieces = want - 1
				out, err = backend.Solve(context.Background(), b, q, backend.Request{Mode: backend.Count})
				if err != nil || out.Status != backend.OK || out.Solutions != 0 {
					t.Errorf("n=%d %s: %d dominating sets of %d queens (%v %v), want 0", n, name, out.Solutions, want-1, out.Status, err)
				}
			}
		}
		a, b := dominationBackends[0], dominationBackends[1]
		if counting && (counts[a] != counts[b] || !slices.Equal(listed[a], listed[b])) {
			t.Errorf("n=%d: %s finds %d minimum sets, %s %d (or other ones)", n, a, counts[a], b, counts[b])
		}
		if testing.Verbose() {
			if counting {
				t.Logf("n=%d: γ = %d, %d minimum dominating sets, on %v", n, want, counts[a], dominationBackends)
			} else {
				t.Logf("n=%d: γ = %d on %v (the sets are counted with -long)", n, want, dominationBackends)
			}
		}
	}
}

// dominationCount counts the minimum dominating sets of p with backend b
// (γ = want), checks γ and the count against A002564 where sets has it,
// and lists every set, each verified; it records the count and the sorted
// sets under the backend's name.
func dominationCount(t *testing.T, b backend.Backend, p encode.Problem, want int, counts map[string]uint64, listed map[string][]string, sets map[int]uint64) {
	t.Helper()
	n, name := p.Board.N, b.Name()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	out, err := backend.Solve(ctx, b, p, backend.Request{Mode: backend.Count})
	cancel()
	if err != nil || out.Status != backend.OK {
		t.Fatalf("n=%d %s: count: %+v %v", n, name, out, err)
	}
	if out.Pieces != want {
		t.Errorf("n=%d %s: count says γ = %d, A075458 says %d", n, name, out.Pieces, want)
	}
	counts[name] = out.Solutions
	if c, ok := sets[n]; ok && out.Solutions != c {
		t.Errorf("n=%d %s: %d minimum dominating sets, A002564 says %d", n, name, out.Solutions, c)
	}
	// Every minimum set, verified.
	q := p
	q.Pieces = want
	var bad error
	var keys []string
	_, err = backend.Solve(context.Background(), b, q, backend.Request{Mode: backend.Find, Limit: 0,
		VisitCells: func(cs []encode.Cell) bool {
			if err := encode.Verify(q, cs); err != nil && bad == nil {
				bad = fmt.Errorf("%v: %w", cs, err)
			}
			s := slices.Clone(cs)
			slices.SortFunc(s, func(a, b encode.Cell) int { return (a.R-b.R)*n + a.C - b.C })
			keys = append(keys, fmt.Sprint(s))
			return true
		}})
	if err != nil || bad != nil || uint64(len(keys)) != counts[name] {
		t.Errorf("n=%d %s: listed %d sets, counted %d; %v %v", n, name, len(keys), counts[name], err, bad)
	}
	slices.Sort(keys)
	listed[name] = keys
}

// BenchmarkDomination establishes γ(n) and counts the minimum dominating
// sets on each backend of dominationBackends:
// BenchmarkDomination/n=10/backend=dlx.
func BenchmarkDomination(b *testing.B) {
	for _, n := range []int{8, 9, 10} {
		p := encode.Problem{Variant: encode.Domination, Instance: encode.Instance{Board: encode.Empty(n)}}
		for _, name := range dominationBackends {
			be, err := backend.Lookup(name)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("n=%d/backend=%s", n, name), func(b *testing.B) {
				for b.Loop() {
					out, err := backend.Solve(context.Background(), be, p, backend.Request{Mode: backend.Count})
					if err != nil || out.Status != backend.OK {
						b.Fatal(out.Status, err)
					}
				}
			})
		}
	}
}
