package results_test

import (
	"math"
	"testing"

	"github.com/qtool-project/qtool/results"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

func TestSummarize(t *testing.T) {
	// Values worked by hand: mean 4, variance (9+4+1+0+36)/4 = 12.5,
	// t(0.975, 4) = 2.776445105 (tables), half-width t·sd/√5.
	s := results.Summarize([]float64{10, 2, 4, 1, 3})
	sd := math.Sqrt(12.5)
	h := 2.776445105 * sd / math.Sqrt(5)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"median", s.Median, 3}, {"mean", s.Mean, 4}, {"sd", s.SD, sd},
		{"min", s.Min, 1}, {"max", s.Max, 10},
		{"ci low", s.CILow, 4 - h}, {"ci high", s.CIHigh, 4 + h},
		{"spread", s.Spread(), h / 3},
	} {
		if !near(c.got, c.want, 1e-8) {
			t.Errorf("unexpected %s: got %v want %v", c.name, c.got, c.want)
		}
	}
	if s.N != 5 || !s.HasCI() {
		t.Errorf("unexpected N %d / HasCI %v", s.N, s.HasCI())
	}
	if m := results.Summarize([]float64{4, 1, 3, 2}).Median; m != 2.5 {
		t.Errorf("unexpected median of an even sample: got %v want 2.5", m)
	}
	one := results.Summarize([]float64{0.25})
	if one.Median != 0.25 || one.SD != 0 || one.HasCI() || one.Spread() != 0 || one.CILow != 0.25 {
		t.Errorf("unexpected summary of one value: %+v", one)
	}
}

// studentsT4Survival is P(T > t) for Student's t with 4 degrees of
// freedom, from its closed form (independent of gonum).
func studentsT4Survival(t float64) float64 {
	x := t / math.Sqrt(4+t*t)
	cdf := 0.5 + 0.75*x - 0.25*x*x*x
	return 1 - cdf
}

func TestCompareWelch(t *testing.T) {
	// Logarithms 0,1,2 against 3,4,5: means 1 and 4, variances 1, so
	// t = −3/√(2/3) and the Welch–Satterthwaite df is exactly 4.
	x := []float64{1, math.E, math.E * math.E}
	base := []float64{math.Exp(3), math.Exp(4), math.Exp(5)}
	c := results.Compare(x, base)
	tv := 3 / math.Sqrt(2.0/3)
	wantP := 2 * studentsT4Survival(tv)
	if !near(c.P, wantP, 1e-9) {
		t.Errorf("unexpected p: got %v want %v", c.P, wantP)
	}
	if !near(c.Ratio, math.Exp(1-4), 1e-12) {
		t.Errorf("unexpected ratio: got %v want %v", c.Ratio, math.Exp(-3))
	}
	if !c.Tested || !c.Significant {
		t.Errorf("want a significant tested difference, got %+v", c)
	}

	same := results.Compare([]float64{1, 1.1, 0.9}, []float64{1.05, 0.95, 1})
	if !same.Tested || same.Significant || same.P < 0.5 {
		t.Errorf("overlapping samples called different: %+v", same)
	}
	if c := results.Compare([]float64{2, 2}, []float64{2, 2}); c.P != 1 || c.Significant || c.Ratio != 1 {
		t.Errorf("identical constant samples: %+v", c)
	}
	if c := results.Compare([]float64{1, 1}, []float64{2, 2}); c.P != 0 || !c.Significant || c.Ratio != 0.5 {
		t.Errorf("different constant samples: %+v", c)
	}
	if c := results.Compare([]float64{1}, []float64{2, 2.1}); c.Tested || c.Significant || !near(c.Ratio, 1/2.05, 1e-12) {
		t.Errorf("one repeat must not be tested: %+v", c)
	}
}

func TestGeoMean(t *testing.T) {
	if g := results.GeoMean([]float64{1, 100}); !near(g, 10, 1e-12) {
		t.Errorf("unexpected geomean: got %v want 10", g)
	}
	if g := results.GeoMean(nil); !math.IsNaN(g) {
		t.Errorf("geomean of nothing: got %v want NaN", g)
	}
}

func rec(n int, backend string, answer uint64, st results.Status, secs float64, repeat int) results.Record {
	return results.Record{Problem: results.Problem{N: n}, Backend: backend, Mode: "count", Repeat: repeat,
		Answer: answer, Seconds: secs, Status: st}
}

