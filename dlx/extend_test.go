package dlx_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/dlx"
)

// Knuth's examples from the opening paragraphs of dlx2 and dlx3.
const (
	dlx2Example = `| A simple example of color controls
A B C | X Y
A B X:0 Y:0
A C X:1 Y:1
X:0 Y:1
B X:1
C Y:1
`
	dlx3Example = `| A simple example of color controls
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
`
)

// checkGeneral is the independent checker of colours and bounds: every
// primary item within its bounds, every secondary item in at most one
// chosen option unless all the chosen options that hold it give it the same
// colour.
func checkGeneral(p *dlx.Matrix, options []int) error {
	seen := make([]int, p.Items())
	color := make([]int, p.Items()) // the colour all uses agree on; -1 none
	used := make(map[int]bool)
	for _, o := range options {
		if o < 0 || o >= p.Options() || used[o] {
			return fmt.Errorf("option %d out of range or chosen twice", o)
		}
		used[o] = true
		cols := p.OptionColors(o)
		for j, i := range p.Option(o) {
			c := cols[j]
			if c == 0 {
				c = -1
			}
			if seen[i] == 0 {
				color[i] = c
			} else if color[i] != c || c == -1 {
				color[i] = -2
			}
			seen[i]++
		}
	}
	for i, k := range seen {
		lo, hi := p.Bounds(i)
		if i < p.Primary() {
			if k < lo || k > hi {
				return fmt.Errorf("primary item %q covered %d times, bounds %d..%d", p.Item(i), k, lo, hi)
			}
		} else if k > 1 && color[i] == -2 {
			return fmt.Errorf("secondary item %q covered %d times with clashing colours", p.Item(i), k)
		}
	}
	return nil
}

// solveAll lists the solutions as sorted keys, each checked, with the
// statistics.
func solveAll(t *testing.T, p *dlx.Matrix, cfg dlx.Config) ([]string, dlx.Stats) {
	t.Helper()
	var sols []string
	cfg.Visit = func(options []int) bool {
		if err := checkGeneral(p, options); err != nil {
			t.Fatalf("bad solution %v: %v", options, err)
		}
		s := slices.Clone(options)
		slices.Sort(s)
		sols = append(sols, fmt.Sprint(s))
		return true
	}
	st, err := p.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if uint64(len(sols)) != st.Solutions {
		t.Fatalf("visited %d solutions, Stats says %d", len(sols), st.Solutions)
	}
	slices.Sort(sols)
	return sols, st
}

