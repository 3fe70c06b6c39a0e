package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/internal/gittest"
)

// TestBenchProvenance runs bench from inside another git repository (a
// paper's) with --workers 0: the header's commit is qtool's revision or
// "unknown", never the paper's; the workers line is there, resolved, in
// the header and in the log.
func TestBenchProvenance(t *testing.T) {
	dir, paper := gittest.Repo(t)
	t.Chdir(dir)
	out, errOut, code := qtool(t, "", "bench", "--backends", "backtrack", "--n", "4-5", "--repeats", "1", "--workers", "0", "--log", "log.jsonl")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	commit := regexp.MustCompile(`(?m)^commit: (.*)$`).FindStringSubmatch(out)
	if commit == nil {
		t.Fatalf("no commit line in\n%s", out)
	}
	if strings.HasPrefix(commit[1], paper) || !regexp.MustCompile(`^([0-9a-f]{12}(\+dirty)?|unknown)$`).MatchString(commit[1]) {
		t.Errorf("commit: %s (the working directory's repository is at %s)", commit[1], paper)
	}
	workers := "workers: " + experiments.WorkersSetting(0)
	if !strings.Contains(out, "\n"+workers+"\n") || !strings.Contains(workers, "(0 = all cores)") {
		t.Errorf("no %q in the header\n%s", workers, out)
	}
	log, err := os.ReadFile("log.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(log), `"workers":"`+experiments.WorkersSetting(0)+`"`) {
		t.Errorf("the log does not record the workers:\n%s", log)
	}
}

// TestPresetHeaders: every preset prints the environment header.
func TestPresetSATHeader(t *testing.T) {
	out, errOut, code := qtool(t, "", "bench", "--preset", "sat", "--n", "6", "--boards", "none", "--instances", "0",
		"--backends", "sat-product", "--log", "", "--workers", "0")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	for _, want := range []string{"goos: ", "commit: ", "workers: " + experiments.WorkersSetting(0), "repeats: 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// TestBenchRepeatsAuto: --repeats auto states its method in the header
// and the table's note, and refuses its settings without it.
func TestBenchRepeatsAuto(t *testing.T) {
	out, errOut, code := qtool(t, "", "bench", "--backends", "backtrack", "--n", "5", "--repeats", "auto", "--precision", "50", "--repeat-budget", "1s", "--log", "")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"repeats: auto: 3 to 30 a cell, until the 95% interval is within ±50% of the median or the cell's runs took 1s", "\nrepeats auto: 3 to 30"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if _, errOut, code := qtool(t, "", "bench", "--backends", "backtrack", "--n", "5", "--precision", "5", "--log", ""); code != exitUsage || !strings.Contains(errOut, "--repeats auto only") {
		t.Errorf("--precision without auto: exit %d %s", code, errOut)
	}
	if _, errOut, code := qtool(t, "", "bench", "--repeats", "sometimes"); code != exitUsage || !strings.Contains(errOut, "auto") {
		t.Errorf("--repeats sometimes: exit %d %s", code, errOut)
	}
}
