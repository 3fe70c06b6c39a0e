package count_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/qtool-project/qtool/count"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
	"github.com/qtool-project/qtool/search"
)

// plans builds the plans of order n of the three methods.
func plans(t *testing.T, n int) []count.Plan {
	t.Helper()
	c, err := count.NewConstellationPlan(n, 0)
	if err != nil {
		t.Fatal(err)
	}
	d, err := count.NewDomainPlan(n)
	if err != nil {
		t.Fatal(err)
	}
	j, err := count.NewJoinPlan(n, 0)
	if err != nil {
		t.Fatal(err)
	}
	return []count.Plan{c, d, j}
}

// uniqueRef is the fundamental count a plan's parts must add up to: ref,
// or 0 for a plan that does not count them.
func uniqueRef(p count.Plan, ref uint64) uint64 {
	if p.Unique() {
		return ref
	}
	return 0
}

func countAll(t *testing.T, p count.Plan, workers int) count.PlanStats {
	t.Helper()
	ids, err := p.Shard(0, 1)
	if err != nil {
		t.Fatal(err)
	}
	st, err := count.CountPlan(context.Background(), p, ids, count.PlanOptions{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	if st.Done != uint64(p.Subproblems()) {
		t.Fatalf("%s: done %d of %d", p.Identity(), st.Done, p.Subproblems())
	}
	return st
}

// TestPlansOEIS: the three splits count A000170 and A002562 for n = 1..15
// (1..17 with -long, and 18, 19 for the faster domains split).
func TestPlansOEIS(t *testing.T) {
	ref := oracle.Counts(t)
	top := 15
	if *long {
		top = 19
	}
	for n := 1; n <= top; n++ {
		for _, p := range plans(t, n) {
			if n > 17 && p.Method() == count.ConstellationMethod || n > 15 && p.Method() == count.JoinMethod {
				continue // the join's own test goes further
			}
			st := countAll(t, p, 2)
			if st.Solutions != ref[n][0] || st.Unique != uniqueRef(p, ref[n][1]) {
				t.Errorf("%s: %d solutions, %d unique; OEIS %d, %d", p.Identity(), st.Solutions, st.Unique, ref[n][0], ref[n][1])
			}
		}
	}
}

// TestConstellationPartsMatchBitmask: every subproblem of the constellation
// split, counted alone, equals the bitmask count (no symmetry) of the
// board with the subproblem's queens given, times its weight; and the
// brute-force oracle agrees on the small boards.
func TestConstellationPartsMatchBitmask(t *testing.T) {
	for n := 4; n <= 11; n++ {
		p, err := count.NewConstellationPlan(n, 0)
		if err != nil {
			t.Fatal(err)
		}
		for id := 0; id < p.Subproblems(); id++ {
			var part count.Part
			_, err := count.CountPlan(context.Background(), p, []int{id}, count.PlanOptions{Workers: 1, Done: func(q count.Part) { part = q }})
			if err != nil {
				t.Fatal(err)
			}
			b := encode.Board{N: n, Queens: make([]int, n)}
			for r := range b.Queens {
				b.Queens[r] = -1
			}
			for _, q := range p.Queens(id) {
				b.Queens[q[0]] = q[1]
			}
			if err := b.Validate(); err != nil {
				t.Fatalf("n=%d %s: %v", n, p.Describe(id), err)
			}
			bs, err := search.BitmaskCount(context.Background(), b, search.BitmaskOptions{Workers: 1, Symmetry: search.BitmaskNone})
			if err != nil {
				t.Fatal(err)
			}
			w := uint64(p.Weight(id))
			if part.ID != id || part.Solutions != w*bs.Solutions {
				t.Fatalf("n=%d subproblem %d (%s): %d solutions, bitmask %d × weight %d", n, id, p.Describe(id), part.Solutions, bs.Solutions, w)
			}
			if n <= 8 {
				if c := uint64(len(oracle.Completions(b))); c != bs.Solutions {
					t.Fatalf("n=%d subproblem %d: brute force %d, bitmask %d", n, id, c, bs.Solutions)
				}
			}
			if part.Unique > bs.Solutions {
				t.Fatalf("n=%d subproblem %d: %d fundamental of %d", n, id, part.Unique, bs.Solutions)
			}
		}
	}
}

// TestPlanShards: for n = 10..14 and m = 1, 7, 100 the shards of both
// splits partition the subproblems and add up to the whole count.
func TestPlanShards(t *testing.T) {
	ref := oracle.Counts(t)
	for n := 10; n <= 14; n++ {
		for _, p := range plans(t, n) {
			for _, m := range []int{1, 7, 100} {
				seen := make([]bool, p.Subproblems())
				var sol, uniq uint64
				for i := 0; i < m; i++ {
					ids, err := p.Shard(i, m)
					if err != nil {
						t.Fatal(err)
					}
					for _, id := range ids {
						if seen[id] {
							t.Fatalf("%s: subproblem %d in two shards of %d", p.Identity(), id, m)
						}
						seen[id] = true
					}
					st, err := count.CountPlan(context.Background(), p, ids, count.PlanOptions{Workers: 2})
					if err != nil {
						t.Fatal(err)
					}
					sol += st.Solutions
					uniq += st.Unique
				}
				for id, ok := range seen {
					if !ok {
						t.Fatalf("%s: subproblem %d in no shard of %d", p.Identity(), id, m)
					}
				}
				if sol != ref[n][0] || uniq != uniqueRef(p, ref[n][1]) {
					t.Errorf("%s, %d shards: %d, %d; OEIS %d, %d", p.Identity(), m, sol, uniq, ref[n][0], ref[n][1])
				}
			}
			if _, err := p.Shard(3, 3); err == nil {
				t.Errorf("%s: shard 3/3 accepted", p.Identity())
			}
		}
	}
}

// TestPlanCancelResume: a count cancelled at a random moment reports only
// finished subproblems, and counting the others afterwards (Skip) gives
// the exact total.
func TestPlanCancelResume(t *testing.T) {
	ref := oracle.Counts(t)
	const n = 14
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	for _, p := range plans(t, n) {
		ids, _ := p.Shard(0, 1)
		done := map[int]count.Part{}
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(time.Duration(rng.IntN(40))*time.Millisecond, cancel)
		st, err := count.CountPlan(ctx, p, ids, count.PlanOptions{Workers: 2, Done: func(q count.Part) { done[q.ID] = q }})
		cancel()
		if err == nil && st.Done != uint64(len(ids)) {
			t.Fatalf("%s: no error but %d of %d done", p.Identity(), st.Done, len(ids))
		}
		var sum uint64
		for _, q := range done {
			sum += q.Solutions
		}
		if sum != st.Solutions || uint64(len(done)) != st.Done {
			t.Fatalf("%s: stats %+v disagree with the %d parts reported (sum %d)", p.Identity(), st, len(done), sum)
		}
		st2, err := count.CountPlan(context.Background(), p, ids, count.PlanOptions{Workers: 2, Skip: func(id int) bool { _, ok := done[id]; return ok }})
		if err != nil {
			t.Fatal(err)
		}
		if st.Solutions+st2.Solutions != ref[n][0] || st.Unique+st2.Unique != uniqueRef(p, ref[n][1]) || st.Done+st2.Done != uint64(len(ids)) {
			t.Errorf("%s: interrupted %d + resumed %d = %d, want %d", p.Identity(), st.Solutions, st2.Solutions, st.Solutions+st2.Solutions, ref[n][0])
		}
	}
}

// TestPlanRefusals: orders outside 1..27 are refused with the reason, and
// a plan larger than the memory allowed is refused before it is built.
func TestPlanRefusals(t *testing.T) {
	for _, n := range []int{0, -1, 28, 64} {
		if _, err := count.NewConstellationPlan(n, 0); err == nil {
			t.Errorf("constellation plan of n = %d accepted", n)
		}
		if _, err := count.NewDomainPlan(n); err == nil {
			t.Errorf("domain plan of n = %d accepted", n)
		}
	}
	if _, err := count.NewConstellationPlan(14, 1<<10); err == nil {
		t.Error("a 1 KiB memory limit accepted a plan of n = 14")
	}
	subs, bytes, err := count.ConstellationPlanBytes(14)
	if err != nil || subs == 0 || bytes < subs*8 {
		t.Errorf("ConstellationPlanBytes(14) = %d, %d, %v", subs, bytes, err)
	}
	p, _ := count.NewConstellationPlan(14, 0)
	if uint64(p.Subproblems()) != subs {
		t.Errorf("plan has %d subproblems, ConstellationPlanBytes said %d", p.Subproblems(), subs)
	}
	if _, err := count.CountPlan(context.Background(), p, []int{p.Subproblems()}, count.PlanOptions{}); err == nil {
		t.Error("a subproblem id past the end accepted")
	}
}

// TestPlanIdentity: the identity is deterministic and tells n and method
// apart.
func TestPlanIdentity(t *testing.T) {
	seen := map[string]bool{}
	for n := 8; n <= 12; n++ {
		for _, p := range plans(t, n) {
			again := plans(t, n)
			for _, q := range again {
				if q.Method() == p.Method() && q.Identity() != p.Identity() {
					t.Errorf("two plans of n = %d: %q and %q", n, p.Identity(), q.Identity())
				}
			}
			if seen[p.Identity()] {
				t.Errorf("identity %q twice", p.Identity())
			}
			seen[p.Identity()] = true
			if p.Describe(0) == "" || p.Describe(p.Subproblems()) == p.Describe(0) {
				t.Errorf("%s: Describe", p.Identity())
			}
		}
	}
}
