package count_test

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/count"
	"github.com/qtool-project/qtool/internal/oracle"
)

// TestJoinOEIS: the join counts A000170 for n = 1..17 (18, 19 and 20
// with -long: n = 20 takes minutes of two cores), on one worker and on
// two. The orders above, to 24, take hours (n = 21: 30 processor minutes):
// -jointop N counts them too (docs/counting.md has their runs).
func TestJoinOEIS(t *testing.T) {
	ref := oracle.Counts(t)
	top := joinTestTop(t, 17, 20)
	for n := 1; n <= top; n++ {
		p, err := count.NewJoinPlan(n, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2} {
			if n > 14 && workers == 1 {
				continue
			}
			st := countAll(t, p, workers)
			if st.Solutions != ref[n][0] || st.Unique != 0 {
				t.Errorf("%s, %d workers: %d solutions (%d unique); OEIS %d", p.Identity(), workers, st.Solutions, st.Unique, ref[n][0])
			}
		}
	}
}

// TestJoinUniqueOEIS: the join's plan for fundamental solutions counts
// A002562 and A000170 for n = 1..17 (18, 19 with -long; to N with
// -jointop N), on two workers, and its identity is not the plain plan's.
func TestJoinUniqueOEIS(t *testing.T) {
	ref := oracle.Counts(t)
	top := joinTestTop(t, 17, 19)
	for n := 1; n <= top; n++ {
		p, err := count.NewJoinUniquePlanContext(context.Background(), n, 0, 2)
		if err != nil {
			t.Fatal(err)
		}
		if !p.Unique() || p.Method() != count.JoinUniqueMethod {
			t.Fatalf("n=%d: Unique %v, method %q", n, p.Unique(), p.Method())
		}
		st := countAll(t, p, 2)
		if st.Solutions != ref[n][0] || st.Unique != ref[n][1] {
			t.Errorf("%s: %d solutions, %d unique; OEIS %d, %d", p.Identity(), st.Solutions, st.Unique, ref[n][0], ref[n][1])
		}
		plain, err := count.NewJoinPlan(n, 0)
		if err != nil {
			t.Fatal(err)
		}
		if plain.Identity() == p.Identity() {
			t.Errorf("n=%d: the plans with and without fundamental solutions have one identity %s", n, p.Identity())
		}
	}
}

// joinTestTop is the largest order of the join's OEIS tests: short, or
// slow with -long, or -jointop's (at most count.JoinMaxN).
func joinTestTop(t *testing.T, short, slow int) int {
	switch {
	case *joinTop > count.JoinMaxN || *joinTop < 0:
		t.Fatalf("-jointop %d: want 1..%d", *joinTop, count.JoinMaxN)
	case *joinTop > 0:
		return *joinTop
	case *long:
		return slow
	}
	return short
}

// groupCount counts, by plain backtracking row by row, the solutions of
// order n whose first ⌊n/2⌋ rows use exactly the columns top and, for odd
// n (any columns when top is all of them), whose middle row has its queen
// in column a and, when a ≠ ⌊n/2⌋ = m and cut is set, whose middle column
// has its queen in a row b with |b−m| > |a−m|: an independent count of a
// join subproblem. For even n and cut, a solution counts 2, 1 or 0 times
// as transKey of its transposition is greater than, equal to or less than
// transKey of the solution itself.
func groupCount(n, a int, top uint32, cut bool) uint64 {
	h := n / 2
	abs := func(x int) int { return max(x, -x) }
	full := uint32(1)<<n - 1
	perm := make([]int, n)
	var rec func(r int, cols, d1, d2 uint32) uint64
	rec = func(r int, cols, d1, d2 uint32) uint64 {
		if r == n {
			if !cut || n%2 == 1 {
				return 1
			}
			tr := make([]int, n)
			for row, col := range perm {
				tr[col] = row
			}
			ks, kt := transKey(n, perm), transKey(n, tr)
			switch {
			case kt > ks:
				return 2
			case kt == ks:
				return 1
			}
			return 0
		}
		allowed := full &^ top
		switch {
		case n%2 == 1 && r == h:
			allowed = 1 << a
		case top == full: // any columns
			allowed = full
		case r < h:
			allowed = top
		}
		if cut && n%2 == 1 && a != h && abs(r-h) <= abs(a-h) {
			allowed &^= 1 << h
		}
		var c uint64
		for free := allowed &^ (cols | d1 | d2); free != 0; free &= free - 1 {
			b := free & -free
			perm[r] = bits.TrailingZeros32(b)
			c += rec(r+1, cols|b, (d1|b)<<1&full, (d2|b)>>1)
		}
		return c
	}
	return rec(0, 0, 0, 0)
}

// transKey is the columns key of the solution perm (row r's queen in
// column perm[r]) of even order n = 2m, as the JoinPlan doc defines it:
// l the columns < m of the first m rows' queens, r those ≥ m less m,
// min(rev l, rev l̄, r, r̄) in 0..m−1.
func transKey(n int, perm []int) uint32 {
	m := n / 2
	var l, r uint32
	for row := range m {
		if c := perm[row]; c < m {
			l |= 1 << (m - 1 - c) // reversed
		} else {
			r |= 1 << (c - m)
		}
	}
	full := uint32(1)<<m - 1
	return min(l, l^full, r, r^full)
}

