package dlx_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/dlx"
)

// TestSSKnuthFigures checks algorithm ss against the figures of Knuth's
// SSXCC on the same inputs (nodes and updates as ssxcc prints them, run on
// the files these problems write): the toy problem, dlx2's colour example,
// Langford n = 7, queens n = 8 and the 3×20 pentomino.
func TestSSKnuthFigures(t *testing.T) {
	for _, c := range []struct {
		name                      string
		p                         *dlx.Matrix
		solutions, nodes, updates uint64
	}{
		{"toy", mustParse(t, toyText), 1, 5, 27},
		{"dlx2 example", mustParse(t, dlx2Example), 1, 3, 16},
		{"langford n=7", langford(t, 7), 52, 466, 7734},
		{"queens n=8", queens(t, 8), 92, 857, 15736},
		{"pentomino 3x20", pentomino(t, 3, 20), 8, 9328, 8767462},
	} {
		got, st := solveAll(t, c.p, dlx.Config{Algorithm: dlx.SS})
		want, _ := solveAll(t, c.p, dlx.Config{Algorithm: dlx.C})
		if !slices.Equal(got, want) {
			t.Errorf("%s: ss found %d solutions, C %d (or others)", c.name, len(got), len(want))
		}
		if st != (dlx.Stats{Solutions: c.solutions, Nodes: c.nodes, Updates: c.updates}) {
			t.Errorf("%s: ss %+v, ssxcc %d solutions, %d nodes, %d updates", c.name, st, c.solutions, c.nodes, c.updates)
		}
		for _, w := range []int{2, 5} {
			gotw, stw := solveAll(t, c.p, dlx.Config{Algorithm: dlx.SS, Workers: w})
			if !slices.Equal(gotw, got) || !near(stw.Nodes, st.Nodes) || !near(stw.Updates, st.Updates) {
				t.Errorf("%s, %d workers: %d solutions %+v, one worker %d %+v", c.name, w, len(gotw), stw, len(got), st)
			}
		}
	}
}

// near reports whether a and b differ by at most 1 %. With several
// workers, ss finds the same solutions, but each subproblem starts from the
// sets in the order the walk above the split leaves them, not in the order
// that exploring the subproblems before it leaves them: the hides that a
// dead end cuts short cut at other places, and the updates (rarely the
// nodes) differ a little from one worker's.
func near(a, b uint64) bool {
	d := max(a, b) - min(a, b)
	return 100*d <= max(a, b)
}

// TestSSRandom compares algorithm ss with the brute force on random
// problems with colours, with one worker and three.
func TestSSRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 7))
	for k := range 600 {
		g := randomGeneral(t, rng, false)
		want := g.brute()
		got, st := solveAll(t, g.p, dlx.Config{Algorithm: dlx.SS})
		if !slices.Equal(got, want) {
			t.Fatalf("problem %d:\n%s\nss found %v, want %v", k, writeString(t, g.p), got, want)
		}
		par, stPar := solveAll(t, g.p, dlx.Config{Algorithm: dlx.SS, Workers: 3})
		if !slices.Equal(par, want) || stPar.Solutions != st.Solutions {
			t.Fatalf("problem %d, 3 workers: got %v %+v, want %v %+v", k, par, stPar, want, st)
		}
	}
}

// TestSSRefusals checks what ss does not take: bounds, and the trace.
func TestSSRefusals(t *testing.T) {
	p := mustParse(t, dlx3Example)
	if _, err := p.Run(context.Background(), dlx.Config{Algorithm: dlx.SS}); err == nil || !strings.Contains(err.Error(), "bounds") {
		t.Errorf("bounds: got %v", err)
	}
	q := mustParse(t, toyText)
	if _, err := q.Run(context.Background(), dlx.Config{Algorithm: dlx.SS, Trace: func(dlx.Event) {}}); err == nil {
		t.Error("trace accepted")
	}
	if a, err := dlx.ParseAlgorithm("ssxcc"); a != dlx.SS || err != nil || a.String() != "ss" {
		t.Errorf("ParseAlgorithm(ssxcc) = %v, %v", a, err)
	}
	// An item that no option holds: no solution, no node (ssxcc's report).
	r := mustParse(t, "A B\nA\n")
	if st, err := r.Run(context.Background(), dlx.Config{Algorithm: dlx.SS}); err != nil || st != (dlx.Stats{}) {
		t.Errorf("uncoverable item: %+v %v", st, err)
	}
}
