package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckPawnsRefused: qtool check reads plain boards; a grid with a pawn
// 'p' is refused with the pawn named, whether or not its queens are legal
// as a plain board's. A queens+pawns solution (two queens in a row, a pawn
// between them: legal) was called illegal.
func TestCheckPawnsRefused(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, grid, at string }{
		// qtool solve --problem queens+pawns -n 6 --pawns 1's first solution.
		{"solution.txt", "..Q...\nQ.p..Q\n..Q...\n....Q.\n.Q....\n...Q..\n", ":2:3: pawn 'p'"},
		{"legal.txt", "Q...\n..p.\n....\n....\n", ":2:3: pawn 'p'"},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.grid), 0o644); err != nil {
			t.Fatal(err)
		}
		out, errOut, code := qtool(t, "", "check", path)
		if code != 2 || !strings.Contains(errOut, c.name+c.at) || !strings.Contains(errOut, "--problem queens+pawns") || out != "" {
			t.Errorf("check %s: exit %d, stdout %q, stderr %q; want 2 and the pawn at %s", c.name, code, out, errOut, c.at)
		}
		// count and solve --board without --problem queens+pawns: the
		// pawns are named, not the queens they separate.
		for _, cmd := range []string{"count", "solve"} {
			out, errOut, code := qtool(t, "", cmd, "--board", path)
			if code != 2 || !strings.Contains(errOut, "the board has pawns ('p'), which only --problem queens+pawns reads") || strings.Contains(errOut, "holds two queens") || out != "" {
				t.Errorf("%s --board %s: exit %d, stdout %q, stderr %q", cmd, c.name, code, out, errOut)
			}
		}
	}
	// With --problem queens+pawns the solution is the one completion.
	path := filepath.Join(dir, "solution.txt")
	if out := qtoolOK(t, "count", "--board", path, "--problem", "queens+pawns"); !strings.Contains(out, "solutions  1\n") {
		t.Errorf("count --problem queens+pawns: %s", out)
	}
}
