package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestCountProblemJSON is the command-line contract of --problem: the
// counts of the OEIS (A002564 and A075458 for domination, A018807 for
// kings, A051906 for toroidal) with the pieces in "queens" or "pieces".
func TestCountProblemJSON(t *testing.T) {
	for _, c := range []struct {
		args              []string
		solutions         uint64
		field             string
		pieces            int
		problem, backends string
	}{
		{[]string{"-n", "6", "--problem", "domination"}, 4, "queens", 3, "domination", "backtrack dlx sat"},
		{[]string{"-n", "4", "--problem", "kings"}, 79, "pieces", 4, "kings", "backtrack dlx sat"},
		{[]string{"-n", "5", "--problem", "bishops"}, 32, "pieces", 8, "bishops", "backtrack dlx sat"},
		{[]string{"-n", "7", "--problem", "toroidal"}, 28, "", 0, "toroidal", "backtrack dlx sat"},
		{[]string{"-n", "10", "--problem", "superqueens"}, 4, "", 0, "superqueens", "backtrack dlx"},
		{[]string{"--board", "../../examples/diag-14-4-924.param", "--diagonals", "9"}, 9, "", 0, "queens", "backtrack dlx sat"},
	} {
		for _, be := range strings.Fields(c.backends) {
			args := append([]string{"count", "--json", "--backend", be}, c.args...)
			out, errOut, code := qtool(t, "", args...)
			if code != 0 {
				t.Fatalf("%v: exit %d, %s", args, code, errOut)
			}
			var rec map[string]any
			if err := json.Unmarshal([]byte(out), &rec); err != nil {
				t.Fatalf("%v: %v in %q", args, err, out)
			}
			if rec["solutions"] != float64(c.solutions) || rec["problem"] != c.problem || rec["status"] != "ok" {
				t.Errorf("%v: %s", args, out)
			}
			if c.field != "" && rec[c.field] != float64(c.pieces) {
				t.Errorf("%v: %s = %v, want %d", args, c.field, rec[c.field], c.pieces)
			}
		}
	}
}

func TestProblemErrors(t *testing.T) {
	blocked := writeFile(t, "b.txt", ".x..\n....\n....\n....\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"count", "-n", "5", "--problem", "amazons"}, `--problem "amazons": want one of queens, toroidal`},
		{[]string{"count", "-n", "5", "--problem", "kings", "--backend", "bitmask"}, "backend bitmask does not solve --problem kings; backends that do: backtrack, dlx, sat"},
		{[]string{"count", "--board", blocked, "--backend", "bitmask"}, "backend bitmask does not take blocked squares"},
		{[]string{"count", "-n", "5", "--diagonals", "3"}, "--diagonals takes the first K excluded diagonals of a --board file"},
		{[]string{"count", "--board", "../../examples/diag-14-4-924.param", "--diagonals", "99"}, "diag-14-4-924.param:3:10: --diagonals 99: the file lists"},
		{[]string{"count", "-n", "6", "--problem", "kings", "--unique"}, "--unique counts fundamental solutions of plain n-queens only"},
		{[]string{"count", "-n", "6", "--problem", "kings", "--amo", "product", "--backend", "backtrack"}, "--amo applies to the backends with an at-most-one encoding"},
	} {
		_, errOut, code := qtool(t, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

func TestSolveProblem(t *testing.T) {
	out, errOut, code := qtool(t, "", "solve", "-n", "4", "--problem", "domination", "--format", "list", "--limit", "0")
	if code != 0 || len(strings.Split(strings.TrimSpace(out), "\n")) != 12 {
		t.Errorf("domination n=4: exit %d, %q %q; want the 12 minimum dominating sets", code, out, errOut)
	}
	out, _, code = qtool(t, "", "solve", "-n", "3", "--problem", "kings")
	if code != 0 || !strings.Contains(out, "K.K\n...\nK.K\n") {
		t.Errorf("kings n=3: %q", out)
	}
}

// TestGenFamilies: the hard families are reproducible and read back by
// count; a blocked grid counts the same on two backends.
func TestGenFamilies(t *testing.T) {
	dir := t.TempDir()
	for range 2 {
		if _, errOut, code := qtool(t, "", "gen", "--family", "diagonals", "-n", "12", "--seed", "4", "--count", "2", "--out", dir); code != 0 {
			t.Fatal(errOut)
		}
	}
	a, _, _ := qtool(t, "", "gen", "--family", "diagonals", "-n", "12", "--seed", "4")
	if !strings.Contains(a, "numdiags = ") {
		t.Fatalf("gen diagonals: %q", a)
	}
	out, errOut, code := qtool(t, "", "count", "--json", "--board", dir+"/diag-12-4-s4-0000.param", "--diagonals", "10")
	if code != 0 || !strings.Contains(out, `"excluded_diagonals":10`) {
		t.Errorf("count of a generated instance: %d %s %s", code, out, errOut)
	}
	grid, _, _ := qtool(t, "", "gen", "--family", "blocked", "-n", "9", "--blocked", "10", "--seed", "2")
	xs := 0
	for _, l := range strings.Split(grid, "\n") {
		if !strings.HasPrefix(l, "#") {
			xs += strings.Count(l, "x")
		}
	}
	if xs != 10 {
		t.Fatalf("gen blocked: %q", grid)
	}
	f := writeFile(t, "blocked.txt", grid)
	one, _, _ := qtool(t, "", "count", "--json", "--board", f, "--backend", "backtrack")
	two, _, _ := qtool(t, "", "count", "--json", "--board", f, "--backend", "dlx")
	var r1, r2 map[string]any
	json.Unmarshal([]byte(one), &r1)
	json.Unmarshal([]byte(two), &r2)
	if r1["solutions"] == nil || r1["solutions"] != r2["solutions"] || r1["blocked"] != float64(10) {
		t.Errorf("blocked grid: backtrack %s, dlx %s", one, two)
	}
	if _, errOut, code := qtool(t, "", "gen", "--family", "blocked", "-n", "3", "--blocked", "20"); code != 2 || !strings.Contains(errOut, "--blocked must be between 0 and n² = 9") {
		t.Errorf("too many blocked: %d %q", code, errOut)
	}
}

// TestBenchProblem: bench --problem measures a variant on the backends
// that declare it and refuses one that does not.
func TestBenchProblem(t *testing.T) {
	out, errOut, code := qtool(t, "", "bench", "--problem", "rooks", "--n", "4-5", "--backends", "backtrack,dlx", "--repeats", "1", "--log", "")
	if code != 0 || !strings.Contains(out, " 24 ") || !strings.Contains(out, " 120 ") {
		t.Errorf("bench --problem rooks: exit %d\n%s%s", code, out, errOut)
	}
	_, errOut, code = qtool(t, "", "bench", "--problem", "rooks", "--n", "4", "--backends", "bitmask", "--log", "")
	if code != 2 || !strings.Contains(errOut, "backend bitmask does not solve the rooks problem") {
		t.Errorf("bench --problem rooks --backends bitmask: exit %d, %q", code, errOut)
	}
}

// TestProblemTooLarge: a model that cannot be built is refused before the
// work, exit 2.
func TestProblemTooLarge(t *testing.T) {
	for _, args := range [][]string{
		{"count", "-n", "100000", "--problem", "kings"},
		{"count", "-n", "3000", "--problem", "domination"},
		{"solve", "-n", "300000", "--problem", "rooks"},
	} {
		_, errOut, code := qtool(t, "", args...)
		if code != 2 || !strings.Contains(errOut, "more than") && !strings.Contains(errOut, "needs about") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}
