package magic_test

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/magic"
)

// published reads testdata/published.txt: the squares as their sources
// print them, with what the sources say of them.
type publishedSquare struct {
	name, source       string
	magic, pandiagonal bool
	square             magic.Square
}

func readPublished(t *testing.T) map[string]publishedSquare {
	t.Helper()
	f, err := os.Open("testdata/published.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]publishedSquare{}
	var cur *publishedSquare
	var rows strings.Builder
	flush := func() {
		if cur == nil {
			return
		}
		s, err := magic.Read(strings.NewReader(rows.String()), cur.name)
		if err != nil {
			t.Fatalf("%s: %v", cur.name, err)
		}
		cur.square = s
		out[cur.name] = *cur
		rows.Reset()
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "#") || strings.TrimSpace(l) == "":
		case strings.HasPrefix(l, "= "):
			flush()
			f := strings.Split(strings.TrimPrefix(l, "= "), " | ")
			if len(f) != 4 {
				t.Fatalf("bad header %q", l)
			}
			cur = &publishedSquare{name: f[0], source: f[1], magic: f[2] == "magic", pandiagonal: f[3] == "pandiagonal"}
		default:
			rows.WriteString(l + "\n")
		}
	}
	flush()
	if len(out) < 4 {
		t.Fatalf("read %d published squares", len(out))
	}
	return out
}

// verify checks a run with the project's verifier, as a plain solution,
// and says whether it is also a toroidal one (encode.Verify with the
// toroidal rules).
func verify(t *testing.T, n int, p encode.Placement) (toroidal bool) {
	t.Helper()
	if err := encode.Verify(encode.Empty(n).Problem(), p); err != nil {
		t.Fatalf("n = %d: %v is not a solution: %v", n, p, err)
	}
	cells := make([]encode.Cell, n)
	for r, c := range p {
		cells[r] = encode.Cell{R: r, C: c}
	}
	return encode.Verify(encode.Problem{Variant: encode.Toroidal, Instance: encode.Instance{Board: encode.Empty(n)}}, cells) == nil
}

func TestPublished(t *testing.T) {
	pub := readPublished(t)
	for name, p := range pub {
		rep, err := magic.Check(p.square)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !rep.Normal || rep.Magic != p.magic || rep.Pandiagonal != p.pandiagonal || rep.Sum != rep.Constant {
			t.Errorf("%s (%s): %+v, the source says magic %v, pandiagonal %v", name, p.source, rep, p.magic, p.pandiagonal)
		}
	}
	// de la Loubère's method reproduces the published squares.
	for _, n := range []int{3, 5} {
		s, err := magic.Siamese(n)
		if err != nil {
			t.Fatal(err)
		}
		if want := pub[fmt.Sprint("siamese", n)].square; fmt.Sprint(s) != fmt.Sprint(want) {
			t.Errorf("Siamese(%d) = %v, published %v", n, s, want)
		}
	}
	// The Lo Shu (n = 3 has no solution) and Dürer's square have no run
	// on a queens solution; de la Loubère's of order 5 has its five
	// low-digit classes (steps of a knight's move), and no block.
	for _, name := range []string{"loshu", "siamese3", "durer"} {
		if runs, err := magic.QueensOf(pub[name].square); !errors.Is(err, magic.ErrNoRun) {
			t.Errorf("%s: %v, %v; want ErrNoRun", name, runs, err)
		}
	}
	runs, err := magic.QueensOf(pub["siamese5"].square)
	if err != nil || len(runs) != 5 {
		t.Fatalf("siamese5: %v, %v", runs, err)
	}
	for d, u := range runs {
		if u.High || u.Digit != d {
			t.Errorf("siamese5: run %d is %+v, want the low digit %d", d, u, d)
		}
		verify(t, 5, u.Queens)
	}
	// 1, 6, 11, 16, 21 of the published square: rows 0..4 hold them in
	// columns 2, 4, 1, 3, 0 (read off the square by hand).
	if got := fmt.Sprint([]int(runs[0].Queens)); got != "[2 4 1 3 0]" {
		t.Errorf("siamese5: the numbers ≡ 1 mod 5 stand at %s, want [2 4 1 3 0]", got)
	}
}

