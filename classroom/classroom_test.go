package classroom_test

import (
	"context"
	"encoding/xml"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
)

// attacks reports whether queens on (r1,c1) and (r2,c2) attack each other.
func attacks(a, b classroom.Square) bool {
	return a != b && (a[0] == b[0] || a[1] == b[1] || a[0]-a[1] == b[0]-b[1] || a[0]+a[1] == b[0]+b[1])
}

// TestRunCounts runs the exhaustive methods to the end on empty boards and
// on boards with queens given, and checks the solution steps against the
// reference counts and brute force, every solution against the verifier,
// and the step numbering.
func TestRunCounts(t *testing.T) {
	ref := oracle.Counts(t)
	boards := []encode.Board{}
	for n := 1; n <= 8; n++ {
		boards = append(boards, encode.Empty(n))
	}
	boards = append(boards, encode.Board{N: 8, Queens: []int{-1, -1, 4}}, encode.Board{N: 7, Queens: []int{0, -1, -1, -1, -1, -1, 5}},
		encode.Board{N: 5, Queens: []int{0, 2, 4, 1, 3}})
	for _, method := range []string{"backtrack", "dlx"} {
		for _, b := range boards {
			var sols, majors uint64
			var last classroom.Frame
			seen := map[string]bool{}
			sum, err := classroom.Run(context.Background(), method, b, classroom.Options{}, func(e classroom.Event) bool {
				f := e.Frame()
				if f.Major {
					majors++
					if f.Step != int(majors) {
						t.Fatalf("%s %v: step %d numbered %d", method, b, majors, f.Step)
					}
				} else if f.Step != int(majors)+1 {
					t.Fatalf("%s %v: minor frame before step %d numbered %d", method, b, majors+1, f.Step)
				}
				if e.Solution {
					sols++
					if err := encode.Verify(b.Problem(), encode.Placement(f.Queens)); err != nil {
						t.Fatalf("%s %v: solution frame: %v", method, b, err)
					}
					seen[fmt.Sprint(f.Queens)] = true
					if f.Solutions != sols {
						t.Fatalf("%s %v: solution %d says %d so far", method, b, sols, f.Solutions)
					}
				}
				if len(f.Board) != b.N {
					t.Fatalf("%s: board of %d rows", method, len(f.Board))
				}
				last = f
				return true
			})
			if err != nil {
				t.Fatalf("%s %v: %v", method, b, err)
			}
			want := uint64(len(oracle.Completions(b)))
			if b.Given() == 0 {
				want = ref[b.N][0]
			}
			if sols != want || uint64(len(seen)) != want || sum.Solutions != want || !sum.Complete || last.Kind != "end" {
				t.Errorf("unexpected count for %s on %v: got %d solution steps (%d distinct), summary %+v, last %q; want %d", method, b, sols, len(seen), sum, last.Kind, want)
			}
		}
	}
}

// TestRunMinConflicts checks that min-conflicts ends on a verified
// solution, and says that n = 2 and 3 have none.
func TestRunMinConflicts(t *testing.T) {
	for _, b := range []encode.Board{encode.Empty(1), encode.Empty(4), encode.Empty(8), encode.Empty(20), encode.Empty(32),
		{N: 10, Queens: []int{-1, 3, -1, -1, 8}}} {
		var sol classroom.Frame
		sum, err := classroom.Run(context.Background(), "minconflicts", b, classroom.Options{Seed: 7}, func(e classroom.Event) bool {
			if e.Solution {
				sol = e.Frame()
			}
			return true
		})
		if err != nil {
			t.Fatalf("%v: %v", b, err)
		}
		if err := encode.Verify(b.Problem(), encode.Placement(sol.Queens)); err != nil || sum.Solutions != 1 {
			t.Errorf("%v: last solution %v (%v), summary %+v", b, sol.Queens, err, sum)
		}
	}
	for _, n := range []int{2, 3} {
		sum, err := classroom.Run(context.Background(), "minconflicts", encode.Empty(n), classroom.Options{}, func(classroom.Event) bool { return true })
		if err != nil || sum.Solutions != 0 || !strings.Contains(sum.Text, "no solution exists") {
			t.Errorf("n=%d: %+v, %v", n, sum, err)
		}
	}
}

// TestRunStop checks that a callback returning false ends every method at
// once, and that a refused board is refused before anything runs.
func TestRunStop(t *testing.T) {
	for _, method := range classroom.Methods {
		calls := 0
		sum, err := classroom.Run(context.Background(), method, encode.Empty(12), classroom.Options{}, func(e classroom.Event) bool {
			calls++
			return calls < 5
		})
		if err != nil || calls != 5 || sum.Complete {
			t.Errorf("%s: %d calls after the stop, err %v, summary %+v", method, calls, err, sum)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := classroom.Run(ctx, "backtrack", encode.Empty(20), classroom.Options{}, func(classroom.Event) bool { return true }); err == nil {
		t.Error("a cancelled context ran to the end")
	}
	for _, c := range []struct {
		method string
		b      encode.Board
		msg    string
	}{
		{"backtrack", encode.Empty(33), "too big"},
		{"dance", encode.Empty(4), "unknown method"},
		{"dlx", encode.Board{N: 4, Queens: []int{0, 1}}, "share a diagonal"},
		{"minconflicts", encode.Empty(0), "at least 1"},
	} {
		if _, err := classroom.Run(context.Background(), c.method, c.b, classroom.Options{}, func(classroom.Event) bool {
			t.Fatal("refused run called back")
			return false
		}); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s %v: error %v, want %q", c.method, c.b, err, c.msg)
		}
	}
}

// TestDraw checks the marks against brute force on random boards, queens in
// conflict included.
func TestDraw(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 300; k++ {
		n := 1 + rng.IntN(9)
		q := make([]int, n)
		for r := range q {
			q[r] = -1
			if rng.IntN(3) == 0 {
				q[r] = rng.IntN(n)
			}
		}
		var tested *classroom.Square
		if rng.IntN(2) == 0 {
			tested = &classroom.Square{rng.IntN(n), rng.IntN(n)}
		}
		rows := classroom.Draw(n, q, tested)
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				attacked := false
				for qr, qc := range q {
					if qc >= 0 && attacks(classroom.Square{qr, qc}, classroom.Square{r, c}) {
						attacked = true
					}
				}
				want := byte('.')
				switch {
				case q[r] == c && attacked:
					want = '!'
				case q[r] == c:
					want = 'Q'
				case tested != nil && *tested == classroom.Square{r, c}:
					want = '?'
				case attacked:
					want = 'x'
				}
				if rows[r][c] != want {
					t.Fatalf("queens %v: square (%d,%d) drawn %c, want %c\n%s", q, r, c, rows[r][c], want, strings.Join(rows, "\n"))
				}
			}
		}
	}
}

