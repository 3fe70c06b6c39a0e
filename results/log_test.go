package results_test

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/results"
)

func TestLogRoundTrip(t *testing.T) {
	envs, recs := fixture()
	var buf bytes.Buffer
	l := results.NewLog(&buf)
	if err := l.WriteEnv(envs[0]); err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if err := l.WriteRecord(r); err != nil {
			t.Fatal(err)
		}
	}
	if lines := strings.Count(buf.String(), "\n"); lines != 1+len(recs) {
		t.Fatalf("unexpected lines: got %d want %d", lines, 1+len(recs))
	}
	// Every record line is a flat JSON object (for jq and pandas).
	first := strings.SplitN(buf.String(), "\n", 3)[1]
	var flat map[string]any
	if err := json.Unmarshal([]byte(first), &flat); err != nil {
		t.Fatal(err)
	}
	if flat["n"] != float64(4) || flat["backend"] != "backtrack" || flat["status"] != "ok" {
		t.Errorf("unexpected record line %s", first)
	}
	gotEnvs, gotRecs, err := results.ReadLog(bytes.NewReader(buf.Bytes()), "log.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(gotEnvs, envs) {
		t.Errorf("envs: got %+v want %+v", gotEnvs, envs)
	}
	if !reflect.DeepEqual(gotRecs, recs) {
		t.Errorf("records differ after the round trip")
	}

	// A write cut short at the end is dropped; the rest is kept.
	cut := buf.Bytes()[:buf.Len()-7]
	_, gotRecs, err = results.ReadLog(bytes.NewReader(cut), "log.jsonl")
	if err != nil || len(gotRecs) != len(recs)-1 {
		t.Errorf("truncated log: got %d records, err %v; want %d", len(gotRecs), err, len(recs)-1)
	}
}

func TestReadLogErrors(t *testing.T) {
	good := `{"n":8,"backend":"bitmask","mode":"count","repeat":0,"answer":92,"nodes":0,"seconds":0.1,"status":"ok"}` + "\n"
	for _, c := range []struct{ in, want string }{
		{good + "{oops\n" + good, "l.jsonl:2: invalid JSON"},
		{good + `{"n":8,"backend":"b","mode":"count","status":"great"}` + "\n", `l.jsonl:2: results: unknown status "great"`},
		{`{"n":0,"backend":"b","mode":"count"}` + "\n", "l.jsonl:1: record: n must be at least 1"},
		{`{"n":3,"mode":"count"}` + "\n", "l.jsonl:1: record: no backend"},
		{`{"n":3,"backend":"b","mode":"count","bogus":1}` + "\n", `l.jsonl:1: json: unknown field "bogus"`},
		{`{"n":3,"backend":"b","mode":"count","seconds":-1}` + "\n", "l.jsonl:1: record: negative seconds"},
		{`{"env":{"go":"x"},"n":3,"backend":"b","mode":"count"}` + "\n", "l.jsonl:1: a line holds both"},
		{`{"n":3,"backend":"b","mode":"count"} {}` + "\n", "l.jsonl:1: more than one JSON value"},
		// Values of the wrong type: the field and the kind it wants, no Go type.
		{"[1,2]\n", "l.jsonl:1: a JSON array where a record or an env should be"},
		{`{"n":99999999999999999999,"backend":"b","mode":"count"}` + "\n", `l.jsonl:1: field "n": 99999999999999999999 is out of range`},
		{`{"n":2.5,"backend":"b","mode":"count"}` + "\n", `l.jsonl:1: field "n": 2.5 is not a whole number`},
		{`{"n":3,"backend":"b","mode":"count","answer":-1}` + "\n", `l.jsonl:1: field "answer": -1 is not a whole number ≥ 0`},
		{`{"n":3,"backend":"b","mode":"count","answer":"x"}` + "\n", `l.jsonl:1: field "answer": want a whole number ≥ 0, got a JSON string`},
		{`{"n":3,"backend":7,"mode":"count"}` + "\n", `l.jsonl:1: field "backend": want a string, got a JSON number`},
		{`{"n":3,"backend":"b","mode":"count","seconds":1e999}` + "\n", `l.jsonl:1: field "seconds": 1e999 is out of range`},
		{`{"env":[]}` + "\n", `l.jsonl:1: field "env": want a JSON object, got a JSON array`},
	} {
		_, _, err := results.ReadLog(strings.NewReader(c.in), "l.jsonl")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("ReadLog(%q): got %v, want an error starting %q", c.in, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "Go ") {
			t.Errorf("ReadLog(%q): %v names a Go type", c.in, err)
		}
	}
}

func TestPlot(t *testing.T) {
	envs, recs := fixture()
	rep := results.NewReport(envs, recs, "")
	var svg bytes.Buffer
	if err := rep.WritePlot(&svg, "svg"); err != nil {
		t.Fatal(err)
	}
	out := svg.String()
	if !strings.HasPrefix(out, "<?xml") || !strings.Contains(out, "<svg") {
		t.Fatalf("not an SVG: %.100s", out)
	}
	for _, label := range []string{"count: all solutions", "first: one solution", "complete: one completion", "backtrack", "bitmask", "construct", "minconflicts", "sat_pairwise&amp;co"} {
		if !strings.Contains(out, label) {
			t.Errorf("SVG lacks the legend entry %q", label)
		}
	}
	var png bytes.Buffer
	if err := rep.WritePlot(&png, "png"); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(png.Bytes(), []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("not a PNG")
	}
	ps, err := rep.Plots()
	if err != nil || len(ps) != 3 {
		t.Errorf("Plots: got %d plots, %v; want one per table", len(ps), err)
	}
	if err := rep.SavePlot(t.TempDir() + "/plot.gif"); err == nil || !strings.Contains(err.Error(), ".svg, .png or .pdf") {
		t.Errorf("SavePlot to .gif: got %v", err)
	}
	if err := results.NewReport(nil, nil, "").WritePlot(&png, "svg"); err == nil {
		t.Errorf("plotting no records must fail")
	}
	// SavePlot replaces a file only by a whole plot: a failed one leaves
	// the old file and no temporary file beside it.
	pdir := t.TempDir()
	plotFile := pdir + "/plot.svg"
	if err := os.WriteFile(plotFile, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := results.NewReport(nil, nil, "").SavePlot(plotFile); err == nil {
		t.Errorf("saving the plot of no records must fail")
	}
	if b, _ := os.ReadFile(plotFile); string(b) != "old" {
		t.Errorf("a failed SavePlot changed the file: %q", b)
	}
	if err := rep.SavePlot(plotFile); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(plotFile); !bytes.Contains(b, []byte("<svg")) {
		t.Errorf("SavePlot did not write an SVG: %.40q", b)
	}
	if es, _ := os.ReadDir(pdir); len(es) != 1 {
		t.Errorf("SavePlot left files beside its output: %v", es)
	}
	// A run that timed plotFile is drawn, as a cross at its time, with a legend entry.
	timedOut := results.NewReport(nil, []results.Record{rec(8, "a", 0, results.Timeout, 10, 0), rec(9, "a", 352, results.OK, 1, 0)}, "")
	var marks bytes.Buffer
	if err := timedOut.WritePlot(&marks, "svg"); err != nil || !strings.Contains(marks.String(), "timeout, error or gave up") {
		t.Errorf("a timeout is not drawn: %v", err)
	}
}