// TestBothWays converts both ways for every n ≤ 50 the method covers:
// Pólya's solution to a magic square and back, and de la Loubère's square
// to its queens, every result checked by its sums and by the verifier.
func TestBothWays(t *testing.T) {
	covered := 0
	for n := 1; n <= 50; n++ {
		p := magic.Polya(n)
		s, err := magic.FromQueens(p)
		if !magic.Covered(n) {
			if err == nil {
				t.Errorf("n = %d: FromQueens(%v) built a square for an n not covered", n, p)
			}
			continue
		}
		covered++
		if err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
		rep, err := magic.Check(s)
		if err != nil || !rep.Normal || !rep.Magic || !rep.Pandiagonal || rep.Sum != n*(n*n+1)/2 {
			t.Fatalf("n = %d: %+v %v", n, rep, err)
		}
		runs, err := magic.QueensOf(s)
		if err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
		found := false
		for _, u := range runs {
			verify(t, n, u.Queens)
			found = found || u.High && u.Digit == 0 && fmt.Sprint(u.Queens) == fmt.Sprint(p)
		}
		if !found {
			t.Errorf("n = %d: the numbers 1..n of the square do not stand on Pólya's solution", n)
		}
	}
	if covered != 17 { // 1 5 7 11 13 17 19 23 25 29 31 35 37 41 43 47 49
		t.Errorf("%d orders ≤ 50 covered, want 17", covered)
	}
	for n := 1; n <= 49; n += 2 {
		s, err := magic.Siamese(n)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := magic.Check(s)
		if err != nil || !rep.Normal || !rep.Magic || rep.Sum != n*(n*n+1)/2 {
			t.Fatalf("Siamese(%d): %+v %v", n, rep, err)
		}
		runs, err := magic.QueensOf(s)
		if n%3 == 0 {
			// None: a block lies on a broken diagonal (r + c is s or s + n
			// on its n ≥ 3 cells, so two share a diagonal), and the three
			// numbers k, k + n²/3, k + 2n²/3 of a low-digit class stand at
			// (a, b) + (n/3)·(α−j mod 3, β−j mod 3), j = 0, 1, 2, two of
			// which share a diagonal whatever α and β.
			if !errors.Is(err, magic.ErrNoRun) {
				t.Errorf("Siamese(%d): %v, %v; want ErrNoRun", n, runs, err)
			}
			continue
		}
		if err != nil || len(runs) != n && n > 1 {
			t.Fatalf("Siamese(%d): %d runs, %v", n, len(runs), err)
		}
		for _, u := range runs {
			if n > 1 && u.High {
				t.Errorf("Siamese(%d): a block %v stands on a solution (it lies on a broken diagonal)", n, u)
			}
			if !verify(t, n, u.Queens) {
				t.Errorf("Siamese(%d): %v is not toroidal, but steps by a knight's move", n, u)
			}
		}
	}
	for _, n := range []int{0, 2, 50, magic.MaxN + 2} {
		if _, err := magic.Siamese(n); err == nil {
			t.Errorf("Siamese(%d): no error", n)
		}
	}
}

// solutions lists the n-queens solutions by brute force: on the torus
// (lines taken modulo n) or on the plain board.
func solutions(n int, torus bool) []encode.Placement {
	var out []encode.Placement
	p := make(encode.Placement, n)
	m := 2 * n
	if torus {
		m = n
	}
	var place func(r int)
	place = func(r int) {
		if r == n {
			out = append(out, append(encode.Placement(nil), p...))
			return
		}
	next:
		for c := 0; c < n; c++ {
			for q := 0; q < r; q++ {
				if p[q] == c || (q+p[q])%m == (r+c)%m || ((q-p[q])%m+m)%m == ((r-c)%m+m)%m {
					continue next
				}
			}
			p[r] = c
			place(r + 1)
		}
	}
	place(0)
	return out
}

