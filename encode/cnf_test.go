package encode_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
)

// clauseList collects clauses for the tests' own checks.
type cnfClauseList struct {
	cur     []int
	clauses [][]int
}

func (c *cnfClauseList) Add(lit int) {
	if lit == 0 {
		c.clauses = append(c.clauses, c.cur)
		c.cur = nil
		return
	}
	c.cur = append(c.cur, lit)
}

func cnfClauses(f *encode.Formula) [][]int {
	var c cnfClauseList
	f.Encode(&c)
	return c.clauses
}

// satisfiable is a small DPLL (unit propagation and branching) written for
// the tests, independent of package sat: it reports whether the clauses
// have a model that extends val (val[v] is 1 true, −1 false, 0 free).
func cnfSatisfiable(clauses [][]int, val []int8) bool {
	val = append([]int8(nil), val...)
	for {
		changed := false
		for _, c := range clauses {
			free, last, sat := 0, 0, false
			for _, l := range c {
				x := val[cnfAbs(l)]
				if x == 0 {
					free++
					last = l
				} else if (x > 0) == (l > 0) {
					sat = true
					break
				}
			}
			if sat {
				continue
			}
			if free == 0 {
				return false
			}
			if free == 1 {
				val[cnfAbs(last)] = cnfSign(last)
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	for _, c := range clauses {
		for _, l := range c {
			if val[cnfAbs(l)] == 0 {
				for _, b := range []int8{1, -1} {
					val[cnfAbs(l)] = b
					if cnfSatisfiable(clauses, val) {
						return true
					}
				}
				return false
			}
		}
	}
	return true
}

func cnfAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func cnfSign(l int) int8 {
	if l < 0 {
		return -1
	}
	return 1
}

// legal is the tests' own statement of the problem: the set of squares
// holds exactly one queen per row and column, at most one per diagonal, and
// every queen given by b.
func cnfLegal(b encode.Board, queens [][2]int) bool {
	n := b.N
	rows, cols := make([]int, n), make([]int, n)
	diag, anti := make([]int, 2*n), make([]int, 2*n)
	at := map[[2]int]bool{}
	for _, q := range queens {
		rows[q[0]]++
		cols[q[1]]++
		diag[q[0]+q[1]]++
		anti[q[0]-q[1]+n]++
		at[q] = true
	}
	for i := 0; i < n; i++ {
		if rows[i] != 1 || cols[i] != 1 {
			return false
		}
		if g := b.Queen(i); g >= 0 && !at[[2]int{i, g}] {
			return false
		}
	}
	for i := range diag {
		if diag[i] > 1 || anti[i] > 1 {
			return false
		}
	}
	return true
}

// boards is the shared table of small problems: empty boards and boards
// with queens given (some without any completion).
func cnfBoards() []encode.Board {
	bs := []encode.Board{}
	for n := 1; n <= 6; n++ {
		bs = append(bs, encode.Empty(n))
	}
	bs = append(bs,
		encode.Board{N: 5, Queens: []int{0, -1, -1, -1, -1}},
		encode.Board{N: 6, Queens: []int{-1, 3}},
		encode.Board{N: 6, Queens: []int{0, -1, -1, -1, -1, -1}}, // no completion
		encode.Board{N: 7, Queens: []int{-1, -1, 2, -1, 6}},
		encode.Board{N: 4, Queens: []int{1, 3, 0, 2}},
	)
	return bs
}

// cnfOptions lists every encoding and numbering, each with its own
// pairwise base case and with groups of more than 2 and of more than 3
// variables written by the encoding itself, so that the recursion of
// every encoding is exercised on small boards.
func cnfOptions() []encode.CNFOptions {
	var os []encode.CNFOptions
	for _, amo := range encode.AMOEncodings() {
		for _, keep := range []bool{false, true} {
			for _, dense := range []bool{false, true} {
				for _, cut := range []int{0, 2, 3} {
					if amo == encode.Pairwise && cut > 0 {
						continue
					}
					os = append(os, encode.CNFOptions{AMO: amo, KeepAttacked: keep, Dense: dense, PairwiseUpTo: cut})
				}
			}
		}
	}
	return os
}

func cnfOptName(o encode.CNFOptions) string {
	return fmt.Sprintf("amo=%v/keep=%v/dense=%v/cut=%d/shuffle=%d/interleave=%v", o.AMO, o.KeepAttacked, o.Dense, o.PairwiseUpTo, o.Shuffle, o.Interleave)
}

// TestCNFSemantics checks the defining property of the encoding: for every
// assignment of the decision variables, the formula can be satisfied (by
// some values of the auxiliaries) exactly when the queens it places are a
// completion of the board. Assignments: every one-queen-per-row placement
// for n ≤ 5, every permutation for n = 6 and 7, and random sets of squares.
func TestCNFSemantics(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 1))
	for _, b := range cnfBoards() {
		for _, o := range cnfOptions() {
			cnfCheckSemantics(t, rng, b, o)
		}
	}
}

// cnfCheckSemantics is TestCNFSemantics for one board and options.
func cnfCheckSemantics(t *testing.T, rng *rand.Rand, b encode.Board, o encode.CNFOptions) {
	t.Helper()
	f, err := encode.CNFWith(b, o)
	if err != nil {
		t.Fatal(err)
	}
	clauses := cnfClauses(f)
	n := b.N
	check := func(queens [][2]int) {
		val := make([]int8, f.Vars()+1)
		for _, v := range f.DecisionVars() {
			val[v] = -1
		}
		given := 0
		for _, q := range queens {
			v := f.Var(q[0], q[1])
			if v == 0 {
				// A square the formula leaves out: the
				// assignment cannot be expressed.
				return
			}
			if b.Queen(q[0]) == q[1] {
				given++
			}
			val[v] = 1
		}
		if !o.KeepAttacked && given < b.Given() {
			// Without KeepAttacked the given queens are not
			// decision variables: every model has them.
			return
		}
		want := cnfLegal(b, queens)
		got := cnfSatisfiable(clauses, val)
		if got != want {
			t.Fatalf("n=%d board %v %s: queens %v: satisfiable %v, legal %v", n, b.Queens, cnfOptName(o), queens, got, want)
		}
	}
	// One queen per row, every way (n ≤ 5) or every permutation.
	var rec func(r int, qs [][2]int, used []bool, perm bool)
	rec = func(r int, qs [][2]int, used []bool, perm bool) {
		if r == n {
			check(qs)
			return
		}
		for c := 0; c < n; c++ {
			if perm && used[c] {
				continue
			}
			if g := b.Queen(r); g >= 0 && g != c && rng.IntN(8) != 0 {
				continue // mostly keep the given queens
			}
			used[c] = true
			rec(r+1, append(qs, [2]int{r, c}), used, perm)
			used[c] = false
		}
	}
	rec(0, nil, make([]bool, n), n > 5)
	for range 200 {
		var qs [][2]int
		p := rng.Float64() * 2 / float64(n)
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				if rng.Float64() < p || b.Queen(r) == c {
					qs = append(qs, [2]int{r, c})
				}
			}
		}
		check(qs)
	}
}

