package results_test

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/results"
)

// decideFixture is a deterministic decide experiment: n = 12 with δ = 4,
// 6, 8 and n = 16 with δ = 5, 9, four instances each but two for n = 16,
// decided by three backends. It holds a generator that placed fewer queens
// than asked, a wrong answer outvoted by the others, timeouts below and at
// the median, an instance every backend timed out on, and a backend not
// run for n = 16.
func decideFixture() ([]results.Env, []results.Record) {
	env := fixtureEnv(time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC),
		map[string]string{"preset": "completion", "instances": "4", "timeout": "2s"})
	var recs []results.Record
	// add records one instance: its answer and each backend's time; a
	// negative time is a timeout, NaN a wrong answer.
	add := func(n, k, i, given int, answer uint64, times map[string]float64) {
		p := results.Problem{N: n, Board: fmt.Sprintf("q%d-k%d-s1-%04d", n, k, i), Hash: fmt.Sprintf("sha256:%02d%02d%08d", n, k, i), Given: given, K: k}
		for _, b := range []string{"backtrack", "dlx", "sat"} {
			t, ok := times[b]
			if !ok {
				continue
			}
			rec := results.Record{Problem: p, Backend: b, Mode: "decide", Answer: answer, Seconds: t, Status: results.OK}
			switch {
			case t < 0:
				rec.Answer, rec.Seconds, rec.Status, rec.Message = 0, 2, results.Timeout, "time limit 2s reached"
			case math.IsNaN(t):
				rec.Answer, rec.Seconds = 1-answer, 1e-3
			}
			recs = append(recs, rec)
		}
	}
	all := func(bt, dl, st float64) map[string]float64 {
		return map[string]float64{"backtrack": bt, "dlx": dl, "sat": st}
	}
	for i := range 4 {
		given := 8
		if i == 1 {
			given = 7 // the generator ran out of attempts
		}
		add(12, 8, i, given, 0, all(1e-6*float64(i+1), 2e-6, 3e-5))
	}
	for i, a := range []uint64{0, 0, 1, 0} {
		st := 4e-5
		if i == 3 {
			st = math.NaN()
		}
		add(12, 6, i, 6, a, all(1e-5*float64(i+1), 2e-5, st))
	}
	for i, a := range []uint64{1, 1, 1, 0} {
		bt, st := 1e-4*float64(i+1), 5e-5
		if i == 2 {
			bt = -1
		}
		if i < 2 {
			st = -1
		}
		add(12, 4, i, 4, a, all(bt, 3e-5, st))
	}
	for i := range 2 {
		add(16, 11, i, 11, 0, map[string]float64{"backtrack": 1e-6, "dlx": 2e-6})
	}
	for i := range 3 {
		t := map[string]float64{"backtrack": 1e-3, "dlx": 5e-5}
		if i == 2 {
			t = map[string]float64{"backtrack": -1, "dlx": -1}
		}
		add(16, 7, i, 7, 1, t)
	}
	return []results.Env{env}, recs
}