func cellOf(t *testing.T, r *results.Report, backend string) results.Cell {
	t.Helper()
	tab := r.Tables[0]
	for j, b := range tab.Backends {
		if b == backend {
			return tab.Rows[0].Cells[j]
		}
	}
	t.Fatalf("no column %s", backend)
	return results.Cell{}
}

func TestCrossCheck(t *testing.T) {
	// The majority is right: only the odd one out is a mismatch.
	r := results.NewReport(nil, []results.Record{
		rec(8, "a", 92, results.OK, 1, 0), rec(8, "b", 92, results.OK, 1, 0),
		rec(8, "c", 93, results.OK, 1, 0), rec(8, "d", 92, results.OK, 1, 0),
	}, "")
	if st := cellOf(t, r, "c").Status; st != results.Mismatch {
		t.Errorf("c counted 93 against 92: got %v want mismatch", st)
	}
	for _, b := range []string{"a", "b", "d"} {
		if st := cellOf(t, r, b).Status; st != results.OK {
			t.Errorf("%s agrees with the majority: got %v want ok", b, st)
		}
	}
	row := r.Tables[0].Rows[0]
	if !row.Disputed || !row.HasAnswer || row.Answer != 92 {
		t.Errorf("unexpected row answer: %+v", row)
	}
	// A tie: nobody can be trusted.
	r = results.NewReport(nil, []results.Record{
		rec(8, "a", 92, results.OK, 1, 0), rec(8, "b", 93, results.OK, 1, 0),
	}, "")
	if r.Count(results.Mismatch) != 2 || r.Tables[0].Rows[0].HasAnswer {
		t.Errorf("a tie must mark both cells: %+v", r.Tables[0].Rows[0])
	}
	// Repeats of one backend that disagree.
	r = results.NewReport(nil, []results.Record{
		rec(8, "a", 92, results.OK, 1, 0), rec(8, "a", 91, results.OK, 1, 1),
	}, "")
	if c := cellOf(t, r, "a"); c.Status != results.Mismatch {
		t.Errorf("repeats disagree: got %v want mismatch", c.Status)
	}
	// A cell is as bad as its worst repeat, and a record already marked
	// mismatch does not vote.
	r = results.NewReport(nil, []results.Record{
		rec(8, "a", 92, results.OK, 1, 0), rec(8, "a", 0, results.Timeout, 10, 1),
		rec(8, "b", 93, results.Mismatch, 1, 0), rec(8, "c", 92, results.OK, 2, 0),
	}, "c")
	if c := cellOf(t, r, "a"); c.Status != results.Timeout {
		t.Errorf("a cell with a timed-out repeat: got %v want timeout", c.Status)
	}
	if r.Tables[0].Rows[0].Disputed || r.Count(results.Mismatch) != 1 {
		t.Errorf("unexpected: %+v", r.Tables[0].Rows[0])
	}
	if r.Tables[0].Base != "c" {
		t.Errorf("unexpected base: got %q want c", r.Tables[0].Base)
	}
}

func TestRatiosAndGeoMean(t *testing.T) {
	var recs []results.Record
	for i := range 3 {
		f := 1 + 0.01*float64(i)
		recs = append(recs,
			rec(8, "slow", 92, results.OK, 1e-3*f, i), rec(8, "fast", 92, results.OK, 1e-5*f, i),
			rec(9, "slow", 352, results.OK, 4e-3*f, i), rec(9, "fast", 352, results.OK, 4e-4*f, i))
	}
	r := results.NewReport(nil, recs, "slow")
	tab := r.Tables[0]
	if tab.Base != "slow" || len(tab.Rows) != 2 {
		t.Fatalf("unexpected table %+v", tab)
	}
	fast := tab.Rows[0].Cells[1]
	if fast.Vs == nil || !near(fast.Vs.Ratio, 0.01, 1e-9) || !fast.Vs.Significant {
		t.Errorf("unexpected comparison at n=8: %+v", fast.Vs)
	}
	if tab.Rows[0].Cells[0].Vs != nil {
		t.Errorf("the base is compared with itself")
	}
	g := tab.GeoMean[1]
	if g.Rows != 2 || !near(g.Ratio, math.Sqrt(0.01*0.1), 1e-9) || !near(g.Seconds, math.Sqrt(1.01e-5*4.04e-4), 1e-9) {
		t.Errorf("unexpected geomean %+v", g)
	}
	if b := tab.GeoMean[0]; b.Ratio != 1 || !near(b.Seconds, math.Sqrt(1.01e-3*4.04e-3), 1e-9) {
		t.Errorf("unexpected base geomean %+v", b)
	}
}
