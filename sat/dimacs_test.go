package sat_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/go-air/gini/dimacs"
	"github.com/go-air/gini/z"

	"github.com/qtool-project/qtool/sat"
)

// collect is an Adder that keeps the clauses.
type collect struct {
	cur     []int
	clauses [][]int
}

func (c *collect) Add(lit int) {
	if lit == 0 {
		c.clauses = append(c.clauses, c.cur)
		c.cur = nil
		return
	}
	c.cur = append(c.cur, lit)
}

func TestReadDIMACS(t *testing.T) {
	in := "c a comment\r\n" +
		"c another\n" +
		"\n" +
		"p cnf 4 3\n" +
		"1 -2 0 3\n" +
		"  4 0\n" +
		"c comment between clauses\n" +
		"-1 +2 -4 0\n"
	var c collect
	info, err := sat.ReadDIMACS(strings.NewReader(in), "t.cnf", &c)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]int{{1, -2}, {3, 4}, {-1, 2, -4}}
	if fmt.Sprint(c.clauses) != fmt.Sprint(want) {
		t.Errorf("clauses %v, want %v", c.clauses, want)
	}
	if info.Vars != 4 || info.Clauses != 3 || info.Read != 3 || len(info.Warnings) != 0 {
		t.Errorf("info %+v", info)
	}
}

func TestReadDIMACSVariants(t *testing.T) {
	cases := []struct {
		in      string
		clauses string
		warning string
	}{
		// SATLIB's files end with "%" and "0".
		{"p cnf 3 2\n1 2 0\n-3 0\n%\n0\n\n", "[[1 2] [-3]]", ""},
		{"p\tcnf  2\t1 \n1 2 0", "[[1 2]]", ""},
		{"p cnf 2 2\n0\n1 0\n", "[[] [1]]", ""},
		{"p cnf 2 3\n1 0\n2 0\n", "[[1] [2]]", "w.cnf:1: warning: the header declares 3 clauses, the file holds 2"},
		{"c only\np cnf 0 0\n", "[]", ""},
		{"p cnf 5 1\n-0 1 0\n", "[[] [1]]", "w.cnf:1: warning: the header declares 1 clauses, the file holds 2"},
	}
	for _, c := range cases {
		var col collect
		info, err := sat.ReadDIMACS(strings.NewReader(c.in), "w.cnf", &col)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := fmt.Sprint(col.clauses); got != c.clauses && !(got == "[]" && c.clauses == "[]") {
			t.Errorf("%q: clauses %s, want %s", c.in, got, c.clauses)
		}
		w := strings.Join(info.Warnings, "; ")
		if w != c.warning {
			t.Errorf("%q: warnings %q, want %q", c.in, w, c.warning)
		}
	}
}

func TestReadDIMACSErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "bad.cnf:1:1: no \"p cnf VARIABLES CLAUSES\" header"},
		{"c nothing\n\n", "bad.cnf:3:1: no \"p cnf VARIABLES CLAUSES\" header"},
		{"1 2 0\n", "bad.cnf:1:1: clause before the \"p cnf VARIABLES CLAUSES\" header"},
		{"p cnf 3 1\n1 4 0\n", "bad.cnf:2:3: literal 4 beyond the 3 variables declared in the header (line 1)"},
		{"p cnf 3 1\n1 -9 0\n", "bad.cnf:2:3: literal -9 beyond the 3 variables declared in the header (line 1)"},
		{"p cnf 3 1\n-9223372036854775808 0\n", "bad.cnf:2:1: literal -9223372036854775808 beyond the 3 variables declared in the header (line 1)"},
		{"p cnf 3 1\n1 x 0\n", "bad.cnf:2:3: unexpected \"x\": want a literal (an integer)"},
		{"p cnf 3 1\n1 2x 0\n", "bad.cnf:2:3: \"2x\" is not an integer"},
		{"p cnf 3 1\n1 - 0\n", "bad.cnf:2:3: \"-\" is not an integer"},
		{"p cnf 3 1\n1 99999999999999999999 0\n", "bad.cnf:2:3: literal \"99999999999999999999\" out of range"},
		{"p cnf 3 1\n1 2\n", "bad.cnf:2:1: last clause has no terminating 0 (is the file cut short?)"},
		{"p cnf 3 1\n1 2 0 c x\n", "bad.cnf:2:7: unexpected \"c\": comments, the header and '%' must start a line"},
		{"p cnf 3 1\n\x00\x01\x02", "bad.cnf:2:1: unexpected byte 0x00: want a literal (an integer)"},
		{"p cnf 3 1\n1 \xff 0\n", "bad.cnf:2:3: unexpected byte 0xff: want a literal (an integer)"},
		{"p cnf 3 1\n1 2\x00 0\n", "bad.cnf:2:3: \"2\\x00\" is not an integer"},
		{"p dnf 3 1\n", "bad.cnf:1:3: bad header: format \"dnf\" is not cnf; want \"p cnf VARIABLES CLAUSES\""},
		{"p\n", "bad.cnf:1:1: bad header: no format; want \"p cnf VARIABLES CLAUSES\""},
		{"pcnf 1 1\n", "bad.cnf:1:2: bad header: unexpected \"c\" after 'p'; want \"p cnf VARIABLES CLAUSES\""},
		{"p cnf 3\n", "bad.cnf:1:1: bad header: missing counts; want \"p cnf VARIABLES CLAUSES\""},
		{"p cnf 3 1 7\n", "bad.cnf:1:11: bad header: unexpected \"7\" after the counts; want \"p cnf VARIABLES CLAUSES\""},
		{"p cnf x 1\n", "bad.cnf:1:7: bad header: variable count \"x\" is not a whole number; want \"p cnf VARIABLES CLAUSES\""},
		{"p cnf 3 -1\n", "bad.cnf:1:9: bad header: clause count \"-1\" is not a whole number; want \"p cnf VARIABLES CLAUSES\""},
		{"p cnf 3 \x00\n", "bad.cnf:1:9: unexpected byte 0x00 in the header"},
		{"p cnf 999999999999 1\n", "bad.cnf:1:7: header declares 999999999999 variables, more than qtool handles (268435456)"},
		{"p cnf 3 1\np cnf 3 1\n", "bad.cnf:2:1: second header (the first is on line 1)"},
		{"p cnf 3 1\n1 0\n  p cnf 3 1\n", "bad.cnf:3:3: second header (the first is on line 1)"},
	}
	for _, c := range cases {
		_, err := sat.ReadDIMACS(strings.NewReader(c.in), "bad.cnf", &collect{})
		if err == nil {
			t.Errorf("%q: no error, want %s", c.in, c.want)
			continue
		}
		var pe *sat.ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: error %T is not a *sat.ParseError", c.in, err)
		}
		if err.Error() != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.in, err, c.want)
		}
	}
}

// giniClauses reads DIMACS text with gini's own reader.
type giniVis struct{ collect }

func (g *giniVis) Init(v, c int) {}
func (g *giniVis) Add(m z.Lit) {
	if m == z.LitNull {
		g.collect.Add(0)
		return
	}
	g.collect.Add(m.Dimacs())
}
func (g *giniVis) Eof() {}

// TestWriterRoundTrip writes random formulas with Writer and reads them
// back with ReadDIMACS and with gini's reader (github.com/go-air/gini/dimacs):
// the same clauses in the same order, and a solver loaded from the text
// answers as one loaded directly.
func TestWriterRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for i := range 100 {
		vars := 1 + rng.IntN(12)
		f := random3SAT(rng, vars, rng.IntN(5*vars))
		if i%10 == 0 {
			f.clauses = append(f.clauses, []int{})
		}
		var buf bytes.Buffer
		w := sat.NewWriter(&buf, f.vars, len(f.clauses), "random 3-SAT", "second\nthird line")
		for _, c := range f.clauses {
			for _, l := range c {
				w.Add(l)
			}
			w.Add(0)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		text := buf.String()
		if !strings.HasPrefix(text, "c random 3-SAT\nc second\nc third line\np cnf ") {
			t.Fatalf("comments and header: %q", text[:min(60, len(text))])
		}
		var ours collect
		info, err := sat.ReadDIMACS(strings.NewReader(text), "rt.cnf", &ours)
		if err != nil || len(info.Warnings) != 0 {
			t.Fatalf("formula %d: %v %v", i, err, info.Warnings)
		}
		var theirs giniVis
		if err := dimacs.ReadCnf(strings.NewReader(text), &theirs); err != nil {
			t.Fatalf("gini's reader: %v", err)
		}
		want := fmt.Sprint(f.clauses)
		if fmt.Sprint(ours.clauses) != want || fmt.Sprint(theirs.clauses) != want {
			t.Fatalf("formula %d: wrote %s, read back %v and %v", i, want, ours.clauses, theirs.clauses)
		}
		s := sat.New()
		if _, err := sat.ReadDIMACS(strings.NewReader(text), "rt.cnf", s); err != nil {
			t.Fatal(err)
		}
		if got, want := s.Solve(context.Background()), f.load().Solve(context.Background()); got != want {
			t.Fatalf("formula %d: read back %v, direct %v", i, got, want)
		}
	}
}

