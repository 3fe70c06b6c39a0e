package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEncodeProblemDLX writes variants with encode --problem --to dlx and
// counts the matrix with xcover: the count must be what count --problem
// finds (another backend, another search), and for domination n = 5, 6 the
// numbers of minimum dominating sets, 186 and 4 (OEIS A002564, 3 queens);
// also on a board with given queens and on one with blocked squares.
func TestEncodeProblemDLX(t *testing.T) {
	ctx := context.Background()
	board := filepath.Join("..", "..", "examples", "board.txt")
	cases := []struct {
		args []string
		want string // "" for count's answer
	}{
		{[]string{"-n", "5", "--problem", "domination"}, "186"},
		{[]string{"-n", "6", "--problem", "domination"}, "4"},
		{[]string{"-n", "5", "--problem", "domination", "--pieces", "3"}, "186"},
		{[]string{"-n", "6", "--problem", "domination", "--pieces", "3"}, "4"},
		{[]string{"-n", "4", "--problem", "domination", "--pieces", "1"}, "0"},
	}
	for _, v := range []string{"queens", "toroidal", "superqueens", "domination", "kings", "bishops", "knights", "rooks", "torus-domination"} {
		for _, n := range []string{"4", "5", "6"} {
			cases = append(cases, struct {
				args []string
				want string
			}{[]string{"-n", n, "--problem", v}, ""})
		}
	}
	blocked := xfile(t, "blocked6.txt", "x.....\n......\n..x...\n......\n......\n.....x\n")
	for _, v := range []string{"queens", "domination", "kings", "rooks"} {
		for _, b := range []string{board, blocked} {
			cases = append(cases, struct {
				args []string
				want string
			}{[]string{"--board", b, "--problem", v}, ""})
		}
	}
	for _, c := range cases {
		enc, errOut, code := xrun(t, ctx, "", append([]string{"encode", "--to", "dlx"}, c.args...)...)
		if code != 0 {
			t.Fatalf("encode %v: exit %d: %s", c.args, code, errOut)
		}
		out, errOut, code := xrun(t, ctx, enc, "xcover", "-", "--count")
		if code != 0 {
			t.Fatalf("xcover of encode %v: exit %d: %s\n%s", c.args, code, errOut, enc)
		}
		got := summary(t, out, "solutions")
		want := c.want
		if want == "" {
			cnt, errOut, code := xrun(t, ctx, "", append([]string{"count"}, c.args...)...)
			if code != 0 {
				t.Fatalf("count %v: exit %d: %s", c.args, code, errOut)
			}
			want = strings.Fields(summary(t, cnt, "solutions"))[0]
		}
		if got != want {
			t.Errorf("encode %v | xcover --count: %s solutions, want %s", c.args, got, want)
		}
	}
}

// TestEncodeProblemDLXBounds checks the written multiplicities and the
// refusals of encode --problem.
func TestEncodeProblemDLXBounds(t *testing.T) {
	ctx := context.Background()
	enc, errOut, code := xrun(t, ctx, "", "encode", "-n", "6", "--problem", "domination", "--to", "dlx")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(enc, " 3|total0") || !strings.Contains(enc, "1:16|cover0 ") || !strings.Contains(enc, "3 queens (the minimum, found by search)") {
		t.Errorf("domination n = 6: no 3|total0, 1:16|cover0 or comment in\n%.400s", enc)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"encode", "-n", "5", "--problem", "queens", "--pieces", "4", "--to", "dlx"}, "--pieces applies to"},
		{[]string{"encode", "-n", "5", "--problem", "kings", "--pieces", "26", "--to", "dlx"}, "--pieces must be between 1 and"},
		{[]string{"encode", "-n", "5", "--problem", "chess", "--to", "dlx"}, "--problem"},
		{[]string{"encode", "-n", "5", "--problem", "kings", "--amo", "pairwise", "--to", "dlx"}, "--amo"},
		{[]string{"encode", "-n", "200", "--problem", "domination", "--pieces", "100", "--to", "dlx", "--max-size", "1MB"}, "more than --max-size"},
	} {
		out, errOut, code := xrun(t, ctx, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) || out != "" {
			t.Errorf("%v: exit %d, stderr %q (want %q), %d bytes out", c.args, code, errOut, c.want, len(out))
		}
	}
	// --out gets the whole matrix.
	path := filepath.Join(t.TempDir(), "kings.dlx")
	if _, errOut, code := xrun(t, ctx, "", "encode", "-n", "4", "--problem", "kings", "--to", "dlx", "--out", path); code != 0 {
		t.Fatalf("--out: exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(data), "4|total0") || strings.Count(string(data), "\n") != 2+1+16 {
		t.Errorf("--out: %v\n%s", err, data)
	}
}

// TestEncodeProblemAllGiven: a board whose given pieces are already the
// optimum (a king on 2×2) has one solution, placing nothing more: the
// written matrix, the dlx backend and the backtracking one agree.
func TestEncodeProblemAllGiven(t *testing.T) {
	ctx := context.Background()
	board := xfile(t, "k2.txt", "Q.\n..\n")
	enc, errOut, code := xrun(t, ctx, "", "encode", "--board", board, "--problem", "kings", "--to", "dlx")
	if code != 0 {
		t.Fatalf("encode: exit %d: %s", code, errOut)
	}
	out, _, code := xrun(t, ctx, enc, "xcover", "-", "--count")
	if code != 0 || summary(t, out, "solutions") != "1" {
		t.Errorf("xcover: exit %d\n%s\n%s", code, out, enc)
	}
	for _, be := range []string{"dlx", "backtrack"} {
		out, errOut, code := xrun(t, ctx, "", "count", "--board", board, "--problem", "kings", "--backend", be)
		if code != 0 || summary(t, out, "solutions") != "1" || !strings.HasPrefix(summary(t, out, "pieces"), "1 ") {
			t.Errorf("count --backend %s: exit %d %s\n%s", be, code, errOut, out)
		}
	}
}
