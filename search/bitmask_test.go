package search_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
	"github.com/qtool-project/qtool/search"
)

var bitmaskSymmetries = []search.BitmaskSymmetry{search.BitmaskFull, search.BitmaskMirror, search.BitmaskNone}

// TestBitmaskCountReference counts n = 1..14 with every use of symmetry and
// several worker counts, and the fundamental solutions, against the OEIS.
func TestBitmaskCountReference(t *testing.T) {
	ref := oracle.Counts(t)
	ctx := context.Background()
	for n := 1; n <= 14; n++ {
		workers := []int{1, 2, 5}
		if n > 12 {
			workers = []int{0}
		}
		for _, sym := range bitmaskSymmetries {
			for _, k := range workers {
				st, err := search.BitmaskCount(ctx, encode.Empty(n), search.BitmaskOptions{Symmetry: sym, Workers: k})
				if err != nil {
					t.Fatalf("n=%d %v workers=%d: %v", n, sym, k, err)
				}
				if st.Solutions != ref[n][0] {
					t.Errorf("unexpected count for n=%d %v workers=%d: got %d want %d", n, sym, k, st.Solutions, ref[n][0])
				}
				if st.Unique != 0 {
					t.Errorf("n=%d %v: unique %d reported without Unique", n, sym, st.Unique)
				}
				if st.Done != st.Subproblems || st.Subproblems == 0 {
					t.Errorf("n=%d %v: done %d of %d subproblems", n, sym, st.Done, st.Subproblems)
				}
			}
		}
		st, err := search.BitmaskCount(ctx, encode.Empty(n), search.BitmaskOptions{Unique: true})
		if err != nil {
			t.Fatal(err)
		}
		if st.Solutions != ref[n][0] || st.Unique != ref[n][1] {
			t.Errorf("unexpected counts for n=%d: got %d, %d unique; want %d, %d", n, st.Solutions, st.Unique, ref[n][0], ref[n][1])
		}
	}
}

// TestBitmaskCountLong checks n = 15, 16 with the fundamental solutions
// (-long).
func TestBitmaskCountLong(t *testing.T) {
	if !*long {
		t.Skip("n = 15, 16: run with -long")
	}
	ref := oracle.Counts(t)
	for n := 15; n <= 16; n++ {
		st, err := search.BitmaskCount(context.Background(), encode.Empty(n), search.BitmaskOptions{Unique: true})
		if err != nil {
			t.Fatal(err)
		}
		if st.Solutions != ref[n][0] || st.Unique != ref[n][1] {
			t.Errorf("unexpected counts for n=%d: got %d, %d unique; want %d, %d", n, st.Solutions, st.Unique, ref[n][0], ref[n][1])
		}
	}
}

// TestBitmaskNodes: without symmetry the search places a queen at every
// legal partial placement, which plain backtracking visits too (the seed's
// oracles, 2,057 and 856,189 boards, count the empty board as well).
func TestBitmaskNodes(t *testing.T) {
	for _, c := range []struct {
		n     int
		nodes uint64
	}{{8, 2057 - 1}, {12, 856189 - 1}} {
		for _, k := range []int{1, 2} {
			st, err := search.BitmaskCount(context.Background(), encode.Empty(c.n), search.BitmaskOptions{Symmetry: search.BitmaskNone, Workers: k})
			if err != nil {
				t.Fatal(err)
			}
			if st.Nodes != c.nodes {
				t.Errorf("n=%d: got %d nodes, want %d", c.n, st.Nodes, c.nodes)
			}
		}
		mirror, err := search.BitmaskCount(context.Background(), encode.Empty(c.n), search.BitmaskOptions{Symmetry: search.BitmaskMirror})
		if err != nil {
			t.Fatal(err)
		}
		if mirror.Nodes*2 != c.nodes { // n even: the two halves are mirror images
			t.Errorf("n=%d mirror: got %d nodes, want half of %d", c.n, mirror.Nodes, c.nodes)
		}
	}
}

