package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchPeers: --preset peers decides completion boards with every
// family of solver and finds first solutions with the value orders; every
// answer is checked (exit 0, no MISMATCH), the peers that are installed
// have a column, and an exec: backend of --backends joins the decide grid.
func TestBenchPeers(t *testing.T) {
	dir := t.TempDir()
	for _, b := range []string{"nqc-diag10-1-d9.qpos", "nqc-diag10-506-d6.qpos"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "csplib-prob079", b))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, b), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, errOut, code := xrun(t, context.Background(), "", "bench", "--preset", "peers", "--boards", dir, "--instances", "0", "--n", "8",
		"--timeout", "60s", "--log", "", "--backends", "exec:../../examples/external/wrong.sh")
	if code != 1 || !strings.Contains(errOut, "MISMATCH") {
		t.Fatalf("exit %d (want 1: the wrong solver's MISMATCH): %s\n%s", code, errOut, out)
	}
	for _, col := range []string{"backtrack-mrv-middle", "dlx-random", "backtrack", "exec:../../examples/external/wrong.sh"} {
		if !strings.Contains(out, col) {
			t.Errorf("no column %s:\n%s", col, out)
		}
	}
	n := 0
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "MISMATCH ") {
			n++
			if !strings.Contains(l, "wrong.sh: repeat 0: backend exec:../../examples/external/wrong.sh: wrong answer") {
				t.Errorf("a MISMATCH of another backend: %s", l)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d MISMATCH lines, want the wrong solver's on each of the 2 boards:\n%s", n, out)
	}
}
