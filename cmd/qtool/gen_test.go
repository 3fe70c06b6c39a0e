package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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

// TestGenInterrupt: Ctrl-C stops gen while it makes a large instance
// (issue #11 item 5: gen -n 100000 -k 100000 ran 203 s after SIGINT), and
// the files already written are whole.
func TestGenInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	dir := t.TempDir()
	_, errOut, code := qtoolCtx(ctx, "gen", "-n", "100000", "-k", "100000", "--count", "3", "--out", dir)
	if code != 130 || !strings.Contains(errOut, "interrupted after 0 of 3 instances") {
		t.Fatalf("exit %d, %q", code, errOut)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files left by an interrupted gen: %v", entries)
	}
}

// TestGenDiagonalsInterrupt: the Excluded Diagonals family stops on
// Ctrl-C while it draws an instance (O(n²): at n = 65,536 it ran on for
// tens of seconds after SIGTERM), to a directory (no file left) and to
// stdout (nothing written).
func TestGenDiagonalsInterrupt(t *testing.T) {
	dir := t.TempDir()
	for _, out := range [][]string{{"--out", dir}, nil} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(300*time.Millisecond, cancel)
		start := time.Now()
		args := append([]string{"gen", "--family", "diagonals", "-n", "65536", "--max-size", "0", "--count", "2"}, out...)
		if out == nil {
			args = args[:len(args)-2] // one instance to stdout
		}
		stdout, errOut, code := qtoolCtx(ctx, args...)
		if code != 130 || !strings.Contains(errOut, "interrupted after 0 of") || stdout != "" {
			t.Errorf("%v: exit %d, %q, %d bytes on stdout", out, code, errOut, len(stdout))
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%v: stopped %v after the start (cancelled at 300ms)", out, d)
		}
		cancel()
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files left by an interrupted gen: %v", entries)
	}
}

// TestCompletionPresetInterrupt: the instances of a large n are generated
// under the context (Ctrl-C stops them), and a set that cannot fit in
// memory is refused with the estimate before any is made.
func TestCompletionPresetInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	_, errOut, code := qtoolCtx(ctx, "bench", "--preset", "completion", "--n", "100000", "--log", "")
	if code != 130 || !strings.Contains(errOut, "interrupted while generating the instances") {
		t.Errorf("exit %d, %q", code, errOut)
	}
	_, errOut, code = qtool(t, "", "bench", "--preset", "completion", "--n", "10000000", "--log", "")
	if code != 2 || !strings.Contains(errOut, "the instance set needs about") {
		t.Errorf("n = 10⁷: exit %d, %q", code, errOut)
	}
}
