package dlx_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/dlx"
)

// TestParseErrors feeds malformed files and checks the place and the words
// of each error.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		text string
		pos  string // file:line:col
		want string
	}{
		{"", "f.dlx:1:1", "no items"},
		{"| only a comment\n\n  | another\n", "f.dlx:3:1", "no items"},
		{"A B\nA X\n", "f.dlx:2:3", `unknown item "X"`},
		{"A B | C\n\nB  C  B\n", "f.dlx:3:7", `item "B" twice in one option`},
		{"A B A\n", "f.dlx:1:5", `item "A" declared twice`},
		{"A B | C A\n", "f.dlx:1:9", `item "A" declared twice`},
		{"A | B | C\n", "f.dlx:1:7", "second '|'"},
		{"A B:x\n", "f.dlx:1:4", "reserved character ':'"},
		{"A B\nA B:1\n", "f.dlx:2:4", `primary item "B" cannot have a colour`},
		{"A a|b\n", "f.dlx:1:3", `'a' is not a digit of a bound`},
		{"A | B\nA B|x\n", "f.dlx:2:4", `reserved character '|'`},
		{"A | 2|B\n", "f.dlx:1:6", `bounds on secondary item "2|B"`},
		{"A 3:2|p\n", "f.dlx:1:3", `item "p": lower bound 3 exceeds upper bound 2`},
		{"A 0|p\n", "f.dlx:1:3", `item "p": upper bound is zero`},
		{"A 0:0|p\n", "f.dlx:1:3", `item "p": upper bound is zero`},
		{"A :2|p\n", "f.dlx:1:3", `item "p": missing bound`},
		{"A 2:|p\n", "f.dlx:1:5", `item "p": missing bound`},
		{"A 1:2:3|p\n", "f.dlx:1:6", `':' is not a digit of a bound`},
		{"A 2|\n", "f.dlx:1:5", `bounds "2|" without an item name`},
		{"A 2|p:q\n", "f.dlx:1:6", `reserved character ':'`},
		{"A 2:p\n", "f.dlx:1:4", `lower bound without upper bound`},
		{"A 99999999999|p\n", "f.dlx:1:3", `larger than`},
		{"A | X\nA :c\n", "f.dlx:2:3", `colour ":c" with no item before ':'`},
		{"A | X\nA X:\n", "f.dlx:2:5", `empty colour after "X":`},
		{"A | X\nA Y:c\n", "f.dlx:2:3", `unknown item "Y"`},
		{"A | X\nA X:c:d\n", "f.dlx:2:5", `reserved character ':'`},
		{"A | X\nA X:a X:b\n", "f.dlx:2:7", `item "X" twice in one option`},
		{"A | X:c\n", "f.dlx:1:6", `a colour belongs in an option`},
		{"A |X |Y\n", "f.dlx:1:6", "second '|'"},
		{"\xef\xbb\xbfA B\nA C\n", "f.dlx:2:3", `unknown item "C"`},
		{"A B\nA | B\n", "f.dlx:2:3", "'|' in an option"},
		{"| c\n  A\tB\r\nB\tZZ\r\n", "f.dlx:3:3", `unknown item "ZZ"`},
	} {
		_, err := dlx.Parse(strings.NewReader(c.text), "f.dlx")
		var e *dlx.Error
		if !errors.As(err, &e) {
			t.Errorf("%q: got %v, want a *dlx.Error", c.text, err)
			continue
		}
		if want := c.pos + ": "; !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %q, want %q…%q", c.text, err, want, c.want)
		}
	}
}

// TestParse checks comments, blank lines, white space, and the warning for
// an option without a primary item.
func TestParse(t *testing.T) {
	text := "| Knuth's toy problem\n\n  A B C D E   |\tF G  \r\n| a comment\nC E F\n F G\nA D G\nB C F\nA D\n\nB G\nD E G" // no final newline
	p, err := dlx.Parse(strings.NewReader(text), "toy")
	if err != nil {
		t.Fatal(err)
	}
	if p.Items() != 7 || p.Primary() != 5 || p.Options() != 6 {
		t.Fatalf("got %d items, %d primary, %d options; want 7, 5, 6", p.Items(), p.Primary(), p.Options())
	}
	if got := p.OptionString(5); got != "D E G" {
		t.Errorf("last option: got %q", got)
	}
	w := p.Warnings()
	if len(w) != 1 || w[0].Line != 6 || w[0].Col != 2 || !strings.Contains(w[0].String(), "toy:6:2: warning: option ignored") {
		t.Errorf("warnings: got %v", w)
	}
	if n, st, _ := p.Count(context.Background()); n != 1 || st.Nodes != 6 || st.Updates != 30 {
		t.Errorf("toy problem: got %d solutions, %+v", n, st)
	}
}

