package solution

import (
	"bytes"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

func TestListingVerifiesAndLimits(t *testing.T) {
	prob := encode.Problem{Instance: encode.Instance{Board: encode.Empty(4)}}
	var b bytes.Buffer
	l := NewListing(prob, &b, "list", 1, false)
	if l.Visit(encode.Placement{0, 1, 2, 3}) || l.Wrong == nil || l.Printed != 0 {
		t.Fatalf("a wrong placement was let through: %+v", l)
	}
	l = NewListing(prob, &b, "list", 1, false)
	if more := l.Visit(encode.Placement{1, 3, 0, 2}); more || l.Wrong != nil || l.Printed != 1 {
		t.Fatalf("Visit of a solution with limit 1: more %v, %+v", more, l)
	}
	if b.String() != "1 3 0 2\n" {
		t.Errorf("wrote %q", b.String())
	}
	k := NewListing(prob, nil, "list", 0, true)
	k.Collect(encode.Placement{1, 3, 0, 2})
	k.Collect(encode.Placement{2, 0, 3, 1})
	if err := k.WriteClasses(); err != nil || len(k.Placements) != 1 || k.ClassSizes[0] != 2 {
		t.Errorf("the 4-queens solutions make one class of 2: %v %v %v", err, k.Placements, k.ClassSizes)
	}
}
