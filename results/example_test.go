package results_test

import (
	"fmt"
	"os"

	"github.com/qtool-project/qtool/results"
)

// Three repeats of two backends on two problems: the report gives each
// cell its median and spread, compares with the base and cross-checks the
// answers.
func ExampleNewReport() {
	var recs []results.Record
	for rep, jitter := range []float64{1.00, 1.02, 0.98} {
		for _, n := range []int{8, 9} {
			count := map[int]uint64{8: 92, 9: 352}[n]
			scale := float64(n - 7)
			recs = append(recs,
				results.Record{Problem: results.Problem{N: n}, Backend: "backtrack", Mode: "count", Repeat: rep,
					Answer: count, Seconds: 2e-4 * scale * jitter, Status: results.OK},
				results.Record{Problem: results.Problem{N: n}, Backend: "bitmask", Mode: "count", Repeat: rep,
					Answer: count, Seconds: 1e-5 * scale * jitter * jitter, Status: results.OK})
		}
	}
	rep := results.NewReport(nil, recs, "backtrack")
	for _, t := range rep.Tables {
		fmt.Println(t.Mode, "base", t.Base)
		for _, r := range t.Rows {
			c := r.Cells[1]
			fmt.Printf("n=%d solutions=%d bitmask median %.3g s, ratio %.3f, significant %v\n",
				r.N, r.Answer, c.Seconds.Median, c.Vs.Ratio, c.Vs.Significant)
		}
	}
	fmt.Println("mismatches:", rep.Count(results.Mismatch))
	fmt.Println()
	rep.WriteMarkdown(os.Stdout)
	// Output:
	// count base backtrack
	// n=8 solutions=92 bitmask median 1e-05 s, ratio 0.050, significant true
	// n=9 solutions=352 bitmask median 2e-05 s, ratio 0.050, significant true
	// mismatches: 0
	//
	// **count: all solutions**
	//
	// |       n | solutions | backtrack |           bitmask |
	// |--------:|----------:|----------:|------------------:|
	// |       8 |        92 | 200µs ±5% | 10.0µs ±10% ×0.05 |
	// |       9 |       352 | 400µs ±5% | 20.0µs ±10% ×0.05 |
	// | geomean |           |     283µs |      14.1µs ×0.05 |
	//
	// time: median ± half-width of the 95% confidence interval of the mean (Student's t over the repeats), relative to the median.
	//
	// ×r: median time relative to the base (backtrack for count); \~: not significant (Welch's t-test on log times, p ≥ 0.05); ?: not tested (fewer than 2 repeats).
	//
	// geomean: over the rows where both the backend and the base have times. —: not measured (the backend cannot do this, or the run was interrupted before it).
}

// A log holds one JSON line per record, written as soon as it is measured;
// reading it back gives the records for a new report.
func ExampleLog() {
	l := results.NewLog(os.Stdout)
	l.WriteRecord(results.Record{Problem: results.Problem{N: 8}, Backend: "bitmask", Mode: "count",
		Answer: 92, Nodes: 1965, Seconds: 0.000012, Status: results.OK})
	l.WriteRecord(results.Record{Problem: results.Problem{N: 30}, Backend: "backtrack", Mode: "count",
		Seconds: 10, Status: results.Timeout, Message: "time limit 10s reached"})
	// Output:
	// {"n":8,"backend":"bitmask","mode":"count","repeat":0,"answer":92,"nodes":1965,"seconds":0.000012,"status":"ok"}
	// {"n":30,"backend":"backtrack","mode":"count","repeat":0,"answer":0,"nodes":0,"seconds":10,"status":"timeout","message":"time limit 10s reached"}
}

// The fraction of soluble instances measured at four δ²/n, 20 instances
// each, crosses 1/2 between the second and third point; HalfCrossing
// interpolates linearly, and Wilson gives the 95 % interval of a fraction.
func ExampleHalfCrossing() {
	xs := []float64{4, 5, 6, 7}
	fs := []float64{0.10, 0.35, 0.75, 0.95}
	h := results.HalfCrossing(xs, fs, []int{20, 20, 20, 20})
	fmt.Printf("50%% at δ²/n = %.3f, found %v\n", h.X, h.Found)
	lo, hi := results.Wilson(7, 20)
	fmt.Printf("7 of 20: [%.3f, %.3f]\n", lo, hi)
	// Output:
	// 50% at δ²/n = 5.375, found true
	// 7 of 20: [0.181, 0.567]
}
