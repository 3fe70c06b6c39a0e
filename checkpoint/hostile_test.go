package checkpoint_test

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/qtool-project/qtool/checkpoint"
)

// TestForgedParts: a part of 2⁶⁴−1 (which would wrap the resumed total),
// parts whose sum passes 2⁶², and a part with more unique solutions than
// solutions are refused, with a valid checksum (issue 24 item 5).
func TestForgedParts(t *testing.T) {
	cases := map[string][]checkpoint.Part{
		"2^64-1":        {{ID: 1, Solutions: math.MaxUint64, Unique: 1, Nodes: 1}},
		"sum over 2^62": {{ID: 1, Solutions: 1 << 61, Nodes: 1}, {ID: 2, Solutions: 1 << 61, Nodes: 1}, {ID: 3, Solutions: 1, Nodes: 1}},
		"unique > all":  {{ID: 1, Solutions: 4, Unique: 5, Nodes: 1}},
		"nodes wrap":    {{ID: 1, Solutions: 1, Nodes: math.MaxUint64}, {ID: 2, Solutions: 1, Nodes: 2}},
	}
	for name, parts := range cases {
		s := sample()
		s.Parts = parts
		_, err := checkpoint.Decode(bytes.NewReader(encode(t, s)), "forged")
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		if !strings.Contains(err.Error(), "forged:") {
			t.Errorf("%s: %v: no place", name, err)
		}
	}
}

// TestFIFORefused: a FIFO as the checkpoint is refused at once by Read
// and Write, instead of blocking in open(2) (issue 24 item 9).
func TestFIFORefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.ckpt")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 2)
	go func() {
		_, err := checkpoint.Read(path)
		done <- err
		done <- checkpoint.Write(path, sample())
	}()
	for range 2 {
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "a named pipe, not a regular file") {
				t.Errorf("got %v, want a refusal", err)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("blocked on the FIFO")
		}
	}
	if st, _ := os.Lstat(path); st.Mode()&os.ModeNamedPipe == 0 {
		t.Error("the FIFO was replaced")
	}
}

// TestStaleTemps: Write removes the temporary files left by a run killed
// while writing the same checkpoint, not a live process's (issue 24
// item 9); a link is followed, not replaced.
func TestStaleTemps(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip(err)
	}
	real := filepath.Join(dir, "real.ckpt")
	path := filepath.Join(dir, "c.ckpt")
	if err := os.Symlink("real.ckpt", path); err != nil {
		t.Fatal(err)
	}
	dead := filepath.Join(dir, ".real.ckpt.tmp-"+strconv.Itoa(cmd.Process.Pid)+"-1")
	live := filepath.Join(dir, ".real.ckpt.tmp-"+strconv.Itoa(os.Getpid())+"-2")
	legacy := filepath.Join(dir, ".real.ckpt.tmp123456")
	for _, f := range []string{dead, live, legacy} {
		os.WriteFile(f, []byte("half"), 0o600)
	}
	past := time.Now().Add(-2 * time.Hour)
	os.Chtimes(legacy, past, past)
	if err := checkpoint.Write(path, sample()); err != nil {
		t.Fatal(err)
	}
	for f, want := range map[string]bool{dead: false, live: true, legacy: false} {
		if _, err := os.Stat(f); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", filepath.Base(f), err == nil, want)
		}
	}
	if st, _ := os.Lstat(path); st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
	if _, err := checkpoint.Read(real); err != nil {
		t.Error(err)
	}
}

// TestDirectoryRefused: a directory given as the checkpoint is refused,
// named as one, and left alone.
func TestDirectoryRefused(t *testing.T) {
	dir := t.TempDir()
	if _, err := checkpoint.Read(dir); err == nil || !strings.Contains(err.Error(), "a directory, not a regular file") {
		t.Errorf("Read: got %v", err)
	}
	if err := checkpoint.Write(dir, sample()); err == nil || !strings.Contains(err.Error(), "a directory, not a regular file") {
		t.Errorf("Write: got %v", err)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		t.Errorf("the directory was replaced: %v", err)
	}
}
