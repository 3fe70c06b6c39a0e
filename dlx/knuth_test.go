package dlx_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/dlx"
)

// textProblem is a random problem written in Knuth's format, kept as the
// generator made it, so that the brute force works from it and not from
// what the parser read.
type textProblem struct {
	primary, secondary []string
	lo, hi             []int
	boundsWritten      bool
	emptyBar           bool // the item line ends in '|', no secondary item after it
	opts               [][]textEntry
}

// textEntry is one item of an option and its colour ("" for none).
type textEntry struct{ item, color string }

// randomText makes a small problem for dlx1, dlx2 or dlx3 (colours when
// colors, bounds when bounds) and writes it with the edge cases of the
// format: comments, indented comments, blank and blank-looking lines,
// tabs, trailing blanks, an item line ending in '|' with nothing after it,
// bounds written as 1|x or 1:1|x, duplicate options, options of one item,
// options of secondary items only (ignored with a warning), items no
// option names, and the one-character colours ':' and '|'.
func randomText(rng *rand.Rand, colors, bounds bool) (string, textProblem) {
	var g textProblem
	np, ns := 1+rng.IntN(5), rng.IntN(4)
	var bounded []bool // the items whose bounds are written, even 1..1
	for i := range np {
		g.primary = append(g.primary, fmt.Sprintf("p%d", i))
		lo, hi := 1, 1
		b := bounds && rng.IntN(2) == 0
		if b {
			lo = rng.IntN(3)
			hi = max(lo, 1) + rng.IntN(2)
		}
		g.lo, g.hi, bounded = append(g.lo, lo), append(g.hi, hi), append(bounded, b)
	}
	for i := range ns {
		g.secondary = append(g.secondary, fmt.Sprintf("s%d", i))
	}
	palette := []string{"a", "b", ":", "|"}
	for range rng.IntN(14) {
		if len(g.opts) > 0 && rng.IntN(10) == 0 {
			g.opts = append(g.opts, g.opts[rng.IntN(len(g.opts))])
			continue
		}
		pool := append(slices.Clone(g.primary), g.secondary...)
		if ns > 0 && rng.IntN(12) == 0 {
			pool = slices.Clone(g.secondary)
		}
		rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		size := min(len(pool), []int{1, 1, 2, 2, 3, 4}[rng.IntN(6)])
		var opt []textEntry
		for _, it := range pool[:size] {
			e := textEntry{item: it}
			if colors && it[0] == 's' && rng.IntN(3) > 0 {
				e.color = palette[rng.IntN(len(palette))]
			}
			opt = append(opt, e)
		}
		g.opts = append(g.opts, opt)
	}

	var b strings.Builder
	if rng.IntN(3) == 0 {
		b.WriteString("| a comment\n\n")
	}
	for i, name := range g.primary {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch lo, hi := g.lo[i], g.hi[i]; {
		case !bounded[i]:
		case lo == hi && rng.IntN(2) == 0:
			fmt.Fprintf(&b, "%d|", hi)
		default:
			fmt.Fprintf(&b, "%d:%d|", lo, hi)
		}
		g.boundsWritten = g.boundsWritten || bounded[i]
		b.WriteString(name)
	}
	if ns > 0 || rng.IntN(3) == 0 {
		g.emptyBar = ns == 0
		b.WriteString(" |")
		for _, name := range g.secondary {
			b.WriteString(" " + name)
		}
	}
	b.WriteByte('\n')
	for _, opt := range g.opts {
		if rng.IntN(8) == 0 {
			b.WriteString([]string{"\n", "| between\n", "   \n", "  | indented\n"}[rng.IntN(4)])
		}
		sep := []string{" ", " ", "  ", "\t"}[rng.IntN(4)]
		for j, e := range opt {
			if j > 0 {
				b.WriteString(sep)
			}
			b.WriteString(e.item)
			if e.color != "" {
				b.WriteString(":" + e.color)
			}
		}
		b.WriteString([]string{"", "", " "}[rng.IntN(3)] + "\n")
	}
	return b.String(), g
}