// TestCNFSizes checks that Vars and Clauses (computed in closed form) are
// what Encode writes, that auxiliaries are numbered right after the
// squares, and the pairwise size against a count made by hand in the test.
func TestCNFSizes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	bs := cnfBoards()
	for _, n := range []int{8, 13, 30, 64} {
		bs = append(bs, encode.Empty(n), oracle.RandomBoard(rng, n, n/3))
	}
	for _, b := range bs {
		for _, o := range cnfOptions() {
			f, err := encode.CNFWith(b, o)
			if err != nil {
				t.Fatal(err)
			}
			var c encode.Counter
			f.Encode(&c)
			if v, cl, err := encode.CNFSize(b, o); err != nil || v != f.Vars() || cl != f.Clauses() {
				t.Errorf("n=%d %s: CNFSize = %d, %d, %v; the formula has %d, %d", b.N, cnfOptName(o), v, cl, err, f.Vars(), f.Clauses())
			}
			if c.Clauses != f.Clauses() {
				t.Errorf("n=%d %s: Clauses() = %d, Encode wrote %d", b.N, cnfOptName(o), f.Clauses(), c.Clauses)
			}
			if c.MaxVar > f.Vars() {
				t.Errorf("n=%d %s: Encode used variable %d > Vars() = %d", b.N, cnfOptName(o), c.MaxVar, f.Vars())
			}
			base := b.N * b.N
			if o.Dense {
				base = f.Squares()
				if !o.KeepAttacked {
					base += b.Given()
				}
			}
			if f.Vars() > base && c.MaxVar != f.Vars() {
				t.Errorf("n=%d %s: auxiliaries end at %d, Vars() = %d", b.N, cnfOptName(o), c.MaxVar, f.Vars())
			}
		}
		if b.Given() == 0 {
			f, _ := encode.CNF(b, encode.Pairwise)
			if want := cnfPairwiseEmpty(b.N); f.Clauses() != want || f.Vars() != b.N*b.N {
				t.Errorf("pairwise n=%d: %d variables, %d clauses, want %d, %d", b.N, f.Vars(), f.Clauses(), b.N*b.N, want)
			}
		}
	}
}