// TestSolubility checks the summary's numbers against the fixture, worked
// out by hand.
func TestSolubility(t *testing.T) {
	envs, recs := decideFixture()
	rep := results.NewReport(envs, recs, "")
	if len(rep.Tables) != 1 || rep.Tables[0].Solubility == nil {
		t.Fatalf("want one decide table with a summary, got %+v", rep.Tables)
	}
	s := rep.Tables[0].Solubility
	type want struct {
		n, free, inst, short, sol, insol, undec int
		placed                                  float64
		cells                                   string
	}
	wants := []want{
		{12, 4, 4, 1, 0, 4, 0, 7.75, "ok 2.5µs 0 | ok 2µs 0 | ok 30µs 0"},
		{12, 6, 4, 0, 1, 3, 0, 6, "ok 25µs 0 | ok 20µs 0 | mismatch - 0"},
		{12, 8, 4, 0, 3, 1, 0, 4, "ok 300µs 1 | ok 30µs 0 | ok - 2"},
		{16, 5, 2, 0, 0, 2, 0, 11, "ok 1µs 0 | ok 2µs 0 | not run"},
		{16, 9, 3, 0, 2, 0, 1, 7, "ok 1ms 1 | ok 50µs 1 | not run"},
	}
	if len(s.Rows) != len(wants) {
		t.Fatalf("got %d rows, want %d: %+v", len(s.Rows), len(wants), s.Rows)
	}
	for i, w := range wants {
		r := s.Rows[i]
		got := want{r.N, r.Free, r.Instances, r.Short, r.Soluble, r.Insoluble, r.Undecided, r.Placed, ""}
		var cells []string
		for _, c := range r.Cells {
			if c.Instances == 0 {
				cells = append(cells, "not run")
				continue
			}
			med := "-"
			if c.HasMedian {
				med = time.Duration(c.Median*1e9 + 0.5).String()
			}
			cells = append(cells, fmt.Sprintf("%v %s %d", c.Status, med, c.Timeouts))
		}
		got.cells = strings.Join(cells, " | ")
		if got != w {
			t.Errorf("row %d:\n got %+v\nwant %+v", i, got, w)
		}
		if x := float64(r.Free*r.Free) / float64(r.N); r.X != x {
			t.Errorf("row %d: x = %v, want %v", i, r.X, x)
		}
		if d := r.Decided(); d > 0 {
			lo, hi := results.Wilson(r.Soluble, d)
			if r.Fraction != float64(r.Soluble)/float64(d) || r.Low != lo || r.High != hi {
				t.Errorf("row %d: fraction %v [%v, %v]", i, r.Fraction, r.Low, r.High)
			}
		}
	}
	// n = 12: 0 at x = 4/3, 1/4 at x = 3, 3/4 at x = 16/3: the crossing is
	// halfway from x = 3 to 16/3. n = 16: 0 at 25/16, 1 at 81/16.
	if len(s.Half) != 2 {
		t.Fatalf("half points: %+v", s.Half)
	}
	for i, w := range []struct {
		n int
		x float64
	}{{12, 3 + 0.5*(16.0/3-3)}, {16, 25.0/16 + 0.5*(81.0-25)/16}} {
		h := s.Half[i]
		if h.N != w.n || !h.Found || h.Pooled || math.Abs(h.X-w.x) > 1e-12 || math.Abs(h.Delta-math.Sqrt(w.x*float64(w.n))) > 1e-12 {
			t.Errorf("half point %d: got %+v, want n=%d x=%v", i, h, w.n, w.x)
		}
	}
	// The ends of the Wilson intervals: for n = 12 the upper ends (0.49,
	// 0.70, 0.95) cross 1/2 between x = 4/3 and 3, the lower ends (0,
	// 0.05, 0.30) never; for n = 16 the upper end is above 1/2 from the
	// start, and the lower ends (0, 0.34) stay below.
	_, hi4 := results.Wilson(0, 4)
	_, hi6 := results.Wilson(1, 4)
	low := 4.0/3 + (0.5-hi4)*(3-4.0/3)/(hi6-hi4)
	if h := s.Half[0]; math.Abs(h.Low-low) > 1e-12 || h.LowSide != "" || h.High != 16.0/3 || h.HighSide != "above" {
		t.Errorf("n=12 range: %+v, want low %v", h, low)
	}
	if h := s.Half[1]; h.Low != 25.0/16 || h.LowSide != "below" || h.High != 81.0/16 || h.HighSide != "above" {
		t.Errorf("n=16 range: %+v", h)
	}
	if got := rep.Count(results.Mismatch); got != 1 {
		t.Errorf("mismatch cells: got %d want 1", got)
	}
}

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n     int
		lo, high float64
	}{
		// Values from the closed form, checked against the tables of
		// Newcombe, Statistics in Medicine 17 (1998), method 3.
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
		{81, 263, 0.2553, 0.3662},
	} {
		lo, hi := results.Wilson(c.k, c.n)
		if math.Abs(lo-c.lo) > 5e-5 || math.Abs(hi-c.high) > 5e-5 {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", c.k, c.n, lo, hi, c.lo, c.high)
		}
	}
}

func TestHalfCrossing(t *testing.T) {
	for _, c := range []struct {
		name   string
		xs, fs []float64
		ws     []int
		want   results.HalfPoint
	}{
		{"interpolated", []float64{1, 2, 3}, []float64{0.1, 0.3, 0.7}, []int{10, 10, 10}, results.HalfPoint{Found: true, X: 2.5}},
		{"exact", []float64{1, 2, 3}, []float64{0.1, 0.5, 0.7}, []int{10, 10, 10}, results.HalfPoint{Found: true, X: 2}},
		{"above", []float64{1, 2}, []float64{0, 0.4}, []int{10, 10}, results.HalfPoint{Side: "above"}},
		{"below", []float64{1, 2}, []float64{0.6, 0.9}, []int{10, 10}, results.HalfPoint{Side: "below"}},
		// 0.6 then 0.4 (equal weights) pool to 0.5 at x = 2 and 3: the
		// first point at 1/2 is x = 2.
		{"pooled", []float64{1, 2, 3, 4}, []float64{0.2, 0.6, 0.4, 0.9}, []int{10, 10, 10, 10}, results.HalfPoint{Found: true, X: 2, Pooled: true}},
		// 0.7 (weight 1) then 0.3 (weight 3) pool to 0.4: crossing between
		// x = 3 (0.4) and 4 (0.8), a quarter of the way.
		{"weighted", []float64{1, 2, 3, 4}, []float64{0.1, 0.7, 0.3, 0.8}, []int{5, 1, 3, 5}, results.HalfPoint{Found: true, X: 3.25, Pooled: true}},
	} {
		got := results.HalfCrossing(c.xs, c.fs, c.ws)
		if math.Abs(got.X-c.want.X) > 1e-12 {
			t.Errorf("%s: got x %v want %v", c.name, got.X, c.want.X)
		}
		got.X = c.want.X
		if got != c.want {
			t.Errorf("%s: got %+v want %+v", c.name, got, c.want)
		}
	}
}