// TestKnuthExamples runs the examples of dlx2 and dlx3: one solution each,
// the one Knuth names, and the figures counted by hand following dlx2's and
// dlx3's steps.
func TestKnuthExamples(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string
		st         dlx.Stats
	}{
		{"dlx2", dlx2Example, []string{"A C X:1 Y:1", "B X:1"}, dlx.Stats{Solutions: 1, Nodes: 4, Updates: 14, Cleansings: 5}},
		{"dlx3", dlx3Example, []string{"A C X:1 Y:1", "B X:1", "C Y:1"}, dlx.Stats{Solutions: 1, Nodes: 6, Updates: 14, Cleansings: 7}},
	} {
		p := mustParse(t, c.text)
		var got []string
		st, err := p.Solve(context.Background(), func(options []int) bool {
			if err := checkGeneral(p, options); err != nil {
				t.Fatalf("%s: bad solution: %v", c.name, err)
			}
			for _, o := range options {
				got = append(got, p.OptionString(o))
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) || st != c.st {
			t.Errorf("%s: got %q %+v, want %q %+v", c.name, got, st, c.want, c.st)
		}
	}
	p := mustParse(t, dlx2Example)
	if len(p.Warnings()) != 1 || p.Warnings()[0].Line != 5 {
		t.Errorf("dlx2 example: the option X:0 Y:1 should be ignored with a warning, got %v", p.Warnings())
	}
}

// TestAlgorithmsAgree checks that on problems without colours and bounds
// Algorithm C makes exactly dlx1's moves, and that M finds the same
// solutions with the same number of nodes (its updates differ only at the
// dead ends, which it leaves without covering).
func TestAlgorithmsAgree(t *testing.T) {
	for _, c := range []struct {
		name string
		p    *dlx.Matrix
	}{
		{"toy", mustParse(t, toyText)},
		{"langford/n=7", langford(t, 7)},
		{"queens/n=8", queens(t, 8)},
		{"pentomino/3x20", pentomino(t, 3, 20)},
	} {
		x, stX := solveAll(t, c.p, dlx.Config{Algorithm: dlx.X})
		cs, stC := solveAll(t, c.p, dlx.Config{Algorithm: dlx.C})
		m, stM := solveAll(t, c.p, dlx.Config{Algorithm: dlx.M})
		if stX != stC || !slices.Equal(x, cs) {
			t.Errorf("%s: X %+v, C %+v", c.name, stX, stC)
		}
		if stM.Nodes != stX.Nodes || stM.Updates > stX.Updates || !slices.Equal(x, m) {
			t.Errorf("%s: X %+v, M %+v", c.name, stX, stM)
		}
	}
	// Algorithm X refuses what it cannot solve.
	if _, err := mustParse(t, dlx2Example).Run(context.Background(), dlx.Config{Algorithm: dlx.X}); err == nil {
		t.Errorf("algorithm X on colours: no error")
	}
	if _, err := mustParse(t, dlx3Example).Run(context.Background(), dlx.Config{Algorithm: dlx.C}); err == nil {
		t.Errorf("algorithm C on bounds: no error")
	}
}

// generalProblem is a small random problem with colours and (if bounds)
// multiplicities, and its options as item and colour lists.
type generalProblem struct {
	p      *dlx.Matrix
	opts   [][]int
	colors [][]int
	lo, hi []int
}

func randomGeneral(t *testing.T, rng *rand.Rand, bounds bool) generalProblem {
	np, ns := 1+rng.IntN(4), rng.IntN(4)
	var primary, secondary []string
	for i := range np {
		primary = append(primary, fmt.Sprintf("p%d", i))
	}
	for i := range ns {
		secondary = append(secondary, fmt.Sprintf("s%d", i))
	}
	g := generalProblem{p: mustProblem(t, primary, secondary), lo: make([]int, np), hi: make([]int, np)}
	for i := range np {
		g.lo[i], g.hi[i] = 1, 1
		if bounds {
			g.lo[i] = rng.IntN(3)
			g.hi[i] = max(g.lo[i], 1) + rng.IntN(3)
			if err := g.p.SetBounds(i, g.lo[i], g.hi[i]); err != nil {
				t.Fatal(err)
			}
		}
	}
	names := []string{"red", "g", "b"}
	for range 1 + rng.IntN(13) {
		var items, colors []int
		for i := range np + ns {
			if rng.IntN(5) < 2 {
				items = append(items, i)
				c := 0
				if i >= np && rng.IntN(3) > 0 {
					var err error
					if c, err = g.p.Color(names[rng.IntN(len(names))]); err != nil {
						t.Fatal(err)
					}
				}
				colors = append(colors, c)
			}
		}
		if !slices.ContainsFunc(items, func(i int) bool { return i < np }) {
			continue
		}
		if err := g.p.AddColoredOption(items, colors); err != nil {
			t.Fatal(err)
		}
		g.opts, g.colors = append(g.opts, items), append(g.colors, colors)
	}
	return g
}

// fromProblem reads a problem's options, colours and bounds back.
func fromProblem(p *dlx.Matrix) generalProblem {
	g := generalProblem{p: p}
	for i := range p.Primary() {
		lo, hi := p.Bounds(i)
		g.lo, g.hi = append(g.lo, lo), append(g.hi, hi)
	}
	for o := range p.Options() {
		g.opts, g.colors = append(g.opts, p.Option(o)), append(g.colors, p.OptionColors(o))
	}
	return g
}

// brute lists the solutions of g by trying every subset of its options.
func (g generalProblem) brute() []string {
	var sols []string
	n := g.p.Items()
	for mask := 0; mask < 1<<len(g.opts); mask++ {
		cnt := make([]int, n)
		col := make([]map[int]bool, n)
		var chosen []int
		for o := range g.opts {
			if mask>>o&1 == 0 {
				continue
			}
			chosen = append(chosen, o)
			for j, i := range g.opts[o] {
				cnt[i]++
				if col[i] == nil {
					col[i] = map[int]bool{}
				}
				col[i][g.colors[o][j]] = true
			}
		}
		ok := true
		for i := range n {
			if i < len(g.lo) {
				ok = ok && cnt[i] >= g.lo[i] && cnt[i] <= g.hi[i]
			} else if cnt[i] > 1 {
				// Several options may share a secondary item only if they
				// all give it one and the same colour.
				ok = ok && len(col[i]) == 1 && !col[i][0]
			}
		}
		if ok {
			sols = append(sols, fmt.Sprint(chosen))
		}
	}
	slices.Sort(sols)
	return sols
}

// TestRandomColorsAndBounds compares Algorithms C and M with a brute force
// on random problems, one worker and several, and checks that the written
// form reads back as the same problem.
func TestRandomColorsAndBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	for k := range 600 {
		bounds := k%2 == 1
		g := randomGeneral(t, rng, bounds)
		want := g.brute()
		got, st := solveAll(t, g.p, dlx.Config{})
		if !slices.Equal(got, want) {
			t.Fatalf("problem %d:\n%s\ngot %v, want %v", k, writeString(t, g.p), got, want)
		}
		gotM, _ := solveAll(t, g.p, dlx.Config{Algorithm: dlx.M})
		if !slices.Equal(gotM, want) {
			t.Fatalf("problem %d, algorithm M:\n%s\ngot %v, want %v", k, writeString(t, g.p), gotM, want)
		}
		par, stPar := solveAll(t, g.p, dlx.Config{Workers: 3})
		if !slices.Equal(par, want) || stPar != st {
			t.Fatalf("problem %d, 3 workers: got %v %+v, want %v %+v", k, par, stPar, want, st)
		}
		text := writeString(t, g.p)
		q := mustParse(t, text)
		if again := writeString(t, q); again != text {
			t.Fatalf("problem %d: written %q, read and written again %q", k, text, again)
		}
		if back, stBack := solveAll(t, q, dlx.Config{}); !slices.Equal(back, want) || stBack != st {
			t.Fatalf("problem %d read back: got %v %+v, want %v %+v", k, back, stBack, want, st)
		}
	}
}

