package encode_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
)

// xcover is the independent exact-cover solver of these tests: plain
// Algorithm X over bit sets, without dancing links, branching on the first
// primary item not yet covered. It shares no code with package dlx.
type xcover struct {
	primary int
	words   int
	opts    [][]uint64 // the items of each option as a bit set
	byItem  [][]int    // the options of each primary item
}

func newXcover(m *encode.Matrix) *xcover {
	items := len(m.Primary) + len(m.Secondary)
	x := &xcover{primary: len(m.Primary), words: (items + 63) / 64, byItem: make([][]int, len(m.Primary))}
	for o, opt := range m.Options {
		set := make([]uint64, x.words)
		for _, i := range opt {
			if i < 0 || i >= items {
				panic(fmt.Sprintf("option %d: item %d out of range", o, i))
			}
			if set[i/64]>>(i%64)&1 == 1 {
				panic(fmt.Sprintf("option %d: item %d twice", o, i))
			}
			set[i/64] |= 1 << (i % 64)
			if i < x.primary {
				x.byItem[i] = append(x.byItem[i], o)
			}
		}
		x.opts = append(x.opts, set)
	}
	return x
}

// solve calls visit with every exact cover: every primary item exactly once,
// every secondary item at most once.
func (x *xcover) solve(visit func([]int)) {
	covered := make([]uint64, x.words)
	var chosen []int
	var rec func()
	rec = func() {
		i := 0
		for i < x.primary && covered[i/64]>>(i%64)&1 == 1 {
			i++
		}
		if i == x.primary {
			visit(chosen)
			return
		}
	next:
		for _, o := range x.byItem[i] {
			for w, bits := range x.opts[o] {
				if covered[w]&bits != 0 {
					continue next
				}
			}
			for w, bits := range x.opts[o] {
				covered[w] |= bits
			}
			chosen = append(chosen, o)
			rec()
			chosen = chosen[:len(chosen)-1]
			for w, bits := range x.opts[o] {
				covered[w] &^= bits
			}
		}
	}
	rec()
}

// countMatrix solves the matrix of board b with the test's solver, decodes
// and verifies every solution, and returns their number.
func countMatrix(t *testing.T, b encode.Board) uint64 {
	t.Helper()
	m, err := encode.ExactCover(b)
	if err != nil {
		t.Fatal(err)
	}
	var count uint64
	newXcover(m).solve(func(opts []int) {
		p, err := m.Decode(opts)
		if err != nil {
			t.Fatalf("decode %v: %v", opts, err)
		}
		if err := encode.Verify(b.Problem(), p); err != nil {
			t.Fatalf("solution %v of %+v: %v", p, b, err)
		}
		count++
	})
	return count
}

// TestExactCoverCounts solves the matrices of the empty boards n = 1..13
// (1..12 with -short) with an independent exact-cover solver, verifies every solution and compares the counts with
// the OEIS table.
func TestExactCoverCounts(t *testing.T) {
	ref := oracle.All(t)
	maxN := 12
	if !testing.Short() {
		maxN = 13
	}
	for n := 1; n <= maxN; n++ {
		if got := countMatrix(t, encode.Empty(n)); got != ref[n] {
			t.Errorf("unexpected count for n=%d: got %d want %d", n, got, ref[n])
		}
	}
}

// TestExactCoverShape checks the matrix of the empty board against Knuth's
// queens-dlx: the items in organ-pipe order, 4n−6 secondary items, n²
// options of the form r_i c_j a_{i+j} b_{i−j+n−1}.
func TestExactCoverShape(t *testing.T) {
	m, err := encode.ExactCover(encode.Empty(8))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(m.Primary, " "), "r4 c4 r3 c3 r5 c5 r2 c2 r6 c6 r1 c1 r7 c7 r0 c0"; got != want {
		t.Errorf("primary items: got %q want %q", got, want)
	}
	for n := 1; n <= 20; n++ {
		m, err := encode.ExactCover(encode.Empty(n))
		if err != nil {
			t.Fatal(err)
		}
		wantSec := max(4*n-6, 0)
		if len(m.Primary) != 2*n || len(m.Secondary) != wantSec || len(m.Options) != n*n {
			t.Errorf("n=%d: got %d primary, %d secondary, %d options; want %d, %d, %d",
				n, len(m.Primary), len(m.Secondary), len(m.Options), 2*n, wantSec, n*n)
		}
		seen := map[string]bool{}
		for _, name := range append(append([]string(nil), m.Primary...), m.Secondary...) {
			if seen[name] {
				t.Fatalf("n=%d: item %q twice", n, name)
			}
			seen[name] = true
		}
		names := append(append([]string(nil), m.Primary...), m.Secondary...)
		for o, opt := range m.Options {
			r, c := m.Square(o)
			var got []string
			for _, i := range opt {
				got = append(got, names[i])
			}
			want := []string{fmt.Sprintf("r%d", r), fmt.Sprintf("c%d", c)}
			if a := r + c; a >= 1 && a <= 2*n-3 {
				want = append(want, fmt.Sprintf("a%d", a))
			}
			if b := r - c + n - 1; b >= 1 && b <= 2*n-3 {
				want = append(want, fmt.Sprintf("b%d", b))
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Fatalf("n=%d option %d: got %q want %q", n, o, got, want)
			}
		}
	}
}

