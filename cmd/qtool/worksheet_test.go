package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
)

// squareRow reads a square name such as "c4" on a board of order n ≤ 26:
// row (rank-1) and column (file).
func squareRow(t *testing.T, s string) (int, int) {
	t.Helper()
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' {
		t.Fatalf("bad square %q", s)
	}
	var r int
	for _, d := range s[1:] {
		r = r*10 + int(d-'0')
	}
	return r - 1, int(s[0] - 'a')
}

// TestWorksheetPDF reads the worksheet back with pdftotext (poppler-utils)
// and checks it as a teacher would: K puzzles, each with the queens given
// in words; K solutions after them on the last pages, each a verified
// solution that keeps the givens; with --unique, the only completion
// (brute force); the page count.
func TestWorksheetPDF(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (Debian poppler-utils) not installed: the worksheet is not read back")
	}
	dir := t.TempDir()
	for _, c := range []struct {
		n, k, blank int
		unique      bool
		lang        string
	}{{8, 8, 5, true, "en"}, {6, 3, 3, false, "en"}, {5, 25, 2, false, "en"}, {6, 4, 3, true, "de"}} {
		path := filepath.Join(dir, "ws.pdf")
		args := []string{"worksheet", "-n", itoa(c.n), "--puzzles", itoa(c.k), "--blank", itoa(c.blank), "--out", path, "--lang", c.lang}
		if c.unique {
			args = append(args, "--unique")
		}
		if out, errOut, code := qtool(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d %q %q", args, code, out, errOut)
		}
		text, err := exec.Command("pdftotext", "-layout", path, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		pages := strings.Split(string(text), "\f")
		if pages[len(pages)-1] == "" || strings.TrimSpace(pages[len(pages)-1]) == "" {
			pages = pages[:len(pages)-1]
		}
		want := (c.k+5)/6 + (c.k+19)/20
		if len(pages) != want {
			t.Errorf("%v: %d pages, want %d", args, len(pages), want)
		}
		given := regexp.MustCompile(`(?:Given|Vorgegeben): ((?:[a-z]\d+(?:, )?)+)`).FindAllStringSubmatch(string(text), -1)
		sols := regexp.MustCompile(`(?m)((?:[a-z]\d+ ){`+itoa(c.n-1)+`}[a-z]\d+)`).FindAllStringSubmatch(string(text), -1)
		if len(given) != c.k || len(sols) != c.k {
			t.Fatalf("%v: %d puzzles and %d solutions read back, want %d", args, len(given), len(sols), c.k)
		}
		solWord := map[string]string{"en": "Solutions", "de": "Lösungen"}[c.lang]
		if !strings.Contains(pages[len(pages)-1], solWord) || strings.Contains(pages[0], solWord+"\n") {
			t.Errorf("%v: the solutions are not on the last page", args)
		}
		for i := range given {
			b := encode.Board{N: c.n, Queens: make([]int, c.n)}
			for r := range b.Queens {
				b.Queens[r] = -1
			}
			for _, s := range strings.Split(given[i][1], ", ") {
				r, col := squareRow(t, s)
				b.Queens[r] = col
			}
			if c.n-b.Given() != c.blank {
				t.Errorf("puzzle %d: %d queens given, want %d", i+1, b.Given(), c.n-c.blank)
			}
			p := make(encode.Placement, c.n)
			for _, s := range strings.Fields(sols[i][1]) {
				r, col := squareRow(t, s)
				p[r] = col
			}
			if err := encode.Verify(b.Problem(), p); err != nil {
				t.Errorf("%v: solution %d does not complete puzzle %d: %v", args, i+1, i+1, err)
			}
			if comps := oracle.Completions(b); c.unique && len(comps) != 1 {
				t.Errorf("%v: puzzle %d has %d completions", args, i+1, len(comps))
			}
		}
	}
	if classroom.CJKFont() != "" {
		path := filepath.Join(dir, "zh.pdf")
		if out, errOut, code := qtool(t, "", "worksheet", "-n", "6", "--puzzles", "2", "--lang", "zh-Hans", "--out", path); code != 0 {
			t.Fatalf("zh-Hans: %d %q %q", code, out, errOut)
		}
		text, err := exec.Command("pdftotext", path, "-").Output()
		if err != nil || !strings.Contains(string(text), "第 1 题") || !strings.Contains(string(text), "答案") {
			t.Errorf("the Chinese worksheet reads %q (%v)", text, err)
		}
	}
	for _, bad := range [][]string{{"-n", "3"}, {"-n", "17"}, {"--puzzles", "0"}, {"--puzzles", "61"}, {"--difficulty", "brutal"}, {"--lang", "fr"}, {"--blank", "9"}} {
		args := append([]string{"worksheet", "--out", filepath.Join(dir, "x.pdf")}, bad...)
		if _, errOut, code := qtool(t, "", args...); code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%v: exit %d %q", bad, code, errOut)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.pdf")); err == nil {
		t.Error("a refused worksheet was written")
	}
}
