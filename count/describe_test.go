package count_test

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/qtool-project/qtool/count"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
)

// TestDescribe: a split identity of this package's plans is described as
// its plan describes the part; another identity, an id out of range, or a
// plan too costly to build is not.
func TestDescribe(t *testing.T) {
	for _, mk := range []func() (count.Plan, error){
		func() (count.Plan, error) { return count.NewConstellationPlan(12, 0) },
		func() (count.Plan, error) { return count.NewDomainPlan(12) },
		func() (count.Plan, error) { return count.NewJoinPlan(12, 0) },
	} {
		p, err := mk()
		if err != nil {
			t.Fatal(err)
		}
		last := p.Subproblems() - 1
		if text, ok := count.Describe(p.Identity(), last); !ok || text != p.Describe(last) || text == "" {
			t.Errorf("%s, part %d: %q, %v; want %q", p.Identity(), last, text, ok, p.Describe(last))
		}
		for _, id := range []int{-1, last + 1} {
			if text, ok := count.Describe(p.Identity(), id); ok {
				t.Errorf("%s, part %d: described as %q", p.Identity(), id, text)
			}
		}
		other := strings.Replace(p.Identity(), "hash=", "hash=0", 1)[:len(p.Identity())]
		if text, ok := count.Describe(other, 0); ok {
			t.Errorf("identity %q of no plan: described as %q", other, text)
		}
	}
	big := fmt.Sprintf("%s/%d n=%d depth=0 subproblems=1 hash=0123456789abcdef", count.JoinMethod, count.JoinVersion, count.DescribeMaxJoinN+1)
	if _, ok := count.Describe(big, 0); ok {
		t.Errorf("%s: described", big)
	}
	if _, ok := count.Describe("not an identity", 0); ok {
		t.Error("a malformed identity is described")
	}
}

// solutionsOf lists every solution of order n by brute force
// (oracle.Completions: shares nothing with the plans' searches), once per
// order for all the tests of this file.
var solutionsOf = func() func(n int) []encode.Placement {
	var mu sync.Mutex
	memo := map[int][]encode.Placement{}
	return func(n int) []encode.Placement {
		mu.Lock()
		defer mu.Unlock()
		if _, ok := memo[n]; !ok {
			memo[n] = oracle.Completions(encode.Empty(n))
		}
		return memo[n]
	}
}()

// planParts counts every subproblem of p and returns the parts by id.
func planParts(t *testing.T, p count.Plan) map[int]count.Part {
	t.Helper()
	ids := make([]int, p.Subproblems())
	for i := range ids {
		ids[i] = i
	}
	parts := map[int]count.Part{}
	if _, err := count.CountPlan(context.Background(), p, ids, count.PlanOptions{Workers: 2, Done: func(pt count.Part) { parts[pt.ID] = pt }}); err != nil {
		t.Fatal(err)
	}
	if len(parts) != len(ids) {
		t.Fatalf("%s: %d parts counted of %d", p.Identity(), len(parts), len(ids))
	}
	return parts
}

// describedFields reads a description's words "key=value" and the
// numbers after "cols" or "×" (the plans' formats).
type describedFields struct {
	kind   string         // "corner", "edge" (the first word), "top"
	vals   map[string]int // t=1 → vals["t"] = 1; row2=5 → vals["row2"] = 5
	cols   []int          // after "cols"
	weight int            // after "×"
}

func describe(t *testing.T, text string) describedFields {
	t.Helper()
	d := describedFields{vals: map[string]int{}}
	words := strings.Fields(text)
	for i := 0; i < len(words); i++ {
		w := words[i]
		num := func(s string) int {
			v, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("description %q: %q is not a number", text, s)
			}
			return v
		}
		switch k, v, ok := strings.Cut(w, "="); {
		case ok:
			d.vals[k] = num(v)
		case strings.HasPrefix(w, "×"):
			d.weight = num(strings.TrimPrefix(w, "×"))
		case w == "cols" && i+1 < len(words):
			i++
			if words[i] != "none" {
				for _, c := range strings.Split(words[i], ",") {
					d.cols = append(d.cols, num(c))
				}
			}
		case i == 0 || w == "top":
			d.kind = w
		default:
			t.Fatalf("description %q: unexpected %q", text, w)
		}
	}
	return d
}

// image is symmetry g (0..7) of the square applied to placement p, as a
// placement: the rotations by 0, 90, 180 and 270 degrees, each then
// mirrored or not.
func image(p encode.Placement, g int) encode.Placement {
	n := len(p)
	q := slices.Clone(p)
	for range g % 4 { // (r, c) → (c, n−1−r)
		next := make(encode.Placement, n)
		for r, c := range q {
			next[c] = n - 1 - r
		}
		q = next
	}
	if g >= 4 { // (r, c) → (r, n−1−c)
		for r := range q {
			q[r] = n - 1 - q[r]
		}
	}
	return q
}

