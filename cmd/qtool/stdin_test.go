package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// idleRun runs qtool with standard input an idle pipe (open, nothing
// written) under ctx, and returns stderr, the exit status and how long it
// took.
func idleRun(t *testing.T, ctx context.Context, args ...string) (string, int, time.Duration) {
	t.Helper()
	return idleRunReading(t, ctx, nil, args...)
}

// firstRead calls its function once, at the first Read of its reader.
type firstRead struct {
	r    io.Reader
	once sync.Once
	f    func()
}

func (fr *firstRead) Read(p []byte) (int, error) {
	fr.once.Do(fr.f)
	return fr.r.Read(p)
}

// idleRunReading is idleRun that calls reading (unless nil) when the
// command first reads its standard input.
func idleRunReading(t *testing.T, ctx context.Context, reading func(), args ...string) (string, int, time.Duration) {
	t.Helper()
	pr, pw := io.Pipe()
	defer pw.Close()
	var out, errOut bytes.Buffer
	var stdin io.Reader = pr
	if reading != nil {
		stdin = &firstRead{r: pr, f: reading}
	}
	c := &cli{stdin: stdin, stdout: &out, stderr: &errOut}
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

// TestStdinOneClock: standard input's guard ends with the command's own
// context, so its time limit is the one the command's flags parse to, not
// a second reading of the arguments. With --timeout given twice the flag
// package keeps the last value: "--timeout 300ms --timeout 0" is no limit,
// and the idle read waits until the interrupt (130), where a guard that
// scanned the arguments for itself cut it at 300 ms (exit 3); "--timeout 0
// --timeout 300ms" is a limit of 300 ms.
func TestStdinOneClock(t *testing.T) {
	for _, args := range [][]string{
		{"check", "-", "--timeout", "300ms", "--timeout", "0"},
		{"verify", "-", "--timeout=300ms", "-timeout", "0s"},
		{"count", "--board", "-", "--timeout", "300ms", "--timeout", "0"},
		{"merge", "-", "--timeout", "300ms", "--timeout", "0"},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(time.Second, cancel) // as Ctrl-C does
		errOut, code, _ := idleRun(t, ctx, args...)
		cancel()
		if code != exitInterrupted || errOut != "qtool: interrupted while waiting for standard input\n" {
			t.Errorf("%v: exit %d: %q; want 130, interrupted while waiting for standard input", args, code, errOut)
		}
	}
	for _, args := range [][]string{
		{"check", "-", "--timeout", "0", "--timeout", "300ms"},
		{"count", "--board", "-", "--timeout=0", "--timeout=300ms"},
	} {
		errOut, code, _ := idleRun(t, context.Background(), args...)
		if code != exitTimeout || errOut != "qtool: time limit reached while waiting for standard input\n" {
			t.Errorf("%v: exit %d: %q; want 3, time limit reached while waiting for standard input", args, code, errOut)
		}
	}
	// qtool sat says s UNKNOWN at its limit (exit 0), and only there.
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(time.Second, cancel)
	_, code, _ := idleRun(t, ctx, "sat", "--timeout", "300ms", "--timeout", "0")
	cancel()
	if code != exitInterrupted {
		t.Errorf("sat --timeout 300ms --timeout 0: exit %d, want 130 at the interrupt", code)
	}
}

// TestStdinSignalCause: the explanation of a cut read comes from the
// cause of the command's context: SIGTERM (a *signalError cause on the
// root context) exits 143, SIGINT 130, with the same one line.
func TestStdinSignalCause(t *testing.T) {
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGTERM, exitTerminated}, {syscall.SIGINT, exitInterrupted}} {
		for _, args := range [][]string{
			{"check", "-", "--timeout", "1h"},
			{"table", "-"},
			{"trace", "--board", "-"},
		} {
			// The signal comes once the command waits on its standard
			// input (a fixed delay raced a slow start on a loaded machine,
			// and an earlier signal is rightly "interrupted" alone).
			ctx, cancel := context.WithCancelCause(context.Background())
			signal := func() { cancel(&signalError{sig: tc.sig}) }
			late := time.AfterFunc(10*time.Second, signal)
			errOut, code, _ := idleRunReading(t, ctx, func() { time.AfterFunc(100*time.Millisecond, signal) }, args...)
			late.Stop()
			cancel(nil)
			if code != tc.code || errOut != "qtool: interrupted while waiting for standard input\n" {
				t.Errorf("%v, %v: exit %d: %q; want %d", args, tc.sig, code, errOut, tc.code)
			}
		}
	}
}

// TestStdinInput: cli.input binds standard input to the context it is
// given — a read ends with that context's error, and explain says so from
// its cause — and leaves a regular file unguarded.
func TestStdinInput(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	c := &cli{stdin: pr, in: &stdinGuard{}}
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	in := c.input(ctx)
	if c.input(context.Background()) != in {
		t.Fatal("a second input made a second guard")
	}
	_, err := in.Read(make([]byte, 8))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("read of an idle pipe under a past deadline: %v", err)
	}
	var buf bytes.Buffer
	if code := exitCode(&buf, c.in.explain(fmt.Errorf("x: %w", err))); code != exitTimeout || buf.String() != "qtool: time limit reached while waiting for standard input\n" {
		t.Errorf("explain: exit %d, %q", code, buf.String())
	}
	if err := c.in.explain(withCode(exitTimeout, nil)); exitCode(io.Discard, err) != exitTimeout || err.(*exitError).err != nil {
		t.Errorf("a status already said was explained again: %v", err)
	}
	// A guard that cut nothing leaves the error as it is: one never read,
	// and one whose input ended.
	read := &cli{stdin: strings.NewReader(""), in: &stdinGuard{}}
	io.ReadAll(read.input(context.Background()))
	if err := errors.New("other"); read.in.explain(err) != err || (&stdinGuard{}).explain(err) != err {
		t.Error("an error of a guard that cut nothing was changed")
	}

	f, err := os.Create(filepath.Join(t.TempDir(), "board"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c = &cli{stdin: f, in: &stdinGuard{}}
	if c.input(ctx) != io.Reader(f) || c.in.g != nil {
		t.Error("a regular file is guarded")
	}
}