// pairwiseEmpty counts the pairwise CNF of the empty n×n board square by
// square: a clause for each row and column, one for each pair of squares
// in a row or column, and one for each pair on a diagonal.
func cnfPairwiseEmpty(n int) int {
	cl := 2 * n
	for r1 := 0; r1 < n; r1++ {
		for c1 := 0; c1 < n; c1++ {
			for r2 := 0; r2 < n; r2++ {
				for c2 := 0; c2 < n; c2++ {
					if r2*n+c2 <= r1*n+c1 {
						continue
					}
					if r1 == r2 || c1 == c2 || r1+c1 == r2+c2 || r1-c1 == r2-c2 {
						cl++
					}
				}
			}
		}
	}
	return cl
}

// TestCNFDropsAttacked checks which squares get a variable: the squares of
// free rows and columns that no given queen attacks, counted here directly.
func TestCNFDropsAttacked(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for range 30 {
		n := 4 + rng.IntN(20)
		b := oracle.RandomBoard(rng, n, rng.IntN(n))
		f, err := encode.CNF(b, encode.Sequential)
		if err != nil {
			t.Fatal(err)
		}
		free := 0
		seen := map[int]bool{}
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				attacked := false
				for r2 := 0; r2 < n; r2++ {
					if c2 := b.Queen(r2); c2 >= 0 && (r2 == r || c2 == c || r2+c2 == r+c || r2-c2 == r-c) {
						attacked = true
					}
				}
				v := f.Var(r, c)
				switch {
				case b.Queen(r) == c:
					if v != r*n+c+1 {
						t.Fatalf("given queen (%d,%d): variable %d, want %d", r, c, v, r*n+c+1)
					}
				case attacked:
					if v != 0 {
						t.Fatalf("n=%d board %v: attacked square (%d,%d) has variable %d", n, b.Queens, r, c, v)
					}
				default:
					free++
					if v != r*n+c+1 || seen[v] {
						t.Fatalf("free square (%d,%d): variable %d, want %d", r, c, v, r*n+c+1)
					}
					seen[v] = true
				}
			}
		}
		if f.Squares() != free || len(f.DecisionVars()) != free {
			t.Fatalf("n=%d board %v: %d squares encoded, %d decision variables, want %d", n, b.Queens, f.Squares(), len(f.DecisionVars()), free)
		}
		for _, v := range f.DecisionVars() {
			if !seen[v] {
				t.Fatalf("decision variable %d is not a free square", v)
			}
		}
	}
}

// construction returns a solution for n ≡ 0, 1, 4 or 5 (mod 6): the
// columns 1, 3, 5, … then 0, 2, 4, … (0-based), the classical explicit
// solution (Ahrens; Hoffman, Loessi and Moore, Math. Mag. 42 (1969)).
func cnfConstruction(n int) encode.Placement {
	p := make(encode.Placement, 0, n)
	for c := 1; c < n; c += 2 {
		p = append(p, c)
	}
	for c := 0; c < n; c += 2 {
		p = append(p, c)
	}
	return p
}