// TestExactCoverCompletion compares, on random completion instances, the
// number of exact covers of the matrix with a brute-force count of the
// completions, and checks that the matrix holds only free lines and
// squares that no given queen attacks.
func TestExactCoverCompletion(t *testing.T) {
	instances, solvable := 0, 0
	for n := 4; n <= 11; n++ {
		for _, k := range []int{1, 2, n / 3, n / 2, n - 2} {
			for i := uint64(0); i < 5; i++ {
				b, err := encode.Generate(n, k, 7, i)
				if err != nil {
					t.Fatal(err)
				}
				m, err := encode.ExactCover(b)
				if err != nil {
					t.Fatal(err)
				}
				free := len(b.FreeRows())
				if len(m.Primary) != 2*free {
					t.Fatalf("%+v: %d primary items for %d free rows", b, len(m.Primary), free)
				}
				for o := range m.Options {
					r, c := m.Square(o)
					q := make([]int, n)
					for j := range q {
						q[j] = b.Queen(j)
					}
					q[r] = c
					if b.Queen(r) >= 0 || (encode.Board{N: n, Queens: q}).Validate() != nil {
						t.Fatalf("%+v: option %d on square (%d,%d), taken or attacked", b, o, r, c)
					}
				}
				want := uint64(len(oracle.Completions(b)))
				if got := countMatrix(t, b); got != want {
					t.Errorf("unexpected count for %+v: got %d want %d", b, got, want)
				}
				instances++
				if want > 0 {
					solvable++
				}
			}
		}
	}
	if solvable == 0 || solvable == instances {
		t.Errorf("%d of %d instances solvable: the test needs both kinds", solvable, instances)
	}
}

// construction returns a solution of the n-queens problem for n even with
// n mod 6 ≠ 2 (the classical explicit solution): rows i < n/2 take column
// 2i+1, rows n/2+i take column 2i.
func construction(n int) []int {
	q := make([]int, n)
	for i := 0; i < n/2; i++ {
		q[i], q[n/2+i] = 2*i+1, 2*i
	}
	return q
}

// TestExactCoverLargeBoard encodes a board of 2,004 rows of which 12 are
// free: the matrix has items for those only, and its covers are the
// completions.
func TestExactCoverLargeBoard(t *testing.T) {
	const n = 2004
	q := construction(n)
	if err := encode.Verify(encode.Empty(n).Problem(), encode.Placement(q)); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 12; i++ {
		q[(i*677+13)%n] = -1
	}
	b := encode.Board{N: n, Queens: q}
	start := time.Now()
	m, err := encode.ExactCover(b)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("matrix of %d primary items and %d options built in %v", len(m.Primary), len(m.Options), time.Since(start))
	if len(m.Primary) != 24 || len(m.Options) > 144 || len(m.Options) < 12 {
		t.Errorf("got %d primary items and %d options, want 24 and 12..144", len(m.Primary), len(m.Options))
	}
	want := uint64(len(oracle.Completions(b)))
	if want == 0 {
		t.Fatal("the board has no completion, yet it came from a solution")
	}
	if got := countMatrix(t, b); got != want {
		t.Errorf("unexpected count: got %d want %d", got, want)
	}
}

// TestExactCoverFullBoard: a board without a free row has one completion,
// the board itself, and an empty matrix.
func TestExactCoverFullBoard(t *testing.T) {
	b := encode.Board{N: 4, Queens: []int{1, 3, 0, 2}}
	m, err := encode.ExactCover(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Primary)+len(m.Secondary)+len(m.Options) != 0 {
		t.Errorf("got %d, %d, %d items and options", len(m.Primary), len(m.Secondary), len(m.Options))
	}
	p, err := m.Decode(nil)
	if err != nil || encode.Verify(b.Problem(), p) != nil {
		t.Errorf("decode of the empty choice: %v %v", p, err)
	}
	if err := m.WriteDLX(new(strings.Builder)); err == nil {
		t.Error("WriteDLX of a full board: no error")
	}
}

