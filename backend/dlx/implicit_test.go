package dlx

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/dlx"
	"github.com/qtool-project/qtool/encode"
)

// explicitRun runs dlx on the stored matrix of b, as runBoard does, and
// returns its stats and the solutions (placements) it visited.
func explicitRun(t *testing.T, b encode.Board, v dlx.ValueOrder, seed int64, limit uint64) (dlx.Stats, []encode.Placement) {
	t.Helper()
	m, err := encode.ExactCoverLayout(b)
	if err != nil {
		t.Fatal(err)
	}
	p, rows, cols, err := newDLXProblem(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	var sols []encode.Placement
	st, err := p.Run(context.Background(), dlx.Config{Value: v, Seed: seed, Limit: limit, Visit: func(options []int) bool {
		pl := make(encode.Placement, b.N)
		for r := range pl {
			pl[r] = b.Queen(r)
		}
		for _, o := range options {
			pl[rows[o]] = int(cols[o])
		}
		sols = append(sols, pl)
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	return st, sols
}

// implicitRun runs implicitX on b.
func implicitRun(t *testing.T, b encode.Board, v dlx.ValueOrder, seed int64, limit uint64) (dlx.Stats, []encode.Placement) {
	t.Helper()
	s, err := newImplicitX(b)
	if err != nil {
		t.Fatal(err)
	}
	var sols []encode.Placement
	st, err := s.run(context.Background(), v, seed, limit, func(p encode.Placement) bool {
		if err := encode.Verify(b.Problem(), p); err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		sols = append(sols, slices.Clone(p))
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return st, sols
}

// testBoards are empty boards n = 1..9 and boards with queens given: the
// first rows of a solution, and scattered rows of one.
func testBoards(t *testing.T) []encode.Board {
	var bs []encode.Board
	for n := 1; n <= 9; n++ {
		bs = append(bs, encode.Empty(n))
	}
	rng := rand.New(rand.NewPCG(3, 5))
	for _, n := range []int{8, 10, 11, 12} {
		_, sols := implicitRun(t, encode.Empty(n), dlx.ValueRandom, int64(n), 1)
		for _, k := range []int{1, 2, 3} {
			q := slices.Repeat([]int{-1}, n)
			copy(q, sols[0][:k])
			bs = append(bs, encode.Board{N: n, Queens: q})
			q = slices.Repeat([]int{-1}, n)
			for _, r := range rng.Perm(n)[:k] {
				q[r] = sols[0][r]
			}
			bs = append(bs, encode.Board{N: n, Queens: q})
		}
	}
	// A queen alone on a 5×5 board's corner: some diagonals keep a single
	// option and so no item.
	bs = append(bs, encode.Board{N: 5, Queens: []int{0, -1, -1, -1, -1}})
	return bs
}

// TestImplicitMatchesDLX: Algorithm X on the implicit matrix chooses,
// tries, counts and finds what dlx does on the stored one, in every value
// order: the same solutions in the same order, nodes and updates.
func TestImplicitMatchesDLX(t *testing.T) {
	for _, b := range testBoards(t) {
		for _, v := range []dlx.ValueOrder{dlx.ValueList, dlx.ValueMiddle, dlx.ValueRandom} {
			for _, limit := range []uint64{0, 1} {
				want, wantSols := explicitRun(t, b, v, 7, limit)
				got, gotSols := implicitRun(t, b, v, 7, limit)
				if got != want {
					t.Errorf("%v order %v limit %d: implicit %+v, dlx %+v", b.Queens, v, limit, got, want)
				}
				if !slices.EqualFunc(gotSols, wantSols, slices.Equal) {
					t.Errorf("%v order %v limit %d: implicit found %v, dlx %v", b.Queens, v, limit, gotSols, wantSols)
				}
			}
		}
	}
}

// TestImplicitCounts: the counts of n = 1..11 are A000170's
// (testdata/nqueens-counts.tsv), in each value order.
func TestImplicitCounts(t *testing.T) {
	f, err := os.Open("../../testdata/nqueens-counts.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := 0
	for sc := bufio.NewScanner(f); sc.Scan(); {
		w := strings.Fields(sc.Text())
		if len(w) < 2 || strings.HasPrefix(w[0], "#") {
			continue
		}
		n, _ := strconv.Atoi(w[0])
		want, _ := strconv.ParseUint(w[1], 10, 64)
		if n > 11 {
			continue
		}
		seen++
		for _, v := range []dlx.ValueOrder{dlx.ValueList, dlx.ValueRandom} {
			s, err := newImplicitX(encode.Empty(n))
			if err != nil {
				t.Fatal(err)
			}
			st, err := s.run(context.Background(), v, 1, 0, nil)
			if err != nil || st.Solutions != want {
				t.Errorf("n=%d order %v: %d solutions (%v), A000170 %d", n, v, st.Solutions, err, want)
			}
		}
	}
	if seen != 11 {
		t.Fatalf("read %d counts of n ≤ 11", seen)
	}
}

// TestImplicitBackend: backend dlx with --order random finds a verified
// first solution of n = 2,000, far beyond what the default search does in
// the test's time, stops at the context's end, and keeps the stored
// matrix's path for the list order.
func TestImplicitBackend(t *testing.T) {
	var got encode.Placement
	out, err := dlxBackend{}.Run(context.Background(), encode.Problem{Instance: encode.Instance{Board: encode.Empty(2000)}}, backend.Request{Mode: backend.Find, Limit: 1,
		Options: map[string]string{"order": "random"}, Seed: 1, Visit: func(p encode.Placement) bool { got = slices.Clone(p); return true }})
	if err != nil || out.Solutions != 1 {
		t.Fatalf("n = 2000: %+v, %v", out, err)
	}
	if err := encode.Verify(encode.Empty(2000).Problem(), got); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (dlxBackend{}).Run(ctx, encode.Problem{Instance: encode.Instance{Board: encode.Empty(12)}}, backend.Request{Mode: backend.Count,
		Options: map[string]string{"order": "middle"}}); err == nil {
		t.Fatal("a cancelled count ran to its end")
	}
}
