package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestEncodeDiagonals: encode --diagonals K writes a CSPLib prob079 .param
// instance with only its first K excluded diagonals, as count does; the
// matrix counts what answers.tsv gives for the published runs (diag10-1 with
// 9 diagonals has no solution, diag12-106 with 6 has 158, diag14-924 with 9
// has 9), and K = 0 is plain n-queens. --diagonals is refused as count
// refuses it.
func TestEncodeDiagonals(t *testing.T) {
	ctx := context.Background()
	params := filepath.Join("..", "..", "testdata", "csplib-prob079", "params")
	for _, c := range []struct {
		file, k, want string
	}{
		{"diag-10-4-1.param", "9", "0"},
		{"diag-12-4-106.param", "6", "158"},
		{"diag-14-4-924.param", "9", "9"},
		{"diag-10-4-1.param", "0", "724"}, // A000170(10)
	} {
		board := filepath.Join(params, c.file)
		enc, errOut, code := xrun(t, ctx, "", "encode", "--board", board, "--diagonals", c.k, "--to", "dlx")
		if code != 0 {
			t.Fatalf("encode %s --diagonals %s: exit %d: %s", c.file, c.k, code, errOut)
		}
		out, errOut, code := xrun(t, ctx, enc, "xcover", "-", "--count")
		if code != 0 || summary(t, out, "solutions") != c.want {
			t.Errorf("encode %s --diagonals %s | xcover --count: exit %d %s\n%s", c.file, c.k, code, errOut, out)
		}
		cnt, errOut, code := xrun(t, ctx, "", "count", "--board", board, "--diagonals", c.k, "--backend", "backtrack")
		if code != 0 || summary(t, cnt, "solutions") != c.want {
			t.Errorf("count %s --diagonals %s: exit %d %s\n%s", c.file, c.k, code, errOut, cnt)
		}
	}
	board := filepath.Join(params, "diag-10-4-1.param")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"encode", "-n", "5", "--diagonals", "2", "--to", "dlx"}, "--diagonals takes the first K excluded diagonals of a --board file"},
		{[]string{"encode", "--board", board, "--diagonals", "-1", "--to", "dlx"}, "--diagonals must be 0 or more, got -1"},
		{[]string{"encode", "--board", board, "--diagonals", "99", "--to", "dlx"}, "diag-10-4-1.param:3:10: --diagonals 99: the file lists 14 diagonals"},
		{[]string{"encode", "--board", board, "--diagonals", "x", "--to", "dlx"}, `diagonals "x": want a whole number`},
	} {
		out, errOut, code := xrun(t, ctx, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) || out != "" {
			t.Errorf("%v: exit %d, stderr %q (want %q), %d bytes out", c.args, code, errOut, c.want, len(out))
		}
	}
}
