package gittest_test

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/qtool-project/qtool/internal/gittest"
)

func TestRepo(t *testing.T) {
	dir, head := gittest.Repo(t)
	if !regexp.MustCompile(`^[0-9a-f]{12}$`).MatchString(head) {
		t.Errorf("head %q: want 12 hex digits", head)
	}
	if _, err := os.Stat(filepath.Join(dir, ".git")); err != nil {
		t.Errorf("no repository in %s: %v", dir, err)
	}
}
