package qtool

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProb079 checks that the embedded instances are the source tree's:
// the same 24 boards, byte for byte.
func TestProb079(t *testing.T) {
	names, err := fs.Glob(Prob079(), "*.qpos")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 24 {
		t.Fatalf("%d embedded boards, want 24", len(names))
	}
	for _, name := range names {
		got, err := fs.ReadFile(Prob079(), name)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(Prob079Dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) || !strings.HasPrefix(name, "nqc-diag") {
			t.Errorf("%s: the embedded board differs from the source tree's", name)
		}
	}
}