// TestCNFLargeSparseBoard encodes a board of order 4999 with 6 free rows:
// the formula has variables for the free squares only (Dense), and its
// decoding of a solution found by trying the free squares is verified.
func TestCNFLargeSparseBoard(t *testing.T) {
	n := 4999
	sol := cnfConstruction(n)
	if err := encode.Verify(encode.Empty(n).Problem(), sol); err != nil {
		t.Fatal(err)
	}
	b := encode.Board{N: n, Queens: append([]int(nil), sol...)}
	free := []int{0, 1, 2, 2500, 4000, 4998}
	for _, r := range free {
		b.Queens[r] = -1
	}
	for _, amo := range encode.AMOEncodings() {
		f, err := encode.CNFWith(b, encode.CNFOptions{AMO: amo, Dense: true})
		if err != nil {
			t.Fatal(err)
		}
		if f.Squares() > 36 || f.Squares() < 6 {
			t.Fatalf("%v: %d squares encoded for 6 free rows", amo, f.Squares())
		}
		if f.Vars() > 36+(n-6)+100 {
			t.Fatalf("%v: %d variables", amo, f.Vars())
		}
		// The model that puts the queens of sol on the free squares.
		val := map[int]bool{}
		for _, r := range free {
			v := f.Var(r, sol[r])
			if v == 0 {
				t.Fatalf("%v: square (%d,%d) of a solution has no variable", amo, r, sol[r])
			}
			val[v] = true
		}
		p, err := f.Decode(func(v int) bool { return val[v] })
		if err != nil {
			t.Fatal(err)
		}
		if err := encode.Verify(b.Problem(), p); err != nil {
			t.Fatal(err)
		}
		clauses := cnfClauses(f)
		vals := make([]int8, f.Vars()+1)
		for _, v := range f.DecisionVars() {
			vals[v] = -1
			if val[v] {
				vals[v] = 1
			}
		}
		if !cnfSatisfiable(clauses, vals) {
			t.Fatalf("%v: the formula rejects a solution", amo)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	f, err := encode.CNF(encode.Empty(4), encode.Pairwise)
	if err != nil {
		t.Fatal(err)
	}
	two := map[int]bool{f.Var(0, 1): true, f.Var(0, 2): true}
	if _, err := f.Decode(func(v int) bool { return two[v] }); err == nil || !strings.Contains(err.Error(), "two queens in row 0") {
		t.Errorf("two queens in a row: got error %v", err)
	}
	if _, err := f.Decode(func(int) bool { return false }); err == nil || !strings.Contains(err.Error(), "no queen in row 0") {
		t.Errorf("empty model: got error %v", err)
	}
}

func TestCNFBadInput(t *testing.T) {
	_, err := encode.CNF(encode.Board{N: 4, Queens: []int{0, 1}}, encode.Pairwise)
	if !errors.Is(err, encode.ErrInvalidBoard) {
		t.Errorf("attacking queens: got %v, want ErrInvalidBoard", err)
	}
	if _, _, err := encode.CNFSize(encode.Board{N: 4, Queens: []int{0, 1}}, encode.CNFOptions{}); !errors.Is(err, encode.ErrInvalidBoard) {
		t.Errorf("CNFSize, attacking queens: got %v, want ErrInvalidBoard", err)
	}
	if _, err := encode.CNF(encode.Empty(4), encode.AMOEncoding(42)); err == nil {
		t.Errorf("unknown encoding accepted")
	}
	if _, _, err := encode.CNFSize(encode.Empty(4), encode.CNFOptions{AMO: 42}); err == nil {
		t.Errorf("CNFSize: unknown encoding accepted")
	}
	for _, cut := range []int{-1, 1} {
		_, err := encode.CNFWith(encode.Empty(4), encode.CNFOptions{AMO: encode.Product, PairwiseUpTo: cut})
		if err == nil || !strings.Contains(err.Error(), "want 0 (the encoding's own) or at least 2") {
			t.Errorf("PairwiseUpTo %d: %v", cut, err)
		}
	}
	n := 1 << 15 // 2³⁰ squares: more than MaxCNFSquares
	_, err = encode.CNF(encode.Empty(n), encode.Product)
	_, _, err2 := encode.CNFSize(encode.Empty(n), encode.CNFOptions{AMO: encode.Product})
	if err == nil || err2 == nil || err.Error() != err2.Error() || !strings.Contains(err.Error(), "square variables") {
		t.Errorf("n=%d: CNF says %v, CNFSize says %v", n, err, err2)
	}
}

// TestCNFSizeLarge sizes the formulas of a board with 5000 free rows
// without building them: the memory used stays O(n), far below the 25
// million squares, and the pairwise size agrees with its closed form
// (2n at-least-one clauses, n²(n−1) for rows and columns, and
// 2·Σ m(m−1)/2 over the diagonals of lengths m = 1..n..1).
func TestCNFSizeLarge(t *testing.T) {
	n := 5000
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	sizes := map[encode.AMOEncoding][2]int{}
	for _, a := range encode.AMOEncodings() {
		v, c, err := encode.CNFSize(encode.Empty(n), encode.CNFOptions{AMO: a, Dense: true})
		if err != nil {
			t.Fatal(err)
		}
		sizes[a] = [2]int{v, c}
	}
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
		t.Errorf("CNFSize allocated %d bytes for n=%d", grew, n)
	}
	diag := 0
	for m := 1; m <= n; m++ {
		k := 2
		if m == n {
			k = 1
		}
		diag += k * m * (m - 1) / 2
	}
	want := 2*n + n*n*(n-1) + 2*diag
	if p := sizes[encode.Pairwise]; p != [2]int{n * n, want} {
		t.Errorf("pairwise n=%d: %v, want %d variables and %d clauses", n, p, n*n, want)
	}
	for _, a := range []encode.AMOEncoding{encode.Sequential, encode.Commander, encode.Product} {
		if s := sizes[a]; s[1] >= want/100 || s[1] < 4*n*n || s[0] <= n*n {
			t.Errorf("%v n=%d: %v", a, n, s)
		}
	}
}

// TestEncodeContext: with a context that never ends EncodeContext writes
// what Encode writes; with one already cancelled it writes the given
// queens' unit clauses only and returns the context's error.
func TestEncodeContext(t *testing.T) {
	b := encode.Board{N: 40, Queens: []int{3, -1, -1, 10}}
	f, err := encode.CNF(b, encode.ProductBimander)
	if err != nil {
		t.Fatal(err)
	}
	var all, part encode.Counter
	if err := f.EncodeContext(context.Background(), &all); err != nil || all.Clauses != f.Clauses() {
		t.Errorf("background: %d clauses of %d, %v", all.Clauses, f.Clauses(), err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := f.EncodeContext(ctx, &part); err != context.Canceled || part.Clauses != 2 {
		t.Errorf("cancelled: %d clauses, %v; want the 2 given queens and context.Canceled", part.Clauses, err)
	}
}

func TestParseAMO(t *testing.T) {
	for _, a := range encode.AMOEncodings() {
		got, err := encode.ParseAMO(a.String())
		if err != nil || got != a {
			t.Errorf("ParseAMO(%q) = %v, %v", a.String(), got, err)
		}
	}
	for name, want := range map[string]encode.AMOEncoding{"SEQ": encode.Sequential, "binomial": encode.Pairwise, " Product ": encode.Product, "cmd": encode.Commander, "bim": encode.Bimander, "prodbim": encode.ProductBimander} {
		if got, err := encode.ParseAMO(name); err != nil || got != want {
			t.Errorf("ParseAMO(%q) = %v, %v; want %v", name, got, err, want)
		}
	}
	_, err := encode.ParseAMO("ladderx")
	if err == nil || err.Error() != `encode: unknown at-most-one encoding "ladderx" (known: pairwise, sequential, commander, product, bimander, product-bimander)` {
		t.Errorf("ParseAMO(ladderx): %v", err)
	}
	if s := encode.AMOEncoding(9).String(); s != "amo(9)" {
		t.Errorf("String of a bad encoding: %q", s)
	}
}

// TestWriteDIMACS reads the output back with a reader written here: the
// header agrees with the clauses, which agree with Encode, and the comments
// name n, the encoding and, in dense numbering, every square's variable.
func TestWriteDIMACS(t *testing.T) {
	b := encode.Board{N: 6, Queens: []int{-1, 3}}
	for _, o := range cnfOptions() {
		f, err := encode.CNFWith(b, o)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := f.WriteDIMACS(&buf); err != nil {
			t.Fatal(err)
		}
		var got [][]int
		var cur []int
		hv, hc := -1, -1
		comments := map[string]bool{}
		mapped := map[int][2]int{}
		sc := bufio.NewScanner(&buf)
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "c "):
				comments[line] = true
				var v, r, c int
				if _, err := fmt.Sscanf(line, "c x %d %d %d", &v, &r, &c); err == nil {
					mapped[v] = [2]int{r, c}
				}
			case strings.HasPrefix(line, "p cnf "):
				if _, err := fmt.Sscanf(line, "p cnf %d %d", &hv, &hc); err != nil {
					t.Fatalf("header %q: %v", line, err)
				}
			default:
				for _, tok := range strings.Fields(line) {
					l, err := strconv.Atoi(tok)
					if err != nil {
						t.Fatalf("token %q in %q", tok, line)
					}
					if cnfAbs(l) > hv {
						t.Fatalf("%s: literal %d beyond the header's %d variables", cnfOptName(o), l, hv)
					}
					if l == 0 {
						got = append(got, cur)
						cur = nil
					} else {
						cur = append(cur, l)
					}
				}
			}
		}
		if hv != f.Vars() || hc != f.Clauses() || len(got) != hc {
			t.Fatalf("%s: header p cnf %d %d, %d clauses; want %d %d", cnfOptName(o), hv, hc, len(got), f.Vars(), f.Clauses())
		}
		want := cnfClauses(f)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s: DIMACS clauses differ from Encode", cnfOptName(o))
		}
		for _, c := range []string{"c n 6", "c amo " + o.AMO.String(), "c queen 1 3"} {
			if !comments[c] {
				t.Errorf("%s: no comment line %q", cnfOptName(o), c)
			}
		}
		if o.Dense {
			for v, sq := range mapped {
				if f.Var(sq[0], sq[1]) != v {
					t.Errorf("%s: comment maps variable %d to %v, Var gives %d", cnfOptName(o), v, sq, f.Var(sq[0], sq[1]))
				}
			}
			if len(mapped) != f.Squares()+map[bool]int{false: b.Given(), true: 0}[o.KeepAttacked] {
				t.Errorf("%s: %d variables mapped in comments, %d squares", cnfOptName(o), len(mapped), f.Squares())
			}
		} else if !comments["c variable r*6+c+1 is a queen on row r, column c (0-based), 1..36"] {
			t.Errorf("%s: no comment with the variable mapping", cnfOptName(o))
		}
	}
}

