package dlx

import (
	"context"
	"strings"
	"testing"
)

// TestZDDTooLarge checks that a ZDD that would not fit in the memory
// allowed is refused with the reason, before the node that would not fit.
func TestZDDTooLarge(t *testing.T) {
	defer SetZDDLimit(300)()
	p, err := Parse(strings.NewReader("a b c d e f\na\nb\nc\nd\ne\nf\na b\nc d\ne f\n"), "f")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.BuildZDD(context.Background()); err == nil || !strings.Contains(err.Error(), "too large for the memory") {
		t.Errorf("got %v", err)
	}
}
