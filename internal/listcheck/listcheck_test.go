package listcheck

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/search"
)

func list(p []int) string {
	var sb strings.Builder
	for i, c := range p {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(c))
	}
	sb.WriteByte('\n')
	return sb.String()
}

// TestAgreesWithVerify compares Check with encode.Verify on random
// permutations and random lists of n = 1..9 and on solutions.
func TestAgreesWithVerify(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	legal := 0
	for iter := 0; iter < 20000; iter++ {
		n := 1 + rng.IntN(9)
		var p []int
		if iter%2 == 0 {
			p = rng.Perm(n)
		} else {
			p = make([]int, n)
			for r := range p {
				p[r] = rng.IntN(n + 1)
			}
		}
		got, err := Check(context.Background(), strings.NewReader(list(p)), "t")
		want := encode.Verify(encode.Empty(n).Problem(), encode.Placement(p))
		switch {
		case want == nil && (err != nil || got != n):
			t.Fatalf("%v: a solution, but Check says %d, %v", p, got, err)
		case want != nil && !errors.Is(err, ErrIllegal):
			t.Fatalf("%v: not a solution (%v), but Check says %d, %v", p, want, got, err)
		case want == nil:
			legal++
		}
	}
	if legal < 100 {
		t.Errorf("only %d solutions among the samples", legal)
	}
	for _, n := range []int{4, 5, 1000, 200_003} {
		p, err := search.Construct(n)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := Check(context.Background(), strings.NewReader(list(p)), "t"); err != nil || got != n {
			t.Errorf("construction of n = %d: %d, %v", n, got, err)
		}
		p[0], p[1] = p[1], p[0] // still a permutation, no longer a solution
		if _, err := Check(context.Background(), strings.NewReader(list(p)), "t"); !errors.Is(err, ErrIllegal) {
			t.Errorf("n = %d with two rows swapped: %v, want ErrIllegal", n, err)
		}
	}
}

func TestForms(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string // "" for a solution, else a part of the message
	}{
		{"1 3 0 2\n", 4, ""},
		{"1 3 0 2", 4, ""},
		{"# a comment\n\n  1\t3 0 2 \r\n\n \n", 4, ""},
		{"0\n", 1, ""},
		{"\xef\xbb\xbf1 3 0 2\n", 4, ""},
		{"", 0, "t:1:0: no list of columns"},
		{"# only a comment\n\n", 0, "no list of columns"},
		{"1 3 0 2\n1 3 0 2\n", 0, "t:2:1: unexpected '1' after the list"},
		{"1 3 x 2\n", 0, "t:1:5: want a column number, found 'x'"},
		{"1 3 0, 2\n", 0, "want a blank after a column number, found ','"},
		{"1 3 -0 2\n", 0, "found '-'"},
		{"99999999999 0\n", 0, "column number larger than"},
		{"1 # 3 0 2\n", 0, "found '#'"},
		{"1 3 0 2 # end\n", 0, "t:1:9: want a column number, found '#'"},
		{"1 \u0663 0\n", 0, "t:1:3: want a column number, found a non-ASCII character (byte 0xD9)"},
		{"1 3\u00a0 0\n", 0, "t:1:4: want a blank after a column number, found a non-ASCII character (byte 0xC2)"},
		{"1 3 \x00 2\n", 0, "t:1:5: want a column number, found '\\x00'"},
		{"0 2 4 1 3 0\n", 0, "t:1:11: row 5: column 0 holds a second queen"},
		{"0 1\n", 0, "row 1: the queen in column 1 shares a diagonal (row − column = 0)"},
		{"1 0\n", 0, "shares a diagonal (row + column = 1)"},
		{"1 3 0 6\n", 0, "column 6 is off the 4×4 board"},
	} {
		n, err := Check(context.Background(), strings.NewReader(tc.in), "t")
		switch {
		case tc.want == "" && (err != nil || n != tc.n):
			t.Errorf("%q: %d, %v; want %d", tc.in, n, err, tc.n)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q: %d, %v; want an error with %q", tc.in, n, err, tc.want)
		}
	}
}

func TestContext(t *testing.T) {
	p, err := search.Construct(100_000)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Check(ctx, strings.NewReader(list(p)), "t"); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// FuzzCheck feeds arbitrary input: Check never panics, and its verdict
// agrees with encode.Verify on the numbers of the input.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"1 3 0 2\n", "# c\n0\n", "0 1\n", "1 3 0 5", "", "\xef\xbb\xbf1 3 0 2\n", "1 3 0 2\n\n5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := Check(context.Background(), strings.NewReader(s), "f")
		if err != nil && !errors.As(err, new(*Error)) {
			t.Fatalf("%q: error of type %T: %v", s, err, err)
		}
		if err != nil && !errors.Is(err, ErrIllegal) {
			return
		}
		// Well formed: the numbers are the list line's fields.
		var p []int
		for _, line := range strings.Split(strings.TrimPrefix(s, "\ufeff"), "\n") {
			if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(line, "#") {
				for _, x := range f {
					c, _ := strconv.Atoi(x)
					p = append(p, c)
				}
				break
			}
		}
		verr := encode.Verify(encode.Empty(max(len(p), 1)).Problem(), encode.Placement(p))
		if (err == nil) != (verr == nil) || (err == nil && n != len(p)) {
			t.Fatalf("%q: Check %d, %v; Verify %v", s, n, err, verr)
		}
	})
}

// TestFileSizeBound checks that a file's size bounds the columns, so that
// a lone huge number is refused without a large allocation.
func TestFileSizeBound(t *testing.T) {
	path := t.TempDir() + "/huge.txt"
	if err := os.WriteFile(path, []byte("2147483000 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = Check(context.Background(), f, "huge.txt")
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrIllegal) || !strings.Contains(err.Error(), "huge.txt:1:1: column 2147483000 is off any board") {
		t.Errorf("got %v", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
		t.Errorf("allocated %d bytes", grew)
	}
}