// TestRoundTrip writes problems out and reads them back.
func TestRoundTrip(t *testing.T) {
	for name, p := range map[string]*dlx.Matrix{
		"toy":       mustParse(t, toyText),
		"langford":  langford(t, 5),
		"queens":    queens(t, 6),
		"pentomino": pentomino(t, 3, 20),
		"odd names": mustParse(t, "é ~x!\x00 | \"q\" 3\n3 ~x!\x00\né \"q\"\n"),
	} {
		text := writeString(t, p)
		q, err := dlx.Parse(strings.NewReader(text), name)
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, text)
		}
		if !sameProblem(p, q) {
			t.Errorf("%s: read back a different problem", name)
		}
		if again := writeString(t, q); again != text {
			t.Errorf("%s: second write differs:\n%s\nfirst:\n%s", name, again, text)
		}
	}
}

func sameProblem(p, q *dlx.Matrix) bool {
	if p.Items() != q.Items() || p.Primary() != q.Primary() || p.Options() != q.Options() || p.Colors() != q.Colors() {
		return false
	}
	for i := 0; i < p.Items(); i++ {
		lp, hp := p.Bounds(i)
		lq, hq := q.Bounds(i)
		if p.Item(i) != q.Item(i) || p.Len(i) != q.Len(i) || lp != lq || hp != hq {
			return false
		}
	}
	for o := 0; o < p.Options(); o++ {
		if !slices.Equal(p.Option(o), q.Option(o)) {
			return false
		}
	}
	return true
}

// FuzzParse checks that the parser never panics, that what it accepts
// survives a round trip, and that small problems it accepts are solved
// exactly as trying every subset of options says.
func FuzzParse(f *testing.F) {
	f.Add([]byte(toyText))
	f.Add([]byte("A B | C\nA C\nB\nA B C\n"))
	f.Add([]byte("1 2 s1 s2 s3 s4\n1 s1 s3\n1 s2 s4\n2 s1 s4\n"))
	f.Add([]byte("A B\nA X\n"))
	f.Add([]byte("A | B | C\n"))
	f.Add([]byte("A B:x\nA\n"))
	f.Add([]byte("  | comment\n\nA\tB\r\nA B\nB A\n| x\n"))
	f.Add([]byte(dlx2Example))
	f.Add([]byte(dlx3Example))
	f.Add([]byte("0:2|A 3|B | X\nA B X:red\nB X:red\nB X:blue\nA\nB\n"))
	f.Add([]byte("\ufeffA | X Y\nA X:1 Y\nA X:1\n"))
	// Issue 24's stream: the same line over and over (the first names
	// the items, every later one is an option of all of them).
	f.Add([]byte(strings.Repeat("a b c d e f g h\n", 200)))
	f.Add([]byte(strings.Repeat("a b c d e f g h\n", 3) + "a b c d e f g"))
	f.Add([]byte("a b | c\n" + strings.Repeat("a c:x\nb c:y\n", 50)))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := dlx.Parse(strings.NewReader(string(data)), "fuzz")
		if err != nil {
			var e *dlx.Error
			if !errors.As(err, &e) || e.Line < 1 || e.Col < 1 || !strings.HasPrefix(err.Error(), "fuzz:") {
				t.Fatalf("error without a place: %v", err)
			}
			return
		}
		text := writeString(t, p)
		q, err := dlx.Parse(strings.NewReader(text), "again")
		if err != nil {
			t.Fatalf("cannot read back %q: %v", text, err)
		}
		if !sameProblem(p, q) {
			t.Fatalf("round trip changed the problem:\n%s", text)
		}
		if again := writeString(t, q); again != text {
			t.Fatalf("written twice differently:\n%s\n%s", text, again)
		}
		if p.Options() > 12 || p.Items() > 64 {
			return
		}
		g := fromProblem(p)
		want := g.brute()
		for _, workers := range []int{1, 2} {
			got, _ := solveAll(t, p, dlx.Config{Workers: workers})
			if !slices.Equal(got, want) {
				t.Fatalf("%d workers: got solutions %v, want %v for\n%s", workers, got, want, text)
			}
			if p.HasBounds() {
				continue
			}
			if got, _ := solveAll(t, p, dlx.Config{Workers: workers, Algorithm: dlx.SS}); !slices.Equal(got, want) {
				t.Fatalf("ss, %d workers: got solutions %v, want %v for\n%s", workers, got, want, text)
			}
		}
	})
}
