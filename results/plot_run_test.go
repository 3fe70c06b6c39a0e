package results

import (
	"fmt"
	"strings"
	"testing"
)

// boardsReport is a complete table over k boards of one n, and a count
// table over n, with the same backends; one backend times out.
func boardsReport(k int) *Report {
	var recs []Record
	for i := range k {
		p := Problem{N: 20, Board: fmt.Sprintf("b%02d.txt", i), Hash: fmt.Sprint(i), Given: 8}
		for rep := range 3 {
			recs = append(recs, Record{Problem: p, Backend: "dlx", Mode: "complete", Repeat: rep, Answer: 1, Seconds: 1e-4 * float64(i+1), Status: OK})
			st, secs := OK, 1e-3*float64(i+1)
			if i == 2 {
				st, secs = Timeout, 2
			}
			recs = append(recs, Record{Problem: p, Backend: "sat", Mode: "complete", Repeat: rep, Answer: 1, Seconds: secs, Status: st})
		}
	}
	for n := 4; n <= 8; n++ {
		for _, b := range []string{"sat", "dlx", "backtrack"} {
			recs = append(recs, Record{Problem: Problem{N: n}, Backend: b, Mode: "count", Answer: map[int]uint64{4: 2, 5: 10, 6: 4, 7: 40, 8: 92}[n], Seconds: 1e-5 * float64(n), Status: OK})
		}
	}
	return NewReport([]Env{{OS: "linux", Arch: "amd64", Cores: 2, GoVersion: "go1.26", Commit: "abc", Settings: map[string]string{"repeats": "3", "timeout": "2s", "workers": "1"}}}, recs, "")
}

// TestPlotFollowsGrid: boards of one n are spread along the x axis (one x
// per board, not one vertical line at n); a timeout is drawn, with a legend
// entry; the backends look different from one another and keep their look
// in another report; the caption carries the environment.
func TestPlotFollowsGrid(t *testing.T) {
	rep := boardsReport(20)
	complete, count := rep.Tables[0], rep.Tables[1]
	ax := complete.xAxis()
	if ax.kind != axisBoard || !strings.Contains(ax.label, "board") || len(ax.distinct()) != 20 {
		t.Errorf("boards of one n: axis %s, label %q, %d distinct x (want 20)", ax.kind, ax.label, len(ax.distinct()))
	}
	if ax := count.xAxis(); ax.kind != axisN || ax.label != "n" {
		t.Errorf("count over n: axis %s, label %q", ax.kind, ax.label)
	}
	var svg strings.Builder
	if err := rep.WritePlot(&svg, "svg"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"timeout, error or gave up", "linux/amd64 · 2 cores · go1.26 · qtool abc", "board, in order of n and name"} {
		if !strings.Contains(svg.String(), want) {
			t.Errorf("the plot lacks %q", want)
		}
	}
	st := rep.styles()
	for _, a := range []string{"sat", "dlx", "backtrack"} {
		for _, b := range []string{"sat", "dlx", "backtrack"} {
			if a < b && st.of(a).color == st.of(b).color {
				t.Errorf("%s and %s have one colour", a, b)
			}
		}
	}
	other := NewReport(nil, rep.Records[:6], "") // sat and dlx only
	if o := other.styles(); o.of("sat").color != st.of("sat").color || o.of("dlx").shape != st.of("dlx").shape {
		t.Errorf("a backend changed its look between two reports")
	}
	ps, err := other.Plots() // one board: a strip plot
	if err != nil || ps[0].X.Label.Text != "backend" {
		t.Errorf("one problem: %v, x label %q", err, ps[0].X.Label.Text)
	}
}

// TestPlotFormat: a plot file's extension, in any case, names its format;
// any other extension is refused with the formats there are.
func TestPlotFormat(t *testing.T) {
	for path, want := range map[string]string{"a.svg": "svg", "dir/b.PNG": "png", "c.d.pdf": "pdf"} {
		if got, err := PlotFormat(path); got != want || err != nil {
			t.Errorf("PlotFormat(%q) = %q, %v; want %q", path, got, err, want)
		}
	}
	for _, path := range []string{"a.gif", "svg", "a.svg.txt", ""} {
		if got, err := PlotFormat(path); got != "" || err == nil || !strings.Contains(err.Error(), ".svg, .png or .pdf") {
			t.Errorf("PlotFormat(%q) = %q, %v; want an error", path, got, err)
		}
	}
}
