package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestGen(t *testing.T) {
	dir := t.TempDir()
	_, errOut, code := qtool(t, "", "gen", "-n", "12", "-k", "6", "--seed", "5", "--count", "4", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) != 4 {
		t.Fatalf("%d files", len(files))
	}
	first, _ := os.ReadFile(files[0])
	if !strings.Contains(string(first), "# n 12, k 6, seed 5, index 0") {
		t.Errorf("header missing: %s", first)
	}
	// Reproducible byte for byte, and each file is a board qtool reads.
	out, _, _ := qtool(t, "", "gen", "-n", "12", "-k", "6", "--seed", "5")
	if out != string(first) {
		t.Errorf("instance 0 differs between runs:\n%s\n%s", out, first)
	}
	for _, f := range files {
		if _, e, code := qtool(t, "", "count", "--board", f, "--backend", "backtrack"); code != 0 {
			t.Errorf("%s: exit %d %s", f, code, e)
		}
	}
	for _, args := range [][]string{{"gen", "-n", "8", "-k", "9"}, {"gen", "-n", "0", "-k", "0"}, {"gen", "-n", "8"}, {"gen", "-n", "8", "-k", "2", "--count", "3"}} {
		if _, _, code := qtool(t, "", args...); code != exitUsage {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
