package experiments_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/experiments"
)

// sliceSpec is a spec of three grids: an n range (a unit per problem), a
// completion sample of 5 instances (one unit), and a second n range.
func sliceSpec(t *testing.T) experiments.Spec {
	t.Helper()
	bt, err := backend.Lookup("backtrack")
	if err != nil {
		t.Fatal(err)
	}
	bm, err := backend.Lookup("bitmask")
	if err != nil {
		t.Fatal(err)
	}
	c := experiments.Completion{Ns: []int{12}, Deltas: []int{5, 6}, Instances: 5, Seed: 3, Backends: []backend.Backend{bt, bm}}
	comp, err := c.Grids()
	if err != nil {
		t.Fatal(err)
	}
	grids := []experiments.Grid{{Task: experiments.TaskCount, Backends: []backend.Backend{bt, bm}, Problems: experiments.EmptyBoards([]int{4, 5, 6, 7}), StopAfterTimeout: true}}
	grids = append(grids, comp...)
	grids = append(grids, experiments.Grid{Task: experiments.TaskFirst, Backends: []backend.Backend{bm}, Problems: experiments.EmptyBoards([]int{8, 9, 10})})
	return experiments.Spec{Grids: grids, Repeats: 1, Seed: 1}
}

func TestSliceUnits(t *testing.T) {
	s := sliceSpec(t)
	if got := s.Units(); got != 4+2+3 {
		t.Fatalf("Units = %d, want 9 (4 + two samples + 3)", got)
	}
	// Every (grid task, problem) of the spec is in exactly one slice, a
	// completion sample whole, for every m.
	whole := map[string]int{}
	for _, g := range s.Grids {
		for _, p := range g.Problems {
			whole[g.Task.String()+" "+p.Key().String()]++
		}
	}
	for m := 1; m <= s.Units(); m++ {
		seen := map[string]int{}
		split := ""
		for i := 0; i < m; i++ {
			sl, err := s.Slice(i, m)
			if err != nil {
				t.Fatal(err)
			}
			if len(sl.Grids) == 0 {
				t.Fatalf("slice %d/%d is empty", i, m)
			}
			if sl.Settings["task"] != strings.Join([]string{itoa(i), itoa(m)}, "/") {
				t.Errorf("slice %d/%d: task setting %q", i, m, sl.Settings["task"])
			}
			if split == "" {
				split = sl.Settings["split"]
			} else if sl.Settings["split"] != split {
				t.Errorf("slices of one split name two: %s, %s", split, sl.Settings["split"])
			}
			for _, g := range sl.Grids {
				if g.MaxTimeouts > 0 && len(g.Problems) != 5 {
					t.Errorf("slice %d/%d cut a completion sample: %d instances", i, m, len(g.Problems))
				}
				for _, p := range g.Problems {
					seen[g.Task.String()+" "+p.Key().String()]++
				}
			}
		}
		if len(seen) != len(whole) {
			t.Fatalf("m=%d: %d problems in the slices, %d in the spec", m, len(seen), len(whole))
		}
		for k, n := range whole {
			if seen[k] != n {
				t.Errorf("m=%d: %s in %d slices, want %d", m, k, seen[k], n)
			}
		}
	}
	a, _ := s.Slice(0, 2)
	b, _ := s.Slice(0, 3)
	if a.Settings["split"] == b.Settings["split"] {
		t.Error("splits into 2 and 3 have the same identity")
	}
	if s.Settings != nil {
		t.Error("Slice changed the spec's settings")
	}
	for _, c := range [][2]int{{0, 10}, {-1, 2}, {2, 2}, {0, 0}} {
		if _, err := s.Slice(c[0], c[1]); err == nil {
			t.Errorf("Slice(%d, %d) accepted", c[0], c[1])
		}
	}
}

// The slices measure the same runs, with the same answers, as the whole.
func TestSliceRuns(t *testing.T) {
	s := sliceSpec(t)
	s.Grids = s.Grids[:2] // the counts and one completion sample
	run := func(s experiments.Spec) map[string]uint64 {
		recs, err := (&experiments.Runner{Spec: s}).Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]uint64{}
		for _, r := range recs {
			k := r.Problem.String() + " " + r.Backend + " " + r.Mode + " " + r.Status.String()
			if _, dup := m[k]; dup {
				t.Fatalf("%s measured twice", k)
			}
			m[k] = r.Answer
		}
		return m
	}
	want := run(s)
	got := map[string]uint64{}
	for i := 0; i < 3; i++ {
		sl, err := s.Slice(i, 3)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range run(sl) {
			got[k] = v
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d runs in the slices, %d in the whole", len(got), len(want))
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: slices %d, whole %d", k, got[k], v)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
