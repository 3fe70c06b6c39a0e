package main

import (
	"strings"
	"testing"
)

// TestGivenByTheirRules: given pieces are checked by the problem's own
// rules, not the queens' (issue 24 item 8): knights on a1 and b2 share a
// diagonal and are legal; knights a knight's move apart, or kings side by
// side, are an error (exit 2, one line naming both) instead of a silent 0.
func TestGivenByTheirRules(t *testing.T) {
	for _, c := range []struct {
		grid, problem string
		code          int
		want          string
	}{
		{"Q...\n.Q..\n....\n....\n", "knights", 0, "solutions    1"},
		{"Q...\n..Q.\n....\n....\n", "knights", 2, "the knights given at (0,0) a1 and (1,2) c2 attack each other"},
		{"Q...\n....\nQ...\n....\n", "kings", 0, "solutions"},
		{"Q...\nQ...\n....\n....\n", "kings", 2, "the kings given at (0,0) a1 and (1,0) a2 attack each other"},
		{"Q...\n..Q.\n....\n....\n", "rooks", 0, "solutions"},
		{"Q...\n.Q..\n....\n....\n", "rooks", 0, "solutions"},
		{"Q...\n.Q..\n....\n....\n", "bishops", 2, "the bishops given at (0,0) a1 and (1,1) b2 attack each other"},
		{"Q...\n.Q..\n....\n....\n", "queens", 2, "share a diagonal"},
		{"Q..\n...\n.Q.\n", "superqueens", 2, "attack each other"},
	} {
		path := writeFile(t, "given.txt", c.grid)
		out, errOut, code := qtool(t, "", "count", "--board", path, "--problem", c.problem)
		if code != c.code || !strings.Contains(out+errOut, c.want) || code == 2 && strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s %q: exit %d\n%s%s\nwant exit %d and %q", c.problem, c.grid, code, out, errOut, c.code, c.want)
		}
	}
}

// TestListReadsBack: solve --format list on a board with a blocked
// square prints the list form that check, count --board and verify read
// (it printed "r,c" pairs, which all three refused).
func TestListReadsBack(t *testing.T) {
	board := writeFile(t, "x.txt", "x....\n.....\n.....\n.....\n.....\n")
	out, errOut, code := qtool(t, "", "solve", "--board", board, "--format", "list", "--limit", "1")
	if code != 0 {
		t.Fatalf("solve: exit %d %s", code, errOut)
	}
	sol := writeFile(t, "sol.txt", out)
	for _, args := range [][]string{{"check", sol}, {"verify", sol}, {"count", "--board", sol}} {
		o, e, code := qtool(t, "", args...)
		if code != 0 {
			t.Errorf("%v on %q: exit %d %s%s", args, out, code, o, e)
		}
	}
}