// ExampleCNF prints the size of the CNF of the 64-queens problem for each
// at-most-one encoding.
func ExampleCNF() {
	for _, amo := range encode.AMOEncodings() {
		f, err := encode.CNF(encode.Empty(64), amo)
		if err != nil {
			panic(err)
		}
		var c encode.Counter
		f.Encode(&c)
		fmt.Printf("%-16s %5d variables %6d clauses %7d literals\n", amo, f.Vars(), c.Clauses, c.Literals)
	}
	// Output:
	// pairwise          4096 variables 428864 clauses  865664 literals
	// sequential       20074 variables  47736 clauses  103408 literals
	// commander        11906 variables  54918 clauses  133074 literals
	// product           7940 variables  63236 clauses  134408 literals
	// bimander          4858 variables 111328 clauses  230592 literals
	// product-bimander  6522 variables  81632 clauses  171200 literals
}

// ExampleFormula_WriteDIMACS writes the CNF of the 2-queens problem, which
// has no solution.
func ExampleFormula_WriteDIMACS() {
	f, err := encode.CNF(encode.Empty(2), encode.Pairwise)
	if err != nil {
		panic(err)
	}
	f.WriteDIMACS(os.Stdout)
	// Output:
	// c qtool n-queens CNF
	// c n 2
	// c amo pairwise
	// c given 0 queens (unit clauses; the squares they take or attack are left out: their variables are in no clause, ignore their values)
	// c variable r*2+c+1 is a queen on row r, column c (0-based), 1..4
	// p cnf 4 10
	// 1 2 0
	// -1 -2 0
	// 3 4 0
	// -3 -4 0
	// 1 3 0
	// -1 -3 0
	// 2 4 0
	// -2 -4 0
	// -2 -3 0
	// -1 -4 0
}

// TestAMONames: the names read back by ParseAMO, pairwise first, and an
// unknown name's error lists them.
func TestAMONames(t *testing.T) {
	names := encode.AMONames()
	if len(names) != len(encode.AMOEncodings()) || names[0] != "pairwise" {
		t.Fatalf("encode.AMONames() = %v", names)
	}
	for i, name := range names {
		if a, err := encode.ParseAMO(name); err != nil || a != encode.AMOEncodings()[i] {
			t.Errorf("encode.ParseAMO(%q) = %v, %v", name, a, err)
		}
	}
	if _, err := encode.ParseAMO("zz"); err == nil || !strings.Contains(err.Error(), strings.Join(names, ", ")) {
		t.Errorf("encode.ParseAMO(zz): %v", err)
	}
}
