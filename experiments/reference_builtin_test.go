package experiments_test

import (
	"os"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/experiments"
)

// TestBuiltinReference: the table built into the binary is the repository's
// reference table, byte for byte, and knows n = 27.
func TestBuiltinReference(t *testing.T) {
	want, err := os.ReadFile("../testdata/nqueens-counts.tsv")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("nqueens-counts.tsv")
	if err != nil || string(got) != string(want) {
		t.Fatalf("experiments/nqueens-counts.tsv differs from testdata/nqueens-counts.tsv (%v)", err)
	}
	ref := experiments.BuiltinReference()
	if c, ok := ref.Count(27); !ok || c != 234907967154122528 {
		t.Errorf("built-in count of n = 27: %d, %v", c, ok)
	}
	if c, ok := ref.Count(8); !ok || c != 92 {
		t.Errorf("built-in count of n = 8: %d, %v", c, ok)
	}
}

// TestReadReferenceHostile: an endless line is refused at its place, and a
// byte-order mark is skipped.
func TestReadReferenceHostile(t *testing.T) {
	_, err := experiments.ReadReference(strings.NewReader(strings.Repeat("9", 100000)), "ref.tsv")
	if err == nil || !strings.HasPrefix(err.Error(), "ref.tsv:1:65537: line longer than") {
		t.Errorf("long line: %v", err)
	}
	ref, err := experiments.ReadReference(strings.NewReader("\ufeff8\t92\n"), "bom.tsv")
	if c, ok := ref.Count(8); err != nil || !ok || c != 92 {
		t.Errorf("BOM: %v", err)
	}
}