// TestJudge checks the verdict on random hand-placed boards (two queens in
// a row allowed) against brute force: legal exactly when no pair attacks,
// and when illegal the pair named is two of the queens that attack each
// other.
func TestJudge(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for k := 0; k < 2000; k++ {
		n := 1 + rng.IntN(8)
		var qs []classroom.Square
		used := map[classroom.Square]bool{}
		for i := rng.IntN(n + 2); i > 0; i-- {
			s := classroom.Square{rng.IntN(n), rng.IntN(n)}
			if !used[s] {
				used[s] = true
				qs = append(qs, s)
			}
		}
		v, err := classroom.Judge(n, qs)
		if err != nil {
			t.Fatal(err)
		}
		legal := true
		for i := range qs {
			for j := i + 1; j < len(qs); j++ {
				legal = legal && !attacks(qs[i], qs[j])
			}
		}
		if v.Legal != legal || v.Queens != len(qs) || v.Complete != (legal && len(qs) == n) {
			t.Fatalf("n=%d queens %v: verdict %+v, brute force legal=%v", n, qs, v, legal)
		}
		if !legal {
			if len(v.Pair) != 2 || !used[v.Pair[0]] || !used[v.Pair[1]] || !attacks(v.Pair[0], v.Pair[1]) || !strings.HasPrefix(v.Message, "illegal: ") {
				t.Fatalf("n=%d queens %v: illegal verdict %+v names no attacking pair", n, qs, v)
			}
		} else if len(v.Pair) != 0 || !strings.HasPrefix(v.Message, "legal") {
			t.Fatalf("legal verdict %+v", v)
		}
	}
	if _, err := classroom.Judge(4, []classroom.Square{{4, 0}}); err == nil {
		t.Error("a square off the board was judged")
	}
	if _, err := classroom.Judge(33, nil); err == nil {
		t.Error("n = 33 was judged")
	}
}

// TestSVG checks that the picture is well-formed XML with one queen group
// per queen, on its square.
func TestSVG(t *testing.T) {
	var b strings.Builder
	qs := []classroom.Square{{0, 1}, {1, 3}, {2, 0}, {3, 2}}
	if err := classroom.WriteSVG(&b, 4, qs, []classroom.Square{{0, 1}}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		XMLName xml.Name
		G       []struct {
			Square string `xml:"data-square,attr"`
		} `xml:"g"`
		Rect []struct {
			Class string `xml:"class,attr"`
		} `xml:"rect"`
	}
	if err := xml.Unmarshal([]byte(b.String()), &doc); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range doc.G {
		got = append(got, g.Square)
	}
	marks := 0
	for _, r := range doc.Rect {
		if r.Class == "mark" {
			marks++
		}
	}
	if doc.XMLName.Local != "svg" || strings.Join(got, " ") != "0,1 1,3 2,0 3,2" || marks != 1 || len(doc.Rect) != 1+16+1 {
		t.Errorf("svg %s with queens %v, %d marks, %d rects", doc.XMLName.Local, got, marks, len(doc.Rect))
	}
	if g := classroom.GridText(3, []classroom.Square{{0, 2}, {2, 0}}); g != "..Q\n...\nQ..\n" {
		t.Errorf("grid %q", g)
	}
}

// TestRunQuiet: a quiet run hands over few events but every solution and
// the end, with exact counters.
func TestRunQuiet(t *testing.T) {
	for _, method := range []string{"backtrack", "dlx"} {
		var events, sols uint64
		var last classroom.Frame
		sum, err := classroom.Run(context.Background(), method, encode.Empty(10), classroom.Options{}, func(e classroom.Event) bool {
			e.Quiet(true)
			events++
			if e.Solution {
				sols++
			}
			if e.Kind == "end" {
				last = e.Frame()
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		if sols != 724 || sum.Solutions != 724 || last.Solutions != 724 || events > 724+400 {
			t.Errorf("%s quiet: %d events, %d solutions, summary %+v, end %+v", method, events, sols, sum, last.Counters)
		}
	}
	st, _ := classroom.Run(context.Background(), "backtrack", encode.Empty(10), classroom.Options{}, func(e classroom.Event) bool { return true })
	if fmt.Sprint(st.Counters) != "[{nodes 35539} {tests 348150} {solutions 724}]" {
		t.Errorf("backtrack counters at the end: %v", st.Counters)
	}
}