// classOf is the least of the 8 images of p (as text): one name per
// class of solutions under the symmetries of the square.
func classOf(p encode.Placement) string {
	best := ""
	for g := range 8 {
		if s := fmt.Sprint(image(p, g)); best == "" || s < best {
			best = s
		}
	}
	return best
}

// has reports whether p holds a queen on every square of qs.
func has(p encode.Placement, qs [][2]int) bool {
	for _, q := range qs {
		if p[q[0]] != q[1] {
			return false
		}
	}
	return true
}

// TestDescribeConstellations: the description of each subproblem of the
// constellation plan names its queens and weight — "t= r= b= l=" the
// queens of row 0, column n−1, row n−1 and column 0, "rowR=C" the prefix,
// "×W" the orbit of the constellation under the 8 symmetries — and the
// part's count is exactly W times the brute-force solutions holding those
// queens; the parts add up to A000170 (n = 13 has a prefix row).
func TestDescribeConstellations(t *testing.T) {
	ref := oracle.Counts(t)
	for _, n := range []int{5, 8, 11, 13} {
		p, err := count.NewConstellationPlan(n, 0)
		if err != nil {
			t.Fatal(err)
		}
		m := n - 1
		// The solutions by their border queens (t, r, b, l).
		byBorder := map[[4]int][]encode.Placement{}
		for _, s := range solutionsOf(n) {
			k := [4]int{s[0], slices.Index(s, m), s[m], slices.Index(s, 0)}
			byBorder[k] = append(byBorder[k], s)
		}
		parts := planParts(t, p)
		var total uint64
		for id := range p.Subproblems() {
			text := p.Describe(id)
			d := describe(t, text)
			border := [][2]int{{0, d.vals["t"]}, {d.vals["r"], m}, {m, d.vals["b"]}, {d.vals["l"], 0}}
			qs := slices.Clone(border)
			for k, v := range d.vals {
				if row, ok := strings.CutPrefix(k, "row"); ok {
					r, _ := strconv.Atoi(row)
					qs = append(qs, [2]int{r, v})
				}
			}
			var held uint64
			for _, s := range byBorder[[4]int{d.vals["t"], d.vals["r"], d.vals["b"], d.vals["l"]}] {
				if has(s, qs) {
					held++
				}
			}
			// The orbit of the border queens as a set of squares.
			orbit := map[string]bool{}
			for g := range 8 {
				var img []string
				for _, q := range border {
					r, c := q[0], q[1]
					for range g % 4 {
						r, c = c, m-r
					}
					if g >= 4 {
						c = m - c
					}
					img = append(img, fmt.Sprint(r, c))
				}
				slices.Sort(img)
				orbit[strings.Join(slices.Compact(img), " ")] = true
			}
			if d.weight != len(orbit) {
				t.Errorf("n = %d, part %d %q: weight %d, the constellation's orbit has %d", n, id, text, d.weight, len(orbit))
			}
			if got := parts[id].Solutions; got != uint64(d.weight)*held {
				t.Errorf("n = %d, part %d %q: counts %d; %d solutions hold those queens, ×%d = %d", n, id, text, got, held, d.weight, uint64(d.weight)*held)
			}
			total += parts[id].Solutions
		}
		if total != ref[n][0] {
			t.Errorf("n = %d: the parts add up to %d, A000170 %d", n, total, ref[n][0])
		}
	}
}

// edgeDistance is the least distance of a queen on the border of p to its
// nearest corner along its side: 0 when a queen is in a corner.
func edgeDistance(p encode.Placement) int {
	n := len(p)
	dist := func(x int) int { return min(x, n-1-x) }
	d := min(dist(p[0]), dist(p[n-1]))
	for r, c := range p {
		if c == 0 || c == n-1 {
			d = min(d, dist(r))
		}
	}
	return d
}