func TestWriterErrors(t *testing.T) {
	w := sat.NewWriter(&bytes.Buffer{}, 2, 2)
	w.Add(1)
	w.Add(0)
	if err := w.Close(); err == nil || err.Error() != "cnf: dimacs header declares 2 clauses, 1 were written" {
		t.Errorf("short: %v", err)
	}
	w = sat.NewWriter(&bytes.Buffer{}, 2, 1)
	w.Add(1)
	if err := w.Close(); err == nil {
		t.Errorf("open clause: no error")
	}
	w = sat.NewWriter(failWriter{}, 2, 0)
	if err := w.Close(); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("failing writer: %v", err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// FuzzReadDIMACS feeds the reader arbitrary bytes: it must never panic,
// and whatever it accepts must come out of Writer and back unchanged, with
// every literal within the declared variables.
func FuzzReadDIMACS(f *testing.F) {
	for _, s := range []string{
		"p cnf 3 2\n1 -2 0\n3 0\n",
		"c x\np cnf 1 1\n-1 0\n%\n0\n",
		"p cnf 2 1\n1 2",
		"p cnf 0 0\n",
		"p cnf 3 1\n1 x 0\n",
		"\x00\xff p cnf",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var c collect
		info, err := sat.ReadDIMACS(bytes.NewReader(data), "fuzz.cnf", &c)
		if err != nil {
			var pe *sat.ParseError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 || !strings.HasPrefix(err.Error(), "fuzz.cnf:") {
				t.Fatalf("error %v (%T) does not say where", err, err)
			}
			return
		}
		if info.Read != len(c.clauses) {
			t.Fatalf("Read = %d, %d clauses received", info.Read, len(c.clauses))
		}
		for _, cl := range c.clauses {
			for _, l := range cl {
				if l == 0 || l > info.Vars || -l > info.Vars {
					t.Fatalf("literal %d with %d variables declared", l, info.Vars)
				}
			}
		}
		var buf bytes.Buffer
		w := sat.NewWriter(&buf, info.Vars, len(c.clauses))
		for _, cl := range c.clauses {
			for _, l := range cl {
				w.Add(l)
			}
			w.Add(0)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		var again collect
		if _, err := sat.ReadDIMACS(&buf, "again.cnf", &again); err != nil {
			t.Fatalf("rewritten formula rejected: %v", err)
		}
		if len(again.clauses) != len(c.clauses) || !slices.EqualFunc(again.clauses, c.clauses, slices.Equal[[]int]) {
			t.Fatalf("round trip changed the clauses")
		}
	})
}

// ExampleReadDIMACS reads a formula into a solver.
func ExampleReadDIMACS() {
	in := "c x1 or x2, not x1, not x2\np cnf 2 3\n1 2 0\n-1 0\n-2 0\n"
	s := sat.New()
	if _, err := sat.ReadDIMACS(strings.NewReader(in), "example.cnf", s); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Solve(context.Background()))
	_, err := sat.ReadDIMACS(strings.NewReader("p cnf 2 1\n1 3 0\n"), "bad.cnf", sat.New())
	fmt.Println(err)
	// Output:
	// UNSATISFIABLE
	// bad.cnf:2:3: literal 3 beyond the 2 variables declared in the header (line 1)
}

// ExampleWriter writes a formula in DIMACS form.
func ExampleWriter() {
	w := sat.NewWriter(os.Stdout, 3, 2, "two clauses")
	for _, l := range []int{1, -2, 0, 3, 0} {
		w.Add(l)
	}
	if err := w.Close(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// c two clauses
	// p cnf 3 2
	// 1 -2 0
	// 3 0
}

// TestReadDIMACSBounds: a byte-order mark is skipped; a clause too long, a
// formula beyond MaxLiterals, a variable beyond MaxVar and a header line
// without end are refused where they are; a cancelled context stops the
// reading with its cause; Header sees the counts before the first clause.
func TestReadDIMACSBounds(t *testing.T) {
	var c collect
	if _, err := sat.ReadDIMACS(strings.NewReader("\xef\xbb\xbfp cnf 2 1\n1 -2 0\n"), "bom.cnf", &c); err != nil || fmt.Sprint(c.clauses) != "[[1 -2]]" {
		t.Errorf("BOM: %v, %v", c.clauses, err)
	}
	if _, err := sat.ReadDIMACS(strings.NewReader("\xef\xbb\xbfc comment\np cnf 1 1\n1 0\n"), "bom.cnf", &collect{}); err != nil {
		t.Errorf("BOM before a comment: %v", err)
	}
	_, err := sat.ReadDIMACS(strings.NewReader("\xef\xbb\xbfp cnf 2 1\n1 x 0\n"), "bom.cnf", &collect{})
	if err == nil || err.Error() != `bom.cnf:2:3: unexpected "x": want a literal (an integer)` {
		t.Errorf("BOM then an error: %v", err)
	}
	long := "p cnf 2 1\n" + strings.Repeat("1 ", 1<<16+1) + "0\n"
	_, err = sat.ReadDIMACS(strings.NewReader(long), "long.cnf", &collect{})
	if err == nil || !strings.Contains(err.Error(), "long.cnf:2:1: clause of more than 65536 literals") {
		t.Errorf("long clause: %v", err)
	}
	cases := []struct {
		in   string
		opts sat.ReadOptions
		want string
	}{
		{"p cnf 3 9\n1 2 0\n3 0\n-1 0\n", sat.ReadOptions{MaxLiterals: 5}, "b.cnf:4:1: formula larger than 5 literals"},
		{"p cnf 3 9\n0\n0\n0\n0\n", sat.ReadOptions{MaxLiterals: 3}, "b.cnf:5:1: formula larger than 3 literals"},
		{"p cnf 300 1\n1 299 0\n", sat.ReadOptions{MaxVar: 100}, "b.cnf:2:3: variable 299: a formula with that many variables does not fit"},
		{"p cnf 3 1" + strings.Repeat(" ", 300) + "\n", sat.ReadOptions{}, "b.cnf:1:"},
	}
	for _, c := range cases {
		_, err := sat.ReadDIMACSContext(context.Background(), strings.NewReader(c.in), "b.cnf", &collect{}, c.opts)
		var pe *sat.ParseError
		if err == nil || !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%.40q: error %v, want %s…", c.in, err, c.want)
		}
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	stop := errors.New("stop here")
	cancel(stop)
	if _, err := sat.ReadDIMACSContext(ctx, strings.NewReader("p cnf 1 1\n1 0\n"), "c.cnf", &collect{}, sat.ReadOptions{}); !errors.Is(err, stop) {
		t.Errorf("cancelled: %v", err)
	}
	var got []int
	var seen collect
	opts := sat.ReadOptions{Header: func(v, c int) { got = append(got, v, c, len(seen.clauses)) }}
	if _, err := sat.ReadDIMACSContext(context.Background(), strings.NewReader("c x\np cnf 7 2\n1 0\n2 0\n"), "h.cnf", &seen, opts); err != nil || fmt.Sprint(got) != "[7 2 0]" {
		t.Errorf("Header: %v, %v", got, err)
	}
}

// TestReadDIMACSChunks: the same formula read through a reader that gives
// one byte at a time, and through one that gives it in odd chunks, gives
// the same clauses, with literals split across the buffer's refills.
func TestReadDIMACSChunks(t *testing.T) {
	var b strings.Builder
	b.WriteString("c chunks\np cnf 100000 3000\n")
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		for range 1 + rng.IntN(40) {
			l := 1 + rng.IntN(100000)
			if rng.IntN(2) == 0 {
				l = -l
			}
			fmt.Fprintf(&b, "%d%s", l, []string{" ", "  ", "\t", "\n", " \r\n"}[rng.IntN(5)])
		}
		b.WriteString("0\n")
	}
	text := b.String()
	var whole collect
	if _, err := sat.ReadDIMACS(strings.NewReader(text), "w.cnf", &whole); err != nil {
		t.Fatal(err)
	}
	if len(whole.clauses) != 3000 {
		t.Fatalf("%d clauses", len(whole.clauses))
	}
	for _, size := range []int{1, 7, 63, 64, 65, 4099} {
		var c collect
		if _, err := sat.ReadDIMACS(&chunky{s: text, size: size}, "c.cnf", &c); err != nil {
			t.Fatalf("chunks of %d: %v", size, err)
		}
		if fmt.Sprint(c.clauses) != fmt.Sprint(whole.clauses) {
			t.Errorf("chunks of %d: different clauses", size)
		}
	}
	// gini's own reader agrees.
	var g giniVis
	if err := dimacs.ReadCnf(strings.NewReader(text), &g); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(g.clauses) != fmt.Sprint(whole.clauses) {
		t.Error("gini's reader reads other clauses")
	}
}

// chunky gives its string size bytes at a time.
type chunky struct {
	s    string
	size int
}

func (c *chunky) Read(p []byte) (int, error) {
	if c.s == "" {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.size)], c.s)
	c.s = c.s[n:]
	return n, nil
}
