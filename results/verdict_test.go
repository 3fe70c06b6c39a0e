package results_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/results"
)

// TestUntrusted: the fixture's MISMATCH and ERROR cells are counted; a
// report of OK cells only has none.
func TestUntrusted(t *testing.T) {
	envs, recs := fixture()
	rep := results.NewReport(envs, recs, "")
	if got, want := rep.Untrusted(), "2 MISMATCH and 1 ERROR"; got != want {
		t.Errorf("Untrusted() = %q, want %q", got, want)
	}
	var ok []results.Record
	for _, r := range recs {
		if r.Mode == "first" && r.Status == results.OK {
			ok = append(ok, r)
		}
	}
	if got := results.NewReport(envs, ok, "").Untrusted(); got != "" {
		t.Errorf("Untrusted() of OK cells = %q, want none", got)
	}
	if !rep.HasBackend("bitmask") || rep.HasBackend("nosuch") {
		t.Errorf("HasBackend: bitmask %t, nosuch %t; want true, false", rep.HasBackend("bitmask"), rep.HasBackend("nosuch"))
	}
}

// TestReadRecords reads CSV by its extension, in any case, and a log
// otherwise.
func TestReadRecords(t *testing.T) {
	envs, recs := fixture()
	var csv, log bytes.Buffer
	if err := results.NewReport(envs, recs, "").Write(&csv, results.CSV); err != nil {
		t.Fatal(err)
	}
	l := results.NewLog(&log)
	for _, r := range recs {
		if err := l.WriteRecord(r); err != nil {
			t.Fatal(err)
		}
	}
	if e, r, err := results.ReadRecords(strings.NewReader(csv.String()), "runs.CSV", "runs.CSV"); err != nil || e != nil || len(r) != len(recs) {
		t.Errorf("ReadRecords(runs.CSV) = %d envs, %d records, %v; want %d records", len(e), len(r), err, len(recs))
	}
	if _, r, err := results.ReadRecords(strings.NewReader(log.String()), "runs.jsonl", "runs.jsonl"); err != nil || len(r) != len(recs) {
		t.Errorf("ReadRecords(runs.jsonl) = %d records, %v; want %d", len(r), err, len(recs))
	}
	if _, _, err := results.ReadRecords(strings.NewReader(csv.String()), "runs.jsonl", "runs.jsonl"); err == nil {
		t.Error("ReadRecords read CSV as a log without an error")
	}
}