// parseGroup reads the middle column and the top columns back from
// JoinPlan.Describe ("a=3 top cols 0,1,4 ×4"), and the weight.
func parseGroup(t *testing.T, d string) (a int, top uint32, w uint64) {
	t.Helper()
	a = -1
	rest := d
	if strings.HasPrefix(d, "a=") {
		if _, err := fmt.Sscanf(d, "a=%d ", &a); err != nil {
			t.Fatalf("%q: %v", d, err)
		}
		rest = d[strings.Index(d, " ")+1:]
	}
	f := strings.Fields(strings.TrimPrefix(rest, "top cols "))
	if len(f) != 2 {
		t.Fatalf("describe %q", d)
	}
	if f[0] != "none" {
		for _, s := range strings.Split(f[0], ",") {
			var c int
			fmt.Sscanf(s, "%d", &c)
			top |= 1 << c
		}
	}
	fmt.Sscanf(f[1], "×%d", &w)
	return a, top, w
}

// TestJoinPartsMatchBacktracking: every subproblem of the join, counted
// alone, is its weight times the backtracking count of its group, and the
// weight is the size of the group's orbit, whose every member has the same
// count (n = 2..13). For odd n and a ≠ m the weight is 8 and the group
// counts only the solutions whose middle column's queen is farther from
// the centre than the middle row's (the transposition maps them to the
// others); the parts of each a add up to a quarter of the solutions with
// the middle row's queen in column a. For even n a solution counts 2, 1 or
// 0 times as the columns key of its transposition is greater than, equal
// to or less than its own (transKey, computed from the solution itself).
func TestJoinPartsMatchBacktracking(t *testing.T) {
	for n := 2; n <= 13; n++ {
		p, err := count.NewJoinPlan(n, 0)
		if err != nil {
			t.Fatal(err)
		}
		full := uint32(1)<<n - 1
		var total, byTrans, plain uint64
		bya := map[int]uint64{} // middle column a > m: its parts / 4, by a
		for id := range p.Subproblems() {
			var part count.Part
			if _, err := count.CountPlan(context.Background(), p, []int{id}, count.PlanOptions{Workers: 1, Done: func(q count.Part) { part = q }}); err != nil {
				t.Fatal(err)
			}
			a, top, w := parseGroup(t, p.Describe(id))
			m := n / 2
			cut := n%2 == 1 && a != m
			trans := n%2 == 0
			if bits.OnesCount32(top) != n/2 || w < 1 || w > 4 && !(cut && w == 8) || cut && (w != 8 || a < m) {
				t.Fatalf("n=%d subproblem %d: %q", n, id, p.Describe(id))
			}
			c := groupCount(n, a, top, true)
			if trans {
				// Each solution and its transposition count 2 in all.
				byTrans += c
				plain += groupCount(n, a, top, false)
			}
			if part.ID != id || part.Solutions != w*c {
				t.Fatalf("n=%d subproblem %d (%s): %d solutions, backtracking %d × weight %d", n, id, p.Describe(id), part.Solutions, c, w)
			}
			// The orbit: mirror and vertical flip.
			rest := uint32(1)<<n - 1
			if a >= 0 {
				rest &^= 1 << a
			}
			rev := func(x uint32) uint32 { return bits.Reverse32(x) >> (32 - n) }
			ma := a
			if a >= 0 {
				ma = n - 1 - a
			}
			orbit := map[[2]int]bool{}
			for _, g := range [][2]int{{a, int(top)}, {ma, int(rev(top))}, {a, int(rest &^ top)}, {ma, int(rev(rest &^ top))}} {
				orbit[g] = true
				if c2 := groupCount(n, g[0], uint32(g[1]), true); c2 != c {
					t.Fatalf("n=%d %s: orbit member a=%d cols %b counts %d, not %d", n, p.Describe(id), g[0], g[1], c2, c)
				}
			}
			if cut {
				// The orbit of 4 under the mirror and the flip, times 2
				// for the transposition.
				if len(orbit) != 4 {
					t.Fatalf("n=%d %s: orbit of %d groups, weight 8", n, p.Describe(id), len(orbit))
				}
				bya[a] += 2 * c
			} else if uint64(len(orbit)) != w {
				t.Fatalf("n=%d %s: orbit of %d groups, weight %d", n, p.Describe(id), len(orbit), w)
			}
			total += part.Solutions
		}
		// The groups of a cover its cut solutions, and the cut solutions
		// of all a > m are a quarter of those with a ≠ m (mirror and
		// transposition), by backtracking.
		var cutAll, off uint64
		for a, c := range bya {
			if want := groupCount(n, a, full, true); c != want {
				t.Errorf("n=%d a=%d: the groups give %d solutions, backtracking %d", n, a, c, want)
			}
			cutAll += c
		}
		for a := range n {
			if n%2 == 1 && a != n/2 {
				off += groupCount(n, a, full, false)
			}
		}
		if 4*cutAll != off {
			t.Errorf("n=%d: 4 × %d cut solutions, %d with the middle row's queen off the centre", n, cutAll, off)
		}
		if n%2 == 0 && n >= 8 && (byTrans == plain || byTrans == 2*plain) {
			t.Errorf("n=%d: the groups count %d with the keys, %d without: the keys cut nothing or everything", n, byTrans, plain)
		}
		if want := oracle.All(t)[n]; total != want {
			t.Errorf("n=%d: parts add up to %d, OEIS %d", n, total, want)
		}
	}
}

