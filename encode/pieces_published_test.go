package encode_test

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

var long = flag.Bool("long", false, "run the slow checks (the chess challenge's 7×7 board)")

// publishedPieces is a row of testdata/mixed-pieces-published.tsv.
type publishedPieces struct {
	n       int
	problem encode.Variant
	army    encode.Army
	count   uint64
	source  string
}

func readPublishedPieces(t *testing.T) []publishedPieces {
	f, err := os.Open("../testdata/mixed-pieces-published.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []publishedPieces
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if sc.Text() == "" || sc.Text()[0] == '#' {
			continue
		}
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) != 5 {
			t.Fatalf("mixed-pieces-published.tsv: %q", sc.Text())
		}
		n, err1 := strconv.Atoi(fs[0])
		v, err2 := encode.ParseVariant(fs[1])
		a, err3 := encode.ParseArmy(fs[2])
		c, err4 := strconv.ParseUint(fs[3], 10, 64)
		if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
			t.Fatalf("mixed-pieces-published.tsv: %q", sc.Text())
		}
		rows = append(rows, publishedPieces{n, v, a, c, fs[4]})
	}
	return rows
}

// TestPiecesPublished: the model counts the published placements of
// pieces of several kinds (testdata/mixed-pieces-published.tsv), each
// solution passing Verify; for queens+knights the size search from
// Bound finds the published maximum, the sizes above it having none.
func TestPiecesPublished(t *testing.T) {
	for _, row := range readPublishedPieces(t) {
		if row.count > 1e6 && !*long {
			t.Logf("n=%d %v: skipped without -long", row.n, row.army)
			continue
		}
		p := encode.Problem{Variant: row.problem, Instance: encode.Instance{Board: encode.Empty(row.n)}, Counts: row.army}
		if row.problem == encode.QueensKnights {
			for k := p.Bound(); k > row.army.Total(); k -= p.SizeStep() {
				q := p
				q.Pieces = k
				if got := linesCount(t, q); got != 0 {
					t.Errorf("queens+knights n=%d: %d placements of %d pieces, more than the published maximum %v", row.n, got, k, row.army)
				}
			}
			p.Pieces = row.army.Total()
			if p.Army() != row.army {
				t.Fatalf("queens+knights %d pieces: army %v, want %v", p.Pieces, p.Army(), row.army)
			}
		}
		m, err := encode.NewModel(p)
		if err != nil {
			t.Fatal(err)
		}
		st, err := search.Lines(context.Background(), m, func(ch []int32) bool {
			if err := encode.Verify(p, m.PiecesOf(ch)); err != nil {
				t.Fatalf("n=%d %v: %v", row.n, row.army, err)
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		if st.Solutions != row.count {
			t.Errorf("%v n=%d %v: %d placements, published %d (%s)", row.problem, row.n, row.army, st.Solutions, row.count, row.source)
		}
	}
}

// TestParseArmy: the counts of --pieces, and the bad ones refused with a
// message naming the part at fault.
func TestParseArmy(t *testing.T) {
	for _, c := range []struct {
		in, want, err string
	}{
		{"Q=3,N=3", "Q=3,N=3", ""},
		{" K=2, Q=2 ,B=2,N=1", "Q=2,N=1,K=2,B=2", ""},
		{"R=0,Q=1", "Q=1", ""},
		{"", "", "no pieces"},
		{"Q=3,Q=1", "", "queen given twice"},
		{"X=3", "", "unknown piece \"X\""},
		{"A=3", "", "unknown piece \"A\""},
		{"q=3", "", "unknown piece"},
		{"Q=-1", "", "not a whole number"},
		{"Q=+1", "", "not a whole number"},
		{"Q=", "", "not a whole number"},
		{"Q3", "", "want KIND=COUNT"},
		{"QN=3", "", "want KIND=COUNT"},
		{"Q=99999999999999999999", "", "not a whole number"},
		{"Q=20000000", "", "more than any board"},
	} {
		a, err := encode.ParseArmy(c.in)
		switch {
		case c.err == "" && (err != nil || a.String() != c.want):
			t.Errorf("ParseArmy(%q) = %v, %v; want %s", c.in, a, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err) || strings.Contains(err.Error(), "\n")):
			t.Errorf("ParseArmy(%q): error %v; want one naming %q", c.in, err, c.err)
		}
	}
}

// FuzzParseArmy: ParseArmy never panics, and what it accepts it writes
// back as counts it reads again to the same army.
func FuzzParseArmy(f *testing.F) {
	for _, s := range []string{"Q=3,N=3", "K=2,Q=2,B=2,N=1", "R=2,N=4", "Q=0", "", ",", "Q==1", "Q=1,,N=2", "Z=1", "Q=1e3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := encode.ParseArmy(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("two-line error for %q: %v", s, err)
			}
			return
		}
		if a.Total() == 0 {
			return // only zero counts: written as ""
		}
		b, err := encode.ParseArmy(a.String())
		if err != nil || b != a {
			t.Fatalf("%q → %v → %q → %v, %v", s, a, a.String(), b, err)
		}
	})
}

