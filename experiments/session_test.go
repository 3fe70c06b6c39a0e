package experiments_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/experiments"
)

// TestSession measures into a log, resumes it measuring nothing again,
// refuses to resume it with other repeats and refuses a log that does
// not parse.
func TestSession(t *testing.T) {
	bt, err := backend.Lookup("backtrack")
	if err != nil {
		t.Fatal(err)
	}
	spec := experiments.NewSpec(experiments.Grid{Task: experiments.TaskCount, Backends: []backend.Backend{bt}, Problems: experiments.EmptyBoards([]int{4, 5})})
	spec.Repeats, spec.MinTime = 1, 0
	log := filepath.Join(t.TempDir(), "log.jsonl")
	calls := 0
	s := experiments.Session{Spec: spec, Env: spec.Env(), Log: log, Progress: func(done, total int) { calls++ }}
	envs, recs, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(envs) != 1 || len(recs) != 2 || recs[1].Answer != 10 || calls == 0 {
		t.Fatalf("first session: %d envs, %d records, %d progress calls", len(envs), len(recs), calls)
	}
	s.Resume = true
	envs, again, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(envs) != 2 || len(again) != 2 || again[0].Seconds != recs[0].Seconds {
		t.Errorf("resumed: %d envs, %d records (seconds %v, was %v); want 2 sessions and the first session's runs", len(envs), len(again), again[0].Seconds, recs[0].Seconds)
	}
	other := spec
	other.Repeats = 2
	s.Spec, s.Env = other, other.Env()
	var c *experiments.SettingConflict
	if _, _, err := s.Run(context.Background()); !errors.As(err, &c) || c.Setting != "repeats" || c.Was != "1" || c.Is != "2" {
		t.Errorf("resumed with other repeats: %v, want a conflict of repeats 1 and 2", err)
	}
	if err := os.WriteFile(log, []byte("not a log\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var open *experiments.OpenError
	if _, _, err := s.Run(context.Background()); !errors.As(err, &open) {
		t.Errorf("a log that does not parse: %v, want an *OpenError", err)
	}
}
