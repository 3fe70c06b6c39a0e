package results_test

import (
	"fmt"

	"github.com/qtool-project/qtool/results"
)

// A decide table of Excluded Diagonals instances is summarised by n and d:
// here n = 8 with 2 instances at each of d = 4, 6 and 8, satisfiable 2,
// 1 and 0 times, decided by one backend whose nodes peak at d = 6.
func ExampleExcluded() {
	var recs []results.Record
	for _, d := range []int{4, 6, 8} {
		for i := range 2 {
			p := results.Problem{N: 8, Board: fmt.Sprintf("diag-8-%d-d%d", i, d), Hash: fmt.Sprintf("sha256:%d%d", d, i), Diagonals: d}
			answer := uint64(0)
			if d == 4 || (d == 6 && i == 0) {
				answer = 1
			}
			recs = append(recs, results.Record{Problem: p, Backend: "backtrack", Mode: "decide", Answer: answer, Nodes: uint64(100 - (d-6)*(d-6)), Seconds: 1e-4})
		}
	}
	e := results.NewReport(nil, recs, "").Tables[0].Excluded
	for _, r := range e.Rows {
		fmt.Printf("n = %d, d = %d: %d of %d satisfiable, median nodes %.0f\n", r.N, r.D, r.Satisfiable, r.Decided(), r.Cells[0].Nodes)
	}
	o := e.Orders[0]
	fmt.Printf("50%% satisfiable at d = %.1f; backtrack's nodes peak at d = %d\n", o.Half.X, o.Peaks[0].D)
	// Output:
	// n = 8, d = 4: 2 of 2 satisfiable, median nodes 96
	// n = 8, d = 6: 1 of 2 satisfiable, median nodes 100
	// n = 8, d = 8: 0 of 2 satisfiable, median nodes 96
	// 50% satisfiable at d = 6.0; backtrack's nodes peak at d = 6
}