// entryKey is an option as a key: its entries sorted, so that the order of
// the items in the option does not matter.
func entryKey(entries []string) string {
	entries = slices.Clone(entries)
	slices.Sort(entries)
	return strings.Join(entries, " ")
}

// solutionKey is a solution as a key: its options' keys sorted.
func solutionKey(opts []string) string {
	opts = slices.Clone(opts)
	slices.Sort(opts)
	return "{" + strings.Join(opts, "; ") + "}"
}

// brute lists the solutions of g by trying every subset of its options that
// hold a primary item (the others are ignored, as Knuth's programs ignore
// them): a multiset of solution keys, sorted.
func (g textProblem) brute() []string {
	isPrimary := map[string]int{}
	for i, name := range g.primary {
		isPrimary[name] = i
	}
	var valid []int
	for o, opt := range g.opts {
		if slices.ContainsFunc(opt, func(e textEntry) bool { _, ok := isPrimary[e.item]; return ok }) {
			valid = append(valid, o)
		}
	}
	var sols []string
	for mask := 0; mask < 1<<len(valid); mask++ {
		count := make([]int, len(g.primary))
		colors := map[string][]string{}
		var chosen []string
		for k, o := range valid {
			if mask>>k&1 == 0 {
				continue
			}
			var entries []string
			for _, e := range g.opts[o] {
				if e.color == "" {
					entries = append(entries, e.item)
				} else {
					entries = append(entries, e.item+":"+e.color)
				}
				if i, ok := isPrimary[e.item]; ok {
					count[i]++
				} else {
					colors[e.item] = append(colors[e.item], e.color)
				}
			}
			chosen = append(chosen, entryKey(entries))
		}
		ok := true
		for i, k := range count {
			ok = ok && g.lo[i] <= k && k <= g.hi[i]
		}
		for _, cs := range colors {
			// Options may share a secondary item only if each gives it
			// one and the same colour.
			ok = ok && (len(cs) == 1 || cs[0] != "" && !slices.ContainsFunc(cs, func(c string) bool { return c != cs[0] }))
		}
		if ok {
			sols = append(sols, solutionKey(chosen))
		}
	}
	slices.Sort(sols)
	return sols
}

// ignored counts g's options without a primary item.
func (g textProblem) ignored() int {
	n := 0
	for _, opt := range g.opts {
		if !slices.ContainsFunc(opt, func(e textEntry) bool { return e.item[0] == 'p' }) {
			n++
		}
	}
	return n
}

// solveKeys runs p with cfg and returns its solutions as keys, sorted.
func solveKeys(t *testing.T, p *dlx.Matrix, cfg dlx.Config) ([]string, dlx.Stats) {
	t.Helper()
	var sols []string
	cfg.Visit = func(options []int) bool {
		var opts []string
		for _, o := range options {
			opts = append(opts, entryKey(strings.Fields(p.OptionString(o))))
		}
		sols = append(sols, solutionKey(opts))
		return true
	}
	st, err := p.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(sols)
	return sols, st
}

// TestRandomTextsAgainstBruteForce reads random problems in Knuth's format,
// edge cases of the format included (see randomText), and compares the
// solutions of every algorithm that can solve each — X, C, M, ss, and
// three workers — with a brute force over the subsets of the options as
// the generator made them. It also checks the warnings (one per option
// without a primary item) and that a file that writes bounds, even 1..1,
// is solved with M by default, as dlx3 would solve it.
func TestRandomTextsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 221))
	for k := range 900 {
		colors, bounds := k%3 != 0, k%3 == 2
		text, g := randomText(rng, colors, bounds)
		want := g.brute()
		p := mustParse(t, text)
		if got := len(p.Warnings()); got != g.ignored() {
			t.Fatalf("problem %d:\n%s\n%d warnings, want %d", k, text, got, g.ignored())
		}
		auto, err := p.AlgorithmFor(dlx.Auto)
		if err != nil {
			t.Fatal(err)
		}
		if g.boundsWritten && auto != dlx.M {
			t.Fatalf("problem %d:\n%s\nwrites bounds but Auto picks %v, not M", k, text, auto)
		}
		algs := []dlx.Algorithm{dlx.Auto, dlx.M}
		if !p.HasBounds() {
			algs = append(algs, dlx.C, dlx.SS)
			if !p.HasColors() {
				algs = append(algs, dlx.X)
			}
		}
		for _, a := range algs {
			got, st := solveKeys(t, p, dlx.Config{Algorithm: a})
			if !slices.Equal(got, want) || st.Solutions != uint64(len(want)) {
				t.Fatalf("problem %d, algorithm %v:\n%s\ngot %d %v\nwant %d %v", k, a, text, st.Solutions, got, len(want), want)
			}
		}
		got, _ := solveKeys(t, p, dlx.Config{Workers: 3})
		if !slices.Equal(got, want) {
			t.Fatalf("problem %d, 3 workers:\n%s\ngot %v\nwant %v", k, text, got, want)
		}
	}
}

