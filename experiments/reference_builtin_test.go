package experiments_test

import (
	"os"
	"testing"

	"qtool/experiments"
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
