// Package gittest makes throw-away git repositories for tests that run
// qtool inside another project's repository (a paper's), to show that
// what qtool reports as its own revision is never that repository's.
package gittest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Repo makes a git repository in a temporary directory with one commit
// of the file paper.tex, and returns the directory and the commit's
// 12-digit abbreviation. It skips the test when git is not installed.
func Repo(t testing.TB) (dir, head string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir = t.TempDir()
	git := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=p", "GIT_AUTHOR_EMAIL=p@example.org", "GIT_COMMITTER_NAME=p", "GIT_COMMITTER_EMAIL=p@example.org")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	if err := os.WriteFile(filepath.Join(dir, "paper.tex"), []byte("\\documentclass{article}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("add", "paper.tex")
	git("commit", "-q", "-m", "paper")
	return dir, git("rev-parse", "--short=12", "HEAD")
}