// TestKnuthColorCharacters: dlx2 reads any one character but white space
// as a colour, ':' and '|' included; so does qtool. The solutions are the
// brute force's; the figures are those of dlx2 on the same file.
func TestKnuthColorCharacters(t *testing.T) {
	g := textProblem{
		primary: []string{"A", "B", "C"}, secondary: []string{"X"}, lo: []int{1, 1, 1}, hi: []int{1, 1, 1},
		opts: [][]textEntry{{{"A", ""}, {"X", ":"}}, {{"B", ""}, {"X", "|"}}, {{"B", ""}, {"X", ":"}}, {{"C", ""}, {"X", "|"}}, {{"C", ""}, {"X", ":"}}},
	}
	text := "A B C | X\nA X::\nB X:|\nB X::\nC X:|\nC X::\n"
	p := mustParse(t, text)
	want := g.brute()
	got, st := solveKeys(t, p, dlx.Config{})
	if !slices.Equal(got, want) || len(want) != 1 {
		t.Errorf("got %v, want %v", got, want)
	}
	if dlx2 := (dlx.Stats{Solutions: 1, Nodes: 4, Updates: 6, Cleansings: 3}); st != dlx2 {
		t.Errorf("stats %+v, dlx2 has %+v", st, dlx2)
	}
	// Read back as written.
	if again := writeString(t, p); again != text {
		t.Errorf("written as %q, want %q", again, text)
	}
	// Longer colours (qtool's extension) still may not hold ':' or '|'.
	for _, bad := range []string{"A | X\nA X:a:b\n", "A | X\nA X:a|b\n", "A | X\nA X:|:\n"} {
		if _, err := dlx.Parse(strings.NewReader(bad), "f.dlx"); err == nil || !strings.Contains(err.Error(), "reserved character") {
			t.Errorf("%q: error %v, want a reserved character", bad, err)
		}
	}
}

// TestTrivialBoundsAreDlx3s: a file that writes bounds 1..1 is dlx3's, and
// the default algorithm is M with dlx3's figures (12 updates; dlx1 counts
// 13 on the same file without the bounds, covering the empty item at a
// dead end). The solutions are the brute force's.
func TestTrivialBoundsAreDlx3s(t *testing.T) {
	text := "1|A B C | X\nA B X\nA C\nB\nC X\nB C\n"
	g := textProblem{
		primary: []string{"A", "B", "C"}, secondary: []string{"X"}, lo: []int{1, 1, 1}, hi: []int{1, 1, 1},
		opts: [][]textEntry{{{"A", ""}, {"B", ""}, {"X", ""}}, {{"A", ""}, {"C", ""}}, {{"B", ""}}, {{"C", ""}, {"X", ""}}, {{"B", ""}, {"C", ""}}},
	}
	want := g.brute()
	for _, c := range []struct {
		text string
		alg  dlx.Algorithm
		st   dlx.Stats
	}{
		{text, dlx.M, dlx.Stats{Solutions: 1, Nodes: 4, Updates: 12}},
		{strings.Replace(text, "1|A", "A", 1), dlx.X, dlx.Stats{Solutions: 1, Nodes: 4, Updates: 13}},
	} {
		p := mustParse(t, c.text)
		if a, _ := p.AlgorithmFor(dlx.Auto); a != c.alg {
			t.Errorf("%q: Auto picks %v, want %v", c.text, a, c.alg)
		}
		got, st := solveKeys(t, p, dlx.Config{})
		if !slices.Equal(got, want) || st != c.st {
			t.Errorf("%q: got %v %+v, want %v %+v", c.text, got, st, want, c.st)
		}
	}
}