func TestExactCoverErrors(t *testing.T) {
	if _, err := encode.ExactCover(encode.Board{N: 4, Queens: []int{0, 1}}); !errors.Is(err, encode.ErrInvalidBoard) {
		t.Errorf("attacking queens: got %v", err)
	}
	if _, err := encode.ExactCover(encode.Board{N: 0}); err == nil {
		t.Error("n = 0: no error")
	}
	m, err := encode.ExactCover(encode.Empty(4))
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range [][]int{{-1}, {16}, {0, 1}, {1, 7, 8}} {
		if _, err := m.Decode(opts); !errors.Is(err, encode.ErrBadChoice) {
			t.Errorf("Decode(%v): got %v", opts, err)
		}
	}
}

// TestWriteDLX reads the written matrix back with a small reader of dlx1's
// format written here, and compares.
func TestWriteDLX(t *testing.T) {
	boards := []encode.Board{encode.Empty(1), encode.Empty(6), {N: 7, Queens: []int{-1, 3, -1, -1, 1}}}
	for _, b := range boards {
		m, err := encode.ExactCover(b)
		if err != nil {
			t.Fatal(err)
		}
		var sb strings.Builder
		if err := m.WriteDLX(&sb); err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, l := range strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n") {
			if !strings.HasPrefix(strings.TrimSpace(l), "|") {
				lines = append(lines, l)
			}
		}
		head := strings.Fields(lines[0])
		wantHead := append([]string(nil), m.Primary...)
		if len(m.Secondary) > 0 {
			wantHead = append(append(wantHead, "|"), m.Secondary...)
		}
		if strings.Join(head, " ") != strings.Join(wantHead, " ") {
			t.Errorf("%+v: item line %q, want %q", b, lines[0], wantHead)
		}
		names := append(append([]string(nil), m.Primary...), m.Secondary...)
		if len(lines)-1 != len(m.Options) {
			t.Fatalf("%+v: %d option lines for %d options", b, len(lines)-1, len(m.Options))
		}
		for o, opt := range m.Options {
			var want []string
			for _, i := range opt {
				want = append(want, names[i])
			}
			if lines[o+1] != strings.Join(want, " ") {
				t.Errorf("%+v: option %d: %q want %q", b, o, lines[o+1], want)
			}
		}
	}
}

func TestOrganPipe(t *testing.T) {
	for n := 1; n <= 30; n++ {
		seen := make([]bool, n)
		for j := 0; j < n; j++ {
			t0 := encode.OrganPipe(n, j)
			if t0 < 0 || t0 >= n || seen[t0] {
				t.Fatalf("n=%d: OrganPipe(%d) = %d repeats or out of range", n, j, t0)
			}
			seen[t0] = true
			// Out from the middle: the distance |2t − (n−1)| never decreases.
			if j > 0 && abs(2*t0-(n-1)) < abs(2*encode.OrganPipe(n, j-1)-(n-1)) {
				t.Fatalf("n=%d: the order moves back towards the middle at j=%d", n, j)
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ExactCover writes the 4-queens problem in Knuth's format, ready for
// qtool xcover or dlx1.
func ExampleExactCover() {
	m, err := encode.ExactCover(encode.Empty(4))
	if err != nil {
		fmt.Println(err)
		return
	}
	m.WriteDLX(os.Stdout)
	p, _ := m.Decode([]int{1, 7, 8, 14}) // the squares (0,1) (1,3) (2,0) (3,2)
	fmt.Println(p, encode.Verify(m.Board.Problem(), p))
	// Output:
	// | 4-queens (0 queens given): Knuth's queens-dlx form, TAOCP 7.2.2.1
	// r2 c2 r1 c1 r3 c3 r0 c0 | a1 a2 a3 a4 a5 b1 b2 b3 b4 b5
	// r0 c0 b3
	// r0 c1 a1 b2
	// r0 c2 a2 b1
	// r0 c3 a3
	// r1 c0 a1 b4
	// r1 c1 a2 b3
	// r1 c2 a3 b2
	// r1 c3 a4 b1
	// r2 c0 a2 b5
	// r2 c1 a3 b4
	// r2 c2 a4 b3
	// r2 c3 a5 b2
	// r3 c0 a3
	// r3 c1 a4 b5
	// r3 c2 a5 b4
	// r3 c3 b3
	// 1 3 0 2 <nil>
}
