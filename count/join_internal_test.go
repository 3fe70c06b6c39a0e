package count

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/qtool-project/qtool/internal/oracle"
)

// TestJoinDisjointKernels: the join's count of disjoint pairs equals a
// plain count over every pair, on the scalar path (pure Go, and with the
// AVX2 block kernel where this processor runs it) and on the wide kernel
// (where this processor runs it), for random patterns of every order's
// width, sides of 1 to 3,000 patterns (partial blocks, one side longer or
// shorter) and densities from sparse to dense.
func TestJoinDisjointKernels(t *testing.T) {
	if !joinWideOK {
		t.Log("this processor has no AVX-512 VPOPCNTQ: the wide kernel is not checked")
	}
	if !joinBlockOK {
		t.Log("this processor has no AVX2: the block kernel is not checked")
	}
	defer func(w, a bool) { joinWide, joinBlockAVX2 = w, a }(joinWide, joinBlockAVX2)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{8, 12, 16, 17, 20, 21} {
		p := joinLayout(n)
		nb := joinBits(n)
		var stop atomic.Bool
		c := &joinCounter{plan: p, stop: &stop}
		for trial := range 40 {
			nx := 1 + rng.IntN([]int{10, 200, 700, 3000}[trial%4])
			ny := 1 + rng.IntN([]int{3000, 700, 200, 10}[trial/4%4])
			bitsOn := 2 + rng.IntN(nb/2)
			gen := func(k int) []uint64 {
				xs := make([]uint64, k)
				for i := range xs {
					for range bitsOn {
						xs[i] |= 1 << rng.IntN(nb)
					}
				}
				return xs
			}
			xs, ys := gen(nx), gen(ny)
			var want uint64
			for _, x := range xs {
				for _, y := range ys {
					if x&y == 0 {
						want++
					}
				}
			}
			for _, k := range []struct{ wide, avx2 bool }{{false, false}, {false, true}, {true, false}} {
				wide := k.wide
				if wide && !joinWideOK || k.avx2 && !joinBlockOK {
					continue
				}
				joinWide, joinBlockAVX2 = wide, k.avx2
				if got := c.disjoint(xs, ys); got != want {
					t.Fatalf("n=%d, %d × %d patterns of ~%d bits, wide=%v avx2=%v: %d disjoint pairs, want %d", n, nx, ny, bitsOn, wide, k.avx2, got, want)
				}
				if wide {
					// Panels of one block.
					keep := joinWidePanelBytes
					joinWidePanelBytes = 1
					got := c.disjoint(xs, ys)
					joinWidePanelBytes = keep
					if got != want {
						t.Fatalf("n=%d, %d × %d patterns of ~%d bits, panels of one block: %d disjoint pairs, want %d", n, nx, ny, bitsOn, got, want)
					}
				}
			}
		}
	}
}

