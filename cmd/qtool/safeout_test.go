package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestOutNothingFoundKeepsFile: solve --out FILE that ends before its
// first solution leaves an existing FILE as it was and says so (issue 24
// item 3); with no FILE there, the incomplete mark is written.
func TestOutNothingFoundKeepsFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "q.txt")
	os.WriteFile(path, []byte("the complete listing\n"), 0o644)
	_, errOut, code := qtool(t, "", "solve", "-n", "28", "--timeout", "1ns", "--out", path)
	if code != 3 {
		t.Fatalf("exit %d, want 3: %s", code, errOut)
	}
	if data, _ := os.ReadFile(path); string(data) != "the complete listing\n" {
		t.Fatalf("FILE replaced by %q", data)
	}
	if !strings.Contains(errOut, "left as it was") {
		t.Errorf("not said: %s", errOut)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
	fresh := filepath.Join(dir, "new.txt")
	if _, _, code := qtool(t, "", "solve", "-n", "28", "--timeout", "1ns", "--out", fresh); code != 3 {
		t.Fatalf("exit %d", code)
	}
	if data, _ := os.ReadFile(fresh); !strings.HasPrefix(string(data), "# incomplete") {
		t.Errorf("new FILE %q: want the incomplete mark", data)
	}
}

// TestOutNotReplaced: a device node, a symbolic link and a directory
// given to --out, --plot, encode --out and place --out are written in
// place, followed or refused, never replaced (issue 24 item 4).
func TestOutNotReplaced(t *testing.T) {
	dir := t.TempDir()
	nul := filepath.Join(dir, "nul")
	if err := syscall.Mknod(nul, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Logf("no mknod (%v): /dev/null itself", err)
		nul = "/dev/null"
	}
	isDev := func(what string) {
		t.Helper()
		st, err := os.Lstat(nul)
		if err != nil || st.Mode()&os.ModeCharDevice == 0 {
			t.Fatalf("%s: %s is no longer a device (%v)", what, nul, err)
		}
	}
	runs := [][]string{
		{"solve", "-n", "6", "--out", nul},
		{"encode", "-n", "6", "--to", "dimacs", "--out", nul},
		{"place", "-n", "100", "--out", nul},
	}
	for _, args := range runs {
		if _, errOut, code := qtool(t, "", args...); code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
		isDev(args[0])
	}
	if _, err := os.Stat("/dev/full"); err == nil {
		if _, _, code := qtool(t, "", "place", "-n", "100", "--out", "/dev/full"); code == 0 {
			t.Error("place --out /dev/full: exit 0")
		}
		if st, _ := os.Lstat("/dev/full"); st.Mode()&os.ModeCharDevice == 0 {
			t.Fatal("/dev/full replaced")
		}
	}
	// A link: the file it names is replaced, the link stays.
	real := filepath.Join(dir, "real.txt")
	link := filepath.Join(dir, "link.txt")
	os.WriteFile(real, []byte("old\n"), 0o644)
	os.Symlink("real.txt", link)
	if _, errOut, code := qtool(t, "", "solve", "-n", "5", "--limit", "0", "--format", "list", "--out", link); code != 0 {
		t.Fatalf("exit %d %s", code, errOut)
	}
	if st, _ := os.Lstat(link); st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if data, _ := os.ReadFile(real); strings.Count(string(data), "\n") != 10 {
		t.Errorf("the linked file holds %q, want the 10 solutions of n = 5", data)
	}
	// A directory is refused, exit 2.
	if _, _, code := qtool(t, "", "encode", "-n", "6", "--to", "dimacs", "--out", dir); code != 2 {
		t.Errorf("encode --out DIR: exit %d, want 2", code)
	}
}

// TestOutStaleTempsRemoved: the temporary files that a killed run left
// beside --out (and beside --checkpoint) are removed by the next run over
// the same path (issue 24 items 3 and 9).
func TestOutStaleTempsRemoved(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip(err)
	}
	dead := strconv.Itoa(cmd.Process.Pid)
	out := filepath.Join(dir, "q.txt")
	stale := filepath.Join(dir, ".q.txt.tmp-"+dead+"-77")
	os.WriteFile(stale, []byte("half"), 0o600)
	if _, errOut, code := qtool(t, "", "solve", "-n", "6", "--out", out); code != 0 {
		t.Fatalf("exit %d %s", code, errOut)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("the killed run's temporary file is still there")
	}
}

// TestOutReaderGone: a command whose --out is a pipe that its reader
// closes early (qtool … --out /dev/stdout | head) ends as a program that
// SIGPIPE ends: exit 141 and nothing on stderr, not "bad input" (2) with a
// message about a broken pipe.
func TestOutReaderGone(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs /dev/stdout as the pipe")
	}
	for _, args := range [][]string{
		{"solve", "-n", "300000", "--backend", "construct", "--out", "/dev/stdout"},
		{"encode", "-n", "300", "--to", "dimacs", "--out", "/dev/stdout"},
		{"place", "-n", "3000000", "--out", "/dev/stdout"},
	} {
		t.Run(args[0], func(t *testing.T) {
			cmd := exec.Command(os.Args[0], args...)
			cmd.Env = append(os.Environ(), "QTOOL_TEST_MAIN=1")
			var errOut bytes.Buffer
			cmd.Stderr = &errOut
			pr, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, 10)
			if _, err := io.ReadFull(pr, buf); err != nil {
				t.Fatal(err)
			}
			pr.Close()
			err = cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 141 || errOut.Len() != 0 {
				t.Errorf("qtool %s, reader gone: %v, stderr %q; want exit 141 and nothing on stderr", strings.Join(args, " "), err, errOut.String())
			}
		})
	}
}
