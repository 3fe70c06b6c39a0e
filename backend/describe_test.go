package backend_test

import (
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
)

// TestDescribeDefault: the words name what Default picks, n by n.
func TestDescribeDefault(t *testing.T) {
	d := backend.DescribeDefault(backend.Count)
	for _, want := range []string{"on an empty board ", "; with --unique ", "; on a board with queens given "} {
		if !strings.Contains(d, want) {
			t.Errorf("count: %q lacks %q", d, want)
		}
	}
	if f := backend.DescribeDefault(backend.Find); !strings.Contains(f, " (one solution: ") {
		t.Errorf("find: %q", f)
	}
}