// bitmaskFindAll collects the solutions BitmaskFind visits.
func bitmaskFindAll(t *testing.T, b encode.Board, opt search.BitmaskOptions) []encode.Placement {
	t.Helper()
	var sols []encode.Placement
	st, err := search.BitmaskFind(context.Background(), b, opt, func(p encode.Placement) bool {
		sols = append(sols, slices.Clone(p))
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.Solutions != uint64(len(sols)) {
		t.Fatalf("stats say %d solutions, %d visited", st.Solutions, len(sols))
	}
	return sols
}

// TestBitmaskFindAll enumerates every solution for n ≤ 10: each passes
// Verify, none twice, in lexicographic order, as many as the OEIS says, and
// the set is closed under the 8 symmetries of the square.
func TestBitmaskFindAll(t *testing.T) {
	ref := oracle.Counts(t)
	for n := 1; n <= 10; n++ {
		b := encode.Empty(n)
		sols := bitmaskFindAll(t, b, search.BitmaskOptions{})
		if uint64(len(sols)) != ref[n][0] {
			t.Errorf("n=%d: %d solutions, want %d", n, len(sols), ref[n][0])
		}
		seen := map[string]bool{}
		for i, p := range sols {
			if err := encode.Verify(b.Problem(), p); err != nil {
				t.Fatalf("n=%d: %v: %v", n, p, err)
			}
			if seen[p.String()] {
				t.Fatalf("n=%d: %v twice", n, p)
			}
			seen[p.String()] = true
			if i > 0 && !encode.Less(sols[i-1], p) {
				t.Errorf("n=%d: %v before %v: not in lexicographic order", n, sols[i-1], p)
			}
		}
		for _, p := range sols {
			for _, s := range encode.Symmetries {
				if q := s.Apply(p); !seen[q.String()] {
					t.Fatalf("n=%d: %v of %v = %v is not among the solutions", n, s, p, q)
				}
			}
		}
	}
}

// TestBitmaskFindUnique: the representatives visited are exactly the
// canonical forms (encode.Canonical) of all solutions, in lexicographic
// order, and their classes add up to all solutions.
func TestBitmaskFindUnique(t *testing.T) {
	ref := oracle.Counts(t)
	for n := 1; n <= 10; n++ {
		b := encode.Empty(n)
		all := bitmaskFindAll(t, b, search.BitmaskOptions{})
		canon := map[string]int{}
		for _, p := range all {
			c, size := encode.Canonical(p)
			canon[c.String()] = size
		}
		reps := bitmaskFindAll(t, b, search.BitmaskOptions{Unique: true})
		if uint64(len(reps)) != ref[n][1] || len(reps) != len(canon) {
			t.Errorf("n=%d: %d representatives, want %d (%d classes seen)", n, len(reps), ref[n][1], len(canon))
		}
		var total int
		for i, p := range reps {
			if err := encode.Verify(b.Problem(), p); err != nil {
				t.Fatal(err)
			}
			size, ok := canon[p.String()]
			if !ok {
				t.Fatalf("n=%d: %v is not the canonical form of its class", n, p)
			}
			least, sz := search.BitmaskClass(p)
			if !least || sz != size {
				t.Errorf("n=%d: BitmaskClass(%v) = %v, %d; want true, %d", n, p, least, sz, size)
			}
			total += size
			if i > 0 && !encode.Less(reps[i-1], p) {
				t.Errorf("n=%d: not in lexicographic order at %v", n, p)
			}
		}
		if uint64(total) != ref[n][0] {
			t.Errorf("n=%d: classes add up to %d, want %d", n, total, ref[n][0])
		}
	}
}

// TestBitmaskClass compares BitmaskClass with encode.Canonical on every
// image of every solution for n ≤ 9.
func TestBitmaskClass(t *testing.T) {
	for n := 1; n <= 9; n++ {
		for _, p := range bitmaskFindAll(t, encode.Empty(n), search.BitmaskOptions{}) {
			for _, s := range encode.Symmetries {
				q := s.Apply(p)
				c, size := encode.Canonical(q)
				least, sz := search.BitmaskClass(q)
				if least != slices.Equal(c, q) || sz != size {
					t.Fatalf("BitmaskClass(%v) = %v, %d; canonical form %v, class of %d", q, least, sz, c, size)
				}
			}
		}
	}
	for _, p := range []encode.Placement{{0, 5}, {1, 1}, nil} {
		if least, size := search.BitmaskClass(p); least || size != 0 {
			t.Errorf("BitmaskClass(%v) = %v, %d; want false, 0", p, least, size)
		}
	}
}

// bitmaskRandomBoards makes completion problems: random subsets of the
// queens of random solutions (completable), and random non-attacking queens
// (often not completable).
func bitmaskRandomBoards(t *testing.T, rng *rand.Rand, count int) []encode.Board {
	t.Helper()
	sols := map[int][]encode.Placement{}
	var boards []encode.Board
	for len(boards) < count {
		n := 4 + rng.IntN(8)
		b := encode.Board{N: n, Queens: make([]int, n)}
		for r := range b.Queens {
			b.Queens[r] = -1
		}
		if rng.IntN(2) == 0 {
			if sols[n] == nil {
				sols[n] = bitmaskFindAll(t, encode.Empty(n), search.BitmaskOptions{})
			}
			if len(sols[n]) == 0 {
				continue
			}
			p := sols[n][rng.IntN(len(sols[n]))]
			for r := range p {
				if rng.IntN(3) == 0 {
					b.Queens[r] = p[r]
				}
			}
		} else {
			for range 1 + rng.IntN(n/2) {
				r, c := rng.IntN(n), rng.IntN(n)
				b.Queens[r] = c
				if b.Validate() != nil {
					b.Queens[r] = -1
				}
			}
		}
		boards = append(boards, b)
	}
	return boards
}

// TestBitmaskCompletion counts and enumerates the completions of random
// boards and compares with the brute-force count; every completion passes
// Verify with the board's queens in place.
func TestBitmaskCompletion(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 6))
	ctx := context.Background()
	var zero, some int
	for _, b := range bitmaskRandomBoards(t, rng, 300) {
		want := uint64(len(oracle.Completions(b)))
		if want == 0 {
			zero++
		} else {
			some++
		}
		for _, sym := range bitmaskSymmetries {
			st, err := search.BitmaskCount(ctx, b, search.BitmaskOptions{Symmetry: sym, Workers: 1 + rng.IntN(3)})
			if err != nil {
				t.Fatal(err)
			}
			if st.Solutions != want {
				t.Fatalf("unexpected count for %v (n=%d) %v: got %d want %d", b.Queens, b.N, sym, st.Solutions, want)
			}
		}
		sols := bitmaskFindAll(t, b, search.BitmaskOptions{})
		if uint64(len(sols)) != want {
			t.Fatalf("%v: found %d completions, want %d", b.Queens, len(sols), want)
		}
		for _, p := range sols {
			if err := encode.Verify(b.Problem(), p); err != nil {
				t.Fatalf("%v: %v", b.Queens, err)
			}
		}
	}
	if zero < 20 || some < 20 {
		t.Errorf("random boards not varied enough: %d without and %d with completions", zero, some)
	}
}

