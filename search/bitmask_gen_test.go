package search_test

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
)

// TestBitmaskLoopsGenerated checks that bitmask_loops.go is what its
// template in bitmask_gen.go gives (go generate ./search rewrites it).
func TestBitmaskLoopsGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the generator")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go not installed: cannot run the generator")
	}
	want, err := exec.Command(goTool, "run", "bitmask_gen.go", "-o", "-").Output()
	if err != nil {
		t.Fatalf("go run bitmask_gen.go: %v", err)
	}
	got, err := os.ReadFile("bitmask_loops.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("bitmask_loops.go is not what bitmask_gen.go writes: run go generate ./search")
	}
}
