package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchResumeSettings: --resume refuses a log measured with other
// repeats or time limits, and resumes one measured with the same (issue
// 24 item 9: it mixed them silently into one table).
func TestBenchResumeSettings(t *testing.T) {
	log := filepath.Join(t.TempDir(), "b.jsonl")
	if _, errOut, code := qtool(t, "", "bench", "--n", "5", "--repeats", "1", "--log", log); code != 0 {
		t.Fatalf("first run: exit %d %s", code, errOut)
	}
	for _, args := range [][]string{{"--repeats", "2"}, {"--repeats", "1", "--timeout", "7s"}} {
		a := append([]string{"bench", "--n", "5", "--log", log, "--resume"}, args...)
		_, errOut, code := qtool(t, "", a...)
		if code != 2 || !strings.Contains(errOut, "holds runs measured with") {
			t.Errorf("%v: exit %d %q", args, code, errOut)
		}
	}
	if _, errOut, code := qtool(t, "", "bench", "--n", "5", "--repeats", "1", "--log", log, "--resume"); code != 0 {
		t.Errorf("same settings: exit %d %s", code, errOut)
	}
}
