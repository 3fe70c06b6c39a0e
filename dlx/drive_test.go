package dlx_test

import (
	"bufio"
	"context"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/dlx"
)

// TestSearchReport: Search records Knuth's toy problem as dlx1 counts it
// (1 solution, 6 nodes, 30 updates), and PrintSolutions lists its one
// solution; Finish says a run cut by its limit is not complete.
func TestSearchReport(t *testing.T) {
	p := mustParse(t, toyText)
	var b strings.Builder
	w := bufio.NewWriter(&b)
	var werr error
	rec, err := p.Search(context.Background(), "toy.dlx", dlx.Config{Algorithm: dlx.X, Workers: 1, Visit: p.PrintSolutions(w, &werr)})
	w.Flush()
	rec.Finish("ok")
	if err != nil || werr != nil || rec.File != "toy.dlx" || rec.Items != 7 || rec.Primary != 5 || rec.Options != 6 ||
		rec.Algorithm != "X" || rec.Solutions != 1 || rec.Nodes != 6 || rec.Updates != 30 || !rec.Complete || rec.Status != "ok" {
		t.Errorf("Search: %+v, %v, %v", rec, err, werr)
	}
	if b.String() != "A D\nC E F\nB G\n" {
		t.Errorf("PrintSolutions wrote %q", b.String())
	}
	limited := dlx.Report{Solutions: 1, Limit: 1}
	if limited.Finish("ok"); limited.Complete {
		t.Error("a run that reached its limit is complete")
	}
	if rec.Finish("timeout"); rec.Complete || rec.Status != "timeout" {
		t.Errorf("Finish(timeout): %+v", rec)
	}
}

// TestSearchBestReport: SearchBest keeps DLX5's three cheapest solutions of
// costExample (costs 2, 3, 4; 4 solutions, 12 nodes, 30 updates), and
// WriteSolutions lists each after its cost.
func TestSearchBestReport(t *testing.T) {
	p := mustParse(t, costExample)
	rec, err := p.SearchBest(context.Background(), "cost.dlx", 3, dlx.Config{})
	if err != nil || rec.Best == nil || len(*rec.Best) != 3 || rec.Solutions != 4 || rec.Nodes != 12 || rec.Updates != 30 || rec.Algorithm != "C" {
		t.Fatalf("SearchBest: %+v, %v", rec, err)
	}
	var b strings.Builder
	w := bufio.NewWriter(&b)
	if !rec.WriteSolutions(w) {
		t.Fatal("WriteSolutions wrote nothing")
	}
	w.Flush()
	for i, c := range []string{"| cost 2\n", "| cost 3\n", "| cost 4\n"} {
		if !strings.Contains(b.String(), c) || strings.Join((*rec.Best)[i].Options, "\n") == "" {
			t.Errorf("listing %q lacks %q or solution %d is empty", b.String(), c, i)
		}
	}
	if empty := (dlx.Report{}); empty.WriteSolutions(w) {
		t.Error("WriteSolutions of a report without solutions wrote some")
	}
}

// TestSearchZDDReport: the ZDD of the toy problem counts its one solution,
// its one sample is that solution, and WriteFile chooses the form by name;
// the ZDD of a problem with bounds is refused.
func TestSearchZDDReport(t *testing.T) {
	p := mustParse(t, toyText)
	z, rec, err := p.SearchZDD(context.Background(), "toy.dlx", "toy.zdd", 1, 1)
	if err != nil || rec.ZDD == nil || rec.ZDD.Count != "1" || rec.Solutions != 1 || rec.ZDD.Nodes != 3 || rec.ZDD.File != "toy.zdd" || !rec.Complete {
		t.Fatalf("SearchZDD: %+v, %v", rec, err)
	}
	if len(rec.ZDD.Samples) != 1 || strings.Join(rec.ZDD.Samples[0], "; ") != "A D; C E F; B G" {
		t.Errorf("samples %q", rec.ZDD.Samples)
	}
	var js, text strings.Builder
	if err := z.WriteFile(&js, "toy.json"); err != nil || !strings.HasPrefix(js.String(), "{") {
		t.Errorf("WriteFile(.json) = %q, %v", js.String(), err)
	}
	if err := z.WriteFile(&text, "toy.zdd"); err != nil || strings.HasPrefix(text.String(), "{") || text.Len() == 0 {
		t.Errorf("WriteFile(.zdd) = %q, %v", text.String(), err)
	}
	if _, _, err := mustParse(t, "2:3|A\nA\n").SearchZDD(context.Background(), "b.dlx", "", 0, 1); err == nil {
		t.Error("SearchZDD of a problem with bounds: no error")
	}
}

// TestWriteWarnings: the first warnings are written, the rest counted.
func TestWriteWarnings(t *testing.T) {
	p := mustParse(t, "A | B\nA\nB\nB\nB\n") // three options of no primary item
	if p.Ignored() != 3 {
		t.Fatalf("%d options ignored, want 3 (%v)", p.Ignored(), p.Warnings())
	}
	var b strings.Builder
	p.WriteWarnings(&b, "w.dlx", 1)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "warning") || lines[1] != "dlx: w.dlx: 2 more warnings not shown" {
		t.Errorf("WriteWarnings wrote %q", b.String())
	}
}

// TestPrintEmptySolution: when every primary item may be left uncovered
// the empty set is a solution (dlx3 prints it as "N:" with no option);
// it is written as the EmptySolution line, so that the four solutions of
// two optional items, each with one option, are four blocks.
func TestPrintEmptySolution(t *testing.T) {
	m, err := dlx.Parse(strings.NewReader("0:1|A 0:1|B\nA\nB\n"), "e.dlx")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	w := bufio.NewWriter(&b)
	var werr error
	res, err := m.Search(context.Background(), "e.dlx", dlx.Config{Visit: m.PrintSolutions(w, &werr)})
	w.Flush()
	if err != nil || werr != nil || res.Solutions != 4 {
		t.Fatalf("%+v, %v, %v", res, err, werr)
	}
	blocks := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n\n")
	got := map[string]bool{}
	for _, bl := range blocks {
		got[bl] = true
	}
	if len(blocks) != 4 || !got["A"] || !got["B"] || !got[dlx.EmptySolution] || !got["A\nB"] && !got["B\nA"] {
		t.Errorf("blocks %q", blocks)
	}
}
