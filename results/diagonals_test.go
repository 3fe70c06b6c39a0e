package results_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/results"
)

// excludedFixture is a deterministic Excluded Diagonals experiment: n = 8
// with d = 2, 4, 6, 8 (4, 4, 4 and 2 instances; 4, 3, 1 and 0 of them
// satisfiable), decided by backtrack (which counts nodes: medians 10, 100,
// 1000, 50), dlx (which times out on three instances of d = 6 and gives
// one wrong answer at d = 2) and sat (no nodes; median times 1, 4, 2, 1
// ms).
func excludedFixture() ([]results.Env, []results.Record) {
	env := fixtureEnv(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC), map[string]string{"preset": "diagonals"})
	var recs []results.Record
	sat := map[int][]bool{
		2: {true, true, true, true},
		4: {true, true, true, false},
		6: {true, false, false, false},
		8: {false, false},
	}
	nodes := map[int]uint64{2: 10, 4: 100, 6: 1000, 8: 50}
	secs := map[int]float64{2: 1e-3, 4: 4e-3, 6: 2e-3, 8: 1e-3}
	for d, answers := range sat {
		for i, s := range answers {
			p := results.Problem{N: 8, Board: fmt.Sprintf("diag-8-4-s1-%03d-d%d", i, d), Hash: fmt.Sprintf("sha256:%02d%010d", d, i), Diagonals: d}
			var a uint64
			if s {
				a = 1
			}
			for _, b := range []string{"backtrack", "dlx", "sat"} {
				rec := results.Record{Problem: p, Backend: b, Mode: "decide", Answer: a, Nodes: nodes[d] + uint64(i%2), Seconds: secs[d], Status: results.OK}
				switch {
				case b == "sat":
					rec.Nodes = 0
				case b == "dlx" && d == 6 && i > 0:
					rec.Answer, rec.Status, rec.Seconds, rec.Message = 0, results.Timeout, 1, "time limit 1s reached"
				case b == "dlx" && d == 2 && i == 3:
					rec.Answer = 0 // outvoted by the other two
				}
				recs = append(recs, rec)
			}
		}
	}
	return []results.Env{env}, recs
}

// TestExcluded checks the summary of an Excluded Diagonals table against
// the fixture, worked out by hand.
func TestExcluded(t *testing.T) {
	envs, recs := excludedFixture()
	rep := results.NewReport(envs, recs, "")
	if len(rep.Tables) != 1 || rep.Tables[0].Excluded == nil || rep.Tables[0].Solubility != nil {
		t.Fatalf("want one decide table summarised as Excluded Diagonals, got %+v", rep.Tables)
	}
	e := rep.Tables[0].Excluded
	if got := strings.Join(e.Backends, ","); got != "backtrack,dlx,sat" {
		t.Fatalf("backends %s", got)
	}
	want := []struct {
		d, inst, sat, unsat int
		frac                float64
	}{{2, 4, 4, 0, 1}, {4, 4, 3, 1, 0.75}, {6, 4, 1, 3, 0.25}, {8, 2, 0, 2, 0}}
	if len(e.Rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(e.Rows), len(want))
	}
	for i, w := range want {
		r := e.Rows[i]
		if r.N != 8 || r.D != w.d || r.Instances != w.inst || r.Satisfiable != w.sat || r.Unsatisfiable != w.unsat || r.Fraction != w.frac {
			t.Errorf("row %d: %+v, want %+v", i, r, w)
		}
		if lo, hi := results.Wilson(w.sat, w.sat+w.unsat); r.Low != lo || r.High != hi {
			t.Errorf("row %d: interval [%g, %g], want [%g, %g]", i, r.Low, r.High, lo, hi)
		}
	}
	// backtrack's medians: d = 2 has nodes 10, 11, 10, 11 → 10.5.
	if c := e.Rows[0].Cells[0]; !c.HasNodes || c.Nodes != 10.5 || !c.HasSeconds || c.Seconds != 1e-3 {
		t.Errorf("backtrack at d = 2: %+v", c)
	}
	if c := e.Rows[0].Cells[1]; c.Status != results.Mismatch {
		t.Errorf("dlx's wrong answer at d = 2 is not a mismatch: %+v", c)
	}
	if c := e.Rows[2].Cells[1]; c.Timeouts != 3 || c.HasSeconds || c.HasNodes {
		t.Errorf("dlx at d = 6, 3 timeouts of 4: %+v", c)
	}
	if c := e.Rows[1].Cells[2]; c.HasNodes || !c.HasSeconds || c.Seconds != 4e-3 {
		t.Errorf("sat at d = 4 (no nodes): %+v", c)
	}
	if len(e.Orders) != 1 {
		t.Fatalf("orders %+v", e.Orders)
	}
	o := e.Orders[0]
	// The fraction falls from 0.75 at d = 4 to 0.25 at d = 6: 1/2 at 5.
	if !o.Half.Found || o.Half.X != 5 || o.Half.Pooled {
		t.Errorf("50%% point %+v, want d = 5", o.Half)
	}
	if o.Half.Low >= 5 || o.Half.High <= 5 {
		t.Errorf("95%% range [%g, %g] does not hold 5", o.Half.Low, o.Half.High)
	}
	peaks := []results.ExcludedPeak{
		{Backend: "backtrack", Found: true, D: 6, Cost: 1000.5, Nodes: true},
		{Backend: "dlx", Found: true, D: 6, Timeout: true, Nodes: true},
		{Backend: "sat", Found: true, D: 4, Cost: 4e-3},
	}
	for j, w := range peaks {
		if o.Peaks[j] != w {
			t.Errorf("peak %d: %+v, want %+v", j, o.Peaks[j], w)
		}
	}
	// dlx's column is a mismatch at d = 2, so it has no peak there; the
	// mismatch is reported in the notes.
	var text bytes.Buffer
	if err := rep.Write(&text, results.Text); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, line := range strings.Split(text.String(), "\n") {
		if f := strings.Fields(line); len(f) > 4 && f[0] == "8" && f[1] == "5.0" && f[2] == "0.62" && f[len(f)-1] == "(4.00ms)" {
			found = true
		}
	}
	if !found {
		t.Errorf("text lacks the 50%% point of n = 8 at d = 5.0:\n%s", text.String())
	}
	for _, s := range []string{
		"6 (1000)", "6 (TIMEOUT)", "4 (4.00ms)",
		"TIMEOUT 3/4", "MISMATCH decide diag-8-4-s1-003-d2",
		"0.75 [",
	} {
		if !strings.Contains(text.String(), s) {
			t.Errorf("text lacks %q:\n%s", s, text.String())
		}
	}
	if strings.Contains(text.String(), "TIMEOUT decide") {
		t.Errorf("timeouts are listed as notes; the summary counts them:\n%s", text.String())
	}
	for _, f := range []results.Format{results.Markdown, results.LaTeX, results.JSON, results.CSV} {
		var b bytes.Buffer
		if err := rep.Write(&b, f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
		if f == results.JSON {
			var doc struct {
				Tables []struct {
					Excluded *results.Excluded `json:"excluded_diagonals"`
				} `json:"tables"`
			}
			if err := json.Unmarshal(b.Bytes(), &doc); err != nil || len(doc.Tables) != 1 || doc.Tables[0].Excluded == nil || doc.Tables[0].Excluded.Orders[0].Half.X != 5 {
				t.Errorf("json: %v %s", err, b.String())
			}
		}
	}
	for _, format := range []string{"png", "svg"} {
		var b bytes.Buffer
		if err := rep.WritePlot(&b, format); err != nil || b.Len() == 0 {
			t.Errorf("plot %s: %v, %d bytes", format, err, b.Len())
		}
	}
}