// TestParallelTotals checks that several workers report the totals of one
// worker, for each algorithm, and find the same solutions.
func TestParallelTotals(t *testing.T) {
	for _, c := range []struct {
		name string
		p    *dlx.Matrix
		alg  dlx.Algorithm
	}{
		{"queens/n=9/X", queens(t, 9), dlx.X},
		{"queens/n=8/C", queens(t, 8), dlx.C},
		{"queens/n=8/M", queens(t, 8), dlx.M},
		{"langford/n=7", langford(t, 7), dlx.X},
		{"pentomino/3x20", pentomino(t, 3, 20), dlx.X},
		{"domination/n=5", domination(t, 5, 3), dlx.M},
	} {
		want, stWant := solveAll(t, c.p, dlx.Config{Algorithm: c.alg})
		cnt, err := c.p.Run(context.Background(), dlx.Config{Algorithm: c.alg})
		if err != nil || cnt != stWant {
			t.Fatalf("%s: Count %+v %v, Solve %+v", c.name, cnt, err, stWant)
		}
		for _, w := range []int{2, 5} {
			st, err := c.p.Run(context.Background(), dlx.Config{Algorithm: c.alg, Workers: w})
			if err != nil || st != stWant {
				t.Errorf("%s, %d workers: got %+v %v, want %+v", c.name, w, st, err, stWant)
			}
			got, st := solveAll(t, c.p, dlx.Config{Algorithm: c.alg, Workers: w})
			if !slices.Equal(got, want) || st != stWant {
				t.Errorf("%s, %d workers listing: got %d solutions %+v, want %d %+v", c.name, w, len(got), st, len(want), stWant)
			}
		}
		var n uint64
		st, err := c.p.Run(context.Background(), dlx.Config{Algorithm: c.alg, Workers: 2, Limit: 3,
			Visit: func([]int) bool { n++; return true }})
		if err != nil || n != min(3, stWant.Solutions) || st.Solutions != n {
			t.Errorf("%s, 2 workers, limit 3: visited %d, %+v, %v", c.name, n, st, err)
		}
	}
}

