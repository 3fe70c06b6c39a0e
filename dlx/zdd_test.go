package dlx_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/dlx"
)

// TestZDDCount checks that the ZDD holds exactly the solutions the search
// finds: the count on every test problem, and every solution drawn from it
// a solution of the problem (random problems with colours, against the
// brute force).
func TestZDDCount(t *testing.T) {
	for _, c := range []struct {
		name string
		p    *dlx.Matrix
	}{
		{"toy", mustParse(t, toyText)}, {"dlx2 example", mustParse(t, dlx2Example)},
		{"langford 7", langford(t, 7)}, {"queens 6", queens(t, 6)}, {"queens 8", queens(t, 8)},
		{"queens 9", queens(t, 9)}, {"pentomino 3x20", pentomino(t, 3, 20)},
	} {
		z, err := c.p.BuildZDD(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		n, _, _ := c.p.Count(context.Background())
		if got := z.Count(); !got.IsUint64() || got.Uint64() != n {
			t.Errorf("%s: ZDD count %s, search %d", c.name, got, n)
		}
	}
	rng := rand.New(rand.NewPCG(6, 26))
	for k := range 300 {
		g := randomGeneral(t, rng, false)
		want := g.brute()
		z, err := g.p.BuildZDD(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if got := z.Count(); got.Uint64() != uint64(len(want)) {
			t.Fatalf("problem %d: ZDD count %s, brute force %d\n%s", k, got, len(want), writeString(t, g.p))
		}
		for _, s := range z.Sample(10, int64(k)) {
			o := slices.Clone(s)
			slices.Sort(o)
			if _, ok := slices.BinarySearch(want, fmt.Sprint(o)); !ok {
				t.Fatalf("problem %d: sampled %v, not a solution\n%s", k, o, writeString(t, g.p))
			}
		}
	}
}

// TestZDDColors checks the ZDD count against the search's on 300 problems
// of the generated xcc family, whose options share coloured items often
// (a purified item that keeps options of its colour, one whose options
// are all hidden, an option whose item is already purified with its
// colour), and the ZDD of xcc n = 20 against DLX6's figures on it.
func TestZDDColors(t *testing.T) {
	ctx := context.Background()
	for s := range 300 {
		spec := dlx.RandomSpec{Family: "xcc", Primary: 4 + s%9, Secondary: 2 + s%7, Options: 8 + (s*7)%40, Colors: 1 + s%3, Seed: uint64(s)}
		p, err := dlx.Random(spec)
		if err != nil {
			t.Fatal(err)
		}
		z, err := p.BuildZDD(ctx)
		if err != nil {
			t.Fatal(err)
		}
		n, _, _ := p.Count(ctx)
		if got := z.Count(); !got.IsUint64() || got.Uint64() != n {
			t.Fatalf("%+v: ZDD count %s, search %d", spec, got, n)
		}
	}
	p, err := dlx.Random(dlx.RandomSpec{Family: "xcc", Primary: 20, Secondary: 40, Options: 80, Colors: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	z, err := p.BuildZDD(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// DLX6 on the same file: 762429 solutions, 78497 ZDD nodes (with its
	// two terminals), 195+32005 signatures (one more than the states it
	// caches), 46517 hits.
	if got := z.Count(); got.String() != "762429" || z.Size() != 78495 || z.Memos != 32199 || z.Hits != 46517 {
		t.Errorf("xcc n = 20: count %s, %d nodes, %d states, %d hits; DLX6: 762429, 78495, 32199, 46517", got, z.Size(), z.Memos, z.Hits)
	}
}

// TestZDDBigCount checks a count beyond 64 bits: 70 items, each in two
// options of its own, have 2⁷⁰ solutions, which the ZDD holds in 140
// nodes.
func TestZDDBigCount(t *testing.T) {
	var b strings.Builder
	for i := range 70 {
		fmt.Fprintf(&b, "i%d ", i)
	}
	b.WriteByte('\n')
	for i := range 70 {
		fmt.Fprintf(&b, "i%d\ni%d\n", i, i)
	}
	z, err := mustParse(t, b.String()).BuildZDD(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got := z.CountString(); got != "1180591620717411303424" || z.Size() != 140 {
		t.Errorf("count %s, %d nodes; want 2⁷⁰ = 1180591620717411303424, 140", got, z.Size())
	}
	if s := z.Sample(1, 1); len(s) != 1 || len(s[0]) != 70 {
		t.Errorf("sample %v", s)
	}
}

// TestZDDKnuth checks the ZDD of the toy problem line for line against
// the one DLX6 prints for it (m1).
func TestZDDKnuth(t *testing.T) {
	z, err := mustParse(t, toyText).BuildZDD(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := z.WriteDLX6(&b); err != nil {
		t.Fatal(err)
	}
	if want := "2: (~5?0:1)\n3: (~1?0:2)\n4: (~4?0:3)\n5: (~0?0:4)\n"; b.String() != want {
		t.Errorf("got\n%swant (DLX6's)\n%s", b.String(), want)
	}
	if _, err := mustParse(t, dlx3Example).BuildZDD(context.Background()); err == nil {
		t.Error("bounds accepted")
	}
}

// TestZDDSampleUniform draws 35,200 solutions of queens n = 9 (352
// solutions) from its ZDD and checks them against the uniform law by a
// chi-square test: 351 degrees of freedom, refused above 460 (p ≈ 10⁻⁴).
func TestZDDSampleUniform(t *testing.T) {
	p := queens(t, 9)
	z, err := p.BuildZDD(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	const per = 100
	n := int(z.Count().Uint64())
	if n != 352 {
		t.Fatalf("count %d, want 352", n)
	}
	seen := map[string]int{}
	for _, s := range z.Sample(per*n, 26) {
		o := slices.Clone(s)
		slices.Sort(o)
		seen[fmt.Sprint(o)]++
	}
	if len(seen) != n {
		t.Fatalf("%d distinct solutions drawn, want %d", len(seen), n)
	}
	chi := 0.0
	for _, c := range seen {
		d := float64(c - per)
		chi += d * d / per
	}
	if chi > 460 || math.IsNaN(chi) {
		t.Errorf("chi-square %.1f with %d degrees of freedom", chi, n-1)
	}
	t.Logf("chi-square %.1f, %d degrees of freedom", chi, n-1)
}