// TestBitmaskCompletionLarge completes boards of order up to 64 with a few
// free rows (the diagonals shift across many given rows), against the
// brute-force count.
func TestBitmaskCompletionLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(64, 1))
	for _, n := range []int{20, 33, 63, 64} {
		p, err := search.Construct(n)
		if err != nil {
			t.Fatal(err)
		}
		if err := encode.Verify(encode.Empty(n).Problem(), p); err != nil {
			t.Fatal(err)
		}
		for range 10 {
			b := encode.Board{N: n, Queens: slices.Clone([]int(p))}
			for range 2 + rng.IntN(7) {
				b.Queens[rng.IntN(n)] = -1
			}
			if rng.IntN(2) == 0 {
				b.Queens[0], b.Queens[n-1] = -1, -1
			}
			want := uint64(len(oracle.Completions(b)))
			st, err := search.BitmaskCount(context.Background(), b, search.BitmaskOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if st.Solutions != want || want == 0 {
				t.Fatalf("n=%d free rows %v: got %d completions, want %d (at least the construction)", n, b.FreeRows(), st.Solutions, want)
			}
			for _, q := range bitmaskFindAll(t, b, search.BitmaskOptions{}) {
				if err := encode.Verify(b.Problem(), q); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestBitmaskShards: the slices of a split add up to the whole count, for
// every symmetry, with and without given queens, and the subproblems are
// dealt out exactly once.
func TestBitmaskShards(t *testing.T) {
	ref := oracle.Counts(t)
	ctx := context.Background()
	const m = 7
	for n := 10; n <= 13; n++ {
		whole, err := search.BitmaskCount(ctx, encode.Empty(n), search.BitmaskOptions{Unique: true})
		if err != nil {
			t.Fatal(err)
		}
		var sum, uniq, subs uint64
		for i := range m {
			st, err := search.BitmaskCount(ctx, encode.Empty(n), search.BitmaskOptions{Unique: true, Shard: i, Shards: m, Workers: 1 + i%2})
			if err != nil {
				t.Fatal(err)
			}
			sum += st.Solutions
			uniq += st.Unique
			subs += st.Subproblems
		}
		if sum != ref[n][0] || uniq != ref[n][1] || subs != whole.Subproblems {
			t.Errorf("n=%d: %d shards add up to %d, %d unique, %d subproblems; want %d, %d, %d", n, m, sum, uniq, subs, ref[n][0], ref[n][1], whole.Subproblems)
		}
	}
	b, err := encode.ParseBoardBytes([]byte("n 11\n0,2\n5,6\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		b   encode.Board
		sym search.BitmaskSymmetry
		m   int
	}{{encode.Empty(9), search.BitmaskMirror, 7}, {encode.Empty(9), search.BitmaskNone, 7}, {encode.Empty(6), search.BitmaskFull, 1000}, {b, search.BitmaskFull, 7}, {encode.Empty(2), search.BitmaskFull, 3}} {
		want := uint64(len(oracle.Completions(c.b)))
		var sum uint64
		for i := range c.m {
			st, err := search.BitmaskCount(ctx, c.b, search.BitmaskOptions{Symmetry: c.sym, Shard: i, Shards: c.m})
			if err != nil {
				t.Fatal(err)
			}
			sum += st.Solutions
		}
		if sum != want {
			t.Errorf("%v %v: %d shards add up to %d, want %d", c.b.Queens, c.sym, c.m, sum, want)
		}
	}
}

// TestBitmaskProgress: one call per subproblem, done counting up to the
// total.
func TestBitmaskProgress(t *testing.T) {
	var calls []uint64
	var tot uint64
	st, err := search.BitmaskCount(context.Background(), encode.Empty(12), search.BitmaskOptions{Workers: 2, Progress: func(done, total uint64) {
		calls = append(calls, done)
		tot = total
	}})
	if err != nil {
		t.Fatal(err)
	}
	if tot != st.Subproblems || uint64(len(calls)) != st.Subproblems {
		t.Fatalf("%d progress calls with total %d, %d subproblems", len(calls), tot, st.Subproblems)
	}
	for i, d := range calls {
		if d != uint64(i+1) {
			t.Fatalf("call %d reported %d done", i, d)
		}
	}
}

// TestBitmaskLimit: Limit and a visit that returns false stop the search
// after the first solutions in lexicographic order.
func TestBitmaskLimit(t *testing.T) {
	all := bitmaskFindAll(t, encode.Empty(8), search.BitmaskOptions{})
	first := bitmaskFindAll(t, encode.Empty(8), search.BitmaskOptions{Limit: 5})
	if len(first) != 5 {
		t.Fatalf("limit 5: %d solutions", len(first))
	}
	for i := range first {
		if !slices.Equal(first[i], all[i]) {
			t.Errorf("solution %d: %v, want %v", i, first[i], all[i])
		}
	}
	if !slices.Equal(all[0], encode.Placement{0, 4, 7, 5, 2, 6, 1, 3}) {
		t.Errorf("first solution for n = 8: %v", all[0])
	}
	k := 0
	st, err := search.BitmaskFind(context.Background(), encode.Empty(8), search.BitmaskOptions{}, func(encode.Placement) bool {
		k++
		return k < 3
	})
	if err != nil || k != 3 || st.Solutions != 3 {
		t.Errorf("visit stopping at 3: %d visits, %d solutions, %v", k, st.Solutions, err)
	}
}

// TestBitmaskCancel: a cancelled or expired context ends every kind of
// search with the context's error and a partial count.
func TestBitmaskCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := search.BitmaskCount(ctx, encode.Empty(10), search.BitmaskOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled count: %v", err)
	}
	for _, c := range []struct {
		name string
		b    encode.Board
		sym  search.BitmaskSymmetry
	}{{"full", encode.Empty(40), search.BitmaskFull}, {"mirror", encode.Empty(40), search.BitmaskMirror}, {"gaps", encode.Board{N: 40, Queens: []int{-1, -1, -1, 5}}, search.BitmaskNone}} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		st, err := search.BitmaskCount(ctx, c.b, search.BitmaskOptions{Symmetry: c.sym, Workers: 2})
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: n = 40 ended with %v", c.name, err)
		}
		if st.Done >= st.Subproblems {
			t.Errorf("%s: %d of %d subproblems done", c.name, st.Done, st.Subproblems)
		}
	}
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	st, err := search.BitmaskFind(ctx, encode.Empty(40), search.BitmaskOptions{Unique: true}, func(encode.Placement) bool { return true })
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("find: %v after %d solutions", err, st.Solutions)
	}
}

// TestBitmaskRefuses: bad boards and options give errors, not panics.
func TestBitmaskRefuses(t *testing.T) {
	ctx := context.Background()
	_, err := search.BitmaskCount(ctx, encode.Empty(65), search.BitmaskOptions{})
	if err == nil || !strings.Contains(err.Error(), "n ≤ 64") || !strings.Contains(err.Error(), "n = 65") {
		t.Errorf("n = 65: %v", err)
	}
	if _, err := search.BitmaskFind(ctx, encode.Empty(100), search.BitmaskOptions{}, nil); err == nil {
		t.Error("find n = 100: no error")
	}
	given := encode.Board{N: 8, Queens: []int{0}}
	if _, err := search.BitmaskCount(ctx, given, search.BitmaskOptions{Unique: true}); !errors.Is(err, search.ErrBitmaskUniqueGiven) {
		t.Errorf("unique with a given queen: %v", err)
	}
	if _, err := search.BitmaskFind(ctx, given, search.BitmaskOptions{Unique: true}, nil); !errors.Is(err, search.ErrBitmaskUniqueGiven) {
		t.Errorf("find unique with a given queen: %v", err)
	}
	attack := encode.Board{N: 8, Queens: []int{0, 1}}
	if _, err := search.BitmaskCount(ctx, attack, search.BitmaskOptions{}); !errors.Is(err, encode.ErrInvalidBoard) {
		t.Errorf("attacking queens: %v", err)
	}
	for _, n := range []int{0, -3} {
		if _, err := search.BitmaskCount(ctx, encode.Empty(n), search.BitmaskOptions{}); err == nil {
			t.Errorf("n = %d: no error", n)
		}
	}
	for _, opt := range []search.BitmaskOptions{
		{Shard: 3, Shards: 3}, {Shard: -1, Shards: 3}, {Shards: -2}, {Workers: -1}, {Limit: -1}, {Symmetry: 7},
	} {
		if _, err := search.BitmaskCount(ctx, encode.Empty(8), opt); err == nil || !strings.HasPrefix(err.Error(), "search: ") {
			t.Errorf("%+v: %v", opt, err)
		}
	}
	if _, err := search.BitmaskFind(ctx, encode.Empty(8), search.BitmaskOptions{Shard: 0, Shards: 2}, nil); err == nil {
		t.Error("find with shards: no error")
	}
}

// TestBitmaskFullBoard: a board with every queen given has itself as its
// one completion.
func TestBitmaskFullBoard(t *testing.T) {
	p := encode.Placement{1, 3, 0, 2}
	for _, sym := range bitmaskSymmetries {
		st, err := search.BitmaskCount(context.Background(), p.Board(), search.BitmaskOptions{Symmetry: sym})
		if err != nil || st.Solutions != 1 {
			t.Errorf("%v: %d, %v", sym, st.Solutions, err)
		}
	}
	sols := bitmaskFindAll(t, p.Board(), search.BitmaskOptions{})
	if len(sols) != 1 || !slices.Equal(sols[0], p) {
		t.Errorf("find: %v", sols)
	}
}

func ExampleBitmaskCount() {
	st, err := search.BitmaskCount(context.Background(), encode.Empty(8), search.BitmaskOptions{Unique: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.Solutions, "solutions,", st.Unique, "fundamental")
	// Output: 92 solutions, 12 fundamental
}

func ExampleBitmaskCount_shards() {
	// Three machines could each count one slice; the slices add up.
	var total uint64
	for i := range 3 {
		st, err := search.BitmaskCount(context.Background(), encode.Empty(10), search.BitmaskOptions{Shard: i, Shards: 3})
		if err != nil {
			fmt.Println(err)
			return
		}
		total += st.Solutions
	}
	fmt.Println(total)
	// Output: 724
}

func ExampleBitmaskCount_completion() {
	// Queens given at (0,2) and (7,5), 0-based; the other rows are free.
	b := encode.Board{N: 8, Queens: []int{2, -1, -1, -1, -1, -1, -1, 5}}
	st, err := search.BitmaskCount(context.Background(), b, search.BitmaskOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.Solutions)
	// Output: 5
}

func ExampleBitmaskFind() {
	// The first three fundamental solutions of the 8×8 board, each the
	// least of its class, with the size of the class.
	_, err := search.BitmaskFind(context.Background(), encode.Empty(8), search.BitmaskOptions{Unique: true, Limit: 3}, func(p encode.Placement) bool {
		_, size := search.BitmaskClass(p)
		fmt.Println(p, "class of", size)
		return true
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// 0 4 7 5 2 6 1 3 class of 8
	// 0 5 7 2 6 3 1 4 class of 8
	// 1 3 5 7 2 0 6 4 class of 8
}
