package main

import (
	"context"
	"os/exec"
	"strings"
	"testing"
)

// TestBenchPresetSAT runs a small SAT experiment: first solutions for n = 6
// and 8, and generated hard boards (n = 30, 50, 70, one each), with gini
// and, when installed, picosat, both pairwise and product: the tables name
// every backend's cells, the formula sizes are those of encode.CNFSize, and
// the run ends without MISMATCH (exit 0).
func TestBenchPresetSAT(t *testing.T) {
	backends := "sat-pairwise,sat-product"
	if _, err := exec.LookPath("picosat"); err == nil {
		backends += ",picosat-pairwise,picosat-product"
	}
	out, errOut, code := satRun(t, context.Background(), "", "bench", "--preset", "sat", "--n", "6,8", "--boards", "none",
		"--instances", "1", "--timeout", "20s", "--backends", backends, "--log", "")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	for _, want := range []string{
		"First solution of the empty board",
		"8  pairwise  64         744",
		"Completion boards decided (3 boards)",
		"q70-k51-s1-0000",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	tables, _, _ := strings.Cut(out, "\nseconds: ")
	if strings.Contains(tables, "MISMATCH") || strings.Contains(tables, "ERROR") {
		t.Errorf("a wrong or failed cell:\n%s", out)
	}
	_, errOut, code = satRun(t, context.Background(), "", "bench", "--preset", "sat", "--backends", "dlx", "--log", "")
	if code != exitUsage || !strings.Contains(errOut, "not a solver × encoding backend") {
		t.Errorf("--backends dlx: exit %d, %s", code, errOut)
	}
}