// TestExcludedNotForCompletion: a decide table of completion boards (queens
// given) keeps its Solubility summary, and an Excluded Diagonals table in
// which the fraction never reaches 1/2 says on which side the point lies.
func TestExcludedNotForCompletion(t *testing.T) {
	p := results.Problem{N: 8, Board: "b", Hash: "sha256:01", Given: 3, Diagonals: 2}
	rep := results.NewReport(nil, []results.Record{{Problem: p, Backend: "dlx", Mode: "decide", Answer: 1, Seconds: 1e-3}}, "")
	if rep.Tables[0].Solubility == nil || rep.Tables[0].Excluded != nil {
		t.Errorf("completion board with given queens: %+v", rep.Tables[0])
	}
	var recs []results.Record
	for d := 1; d <= 3; d++ {
		p := results.Problem{N: 6, Board: fmt.Sprint("d", d), Hash: fmt.Sprint("sha256:", d), Diagonals: d}
		recs = append(recs, results.Record{Problem: p, Backend: "dlx", Mode: "decide", Answer: 1, Nodes: 5, Seconds: 1e-3})
	}
	e := results.NewReport(nil, recs, "").Tables[0].Excluded
	if e == nil || e.Orders[0].Half.Found || e.Orders[0].Half.Side != "above" {
		t.Fatalf("every instance satisfiable: %+v", e)
	}
	var b bytes.Buffer
	if err := results.NewReport(nil, recs, "").Write(&b, results.Text); err != nil || !strings.Contains(b.String(), "> 3") {
		t.Errorf("text: %v\n%s", err, b.String())
	}
}

// TestExcludedCSV: the CSV form keeps the problem of each record (its
// variant, excluded diagonals and blocked squares), so that a log written
// as CSV and read back is summarised as it was; a count of diagonals that
// no board has is refused with its place.
func TestExcludedCSV(t *testing.T) {
	_, recs := excludedFixture()
	recs = append(recs, results.Record{Problem: results.Problem{N: 6, Board: "k.txt", Hash: "sha256:77", Variant: "kings", Blocked: 3}, Backend: "backtrack", Mode: "count", Answer: 1, Nodes: 9, Seconds: 1e-5})
	var buf bytes.Buffer
	if err := results.WriteCSV(&buf, recs); err != nil {
		t.Fatal(err)
	}
	back, err := results.ReadCSV(&buf, "x.csv")
	if err != nil || len(back) != len(recs) {
		t.Fatalf("%d records, %v", len(back), err)
	}
	for i := range recs {
		if back[i] != recs[i] {
			t.Fatalf("record %d: %+v, want %+v", i, back[i], recs[i])
		}
	}
	rep := results.NewReport(nil, back, "")
	if len(rep.Tables) != 2 || rep.Tables[0].Excluded == nil || rep.Tables[0].Excluded.Orders[0].Half.X != 5 {
		t.Errorf("read back: %+v", rep.Tables)
	}
	bad := "n,board,hash,backend,mode,repeat,answer,nodes,seconds,runs,status,message,given,k,problem,diagonals,blocked\n8,,,dlx,decide,0,1,7,0.5,1,ok,,0,0,,33,0\n"
	if _, err := results.ReadCSV(strings.NewReader(bad), "bad.csv"); err == nil || !strings.Contains(err.Error(), "bad.csv:2:37: diagonals: want an integer from 0 to 4n = 32") {
		t.Errorf("diagonals 33 on 8×8: %v", err)
	}
}
