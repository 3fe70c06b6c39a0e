package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

// TestEncodeProblemDIMACS: encode --to dimacs writes the CNF of a board's
// model when it has excluded diagonals (--diagonals K) or blocked squares,
// or of a variant; qtool sat (gini) decides each as answers.tsv and qtool
// count do, and the model it prints, read back through the variable list
// of the comments, is a solution by the derived verifier.
func TestEncodeProblemDIMACS(t *testing.T) {
	ctx := context.Background()
	params := filepath.Join("..", "..", "testdata", "csplib-prob079", "params")
	blocked := xfile(t, "blocked6.txt", "x.....\n......\n..x...\n......\n......\n.....x\n")
	full := xfile(t, "full.txt", "xx\nxx\n")
	for _, c := range []struct {
		args   []string
		sat    bool
		pieces int
	}{
		{[]string{"--board", filepath.Join(params, "diag-10-4-1.param"), "--diagonals", "9"}, false, 0},
		{[]string{"--board", filepath.Join(params, "diag-12-4-106.param"), "--diagonals", "6"}, true, 12},
		{[]string{"--board", filepath.Join(params, "diag-14-4-924.param"), "--diagonals", "9", "--amo", "pairwise"}, true, 14},
		{[]string{"--board", filepath.Join(params, "diag-17-4-423.param"), "--diagonals", "11"}, false, 0},
		{[]string{"--board", blocked}, true, 6},
		{[]string{"-n", "5", "--problem", "domination"}, true, 3},
		{[]string{"-n", "5", "--problem", "domination", "--pieces", "2"}, false, 0},
		{[]string{"--board", blocked, "--problem", "kings", "--amo", "sequential"}, true, 9},
		{[]string{"--board", full, "--problem", "kings"}, true, 0},
	} {
		enc, errOut, code := xrun(t, ctx, "", append([]string{"encode", "--to", "dimacs"}, c.args...)...)
		if code != 0 {
			t.Fatalf("encode %v: exit %d: %s", c.args, code, errOut)
		}
		out, errOut, code := xrun(t, ctx, enc, "sat", "-")
		want := map[bool]int{true: 10, false: 20}[c.sat]
		if code != want {
			t.Fatalf("encode %v | sat: exit %d, want %d: %s\n%.600s", c.args, code, want, errOut, enc)
		}
		if !c.sat {
			continue
		}
		cells := decodeModel(t, enc, out)
		prob := encodeArgsProblem(t, c.args)
		prob.Pieces = len(cells)
		if len(cells) != c.pieces {
			t.Errorf("encode %v | sat: %d pieces, want %d", c.args, len(cells), c.pieces)
		}
		if err := encode.Verify(prob, cells); err != nil {
			t.Errorf("encode %v | sat: %v: %v", c.args, cells, err)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"encode", "-n", "5", "--problem", "kings", "--to", "dimacs", "--amo", "nosuch"}, `--amo "nosuch"`},
		{[]string{"encode", "-n", "5", "--problem", "kings", "--to", "dlx", "--amo", "pairwise"}, "--amo applies to --to dimacs, not dlx"},
	} {
		if out, errOut, code := xrun(t, ctx, "", c.args...); code != 2 || !strings.Contains(errOut, c.want) || out != "" {
			t.Errorf("%v: exit %d, stderr %q (want %q)", c.args, code, errOut, c.want)
		}
	}
}

// decodeModel reads the squares of a model: the "c i=r,c" comments of the
// CNF name the variables, the "v" lines of qtool sat give their values.
func decodeModel(t *testing.T, cnf, out string) []encode.Cell {
	t.Helper()
	square := map[int]encode.Cell{}
	for _, m := range regexp.MustCompile(`(\d+)=(\d+),(\d+)`).FindAllStringSubmatch(cnf, -1) {
		v, _ := strconv.Atoi(m[1])
		r, _ := strconv.Atoi(m[2])
		c, _ := strconv.Atoi(m[3])
		square[v] = encode.Cell{R: r, C: c}
	}
	var cells []encode.Cell
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, "v ") {
			continue
		}
		for _, f := range strings.Fields(l)[1:] {
			v, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("v line %q", l)
			}
			if x, ok := square[v]; ok && v > 0 {
				cells = append(cells, x)
			}
		}
	}
	return cells
}

// encodeArgsProblem is the problem that encode's arguments name.
func encodeArgsProblem(t *testing.T, args []string) encode.Problem {
	t.Helper()
	var p encode.Problem
	var opts encode.ReadOptions
	for i := 0; i < len(args); i += 2 {
		switch args[i] {
		case "-n":
			n, _ := strconv.Atoi(args[i+1])
			p.Board = encode.Empty(n)
		case "--problem":
			v, err := encode.ParseVariant(args[i+1])
			if err != nil {
				t.Fatal(err)
			}
			p.Variant = v
		case "--diagonals":
			opts.LimitDiagonals = true
			opts.Diagonals, _ = strconv.Atoi(args[i+1])
		}
	}
	for i := 0; i < len(args); i += 2 {
		if args[i] == "--board" {
			f, err := os.Open(args[i+1])
			if err != nil {
				t.Fatal(err)
			}
			p.Instance, err = encode.ParseInstanceWith(f, args[i+1], opts)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	return p
}