// domination is the problem of the dominating sets of k queens on an n×n
// board, with multiplicities: a primary item for every square, to be
// covered by 1 to all of the queens that see it, and an item "#" for the
// number of queens, exactly k; one option per square: "#" and the squares
// a queen there sees (itself included).
func domination(t testing.TB, n, k int) *dlx.Matrix {
	sq := func(r, c int) string { return fmt.Sprintf("%d.%d", r, c) }
	var names []string
	for r := range n {
		for c := range n {
			names = append(names, sq(r, c))
		}
	}
	names = append(names, "#")
	p := mustProblem(t, names, nil)
	sees := func(r, c, r2, c2 int) bool {
		return r == r2 || c == c2 || r-c == r2-c2 || r+c == r2+c2
	}
	for i := range n * n {
		cnt := 0
		for j := range n * n {
			if sees(i/n, i%n, j/n, j%n) {
				cnt++
			}
		}
		if err := p.SetBounds(i, 1, cnt); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.SetBounds(n*n, k, k); err != nil {
		t.Fatal(err)
	}
	for i := range n * n {
		items := []int{n * n}
		for j := range n * n {
			if sees(i/n, i%n, j/n, j%n) {
				items = append(items, j)
			}
		}
		if err := p.AddOptionIndex(items...); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// TestQueensDomination counts the minimum dominating sets of queens with
// multiplicities: γ(n) = 3, 3, 4 queens for n = 5, 6, 7, and 186, 4, 86
// such sets (OEIS A002564); no set of γ(n) − 1 queens dominates.
func TestQueensDomination(t *testing.T) {
	for _, c := range []struct {
		n, gamma int
		want     uint64
	}{{5, 3, 186}, {6, 3, 4}, {7, 4, 86}} {
		sols, _ := solveAll(t, domination(t, c.n, c.gamma), dlx.Config{})
		if uint64(len(sols)) != c.want {
			t.Errorf("n=%d: %d dominating sets of %d queens, want %d", c.n, len(sols), c.gamma, c.want)
		}
		if n, _, err := domination(t, c.n, c.gamma-1).Count(context.Background()); n != 0 || err != nil {
			t.Errorf("n=%d: %d dominating sets of %d queens, want 0 (%v)", c.n, n, c.gamma-1, err)
		}
	}
}

// TestTrace checks the trace hook: the traced search counts as the
// untraced one, and its events tell the same story.
func TestTrace(t *testing.T) {
	for _, c := range []struct {
		name string
		p    *dlx.Matrix
	}{
		{"toy", mustParse(t, toyText)},
		{"queens/n=6", queens(t, 6)},
		{"dlx2", mustParse(t, dlx2Example)},
		{"dlx3", mustParse(t, dlx3Example)},
	} {
		_, plain, err := c.p.Count(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[dlx.EventKind]uint64{}
		depth := 0
		st, err := c.p.Run(context.Background(), dlx.Config{Trace: func(e dlx.Event) {
			kinds[e.Kind]++
			if e.Level < 0 || e.Level > depth+1 {
				t.Fatalf("%s: event %+v at level %d after depth %d", c.name, e, e.Level, depth)
			}
			depth = e.Level
		}})
		if err != nil || st != plain {
			t.Fatalf("%s: traced %+v %v, untraced %+v", c.name, st, err, plain)
		}
		if kinds[dlx.Solution] != st.Solutions || kinds[dlx.Cover] != kinds[dlx.Uncover] ||
			kinds[dlx.Purify] != kinds[dlx.Unpurify] || kinds[dlx.Choose] == 0 || kinds[dlx.Try] == 0 {
			t.Errorf("%s: events %v for %+v", c.name, kinds, st)
		}
		if !c.p.HasBounds() && kinds[dlx.Choose]+kinds[dlx.Solution] != st.Nodes {
			t.Errorf("%s: %d choices and %d solutions for %d nodes", c.name, kinds[dlx.Choose], kinds[dlx.Solution], st.Nodes)
		}
	}
}

// TestParseLimits checks the refusals of ParseContext: too many nodes, too
// long a line, an ended context.
func TestParseLimits(t *testing.T) {
	// The item line: 7 items take about 56 nodes' worth of memory.
	_, err := dlx.ParseContext(context.Background(), strings.NewReader(toyText), "toy", dlx.ParseLimits{MaxNodes: 20})
	if err == nil || !strings.Contains(err.Error(), "problem too large: 7 items") || !strings.HasPrefix(err.Error(), "toy:2:1: ") {
		t.Errorf("MaxNodes 20: got %v", err)
	}
	// The options: 2 items take 4 nodes, each option 2 more, so that the
	// 14th option (line 15) would make 32.
	_, err = dlx.ParseContext(context.Background(), strings.NewReader("A B\n"+strings.Repeat("A\nB\n", 20)), "f", dlx.ParseLimits{MaxNodes: 30})
	if err == nil || !strings.Contains(err.Error(), "problem too large: more than 30 nodes") || !strings.HasPrefix(err.Error(), "f:15:1: ") {
		t.Errorf("MaxNodes 30: got %v", err)
	}
	_, err = dlx.ParseContext(context.Background(), strings.NewReader("A B\nA "+strings.Repeat(" ", 100)+"B\n"), "f", dlx.ParseLimits{MaxLine: 50})
	if err == nil || !strings.Contains(err.Error(), "line longer than 50 bytes") || !strings.HasPrefix(err.Error(), "f:2:") {
		t.Errorf("MaxLine 50: got %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	big := "A\n" + strings.Repeat("A\n", 10000)
	if _, err := dlx.ParseContext(ctx, strings.NewReader(big), "f", dlx.ParseLimits{}); err != context.Canceled {
		t.Errorf("cancelled parse: got %v", err)
	}
}

// TestPickAndShortFirst checks Config.Pick (only the solutions of exactly
// Pick options) and Config.ShortFirst (another choice of item) against the
// brute force on random problems with colours and bounds, with one worker
// and three.
func TestPickAndShortFirst(t *testing.T) {
	rng := rand.New(rand.NewPCG(79, 13))
	size := func(sol string) int { return len(strings.Fields(strings.Trim(sol, "[]"))) }
	for k := range 400 {
		g := randomGeneral(t, rng, k%4 != 0)
		all := g.brute()
		got, _ := solveAll(t, g.p, dlx.Config{ShortFirst: true})
		if !slices.Equal(got, all) {
			t.Fatalf("problem %d, ShortFirst:\n%s\ngot %v, want %v", k, writeString(t, g.p), got, all)
		}
		for pick := 1; pick <= len(g.opts); pick++ {
			var want []string
			for _, s := range all {
				if size(s) == pick {
					want = append(want, s)
				}
			}
			var one dlx.Stats
			for i, cfg := range []dlx.Config{{Pick: pick, ShortFirst: true}, {Pick: pick, ShortFirst: true, Workers: 3}, {Pick: pick}} {
				got, st := solveAll(t, g.p, cfg)
				if !slices.Equal(got, want) || st.Solutions != uint64(len(want)) {
					t.Fatalf("problem %d, %+v:\n%s\ngot %v, want %v", k, cfg, writeString(t, g.p), got, want)
				}
				switch i {
				case 0:
					one = st
				case 1:
					if st != one {
						t.Fatalf("problem %d, Pick %d: 3 workers count %+v, one %+v", k, pick, st, one)
					}
				}
			}
		}
	}
	if _, err := queens(t, 4).Run(context.Background(), dlx.Config{Pick: 4, Algorithm: dlx.X}); err == nil {
		t.Errorf("Pick with algorithm X: no error")
	}
	if _, err := queens(t, 4).Run(context.Background(), dlx.Config{Pick: -1}); err == nil {
		t.Errorf("Pick −1: no error")
	}
}

// dominationPick is domination without the item "#": the number of queens
// is asked of the search as Config.Pick.
func dominationPick(t testing.TB, n int) *dlx.Matrix {
	d := domination(t, n, 1)
	var names []string
	for i := range n * n {
		names = append(names, d.Item(i))
	}
	p := mustProblem(t, names, nil)
	for i := range n * n {
		lo, hi := d.Bounds(i)
		if err := p.SetBounds(i, lo, hi); err != nil {
			t.Fatal(err)
		}
	}
	for o := range d.Options() {
		if err := p.AddOptionIndex(slices.DeleteFunc(d.Option(o), func(i int) bool { return i == n*n })...); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// TestDominationPick counts the minimum dominating sets of queens with
// Config.Pick and ShortFirst, n ≤ 8 (OEIS A002564: 186, 4, 86, 4860 for n =
// 5..8; γ = 3, 3, 4, 5, A075458), every set listed and checked, and the
// same sets as with the item "#"; no set of γ − 1 queens dominates.
func TestDominationPick(t *testing.T) {
	for _, c := range []struct {
		n, gamma int
		want     uint64
	}{{4, 2, 12}, {5, 3, 186}, {6, 3, 4}, {7, 4, 86}, {8, 5, 4860}} {
		p := dominationPick(t, c.n)
		sols, _ := solveAll(t, p, dlx.Config{Pick: c.gamma, ShortFirst: true})
		if uint64(len(sols)) != c.want {
			t.Errorf("n=%d: %d dominating sets of %d queens, want %d", c.n, len(sols), c.gamma, c.want)
		}
		if c.n <= 6 {
			if with, _ := solveAll(t, domination(t, c.n, c.gamma), dlx.Config{}); !slices.Equal(with, sols) {
				t.Errorf("n=%d: Pick finds other sets than the item #", c.n)
			}
		}
		if st, err := p.Run(context.Background(), dlx.Config{Pick: c.gamma - 1, ShortFirst: true}); st.Solutions != 0 || err != nil {
			t.Errorf("n=%d: %d dominating sets of %d queens, want 0 (%v)", c.n, st.Solutions, c.gamma-1, err)
		}
	}
}

// endless is an endless stream of the line "a b c d e f g h", as yes(1)
// writes it.
type endless struct{ off int }

func (e *endless) Read(p []byte) (int, error) {
	const line = "a b c d e f g h\n"
	for i := range p {
		p[i] = line[e.off]
		e.off = (e.off + 1) % len(line)
	}
	return len(p), nil
}

// TestParseEndless checks that an endless stream is refused at the node
// budget, and that the reader allocates less on the way than the matrix
// it refuses would take: the options are staged at 4 bytes an entry, and
// no array is grown by copying (issue 24: `yes 'a b c d e f g h' | qtool
// xcover -` died of the slice's growth copy under prlimit).
func TestParseEndless(t *testing.T) {
	const budget = 2_000_000
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := dlx.ParseContext(context.Background(), &endless{}, "yes", dlx.ParseLimits{MaxNodes: budget})
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "problem too large") {
		t.Fatalf("got %v", err)
	}
	if got, most := after.TotalAlloc-before.TotalAlloc, uint64(budget*dlx.NodeBytes); got > most {
		t.Errorf("the reader allocated %d bytes before refusing; the refused matrix is %d", got, most)
	}
}
