package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestEncodeSizes: an output that would be huge is refused with its
// estimate before anything is written or built (issue #11 item 6).
func TestEncodeSizes(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "big.cnf")
	os.WriteFile(out, []byte("old\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"encode", "-n", "3000", "--to", "dimacs", "--amo", "pairwise", "--out", out}, "(9000000 variables, 44982007000 clauses) is about 899.7 GB of text, more than --max-size 4.0 GB"},
		{[]string{"encode", "-n", "1000", "--to", "dimacs", "--amo", "pairwise", "--max-size", "1GB"}, "more than --max-size 1.0 GB"},
		{[]string{"encode", "-n", "100000", "--to", "dimacs"}, "the CNF of n = 100000 needs about 240.0 GB of memory"},
		{[]string{"encode", "-n", "100000", "--to", "dlx"}, "the exact-cover matrix of n = 100000 (10000000000 options) needs about"},
		{[]string{"encode", "-n", "8", "--to", "dimacs", "--max-size", "lots"}, `--max-size "lots": want a size`},
	} {
		o, errOut, code := qtool(t, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) || o != "" {
			t.Errorf("%v: exit %d, %d bytes out, %q; want 2 and %q", c.args, code, len(o), errOut, c.want)
		}
	}
	if data, _ := os.ReadFile(out); string(data) != "old\n" {
		t.Errorf("a refused encode changed --out: %q", data)
	}
	// Below the limit: written, and --out replaced whole.
	if _, errOut, code := qtool(t, "", "encode", "-n", "8", "--to", "dimacs", "--out", out); code != 0 {
		t.Fatalf("exit %d %s", code, errOut)
	}
	if data, _ := os.ReadFile(out); !bytes.HasPrefix(data, []byte("c qtool n-queens CNF")) {
		t.Errorf("--out holds %.40q", data)
	}
}

// TestEncodeInterrupt: Ctrl-C stops a large output at once, and --out is
// left as it was.
func TestEncodeInterrupt(t *testing.T) {
	for _, out := range []string{"", filepath.Join(t.TempDir(), "x.cnf")} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(200*time.Millisecond, cancel)
		var errOut bytes.Buffer
		c := &cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &errOut}
		args := []string{"encode", "-n", "1000", "--to", "dimacs", "--amo", "pairwise", "--max-size", "0"}
		if out != "" {
			args = append(args, "--out", out)
		}
		code := exitCode(&errOut, runContext(ctx, c, args))
		if code != 130 || !strings.Contains(errOut.String(), "interrupted; the output is incomplete") {
			t.Errorf("%v: exit %d, %q", args, code, errOut.String())
		}
		if out != "" {
			if _, err := os.Stat(out); err == nil {
				t.Errorf("an interrupted encode created %s", out)
			}
			if entries, _ := os.ReadDir(filepath.Dir(out)); len(entries) != 0 {
				t.Errorf("left behind: %v", entries)
			}
		}
		cancel()
	}
}

// TestEncodeTimeout: --timeout stops a large output with exit 3 and one
// line on stderr, and an existing --out FILE is left as it was; a
// search for the number of pieces that runs out of time writes nothing.
func TestEncodeTimeout(t *testing.T) {
	dir := t.TempDir()
	kept := filepath.Join(dir, "kept.cnf")
	if err := os.WriteFile(kept, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"encode", "-n", "3000", "--to", "dimacs", "--amo", "pairwise", "--max-size", "0"}, "time limit reached; the output is incomplete"},
		{[]string{"encode", "-n", "3000", "--to", "dimacs", "--amo", "pairwise", "--max-size", "0", "--out", kept}, kept + " was left as it was"},
		{[]string{"encode", "-n", "3000", "--to", "dlx", "--max-size", "0", "--out", filepath.Join(dir, "new.dlx")}, "nothing was written to"},
		{[]string{"encode", "-n", "40", "--problem", "domination", "--to", "dlx"}, "time limit reached while finding the number of pieces"},
	} {
		var errOut bytes.Buffer
		c := &cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &errOut}
		start := time.Now()
		code := exitCode(&errOut, runContext(context.Background(), c, append(tc.args, "--timeout", "300ms")))
		if took := time.Since(start); code != exitTimeout || !strings.Contains(errOut.String(), tc.want) || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("%v: exit %d after %v, %q; want exit 3 and %q on one line", tc.args, code, took, errOut.String(), tc.want)
		}
	}
	if b, err := os.ReadFile(kept); err != nil || string(b) != "old\n" {
		t.Errorf("%s: %q, %v; want it left as it was", kept, b, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "new.dlx")); err == nil {
		t.Errorf("new.dlx written by a run that timed out")
	}
}