// TestJoinRefusals: orders beyond the join's reach and plans beyond the
// memory allowed are refused with the reason.
func TestJoinRefusals(t *testing.T) {
	for _, n := range []int{0, -3, count.JoinMaxN + 1, 27, 64} {
		_, err := count.NewJoinPlan(n, 0)
		if err == nil || !strings.Contains(err.Error(), "join counter handles") {
			t.Errorf("n = %d: %v", n, err)
		}
		if _, err := count.JoinPlanBytes(n); err == nil {
			t.Errorf("JoinPlanBytes(%d) accepted", n)
		}
	}
	_, err := count.NewJoinPlan(14, 1<<10)
	if err == nil || !strings.Contains(err.Error(), "need about") {
		t.Errorf("a 1 KiB limit: %v", err)
	}
	b, err := count.JoinPlanBytes(14)
	p, _ := count.NewJoinPlan(14, 0)
	if err != nil || b != p.Bytes() || b == 0 {
		t.Errorf("JoinPlanBytes(14) = %d, %v; the plan takes %d", b, err, p.Bytes())
	}
}

// TestJoinShardBalance: at n = 15 and 16 the largest of 100 shards does
// at most twice the mean work (Part.Nodes, counted), and the shards
// partition the subproblems in increasing order.
func TestJoinShardBalance(t *testing.T) {
	for _, n := range []int{15, 16} {
		joinShardBalance(t, n)
	}
}

func joinShardBalance(t *testing.T, n int) {
	p, err := count.NewJoinPlan(n, 0)
	if err != nil {
		t.Fatal(err)
	}
	work := make([]uint64, p.Subproblems())
	ids, _ := p.Shard(0, 1)
	if _, err := count.CountPlan(context.Background(), p, ids, count.PlanOptions{Workers: 2, Done: func(q count.Part) { work[q.ID] = q.Nodes }}); err != nil {
		t.Fatal(err)
	}
	const m = 100
	var sum, most uint64
	seen := 0
	for i := range m {
		ids, err := p.Shard(i, m)
		if err != nil {
			t.Fatal(err)
		}
		var w uint64
		for j, id := range ids {
			if j > 0 && id <= ids[j-1] {
				t.Fatalf("shard %d: ids not increasing", i)
			}
			w += work[id]
		}
		seen += len(ids)
		sum += w
		most = max(most, w)
	}
	if seen != p.Subproblems() {
		t.Fatalf("%d shards hold %d ids of %d", m, seen, p.Subproblems())
	}
	if mean := float64(sum) / m; float64(most) > 2*mean {
		t.Errorf("largest shard %d, mean %.0f: more than twice", most, mean)
	} else {
		t.Logf("n=%d, %d shards: largest %.3f× the mean", n, m, float64(most)/mean)
	}
}

// TestJoinShardMoreThanSubproblems: with more shards than subproblems the
// slices past the subproblems are empty and the others are those of
// m = Subproblems(), even for m = 2⁴⁰ (whose loads were once allocated:
// count -n 8 --shard 1/99999999999 died out of memory).
func TestJoinShardMoreThanSubproblems(t *testing.T) {
	p, err := count.NewJoinPlan(8, 0)
	if err != nil {
		t.Fatal(err)
	}
	s := p.Subproblems()
	seen := make([]int, s)
	for _, m := range []int{s, s + 3, 1 << 40} {
		for _, i := range []int{0, 1, s - 1, s, m - 1} {
			if i >= m {
				continue
			}
			ids, err := p.Shard(i, m)
			if err != nil {
				t.Fatal(err)
			}
			if i >= s {
				if len(ids) != 0 {
					t.Errorf("Shard(%d, %d) = %v; want none (%d subproblems)", i, m, ids, s)
				}
				continue
			}
			want, _ := p.Shard(i, s)
			if !slices.Equal(ids, want) {
				t.Errorf("Shard(%d, %d) = %v; want %v, as for %d shards", i, m, ids, want, s)
			}
		}
	}
	for i := range s + 3 {
		ids, _ := p.Shard(i, s+3)
		for _, id := range ids {
			seen[id]++
		}
	}
	for id, k := range seen {
		if k != 1 {
			t.Errorf("subproblem %d in %d of %d shards", id, k, s+3)
		}
	}
}
