package dlx_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/dlx"
)

// TestBestRandom compares Best with a brute force on random problems with
// colours and costs: the k cheapest costs, each solution a solution of
// the problem with the cost it is given, none twice.
func TestBestRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 5))
	for n := range 500 {
		g := randomGeneral(t, rng, false)
		costs := make([]uint64, g.p.Options())
		for o := range costs {
			costs[o] = uint64(rng.IntN(6))
			if err := g.p.SetCost(o, costs[o]); err != nil {
				t.Fatal(err)
			}
		}
		all := map[string]uint64{}
		var want []uint64
		for _, s := range g.brute() {
			c := uint64(0)
			for _, f := range strings.Fields(strings.Trim(s, "[]")) {
				o, _ := strconv.Atoi(f)
				c += costs[o]
			}
			all[s] = c
			want = append(want, c)
		}
		slices.Sort(want)
		for _, k := range []int{1, 2, 3, 7} {
			sols, _, err := g.p.Best(context.Background(), k, dlx.Config{})
			if err != nil {
				t.Fatal(err)
			}
			var got []uint64
			seen := map[string]bool{}
			for _, s := range sols {
				o := slices.Clone(s.Options)
				slices.Sort(o)
				key := fmt.Sprint(o)
				if c, ok := all[key]; !ok || c != s.Cost || seen[key] {
					t.Fatalf("problem %d, k %d: solution %v cost %d: a solution %v, its cost %d, twice %v\n%s", n, k, o, s.Cost, ok, c, seen[key], writeString(t, g.p))
				}
				seen[key] = true
				got = append(got, s.Cost)
			}
			if w := want[:min(k, len(want))]; !slices.Equal(got, w) {
				t.Fatalf("problem %d, k %d: costs %v, want %v\n%s", n, k, got, w, writeString(t, g.p))
			}
		}
	}
}

// TestBestKnuth checks DLX5's figures on a small problem with colours and
// costs (run through DLX5 with k3: 4 solutions, 12 nodes, 30 updates, 4
// cleansings, optimum costs 2, 3, 4), and the example of DLX5's
// introduction: ten solutions of costs 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, of
// which k = 1, 3, 8 keep the cheapest.
func TestBestKnuth(t *testing.T) {
	p := mustParse(t, costExample)
	sols, st, err := p.Best(context.Background(), 3, dlx.Config{})
	if err != nil || st != (dlx.Stats{Solutions: 4, Nodes: 12, Updates: 30, Cleansings: 4}) {
		t.Errorf("DLX5 k3: %+v %v", st, err)
	}
	var costs []uint64
	for _, s := range sols {
		costs = append(costs, s.Cost)
	}
	if !slices.Equal(costs, []uint64{2, 3, 4}) {
		t.Errorf("costs %v, want [2 3 4]", costs)
	}
	var b strings.Builder
	b.WriteString("A\n")
	for _, c := range []int{3, 1, 4, 1, 2, 3, 2, 4, 0, 0} {
		fmt.Fprintf(&b, "A |%d\n", c)
	}
	ten := mustParse(t, b.String())
	for _, c := range []struct {
		k    int
		want []uint64
	}{{1, []uint64{0}}, {3, []uint64{0, 0, 1}}, {8, []uint64{0, 0, 1, 1, 2, 2, 3, 3}}, {12, []uint64{0, 0, 1, 1, 2, 2, 3, 3, 4, 4}}} {
		sols, _, err := ten.Best(context.Background(), c.k, dlx.Config{})
		var got []uint64
		for _, s := range sols {
			got = append(got, s.Cost)
		}
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("k %d: %v %v, want %v", c.k, got, err, c.want)
		}
	}
}

const costExample = `| a cost example
A B C D | X
A B |3
C D |1
A C |2
B D |2 |1
A |1
B |1
C X:a |1
D X:b |1
A D |4
B C |0
`

// TestCostSyntax checks the cost entries of the format: read, summed,
// written back; and the errors with their places.
func TestCostSyntax(t *testing.T) {
	p := mustParse(t, costExample)
	if p.Cost(3) != 3 || p.Cost(9) != 0 || !p.HasCosts() {
		t.Errorf("costs %d %d", p.Cost(3), p.Cost(9))
	}
	text := writeString(t, p)
	if q := mustParse(t, text); writeString(t, q) != text || q.Cost(3) != 3 {
		t.Errorf("round trip:\n%s", text)
	}
	for _, c := range []struct{ in, want string }{
		{"A B\nA |-3\n", "f:2:4: negative cost"},
		{"A B\nA |3x\n", "f:2:5: cost |3x is not a whole number"},
		{"A B\nA|3 B\n", "f:2:2: item \"A|3\" contains reserved character '|'"},
		{"A B\nA |99999999999999999999\n", "f:2:4: cost |9999999999999999999… is larger"},
		{"A B\nA | B\n", "f:2:3: '|' in an option"},
	} {
		_, err := dlx.Parse(strings.NewReader(c.in), "f")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s…", c.in, err, c.want)
		}
	}
	if _, _, err := mustParse(t, "2|A\nA |1\nA\n").Best(context.Background(), 1, dlx.Config{}); err == nil {
		t.Error("Best with bounds accepted")
	}
}
