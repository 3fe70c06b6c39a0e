package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestGenBounds: gen refuses a run beyond its bounds before writing
// anything, and --timeout ends it with whole files, exit 3 (issue 24
// item 9: --count 100000000 wrote unbounded files, with no --timeout).
func TestGenBounds(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"gen", "-n", "30", "-k", "15", "--count", "100000000", "--out", dir}, "at most 1000000 files"},
		{[]string{"gen", "-n", "30", "-k", "15", "--count", "900000", "--out", dir}, "more than --max-size 1GB"},
		{[]string{"gen", "--family", "diagonals", "-n", "30", "--count", "900000", "--out", dir, "--max-size", "10MB"}, "more than --max-size 10MB"},
		{[]string{"gen", "-n", "8", "-k", "2", "--max-size", "abc"}, "--max-size"},
		{[]string{"gen", "-n", "8", "-k", "2", "--timeout", "-1s"}, "must not be negative"},
	} {
		_, errOut, code := qtool(t, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d %q, want 2 and %q", c.args, code, errOut, c.want)
		}
		if _, err := os.Stat(dir); err == nil {
			t.Fatalf("%v: wrote into %s", c.args, dir)
		}
	}
	start := time.Now()
	_, errOut, code := qtool(t, "", "gen", "-n", "2000", "-k", "10", "--count", "100000", "--out", dir, "--max-size", "0", "--timeout", "300ms")
	if code != exitTimeout || time.Since(start) > 5*time.Second || !strings.Contains(errOut, "time limit reached after") {
		t.Fatalf("--timeout: exit %d after %v: %q", code, time.Since(start), errOut)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("a temporary file left: %s", e.Name())
		}
	}
}

// TestGenXcoverTimeout: the exact-cover families end at --timeout as the
// others do: the problems written are kept, "time limit reached", exit 3
// (not the exit of an interrupt).
func TestGenXcoverTimeout(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "x")
	_, errOut, code := qtool(t, "", "gen", "--family", "xcc", "-n", "200", "--count", "100000", "--out", dir, "--max-size", "0", "--timeout", "300ms")
	if code != exitTimeout || !strings.Contains(errOut, "time limit reached after") || !strings.Contains(errOut, "problems") {
		t.Fatalf("exit %d: %q", code, errOut)
	}
	ents, err := os.ReadDir(dir)
	if err != nil || len(ents) == 0 || len(ents) >= 100000 {
		t.Fatalf("%d files written, %v", len(ents), err)
	}
}
