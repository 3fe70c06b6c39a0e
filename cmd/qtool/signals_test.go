package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/qtool-project/qtool/split"
)

// TestMain lets a test run the whole program in a child process (the test
// binary itself, with QTOOL_TEST_MAIN set), to send it real signals.
func TestMain(m *testing.M) {
	if os.Getenv("QTOOL_TEST_MAIN") == "1" {
		if os.Getenv("QTOOL_TEST_READY") == "1" {
			signalReady = func() { fmt.Fprintln(os.Stderr, "qtool-test: signal handler ready") }
		}
		main()
		return
	}
	os.Exit(m.Run())
}

// child starts qtool args in a child process, waits until its signal
// handler is installed, and returns it with its stdout and stderr.
func child(t *testing.T, dir string, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Dir = dir
	return startChild(t, cmd)
}

// startChild starts cmd, a command that runs the test binary as qtool
// (directly or through a shell that execs it), as child does.
func startChild(t *testing.T, cmd *exec.Cmd) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	cmd.Env = append(os.Environ(), "QTOOL_TEST_MAIN=1", "QTOOL_TEST_READY=1")
	var out, errOut bytes.Buffer
	cmd.Stdout = &out
	pr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(pr)
	ready := false
	for sc.Scan() {
		if sc.Text() == "qtool-test: signal handler ready" {
			ready = true
			break
		}
		errOut.WriteString(sc.Text() + "\n")
	}
	if !ready {
		cmd.Wait()
		t.Fatalf("child ended before its signal handler was ready: %s", errOut.String())
	}
	go func() {
		for sc.Scan() {
			errOut.WriteString(sc.Text() + "\n")
		}
	}()
	return cmd, &out, &errOut
}

func exitOf(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	err := cmd.Wait()
	if err == nil {
		return 0
	}
	ee, ok := err.(*exec.ExitError)
	if !ok {
		t.Fatal(err)
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		t.Fatalf("child killed by %v instead of handling it", ws.Signal())
	}
	return ee.ExitCode()
}

// TestSignalsKeepTheCount: SIGTERM is handled like SIGINT — the count so
// far is printed, marked incomplete — and the exit status names the signal.
func TestSignalsKeepTheCount(t *testing.T) {
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGTERM, 143}, {syscall.SIGINT, 130}, {syscall.SIGHUP, 129}} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			cmd, out, errOut := child(t, t.TempDir(), "count", "-n", "24", "--backend", "backtrack", "--json")
			time.Sleep(200 * time.Millisecond)
			if err := cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			code := exitOf(t, cmd)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, tc.code, errOut)
			}
			var rec split.Record
			if err := json.Unmarshal(out.Bytes(), &rec); err != nil {
				t.Fatalf("no record on stdout (%q): %v", out, err)
			}
			if rec.Complete || rec.Status != "interrupted" || rec.N != 24 {
				t.Fatalf("record %+v: want n 24, interrupted, incomplete", rec)
			}
		})
	}
}

// TestWriteErrors: output that cannot be written is an error, exit 2.
func TestWriteErrors(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("/dev/full not available")
	}
	defer full.Close()
	for _, args := range [][]string{
		{"count", "-n", "8"},
		{"count", "-n", "8", "--json"},
		{"solve", "-n", "8", "--limit", "0", "--format", "list"},
		{"encode", "-n", "8", "--to", "dimacs"},
		{"gen", "-n", "8", "-k", "3"},
		{"help"},
	} {
		var errOut bytes.Buffer
		c := &cli{stdin: strings.NewReader(""), stdout: full, stderr: &errOut}
		code := exitCode(&errOut, runContextNoSignals(c, args))
		if code != 2 || !strings.Contains(errOut.String(), "no space left on device") {
			t.Errorf("%v > /dev/full: exit %d, stderr %q; want 2 and the reason", args, code, errOut.String())
		}
	}
}

var t0ctx = context.Background()

func runContextNoSignals(c *cli, args []string) error {
	return runContext(t0ctx, c, args)
}

// TestEncodeWriteErrorNamesFile: encode's failed write names where it
// was writing, --out's file or standard output.
func TestEncodeWriteErrorNamesFile(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("/dev/full not available")
	}
	_, errOut, code := qtool(t, "", "encode", "-n", "8", "--to", "dlx", "--out", "/dev/full")
	if code != 2 || !strings.Contains(errOut, "writing /dev/full: no space left on device") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("encode --out /dev/full: exit %d, stderr %q", code, errOut)
	}
}

// TestSignalRepeatedAtOnce: a signal sent twice at once, as timeout(1)
// sends it (to the process, then to its process group), is one request:
// the command ends as after one, printing what it has, instead of being
// killed by the second. The child's standard output is a pipe read only
// after both signals, so that the second comes while the command is still
// writing.
func TestSignalRepeatedAtOnce(t *testing.T) {
	cmd := exec.Command(os.Args[0], "solve", "-n", "12", "--limit", "0", "--format", "list")
	cmd.Env = append(os.Environ(), "QTOOL_TEST_MAIN=1", "QTOOL_TEST_READY=1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stderr)
	if !sc.Scan() || sc.Text() != "qtool-test: signal handler ready" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("child's first line %q, want the handler's readiness", sc.Text())
	}
	go func() {
		for sc.Scan() {
		}
	}()
	// The first block of solutions fills the pipe: the command is writing.
	first := make([]byte, 1)
	if _, err := io.ReadFull(stdout, first); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	for range 2 {
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	rest, err := io.ReadAll(stdout)
	if err != nil {
		t.Fatal(err)
	}
	if code := exitOf(t, cmd); code != 143 {
		t.Fatalf("exit %d, want 143", code)
	}
	if len(rest) < 64<<10 {
		t.Errorf("%d bytes after the signals, want the blocked writes' 64 KiB and more", len(rest))
	}
}

// TestSignalHangupIgnored: under nohup (SIGHUP ignored) a hang-up does not
// stop the program: qtool must not take over a signal its caller ignored.
func TestSignalHangupIgnored(t *testing.T) {
	cmd, out, errOut := startChild(t, exec.Command("sh", "-c", `trap '' HUP; exec "$0" "$@"`, os.Args[0], "count", "-n", "13", "--backend", "backtrack"))
	for range 3 {
		if err := cmd.Process.Signal(syscall.SIGHUP); err != nil {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if code := exitOf(t, cmd); code != 0 || !strings.Contains(out.String(), "73712") {
		t.Fatalf("under a SIGHUP ignored: exit %d, stdout %q, stderr %q; want 0 and A000170(13) = 73712", code, out.String(), errOut.String())
	}
}
