package results

import (
	"math"
	"strings"
	"testing"
)

// TestFamilyPlots: a decide table of board files and generated instances
// is plotted by family (the board files, then each generated n): each
// backend's decided fraction and median time, a timeout counting as
// slower than any run; a table of generated instances only keeps the plot
// by n and δ.
func TestFamilyPlots(t *testing.T) {
	rec := func(p Problem, b string, st Status, secs float64) Record {
		return Record{Problem: p, Backend: b, Mode: DecideMode, Answer: 1, Seconds: secs, Status: st}
	}
	a := Problem{N: 2543, Board: "a.qpos", Hash: "a", Given: 2533}
	b := Problem{N: 2850, Board: "b.qpos", Hash: "b", Given: 2839}
	c := Problem{N: 2846, Board: "c.qpos", Hash: "c", Given: 2836}
	g1 := Problem{N: 30, Board: "g1", Hash: "g1", Given: 20, K: 20}
	g2 := Problem{N: 30, Board: "g2", Hash: "g2", Given: 20, K: 20}
	recs := []Record{
		rec(a, "x", OK, 1), rec(b, "x", OK, 3), rec(c, "x", OK, 2),
		rec(a, "y", OK, 5), rec(b, "y", Timeout, 60), rec(c, "y", Timeout, 60),
		rec(g1, "x", OK, 0.1), rec(g2, "x", OK, 0.3),
		rec(g1, "y", OK, 0.2),
	}
	rep := NewReport(nil, recs, "")
	tb := &rep.Tables[0]
	if !tb.hasBoardFiles() {
		t.Fatal("a table of board files: hasBoardFiles false")
	}
	fams, sizes, cells := tb.familyStats()
	if strings.Join(fams, "|") != "boards|n = 30" || sizes[0] != 3 || sizes[1] != 2 {
		t.Fatalf("families %q of %v", fams, sizes)
	}
	want := [][]familyCell{
		{{decided: 3, instances: 3, median: 2, hasMedian: true}, {decided: 2, instances: 2, median: 0.1, hasMedian: true}},
		{{decided: 1, instances: 3, median: math.Inf(1), hasMedian: true}, {decided: 1, instances: 1, median: 0.2, hasMedian: true}},
	}
	for j := range want {
		for i := range want[j] {
			if cells[j][i] != want[j][i] {
				t.Errorf("%s on %s: %+v, want %+v", tb.Backends[j], fams[i], cells[j][i], want[j][i])
			}
		}
	}
	var svg strings.Builder
	if err := rep.WritePlot(&svg, "svg"); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"fraction of each family", "median time over each family", "boards (3)", "n = 30 (2)"} {
		if !strings.Contains(svg.String(), s) {
			t.Errorf("the plot lacks %q", s)
		}
	}
	gen := NewReport(nil, recs[6:], "")
	if gen.Tables[0].hasBoardFiles() {
		t.Error("generated instances only: hasBoardFiles true")
	}
}
