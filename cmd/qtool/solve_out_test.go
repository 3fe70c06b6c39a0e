package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

// TestSolveOutPartial: solve --out does not truncate FILE before the
// search; a search cut short replaces it with what it found, marked
// incomplete on the file's last line (issue #11 item 8).
func TestSolveOutPartial(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "q.txt")
	os.WriteFile(path, []byte("old content\n"), 0o644)
	_, errOut, code := qtool(t, "", "solve", "-n", "20", "--limit", "0", "--format", "list", "--timeout", "200ms", "--out", path)
	if code != 3 {
		t.Fatalf("exit %d, want 3: %s", code, errOut)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "# incomplete: time limit reached after ") {
		t.Fatalf("last line %q: want the incomplete mark", last)
	}
	for _, l := range lines[:len(lines)-1] {
		if _, err := encode.ParseBoardBytes([]byte(l), "line"); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
	// A failure before the search leaves FILE as it was.
	os.WriteFile(path, []byte("old content\n"), 0o644)
	if _, _, code := qtool(t, "", "solve", "-n", "8", "--format", "algebraic", "--backend", "nosuch", "--out", path); code != 2 {
		t.Fatalf("exit %d", code)
	}
	if data, _ := os.ReadFile(path); string(data) != "old content\n" {
		t.Errorf("a refused solve changed --out: %q", data)
	}
	// Complete: exactly the 92 solutions.
	if _, errOut, code := qtool(t, "", "solve", "-n", "8", "--limit", "0", "--format", "list", "--out", path); code != 0 {
		t.Fatalf("exit %d %s", code, errOut)
	}
	if data, _ := os.ReadFile(path); strings.Count(string(data), "\n") != 92 || strings.Contains(string(data), "#") {
		t.Errorf("complete listing: %d lines", strings.Count(string(data), "\n"))
	}
	// The mark is on stdout too when there is no --out.
	out, _, code := qtool(t, "", "solve", "-n", "20", "--limit", "0", "--format", "list", "--timeout", "100ms")
	if code != 3 || !strings.Contains(out, "\n# incomplete: time limit reached after ") {
		t.Errorf("stdout listing cut short: exit %d, no mark at the end", code)
	}
}