// knuthFigures matches the last line of dlx1, dlx2, dlx3 and ssxcc.
var knuthFigures = regexp.MustCompile(`Altogether (\d+) solutions?, .*? (\d+) updates, (?:(\d+) cleansings, )?\d+ bytes, (\d+) nodes`)

// runKnuth runs one of Knuth's programs on text and returns its figures.
func runKnuth(t *testing.T, prog, text string) dlx.Stats {
	t.Helper()
	cmd := exec.Command(prog)
	cmd.Stdin = strings.NewReader(text)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s\n%s", prog, err, stderr.String(), text)
	}
	m := knuthFigures.FindStringSubmatch(stderr.String())
	if m == nil {
		t.Fatalf("%s: no figures in %q", prog, stderr.String())
	}
	num := func(s string) uint64 {
		v, _ := strconv.ParseUint(s, 10, 64)
		return v
	}
	return dlx.Stats{Solutions: num(m[1]), Updates: num(m[2]), Cleansings: num(m[3]), Nodes: num(m[4])}
}

// TestAgainstKnuthPrograms runs Knuth's own dlx1, dlx2, dlx3 and ssxcc on
// random problems and compares solutions, nodes, updates and cleansings
// with qtool's X, C, M and ss. The programs are not part of qtool: build
// them from Knuth's CWEB sources (ctangle, then cc with gb_flip.c) and set
// DLX_KNUTH to their directory. ssxcc is given no file whose item line
// ends in '|' with no secondary item after it: it mistakes the last
// primary items for secondary ones there (its boundary between the two is
// never turned into an index of its set array).
func TestAgainstKnuthPrograms(t *testing.T) {
	dir := os.Getenv("DLX_KNUTH")
	if dir == "" {
		t.Skip("DLX_KNUTH is not set: the directory of Knuth's dlx1, dlx2, dlx3 and ssxcc binaries")
	}
	for _, prog := range []string{"dlx1", "dlx2", "dlx3", "ssxcc"} {
		if _, err := os.Stat(filepath.Join(dir, prog)); err != nil {
			t.Skipf("DLX_KNUTH=%s: %v", dir, err)
		}
	}
	rng := rand.New(rand.NewPCG(3, 5))
	for k := range 600 {
		colors, bounds := k%3 != 0, k%3 == 2
		text, g := randomText(rng, colors, bounds)
		p := mustParse(t, text)
		runs := []struct {
			prog string
			alg  dlx.Algorithm
		}{{"dlx3", dlx.M}}
		if !bounds {
			runs = append(runs, struct {
				prog string
				alg  dlx.Algorithm
			}{"dlx2", dlx.C})
			if !g.emptyBar {
				runs = append(runs, struct {
					prog string
					alg  dlx.Algorithm
				}{"ssxcc", dlx.SS})
			}
			if !colors {
				runs = append(runs, struct {
					prog string
					alg  dlx.Algorithm
				}{"dlx1", dlx.X})
			}
		}
		for _, r := range runs {
			want := runKnuth(t, filepath.Join(dir, r.prog), text)
			got, err := p.Run(context.Background(), dlx.Config{Algorithm: r.alg})
			if err != nil {
				t.Fatal(err)
			}
			if r.alg == dlx.SS || r.alg == dlx.X {
				got.Cleansings = 0
			}
			if got != want {
				t.Fatalf("problem %d:\n%s\n%v: %+v\n%s: %+v", k, text, r.alg, got, r.prog, want)
			}
		}
	}
}
