package estimate_test

import (
	"fmt"

	"github.com/qtool-project/qtool/estimate"
)

// The 8-queens backtrack tree has 2,056 nodes below its root (one per
// placement of the first k queens that no two attack, k = 1..8); a
// hundred thousand of Knuth's probes come close.
func ExampleKnuth() {
	e := estimate.Knuth(8, nil, 100000, 1)
	fmt.Printf("%.0f nodes, within 2%%: %v\n", e, e > 0.98*2056 && e < 1.02*2056)
	// Output: 2069 nodes, within 2%: true
}