// TestDescribeDomains: the description of each subproblem of the domain
// plan (Takaken's corner and edge domains) is what the part counts.
// "corner a=A cols 0,A,…": the classes with a queen in a corner, at their
// member with queens at (0,0) and (1,A) whose column 1 queen is below row
// A (transposition breaks the tie), each class of 8 — the part's
// fundamental count is exactly the brute-force number of such solutions
// with those columns, its count 8 times it. "edge t=T cols T,…": no
// corner queen, the queen of row 0 in column T, every border queen at
// least T from its corner — the parts of domain T count exactly the
// brute-force classes whose least border distance is T, each part at most
// the solutions of that domain with its columns, and 2 to 8 solutions a
// class. The parts add up to A000170 and A002562.
func TestDescribeDomains(t *testing.T) {
	ref := oracle.Counts(t)
	for _, n := range []int{5, 8, 10, 12} {
		p, err := count.NewDomainPlan(n)
		if err != nil {
			t.Fatal(err)
		}
		sols := solutionsOf(n)
		parts := planParts(t, p)
		classes := map[int]map[string]bool{} // least border distance → classes
		for _, s := range sols {
			d := edgeDistance(s)
			if classes[d] == nil {
				classes[d] = map[string]bool{}
			}
			classes[d][classOf(s)] = true
		}
		edgeUnique := map[int]uint64{}
		var total, unique uint64
		for id := range p.Subproblems() {
			text := p.Describe(id)
			d := describe(t, text)
			pt := parts[id]
			total, unique = total+pt.Solutions, unique+pt.Unique
			prefix := func(s encode.Placement) bool { return slices.Equal(toInts(s[:len(d.cols)]), d.cols) }
			switch d.kind {
			case "corner":
				a := d.vals["a"]
				if len(d.cols) < 2 || d.cols[0] != 0 || d.cols[1] != a {
					t.Fatalf("n = %d, part %d %q: not a corner domain's columns", n, id, text)
				}
				var want uint64
				for _, s := range sols {
					if prefix(s) && slices.Index(s, 1) > a {
						want++
					}
				}
				if pt.Unique != want || pt.Solutions != 8*want {
					t.Errorf("n = %d, part %d %q: %d solutions, %d fundamental; brute force %d corner representatives (×8)", n, id, text, pt.Solutions, pt.Unique, want)
				}
			case "edge":
				e := d.vals["t"]
				if len(d.cols) == 0 || d.cols[0] != e {
					t.Fatalf("n = %d, part %d %q: not an edge domain's columns", n, id, text)
				}
				var held uint64
				for _, s := range sols {
					if prefix(s) && edgeDistance(s) == e {
						held++
					}
				}
				if pt.Unique > held || pt.Solutions < 2*pt.Unique || pt.Solutions > 8*pt.Unique {
					t.Errorf("n = %d, part %d %q: %d solutions, %d fundamental; %d solutions of the domain have those columns", n, id, text, pt.Solutions, pt.Unique, held)
				}
				edgeUnique[e] += pt.Unique
			default:
				t.Fatalf("n = %d, part %d: description %q of no domain", n, id, text)
			}
		}
		for e := 1; e <= (n-1)/2; e++ {
			if edgeUnique[e] != uint64(len(classes[e])) {
				t.Errorf("n = %d, edge t=%d: the parts count %d classes, brute force %d", n, e, edgeUnique[e], len(classes[e]))
			}
		}
		if total != ref[n][0] || unique != ref[n][1] {
			t.Errorf("n = %d: the parts add up to %d (%d fundamental), OEIS %d (%d)", n, total, unique, ref[n][0], ref[n][1])
		}
	}
}

func toInts(p encode.Placement) []int { return []int(p) }

// TestDescribeJoin: the description of each subproblem of the join plan
// of odd n = 2m+1, "a=A top cols C ×W", is what the part counts: the
// solutions whose middle row's queen is in column A and whose top rows'
// queens fill the columns C — for A > m only those whose middle column's
// queen is in a row B with |B−m| > A−m — W times. For even n (the
// solutions counted 2, 1 or 0 times by their keys) each part is at most
// twice W times the solutions of its column set. The parts add up to
// A000170.
func TestDescribeJoin(t *testing.T) {
	ref := oracle.Counts(t)
	for _, n := range []int{5, 8, 9, 11, 12} {
		p, err := count.NewJoinPlan(n, 0)
		if err != nil {
			t.Fatal(err)
		}
		sols := solutionsOf(n)
		parts := planParts(t, p)
		h, m := n/2, n/2
		var total uint64
		for id := range p.Subproblems() {
			text := p.Describe(id)
			d := describe(t, text)
			if d.kind != "top" || len(d.cols) != h || d.weight < 1 {
				t.Fatalf("n = %d, part %d: description %q of no column group", n, id, text)
			}
			a, odd := d.vals["a"], n%2 == 1
			var held uint64
			for _, s := range sols {
				top := slices.Sorted(slices.Values(toInts(s[:h])))
				if !slices.Equal(top, d.cols) || odd && s[m] != a {
					continue
				}
				if b := slices.Index(s, m); odd && a > m && abs(b-m) <= a-m {
					continue
				}
				held++
			}
			got, w := parts[id].Solutions, uint64(d.weight)
			if odd && got != w*held || !odd && (got%w != 0 || got > 2*w*held) {
				t.Errorf("n = %d, part %d %q: counts %d; brute force %d solutions of the group, ×%d", n, id, text, got, held, d.weight)
			}
			total += got
		}
		if total != ref[n][0] {
			t.Errorf("n = %d: the parts add up to %d, A000170 %d", n, total, ref[n][0])
		}
	}
}

func abs(x int) int { return max(x, -x) }
