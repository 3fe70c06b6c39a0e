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

// idleRun runs qtool with standard input an idle pipe (open, nothing
// written) under ctx, and returns stderr, the exit status and how long it
// took.
func idleRun(t *testing.T, ctx context.Context, args ...string) (string, int, time.Duration) {
	t.Helper()
	pr, pw := io.Pipe()
	defer pw.Close()
	var out, errOut bytes.Buffer
	c := &cli{stdin: pr, stdout: &out, stderr: &errOut}
	start := time.Now()
	err := runContext(ctx, c, args)
	took := time.Since(start)
	code := exitCode(&errOut, err)
	return errOut.String(), code, took
}

// TestStdinIdle: every reader of standard input ends at its --timeout
// (exit 3) and at Ctrl-C (exit 130) while the pipe is idle, instead of
// waiting for data that never comes (issue 24 items 2 and 9).
func TestStdinIdle(t *testing.T) {
	for _, args := range [][]string{
		{"count", "--board", "-", "--timeout", "300ms"},
		{"solve", "--board", "-", "--timeout", "300ms"},
		{"verify", "-", "--timeout", "300ms"},
		{"xcover", "-", "--count", "--timeout", "300ms"},
		{"check", "-", "--timeout", "300ms"},
		{"table", "-", "--timeout", "300ms"},
		{"merge", "-", "--timeout", "300ms"},
		{"merge", "--compare", "-", "-", "--timeout", "300ms"},
		{"encode", "--board", "-", "--to", "dlx", "--timeout", "300ms"},
	} {
		errOut, code, took := idleRun(t, context.Background(), args...)
		if code != exitTimeout || took > 3*time.Second || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d after %v: %q; want 3 within the limit", args, code, took, errOut)
		}
	}
	for _, args := range [][]string{
		{"count", "--board", "-"},
		{"encode", "--board", "-", "--to", "dimacs"},
		{"check", "-"},
		{"verify", "-"},
		{"merge", "-"},
		{"merge", "--compare", "-", "-"},
		{"table", "-"},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(300*time.Millisecond, cancel) // as Ctrl-C does
		errOut, code, took := idleRun(t, ctx, args...)
		cancel()
		if code != exitInterrupted || took > 3*time.Second {
			t.Errorf("%v: exit %d after %v: %q; want 130 at the interrupt", args, code, took, errOut)
		}
	}
}

// TestUnclearErrors24: the messages of issue 24's "unclear errors".
func TestUnclearErrors24(t *testing.T) {
	dir := t.TempDir()
	file := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	oneLine := file("one.param", "n = 8 diags = [[1, 0]]\n")
	qposComment := file("c.qpos", "$ an Essence-style comment\n8 1\n0 0\n")
	param := file("d.param", "n = 6\nnumdiags = 2\ndiags = [[0, 1], [5, 0]]\n")
	illegal := file("bad.qpos", "8 2\n0 0\n1 1\n")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"check", oneLine}, 0, "legal: 0 queens on a 8×8 board with 1 excluded diagonal"},
		{[]string{"check", qposComment}, 0, "legal: 1 queen on a 8×8 board"},
		{[]string{"check", param}, 0, "with 2 excluded diagonals"},
		{[]string{"check", illegal}, 1, "illegal:"},
		{[]string{"count", "--board", qposComment}, 0, "solutions"},
		{[]string{"count", "--board", oneLine}, 0, "solutions"},
		{[]string{"trace", "--board", param}, 2, "a parameter file (CSPLib prob079 .param or Essence′"},
		{[]string{"trace", "--board", qposComment}, 2, "a .qpos completion file"},
		{[]string{"sat", file("z.cnf.zst", "\x28\xb5\x2f\xfd\x00\x00junk")}, 2, "not a text DIMACS file: zstd-compressed"},
		{[]string{"sat", file("b.cnf", "p cnf 1 1\n\x00\x01\x02")}, 2, "b.cnf:2:1: not a text DIMACS file: binary data (byte 0x00"},
		{[]string{"count", "-n", "8", "--checkpoint", filepath.Join(dir, "x.ckpt"), "--checkpoint-every", "abc"}, 2, "a positive interval"},
	} {
		out, errOut, code := qtool(t, "", c.args...)
		if code != c.code || !strings.Contains(out+errOut, c.want) {
			t.Errorf("%v: exit %d, %q %q; want %d and %q", c.args, code, out, errOut, c.code, c.want)
		}
	}
}

// TestTraceTimeout: trace --timeout ends a long trace with exit 3, the
// steps shown so far kept and the last line saying the time limit was
// reached.
func TestTraceTimeout(t *testing.T) {
	out, errOut, code := qtool(t, "", "trace", "-n", "32", "--until", "end", "--timeout", "300ms")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitTimeout || errOut != "" || !strings.HasPrefix(lines[len(lines)-1], "time limit reached after ") || len(lines) < 10 {
		t.Errorf("trace --timeout: exit %d, stderr %q, last line %q of %d", code, errOut, lines[len(lines)-1], len(lines))
	}
}
