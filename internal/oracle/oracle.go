// Package oracle provides what the tests of every package compare qtool
// against: the reference counts (OEIS A000170 and A002562, copied into the
// repository's testdata) and slow, obviously correct brute-force checks that
// share no code with the backends.
package oracle

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

// table is the reference table, found beside this file's repository root.
func table() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "nqueens-counts.tsv")
}

// Counts reads the reference table: Counts(tb)[n] is {all, fundamental}
// solutions of the n-queens problem, n = 1..27 (OEIS A000170, A002562).
func Counts(tb testing.TB) map[int][2]uint64 {
	tb.Helper()
	f, err := os.Open(table())
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	ref := map[int][2]uint64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, "\t")
		if len(fs) != 3 {
			tb.Fatalf("oracle: bad reference line %q", line)
		}
		n, err1 := strconv.Atoi(fs[0])
		all, err2 := strconv.ParseUint(fs[1], 10, 64)
		uniq, err3 := strconv.ParseUint(fs[2], 10, 64)
		if err1 != nil || err2 != nil || err3 != nil {
			// the header line
			if len(ref) == 0 && err1 != nil {
				continue
			}
			tb.Fatalf("oracle: bad reference line %q", line)
		}
		ref[n] = [2]uint64{all, uniq}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(ref) != 27 {
		tb.Fatalf("oracle: reference table has %d rows, want 27", len(ref))
	}
	return ref
}

// All is Counts without the fundamental solutions: All(tb)[n] is the
// number of solutions of the n-queens problem.
func All(tb testing.TB) map[int]uint64 {
	all := map[int]uint64{}
	for n, c := range Counts(tb) {
		all[n] = c[0]
	}
	return all
}

// Completions lists every completion of board b, in lexicographic order, by
// trying every column in every free row and checking each new queen by its
// coordinates against the queens of the earlier rows and every given queen.
// It is slow (use it for n ≤ 12, or for boards with few free rows) and
// shares nothing with the searches under test.
func Completions(b encode.Board) []encode.Placement {
	n := b.N
	p := make(encode.Placement, n)
	var given []int // rows holding a given queen
	for r := 0; r < n; r++ {
		p[r] = b.Queen(r)
		if p[r] >= 0 {
			given = append(given, r)
		}
	}
	attack := func(r1, c1, r2, c2 int) bool {
		return c1 == c2 || c1-c2 == r1-r2 || c1-c2 == r2-r1
	}
	ok := func(r, c int) bool {
		for i := 0; i < r; i++ {
			if attack(i, p[i], r, c) {
				return false
			}
		}
		for _, g := range given {
			if g > r && attack(g, p[g], r, c) {
				return false
			}
		}
		return true
	}
	var out []encode.Placement
	var rec func(r int)
	rec = func(r int) {
		if r == n {
			out = append(out, append(encode.Placement(nil), p...))
			return
		}
		if c := b.Queen(r); c >= 0 {
			if ok(r, c) {
				rec(r + 1)
			}
			return
		}
		for c := 0; c < n; c++ {
			if ok(r, c) {
				p[r] = c
				rec(r + 1)
			}
		}
		p[r] = -1
	}
	rec(0)
	return out
}

// RandomBoard places up to k queens at random squares of an n×n board,
// keeping each only if it attacks no queen kept before (at most n² tries).
func RandomBoard(rng *rand.Rand, n, k int) encode.Board {
	b := encode.Board{N: n, Queens: make([]int, n)}
	for r := range b.Queens {
		b.Queens[r] = -1
	}
	for tries := 0; tries < n*n && b.Given() < k; tries++ {
		r, c := rng.IntN(n), rng.IntN(n)
		if b.Queens[r] >= 0 {
			continue
		}
		b.Queens[r] = c
		if b.Validate() != nil {
			b.Queens[r] = -1
		}
	}
	return b
}