func TestPoolAdjacent(t *testing.T) {
	got := results.PoolAdjacent([]float64{1, 3, 2, 2, 5, 0}, []int{1, 1, 1, 2, 1, 1})
	// 3, 2, 2 (weights 1, 1, 2) pool to 9/4; then 5, 0 pool to 2.5, which
	// is above 9/4.
	want := []float64{1, 2.25, 2.25, 2.25, 2.5, 2.5}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Fatalf("got %v want %v", got, want)
		}
	}
}

// TestGoldenDecide renders the decide fixture as text, Markdown and LaTeX
// and compares with the files under testdata/ (-update rewrites them).
func TestGoldenDecide(t *testing.T) {
	envs, recs := decideFixture()
	rep := results.NewReport(envs, recs, "")
	for _, c := range []struct {
		f    results.Format
		file string
	}{
		{results.Text, "decide.txt"},
		{results.Markdown, "decide.md"},
		{results.LaTeX, "decide.tex"},
	} {
		var buf bytes.Buffer
		if err := rep.Write(&buf, c.f); err != nil {
			t.Fatal(err)
		}
		golden(t, c.file, buf.Bytes())
	}
	var png bytes.Buffer
	if err := rep.WritePlot(&png, "png"); err != nil || !bytes.HasPrefix(png.Bytes(), []byte("\x89PNG")) {
		t.Errorf("plot: %v", err)
	}
	ps, err := rep.Plots()
	if err != nil || len(ps) != 3 { // solubility, then n = 12 and n = 16
		t.Errorf("plots: %d panels, %v; want 3", len(ps), err)
	}
}

// TestDecideRoundTrip: given and k survive the log and the CSV, and a CSV
// of an older qtool (without them) still reads.
func TestDecideRoundTrip(t *testing.T) {
	_, recs := decideFixture()
	var csvBuf, logBuf bytes.Buffer
	if err := results.WriteCSV(&csvBuf, recs); err != nil {
		t.Fatal(err)
	}
	l := results.NewLog(&logBuf)
	for _, r := range recs {
		if err := l.WriteRecord(r); err != nil {
			t.Fatal(err)
		}
	}
	fromCSV, err := results.ReadCSV(&csvBuf, "decide.csv")
	if err != nil {
		t.Fatal(err)
	}
	_, fromLog, err := results.ReadLog(&logBuf, "decide.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		if fromCSV[i] != recs[i] || fromLog[i] != recs[i] {
			t.Fatalf("record %d: CSV %+v, log %+v, want %+v", i, fromCSV[i], fromLog[i], recs[i])
		}
	}
	old := "n,board,hash,backend,mode,repeat,answer,nodes,seconds,runs,status,message\n8,b.txt,sha256:ab,dlx,complete,0,1,7,0.5,1,ok,\n"
	got, err := results.ReadCSV(strings.NewReader(old), "old.csv")
	if err != nil || len(got) != 1 || got[0].Given != 0 || got[0].K != 0 || got[0].Answer != 1 {
		t.Errorf("old CSV: %+v, %v", got, err)
	}
	for _, c := range []struct{ in, want string }{
		{"n,board,hash,backend,mode,repeat,answer,nodes,seconds,runs,status,message,given,k\n8,,,dlx,decide,0,1,7,0.5,1,ok,,9,3\n", "bad.csv:2:32: given: want an integer from 0 to n = 8"},
		{"n,board,hash,backend,mode,repeat,answer,nodes,seconds,runs,status,message,given,k\n8,,,dlx,decide,0,1,7,0.5,1,ok,,3,-1\n", "bad.csv:2:34: k: want an integer from 0 to n = 8"},
		{"n,board,hash,backend,mode,repeat,answer,nodes,seconds,runs,status,message,given\n", "bad.csv:1: 13 columns"},
	} {
		if _, err := results.ReadCSV(strings.NewReader(c.in), "bad.csv"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got error %v, want %q", err, c.want)
		}
	}
	if _, _, err := results.ReadLog(strings.NewReader(`{"n":8,"backend":"dlx","mode":"decide","repeat":0,"answer":0,"nodes":0,"seconds":1,"status":"ok","given":9}`+"\n"), "bad.jsonl"); err == nil || !strings.Contains(err.Error(), "bad.jsonl:1: record: given must be between 0 and n = 8, got 9") {
		t.Errorf("log with given > n: %v", err)
	}
}