// FuzzParsePieces: a board of pieces of any kind (a grid of letters, r,c,K
// triples, squares in chess notation after a header), read for a problem
// other than queens, never panics; what it accepts has its pieces on the
// board, on distinct squares in row-major order, and written in the list
// form (WritePieceList) reads back to the same pieces.
func FuzzParsePieces(f *testing.F) {
	for _, s := range []string{
		"K.K.\n....\nK.K.\n....\n",
		"QN..\n..x.\n.p..\nBR.A\n",
		"n 4 0,0 0,2 2,0 2,2\n",
		"n 8 0,1,Q 1,6,Q 2,2,Q 3,5,Q 4,7,Q 5,0,N 6,0,N 6,3,N 6,4,N 7,3,N\n",
		"n 8 Qb1, Qg2, Nd8\n",
		"n 5\n0,0,K\n0,2,K\n4,4,N\n",
		"n 3 0,0,Z\n",
		"n 3 0,0,Q 0,0,N\n",
		"0,0 1,2\n",
		"Ka1, Kc1\n",
	} {
		f.Add([]byte(s))
	}
	withLimit(f, 256<<20)
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := encode.ParseInstanceWith(strings.NewReader(string(data)), "fuzz", encode.ReadOptions{AnyPieces: true})
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("two-line error: %v", err)
			}
			return
		}
		p := encode.Problem{Variant: encode.MixedPieces, Instance: in}
		ps := p.Givens()
		n := in.Board.N
		for i, x := range ps {
			if x.R < 0 || x.R >= n || x.C < 0 || x.C >= n || i > 0 && !(ps[i-1].R < x.R || ps[i-1].R == x.R && ps[i-1].C < x.C) {
				t.Fatalf("pieces %v: off the board or not in row-major order", ps)
			}
		}
		var sb strings.Builder
		if err := encode.WritePieceList(&sb, n, ps); err != nil {
			t.Fatal(err)
		}
		back, err := encode.ParseInstanceWith(strings.NewReader(sb.String()), "back", encode.ReadOptions{AnyPieces: true})
		if err != nil {
			t.Fatalf("%q → %q: %v", data, sb.String(), err)
		}
		got := encode.Problem{Variant: encode.MixedPieces, Instance: back}.Givens()
		if back.Board.N != n || len(got) != len(ps) {
			t.Fatalf("%q → %q → n=%d %v, want n=%d %v", data, sb.String(), back.Board.N, got, n, ps)
		}
		for i := range got {
			if got[i] != ps[i] {
				t.Fatalf("%q → %q → %v, want %v", data, sb.String(), got, ps)
			}
		}
	})
}

// The chess challenge's smallest board: two kings and a rook on 3×3, none
// attacking another, placed in 4 ways (the model's line search counts
// them, each checked by the verifier).
func ExampleParseArmy() {
	army, err := encode.ParseArmy("K=2,R=1")
	if err != nil {
		panic(err)
	}
	p := encode.Problem{Variant: encode.MixedPieces, Instance: encode.Instance{Board: encode.Empty(3)}, Counts: army}
	m, err := encode.NewModel(p)
	if err != nil {
		panic(err)
	}
	st, _ := search.Lines(context.Background(), m, func(ch []int32) bool {
		ps := m.PiecesOf(ch)
		if err := encode.Verify(p, ps); err != nil {
			panic(err)
		}
		if ps[len(ps)-1].Kind == encode.RookKind && ps[len(ps)-1].R == 2 {
			fmt.Println(ps) // the rook on the last rank
		}
		return true
	})
	fmt.Println(army, "on 3×3:", st.Solutions)
	// Output:
	// [{{0 0} king} {{0 2} king} {{2 1} rook}]
	// K=2,R=1 on 3×3: 4
}
