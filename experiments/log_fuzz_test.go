package experiments_test

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
)

// FuzzOpenLog: whatever a log holds (cut short, without its last newline,
// garbage), resuming it either refuses it or keeps every record it read,
// appends after them, and leaves a log that reads back with the new record
// last; nothing read is lost or doubled.
func FuzzOpenLog(f *testing.F) {
	f.Add([]byte(`{"n":8,"backend":"b","mode":"count","repeat":0,"answer":92,"nodes":0,"seconds":0.1,"status":"ok"}`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "log.jsonl")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		log, envs, recs, err := experiments.OpenLog(path, true)
		if err != nil {
			if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
				t.Fatalf("a refused log was changed: %q → %q", data, after)
			}
			return
		}
		rec := results.Record{Problem: results.Problem{N: 9}, Backend: "fuzz", Mode: "count", Repeat: 7, Answer: 352}
		if err := log.WriteRecord(rec); err != nil {
			t.Fatal(err)
		}
		log.Close()
		fh, _ := os.Open(path)
		envs2, recs2, err := results.ReadLog(fh, path)
		fh.Close()
		if err != nil {
			t.Fatalf("after appending, the log does not read: %v", err)
		}
		if len(recs2) == 0 || !reflect.DeepEqual(recs2[len(recs2)-1], rec) {
			t.Fatalf("the new record is not last: %+v", recs2)
		}
		kept, _ := results.Dedupe(recs2[:len(recs2)-1])
		if len(kept) != len(recs) || (len(recs) > 0 && !reflect.DeepEqual(kept, recs)) {
			t.Fatalf("records before: %+v\nafter: %+v", recs, kept)
		}
		if len(envs) != len(envs2) {
			t.Fatalf("envs: %d then %d", len(envs), len(envs2))
		}
	})
}
