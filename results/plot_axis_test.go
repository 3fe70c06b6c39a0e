package results

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// gridReport is a complete table over problems, each solved by dlx and
// backtrack three times, backtrack timing out on the last problem.
func gridReport(ps []Problem) *Report {
	var recs []Record
	for i, p := range ps {
		for rep := range 3 {
			recs = append(recs, Record{Problem: p, Backend: "dlx", Mode: "complete", Repeat: rep, Answer: 1, Seconds: 1e-4 * float64(i+1), Status: OK})
			st, secs := OK, 1e-3*float64(i+1)
			if i == len(ps)-1 {
				st, secs = Timeout, 1
			}
			recs = append(recs, Record{Problem: p, Backend: "backtrack", Mode: "complete", Repeat: rep, Answer: 1, Seconds: secs, Status: st})
		}
	}
	return NewReport([]Env{{OS: "linux", Arch: "amd64", Cores: 2, GoVersion: "go1.26", Commit: "abc"}}, recs, "")
}

// TestPlotAxisKinds: the x axis of a time table's plot is the grid
// parameter that varies across its rows, with the distinct x values of
// that parameter, and each plot renders with its label, a timeout mark
// and the backends' legend.
func TestPlotAxisKinds(t *testing.T) {
	gen := func(n, k, i int) Problem { // a generated instance, named as qtool gen names it
		return Problem{N: n, K: k, Given: k, Board: fmt.Sprintf("q%d-k%d-s1-%04d.txt", n, k, i), Hash: fmt.Sprint(n, k, i)}
	}
	var delta2, delta, given, families, oneN []Problem
	for _, n := range []int{20, 30} {
		for _, d := range []int{4, 8, 12} {
			for i := range 3 {
				delta2 = append(delta2, gen(n, n-d, i))
			}
		}
	}
	for _, d := range []int{2, 5, 9, 14} {
		for i := range 2 {
			delta = append(delta, gen(20, 20-d, i))
		}
	}
	for _, k := range []int{3, 6, 9} {
		given = append(given, Problem{N: 12, Given: k, Board: fmt.Sprintf("b-k%d.txt", k), Hash: fmt.Sprint(k)})
	}
	for _, f := range []string{"easy", "hard", "mixed"} {
		for i := range 4 {
			families = append(families, Problem{N: 16, Given: 4, Board: fmt.Sprintf("%s-%02d.txt", f, i), Hash: f + fmt.Sprint(i)})
		}
	}
	for _, n := range []int{8, 8, 10, 10, 12} {
		oneN = append(oneN, Problem{N: n, Given: 2, Board: fmt.Sprintf("x%d-%d.txt", n, len(oneN)), Hash: fmt.Sprint(len(oneN))})
	}
	var byN []Problem
	for n := 4; n <= 60; n += 8 {
		byN = append(byN, Problem{N: n})
	}
	for _, tc := range []struct {
		name  string
		ps    []Problem
		kind  axisKind
		label string
		xs    []float64
	}{
		{"n", byN, axisN, "n", []float64{4, 12, 20, 28, 36, 44, 52, 60}},
		{"δ²/n over two n", delta2, axisDelta2, "δ²/n", []float64{16.0 / 30, 16.0 / 20, 64.0 / 30, 144.0 / 30, 64.0 / 20, 144.0 / 20}},
		{"δ of one n", delta, axisDelta, "δ = n − k", []float64{2, 5, 9, 14}},
		{"k of boards", given, axisK, "k queens given", []float64{3, 6, 9}},
		{"families", families, axisFamily, "instance family", []float64{1, 2, 3}},
		{"several boards per n", oneN, axisN, "n (several", []float64{8, 10, 12}},
	} {
		rep := gridReport(tc.ps)
		tab := rep.Tables[0]
		ax := tab.xAxis()
		got := ax.distinct()
		want := slices.Clone(tc.xs)
		slices.Sort(want)
		if ax.kind != tc.kind || !strings.HasPrefix(ax.label, tc.label) || !slices.Equal(got, want) {
			t.Errorf("%s: axis %s %q, x %v; want %s %q…, x %v", tc.name, ax.kind, ax.label, got, tc.kind, tc.label, want)
		}
		if tc.kind == axisDelta2 && !slices.Equal(ax.lines, []string{"n = 20", "n = 30"}) {
			t.Errorf("%s: lines %q, want one per n", tc.name, ax.lines)
		}
		if tc.kind == axisFamily && !slices.Equal(ax.names, []string{"easy", "hard", "mixed"}) {
			t.Errorf("%s: categories %q", tc.name, ax.names)
		}
		var svg strings.Builder
		if err := rep.WritePlot(&svg, "svg"); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for _, w := range []string{tc.label, "timeout, error or gave up", "backtrack", "dlx"} {
			if !strings.Contains(svg.String(), w) {
				t.Errorf("%s: the plot lacks %q", tc.name, w)
			}
		}
		grouped := len(got) < len(tc.ps)
		if grouped != strings.Contains(svg.String(), "median of the problems at each x") {
			t.Errorf("%s: grouped %v, but the title does not say so", tc.name, grouped)
		}
	}
}

// TestGroupMedians: the rows that share an x become one point, the median
// of their medians, spanning their fastest to their slowest.
func TestGroupMedians(t *testing.T) {
	pts := []point{{x: 1, s: Sample{Median: 3}}, {x: 1, s: Sample{Median: 1}}, {x: 1, s: Sample{Median: 2}}, {x: 2, s: Sample{Median: 4}}, {x: 2, s: Sample{Median: 6}}}
	got := groupMedians(pts)
	want := []point{{x: 1, s: Sample{Median: 2, Min: 1, Max: 3}}, {x: 2, s: Sample{Median: 5, Min: 4, Max: 6}}}
	if !slices.Equal(got, want) {
		t.Errorf("groupMedians = %v, want %v", got, want)
	}
}

// TestFamily: a board's family is its name without extension and number.
func TestFamily(t *testing.T) {
	for _, tc := range []struct {
		p    Problem
		want string
	}{
		{Problem{N: 20, Board: "q20-k12-s1-0003.txt"}, "q20-k12-s1"},
		{Problem{N: 8, Board: "dir/easy_07.txt"}, "easy"},
		{Problem{N: 8, Board: "0001.txt"}, "0001"},
		{Problem{N: 8}, "n-queens"},
		{Problem{N: 8, Variant: "toroidal"}, "toroidal"},
		{Problem{N: 8, Variant: "toroidal", Board: "t3.txt"}, "toroidal t"},
	} {
		if got := family(tc.p); got != tc.want {
			t.Errorf("family(%v) = %q, want %q", tc.p, got, tc.want)
		}
	}
}
