package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/encode"
)

// TestModelMemoryLimit drives every problem of the model, on the model
// backends, at sizes that cross a 4 GB address-space limit (prlimit
// --as=4000000000, as the hostile rounds run it): each run ends with one
// line saying what would need how much memory (exit 2) or with an
// incomplete count at its time limit (exit 3), never a fatal error (issue
// 24 items 1 and 2). Without -long, the backends' defaults and dlx; with
// it, sat too, and encode --to dlx and dimacs.
func TestModelMemoryLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs qtool under prlimit at n = 2048")
	}
	if _, err := exec.LookPath("prlimit"); err != nil {
		t.Skip("prlimit is not installed")
	}
	backends := []string{"backtrack", "dlx"}
	if *long {
		backends = append(backends, "sat")
	}
	type run struct{ args []string }
	var runs []run
	for _, v := range encode.Variants() {
		n := "2048"
		if v == encode.Domination || v == encode.TorusDomination {
			n = "201" // over encode.MaxCoverN
		}
		for _, b := range backends {
			runs = append(runs, run{[]string{"count", "-n", n, "--problem", v.String(), "--backend", b, "--timeout", "2s"}})
		}
		if *long {
			for _, to := range []string{"dlx", "dimacs"} {
				runs = append(runs, run{[]string{"encode", "-n", n, "--problem", v.String(), "--to", to, "--timeout", "2s", "--out", os.DevNull}})
			}
		}
	}
	runs = append(runs, run{[]string{"count", "-n", "1448", "--problem", "knights", "--timeout", "5s"}},
		run{[]string{"count", "-n", "2048", "--problem", "superqueens", "--backend", "dlx"}},
		run{[]string{"count", "-n", "2048", "--problem", "rooks", "--timeout", "1s"}})
	for _, r := range runs {
		cmd := exec.Command("prlimit", append([]string{"--as=4000000000", os.Args[0]}, r.args...)...)
		cmd.Env = append(os.Environ(), "QTOOL_TEST_MAIN=1")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		start := time.Now()
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		e := stderr.String()
		t.Logf("%v: exit %d in %.2f s: %s", r.args, code, time.Since(start).Seconds(), strings.TrimSpace(e))
		switch {
		case strings.Contains(e, "fatal error") || strings.Contains(e, "panic") || strings.Contains(e, "goroutine "):
			t.Errorf("%v: died: %.300s", r.args, e)
		case code == 2 && (strings.Count(e, "\n") != 1 || !strings.Contains(e, "needs about") && !strings.Contains(e, "more than") && !strings.Contains(e, "exceeds 2^64")):
			t.Errorf("%v: exit 2 with %q; want one line saying what needs how much", r.args, e)
		case code != 2 && code != 3:
			t.Errorf("%v: exit %d (%q); want a refusal (2) or an incomplete count (3)", r.args, code, e)
		case code == 3 && !strings.Contains(stdout.String(), "timeout"):
			t.Errorf("%v: exit 3 without saying the count is incomplete: %q", r.args, stdout.String())
		}
	}
}
