package count_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/count"
)

// TestDescribe: a split identity of this package's plans is described as
// its plan describes the part; another identity, an id out of range, or a
// plan too costly to build is not.
func TestDescribe(t *testing.T) {
	for _, mk := range []func() (count.Plan, error){
		func() (count.Plan, error) { return count.NewConstellationPlan(12, 0) },
		func() (count.Plan, error) { return count.NewDomainPlan(12) },
		func() (count.Plan, error) { return count.NewJoinPlan(12, 0) },
	} {
		p, err := mk()
		if err != nil {
			t.Fatal(err)
		}
		last := p.Subproblems() - 1
		if text, ok := count.Describe(p.Identity(), last); !ok || text != p.Describe(last) || text == "" {
			t.Errorf("%s, part %d: %q, %v; want %q", p.Identity(), last, text, ok, p.Describe(last))
		}
		for _, id := range []int{-1, last + 1} {
			if text, ok := count.Describe(p.Identity(), id); ok {
				t.Errorf("%s, part %d: described as %q", p.Identity(), id, text)
			}
		}
		other := strings.Replace(p.Identity(), "hash=", "hash=0", 1)[:len(p.Identity())]
		if text, ok := count.Describe(other, 0); ok {
			t.Errorf("identity %q of no plan: described as %q", other, text)
		}
	}
	big := fmt.Sprintf("%s/%d n=%d depth=0 subproblems=1 hash=0123456789abcdef", count.JoinMethod, count.JoinVersion, count.DescribeMaxJoinN+1)
	if _, ok := count.Describe(big, 0); ok {
		t.Errorf("%s: described", big)
	}
	if _, ok := count.Describe("not an identity", 0); ok {
		t.Error("a malformed identity is described")
	}
}
