package encode

import (
	"strings"
	"testing"
)

// TestParamDepth: 1.1 MB of '[' is refused with a place, not a stack
// overflow (issue 24 item 9); two-deep lists still read.
func TestParamDepth(t *testing.T) {
	in := "n = 8\ndiags = " + strings.Repeat("[", 1100000)
	_, err := ParseInstance(strings.NewReader(in), "deep.param")
	if err == nil || !strings.Contains(err.Error(), "deep.param:2:") || !strings.Contains(err.Error(), "nested more than") {
		t.Fatalf("got %v", err)
	}
	if _, err := ParseInstance(strings.NewReader("n = 8\nnumdiags = 1\ndiags = [[1, 0]]\n"), "ok.param"); err != nil {
		t.Fatalf("a plain file: %v", err)
	}
}