// TestEveryToroidal builds the square of every toroidal solution of n = 5,
// 7 and 11 (10, 28 and 88 of them: OEIS A051906, also in
// ../testdata/variants-oeis.tsv) and finds the solution again in it.
func TestEveryToroidal(t *testing.T) {
	for n, want := range map[int]int{5: 10, 7: 28, 11: 88} {
		sols := solutions(n, true)
		if len(sols) != want {
			t.Fatalf("n = %d: %d toroidal solutions, A051906 says %d", n, len(sols), want)
		}
		pandiagonal := 0
		for _, p := range sols {
			if !verify(t, n, p) {
				t.Fatalf("%v: not toroidal by the verifier", p)
			}
			s, err := magic.FromQueens(p)
			if err != nil {
				t.Fatalf("%v: %v", p, err)
			}
			rep, _ := magic.Check(s)
			if !rep.Normal || !rep.Magic {
				t.Fatalf("%v: %+v", p, rep)
			}
			if rep.Pandiagonal {
				pandiagonal++
			}
			runs, err := magic.QueensOf(s)
			if err != nil || !runs[0].High || runs[0].Digit != 0 || fmt.Sprint(runs[0].Queens) != fmt.Sprint(p) {
				t.Fatalf("%v: runs %v, %v", p, runs, err)
			}
		}
		t.Logf("n = %d: %d toroidal solutions, %d of their squares pandiagonal", n, len(sols), pandiagonal)
	}
}

func TestRefused(t *testing.T) {
	// The 7-queens solutions that are not toroidal: 40 solutions
	// (A000170), 28 toroidal (A051906).
	var plain []encode.Placement
	for _, p := range solutions(7, false) {
		if !verify(t, 7, p) {
			plain = append(plain, p)
		}
	}
	if len(plain) != 40-28 {
		t.Fatalf("%d non-toroidal 7-queens solutions, want 12", len(plain))
	}
	for _, p := range plain {
		if ok, why := magic.Toroidal(p); ok || why == "" {
			t.Errorf("Toroidal(%v) = true", p)
		}
		if _, err := magic.FromQueens(p); err == nil || !strings.Contains(err.Error(), "not toroidal") {
			t.Errorf("FromQueens(%v) = %v", p, err)
		}
	}
	for _, tc := range []struct {
		p    encode.Placement
		want string
	}{
		{encode.Placement{1, 3, 0, 2}, "n = 4 is not covered"},
		{encode.Placement{0, 4, 7, 5, 2, 6, 1, 3}, "n = 8 is not covered"},
		{encode.Placement{0, 1, 2, 3, 4}, "not an n-queens solution"},
		{encode.Placement{}, "want 1 ≤ n"},
	} {
		if _, err := magic.FromQueens(tc.p); err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("FromQueens(%v) = %v, want one line with %q", tc.p, err, tc.want)
		}
	}
	// Not magic, not normal, not square.
	s, _ := magic.Siamese(5)
	s[0][0], s[0][1] = s[0][1], s[0][0]
	if _, err := magic.QueensOf(s); !errors.Is(err, magic.ErrNotMagic) || !strings.Contains(err.Error(), "column 1 sums to") {
		t.Errorf("swapped cells: %v", err)
	}
	if _, err := magic.QueensOf(magic.Square{{2, 2}, {2, 2}}); !errors.Is(err, magic.ErrNotMagic) {
		t.Errorf("not normal: %v", err)
	}
	if _, err := magic.Check(magic.Square{{1, 2}, {3}}); err == nil {
		t.Error("ragged square: no error")
	}
}
