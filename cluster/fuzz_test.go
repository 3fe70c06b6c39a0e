package cluster

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzOpen: any run.json is read or refused, never a panic, and what is
// read is valid.
func FuzzOpen(f *testing.F) {
	f.Add([]byte(`{"id":"0123456789","kind":"count","title":"t","tasks":4,"qtool":"qtool","command":["count"],"options":{"cpus":1,"kill_wait":30},"created":"2026-12-01T10:30:35Z"}`))
	f.Add([]byte(`{"id":"x","tasks":-1}`))
	f.Add([]byte("\xef\xbb\xbf{}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ManifestName), data, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := Open(dir)
		if err != nil {
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("Open returned an invalid run: %v", err)
		}
	})
}

// FuzzAttempts: any attempt log (a task killed mid-line, a foreign file)
// is read without a panic, and GetStatus-style use of it holds.
func FuzzAttempts(f *testing.F) {
	f.Add([]byte("start job=1_0 host=a time=2026-12-01T10:30:35Z checkpoint=no\nend job=1_0 host=a time=2026-12-01T10:30:36Z exit=0\n"))
	f.Add([]byte("start job=1_0 checkpoint=yes\nsignal job=1_0 sig=TERM\nend job=1_0 exit=14"))
	f.Add([]byte("end exit=x\n\x00\xff=\n=\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &Run{Dir: t.TempDir(), ID: "fuzz", Kind: "count", Tasks: 1, Qtool: "q", Command: []string{"c"}, Options: Options{CPUs: 1}}
		os.MkdirAll(r.Path("attempts"), 0o755)
		if err := os.WriteFile(r.AttemptsPath(0), data, 0o644); err != nil {
			t.Fatal(err)
		}
		as, err := r.Attempts(0)
		if err != nil {
			return
		}
		for _, a := range as {
			if a.Event != "start" && a.Event != "signal" && a.Event != "end" {
				t.Fatalf("event %q", a.Event)
			}
		}
		if _, err := r.taskStatus(0, nil, nil, true); err != nil {
			t.Fatal(err)
		}
	})
}