// TestJoinScalarOEIS: with the wide kernel off, the join still counts
// A000170 (n = 1..16), part by part equal to the default path; and the
// scalar path with the AVX2 block kernel (where this processor runs it)
// has the pure-Go loop's parts and node counts, part by part.
func TestJoinScalarOEIS(t *testing.T) {
	defer func(w, a bool) { joinWide, joinBlockAVX2 = w, a }(joinWide, joinBlockAVX2)
	ref := oracle.All(t)
	for n := 1; n <= 16; n++ {
		p, err := NewJoinPlan(n, 0)
		if err != nil {
			t.Fatal(err)
		}
		parts := map[bool][]uint64{}
		var nodes [2][]uint64 // the scalar path's: pure Go, AVX2
		for _, k := range []struct{ wide, avx2 bool }{{true, joinBlockOK}, {false, joinBlockOK}, {false, false}} {
			wide := k.wide
			joinWide, joinBlockAVX2 = wide && joinWideOK, k.avx2
			got := make([]uint64, p.Subproblems())
			work := make([]uint64, p.Subproblems())
			ids, _ := p.Shard(0, 1)
			st, err := CountPlan(context.Background(), p, ids, PlanOptions{Workers: 2, Done: func(q Part) { got[q.ID], work[q.ID] = q.Solutions, q.Nodes }})
			if err != nil {
				t.Fatal(err)
			}
			if st.Solutions != ref[n] {
				t.Errorf("n=%d wide=%v avx2=%v: %d solutions, OEIS %d", n, joinWide, k.avx2, st.Solutions, ref[n])
			}
			if prev, ok := parts[wide]; ok && !slices.Equal(prev, got) {
				t.Errorf("n=%d: the parts differ between the block kernel and the pure-Go loop", n)
			}
			parts[wide] = got
			if !wide {
				nodes[b2i(k.avx2)] = work
			}
		}
		if !slices.Equal(parts[true], parts[false]) {
			t.Errorf("n=%d: the parts differ between the wide kernel and the scalar path", n)
		}
		if joinBlockOK && !slices.Equal(nodes[0], nodes[1]) {
			t.Errorf("n=%d: the node counts differ between the block kernel and the pure-Go loop", n)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestJoinBlockKernel: the AVX2 block kernel (where this processor runs
// it) gives blockQueries' pure-Go sums for 1 to 8 chunks of random widths,
// random entries and 0 to 333 queries (odd counts: a last query alone).
func TestJoinBlockKernel(t *testing.T) {
	if !joinBlockOK {
		t.Skip("this processor has no AVX2")
	}
	defer func(a bool) { joinBlockAVX2 = a }(joinBlockAVX2)
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 200 {
		nch := 1 + trial%8
		var base [joinMaxChunks + 1]int
		for k := range nch {
			base[k+1] = base[k] + 1<<(1+rng.IntN(12))
		}
		tab := make([]joinBlock, base[nch])
		for i := range tab {
			tab[i] = joinBlock{rng.Uint64(), rng.Uint64()}
			for range trial % 3 { // denser entries
				tab[i][0] |= rng.Uint64()
				tab[i][1] |= rng.Uint64()
			}
		}
		nq := []int{0, 1, 2, 3, 5, 64, 333}[trial%7]
		idx := make([]uint16, nq*nch)
		for i := range idx {
			k := i % nch
			idx[i] = uint16(base[k] + rng.IntN(base[k+1]-base[k]))
		}
		joinBlockAVX2 = false
		want := blockQueries(tab, idx, nch)
		joinBlockAVX2 = true
		if got := blockQueries(tab, idx, nch); got != want {
			t.Fatalf("%d chunks (%v), %d queries: the kernel counts %d, the Go loop %d", nch, base[:nch+1], nq, got, want)
		}
		if nq >= 64 && want == 0 {
			t.Fatalf("%d chunks, %d queries: no pattern counted (a test that cannot fail)", nch, nq)
		}
	}
}

// TestJoinPlanParallel: a plan built on two goroutines has the same
// quadrant tables, groups and identity as one built on one (n = 1..16).
func TestJoinPlanParallel(t *testing.T) {
	for n := 1; n <= 16; n++ {
		a, err := NewJoinPlanContext(context.Background(), n, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		b, err := NewJoinPlanContext(context.Background(), n, 0, 2)
		if err != nil {
			t.Fatal(err)
		}
		for i := range a.quads {
			if !slices.Equal(a.quads[i].off, b.quads[i].off) || !slices.Equal(a.quads[i].d, b.quads[i].d) {
				t.Fatalf("n=%d: quadrant %d differs between one and two goroutines", n, i)
			}
		}
		if a.Identity() != b.Identity() || !slices.Equal(a.groups, b.groups) {
			t.Fatalf("n=%d: %s, %s", n, a.Identity(), b.Identity())
		}
	}
}

// TestJoinPlanCancel: a plan whose context is done gives up with the
// context's error, on one goroutine and on two, for odd and even n.
func TestJoinPlanCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, n := range []int{16, 17} {
		for _, workers := range []int{1, 2} {
			if p, err := NewJoinPlanContext(ctx, n, 0, workers); p != nil || !errors.Is(err, context.Canceled) {
				t.Errorf("n=%d, %d workers, cancelled: %v, %v", n, workers, p != nil, err)
			}
		}
	}
}

// TestJoinShardCancel: the shards' estimates give up when the context is
// done, and are computed whole on the next call.
func TestJoinShardCancel(t *testing.T) {
	p, err := NewJoinPlan(14, 0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if ids, err := p.ShardContext(ctx, 1, 7); ids != nil || !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v, %v", ids, err)
	}
	seen := 0
	for i := range 7 {
		ids, err := p.ShardContext(context.Background(), i, 7)
		if err != nil {
			t.Fatal(err)
		}
		seen += len(ids)
	}
	if seen != p.Subproblems() {
		t.Errorf("7 shards after a cancelled one hold %d of %d subproblems", seen, p.Subproblems())
	}
}

// TestJoinDiagWordFits: for every order the join takes, a placement's
// diagonal word (joinDiagMap) stays below the row tag, and it keeps every
// diagonal that a left and a right placement of a half can share, so that
// a clash between them is seen.
func TestJoinDiagWordFits(t *testing.T) {
	for n := 1; n <= JoinMaxN; n++ {
		p := joinLayout(n)
		for half, ra := range []int{0, n - p.h} {
			used := 0
			for _, b := range p.dmap[half] {
				if b >= 0 {
					used++
				}
			}
			if used > joinRowShift {
				t.Errorf("n=%d half %d: %d bits in the diagonal word, more than %d", n, half, used, joinRowShift)
			}
			for r := ra; r < ra+p.h; r++ {
				for c := range p.wL {
					for r2 := ra; r2 < ra+p.h; r2++ {
						for c2 := p.wL; c2 < n; c2++ {
							same := c-r == c2-r2 || c+r == c2+r2
							x := p.diagWord(ra, 1<<(c-r+n-1), 1<<(r+c))
							y := p.diagWord(ra, 1<<(c2-r2+n-1), 1<<(r2+c2))
							if same != (x&y != 0) {
								t.Fatalf("n=%d: queens (%d,%d) and (%d,%d): attack %v, diagonal words %#x and %#x", n, r, c, r2, c2, same, x, y)
							}
						}
					}
				}
			}
		}
	}
}

// TestJoinDerivedQuadrants: with the other quadrants made from the
// top-left one's table (joinDeriveMinN lowered), every bucket of every
// quadrant of even n = 4..16 is the list the four stored tables hold, and
// the counts, part by part with their work, are the same.
func TestJoinDerivedQuadrants(t *testing.T) {
	defer func(m int) { joinDeriveMinN = m }(joinDeriveMinN)
	for n := 4; n <= 16; n += 2 {
		joinDeriveMinN = 99
		stored, err := NewJoinPlan(n, 0)
		if err != nil {
			t.Fatal(err)
		}
		joinDeriveMinN = 2
		derived, err := NewJoinPlan(n, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !derived.derived || stored.derived {
			t.Fatalf("n=%d: derived %v, stored %v", n, derived.derived, stored.derived)
		}
		if derived.Identity() != stored.Identity() {
			t.Fatalf("n=%d: identities %s and %s", n, derived.Identity(), stored.Identity())
		}
		if derived.Bytes() >= stored.Bytes() {
			t.Errorf("n=%d: derived tables %d bytes, stored %d", n, derived.Bytes(), stored.Bytes())
		}
		var buf []joinDiag
		for i := range 4 {
			sq, dq := &stored.quads[i], &derived.quads[i]
			for k := 0; k+1 < len(sq.off); k++ {
				want := sq.d[sq.off[k]:sq.off[k+1]]
				if dq.size(uint32(k)) != uint32(len(want)) {
					t.Fatalf("n=%d quadrant %d bucket %d: %d placements, want %d", n, i, k, dq.size(uint32(k)), len(want))
				}
				if got := dq.bucket(uint32(k), &buf); !slices.Equal(got, want) {
					t.Fatalf("n=%d quadrant %d bucket %d: %x, want %x", n, i, k, got, want)
				}
			}
		}
		ids, _ := stored.Shard(0, 1)
		var a, b []Part
		for _, x := range []struct {
			p   *JoinPlan
			out *[]Part
		}{{stored, &a}, {derived, &b}} {
			if _, err := CountPlan(context.Background(), x.p, ids, PlanOptions{Workers: 1, Done: func(q Part) { *x.out = append(*x.out, q) }}); err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Equal(a, b) {
			t.Errorf("n=%d: the derived plan's parts differ from the stored one's", n)
		}
	}
}

// TestTranspose64: bit j of row i is bit i of row j after transpose64,
// for random matrices.
func TestTranspose64(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 20 {
		var a [64]uint64
		for i := range a {
			a[i] = rng.Uint64() & rng.Uint64()
		}
		b := a
		transpose64(&b)
		for i := range 64 {
			for j := range 64 {
				if b[j]>>i&1 != a[i]>>j&1 {
					t.Fatalf("bit %d of row %d is not bit %d of row %d", j, i, i, j)
				}
			}
		}
	}
}
