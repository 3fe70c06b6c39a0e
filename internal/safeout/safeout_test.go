package safeout

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"
)

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := WriteFile(path, func(w io.Writer) error {
		_, err := io.WriteString(w, text)
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestNewAndRegular(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	write(t, p, "one\n")
	if got := read(t, p); got != "one\n" {
		t.Fatalf("new file: %q", got)
	}
	if err := os.Chmod(p, 0o600); err != nil {
		t.Fatal(err)
	}
	write(t, p, "two\n")
	if got := read(t, p); got != "two\n" {
		t.Fatalf("replaced file: %q", got)
	}
	st, _ := os.Stat(p)
	if st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the old 0600 kept", st.Mode().Perm())
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("left %d entries, want only the output", len(ents))
	}
}

func TestKeepLeavesTheOldFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "out.txt")
	write(t, p, "complete\n")
	o, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(o, "# incomplete\n")
	if !o.Keep() {
		t.Error("Keep says no file existed")
	}
	if got := read(t, p); got != "complete\n" {
		t.Fatalf("after Keep: %q", got)
	}
	o.Discard() // harmless after Keep
}

func TestSymlinkStaysALink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	link := filepath.Join(dir, "link")
	write(t, real, "old")
	if err := os.Symlink("real", link); err != nil {
		t.Fatal(err)
	}
	write(t, link, "new")
	st, err := os.Lstat(link)
	if err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", st.Mode(), err)
	}
	if got := read(t, real); got != "new" {
		t.Fatalf("target: %q", got)
	}
	dangling := filepath.Join(dir, "dangling")
	os.Symlink("nowhere/x", dangling)
	if _, err := Create(dangling); err == nil {
		t.Error("a dangling link was accepted")
	}
}

func TestDirectoryRefused(t *testing.T) {
	if _, err := Create(t.TempDir()); err == nil {
		t.Fatal("a directory was accepted")
	}
}

// TestCreateErrorNamesTarget: a file that cannot be made is named as the
// caller gave it, not by its temporary name (worksheet --out in a
// read-only directory said "open dir/.w.pdf.tmp-123-456: permission
// denied").
func TestCreateErrorNamesTarget(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing", "out.pdf")
	_, err := Create(path)
	if err == nil {
		t.Fatal("a file in a missing directory was created")
	}
	if want := "create " + path + ": no such file or directory"; err.Error() != want {
		t.Errorf("Create: %q, want %q", err, want)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Create: %v is not fs.ErrNotExist", err)
	}
}

func TestDeviceInPlace(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs /dev/null and /dev/full")
	}
	o, err := Create("/dev/null")
	if err != nil {
		t.Fatal(err)
	}
	if !o.InPlace() {
		t.Error("/dev/null not written in place")
	}
	io.WriteString(o, "x")
	if err := o.Commit(); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat("/dev/null")
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("/dev/null is no longer a device: %v", st.Mode())
	}
	err = WriteFile("/dev/full", func(w io.Writer) error {
		_, err := io.WriteString(w, "x")
		return err
	})
	if err == nil {
		t.Error("writing /dev/full succeeded")
	}
	if st, _ := os.Stat("/dev/full"); st.Mode()&os.ModeCharDevice == 0 {
		t.Fatal("/dev/full replaced")
	}
}

func TestFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no mkfifo:", err)
	}
	// Without a reader, the open waits under the context.
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := CreateContext(ctx, fifo); err == nil {
		t.Fatal("a FIFO without a reader was opened")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("gave up after %v", d)
	}
	// With a reader, it is written in place.
	got := make(chan string)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	ctx2, cancel2 := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel2()
	o, err := CreateContext(ctx2, fifo)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(o, "through")
	if err := o.Commit(); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through" {
		t.Fatalf("reader got %q", s)
	}
	if st, _ := os.Lstat(fifo); st.Mode()&os.ModeNamedPipe == 0 {
		t.Fatal("the FIFO was replaced")
	}
}

func TestCleanStale(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	// A process that has ended: its id is free.
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip(err)
	}
	dead := cmd.Process.Pid
	deadTmp := filepath.Join(dir, ".out.txt.tmp-"+strconv.Itoa(dead)+"-123")
	liveTmp := filepath.Join(dir, ".out.txt.tmp-"+strconv.Itoa(os.Getpid())+"-456")
	// With the host named: this machine's dead writer's file goes; another
	// machine's (a directory shared by a cluster's nodes) stays, however
	// old and whatever its process id means here.
	deadHere := filepath.Join(dir, ".out.txt.tmp-"+strconv.Itoa(dead)+"."+hostTag()+"-124")
	elsewhere := filepath.Join(dir, ".out.txt.tmp-"+strconv.Itoa(dead)+".0badc0de-125")
	oldTmp := filepath.Join(dir, ".out.txt.tmp789")
	freshOld := filepath.Join(dir, ".out.txt.tmp-999")
	other := filepath.Join(dir, ".other.tmp-"+strconv.Itoa(dead)+"-1")
	for _, f := range []string{deadTmp, liveTmp, oldTmp, freshOld, other, deadHere, elsewhere} {
		os.WriteFile(f, []byte("x"), 0o600)
	}
	past := time.Now().Add(-2 * time.Hour)
	os.Chtimes(oldTmp, past, past)
	os.Chtimes(elsewhere, past, past)
	write(t, p, "x")
	for f, want := range map[string]bool{deadTmp: false, liveTmp: true, oldTmp: false, freshOld: true, other: true, deadHere: false, elsewhere: true} {
		_, err := os.Stat(f)
		if (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", filepath.Base(f), err == nil, want)
		}
	}
}

// TestStdoutPipe writes through /dev/stdout's kind of link when standard
// output is a pipe: /proc/self/fd/N names "pipe:[INODE]", which no path
// walk resolves, yet opening the link reaches the pipe. qtool solve
// --out /dev/stdout | head was refused ("a symbolic link to a missing
// file").
func TestStdoutPipe(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs /proc/self/fd")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	link := "/proc/self/fd/" + strconv.Itoa(int(w.Fd()))
	got := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		got <- string(b)
	}()
	o, err := Create(link)
	if err != nil {
		t.Fatalf("Create(%s), a pipe: %v", link, err)
	}
	if !o.InPlace() {
		t.Error("a pipe not written in place")
	}
	io.WriteString(o, "through the pipe")
	if err := o.Commit(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if s := <-got; s != "through the pipe" {
		t.Fatalf("reader got %q", s)
	}
	// A pipe whose reader has gone: the write says so, as ErrReaderGone.
	r2, w2, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w2.Close()
	o2, err := Create("/proc/self/fd/" + strconv.Itoa(int(w2.Fd())))
	if err != nil {
		t.Fatal(err)
	}
	r2.Close()
	if _, err := io.WriteString(o2, "into nothing"); !errors.Is(err, ErrReaderGone) || !errors.Is(err, syscall.EPIPE) {
		t.Errorf("write to a pipe without a reader: %v, want ErrReaderGone wrapping EPIPE", err)
	}
	o2.Discard()
	// A link that names nothing at all is still refused.
	dir := t.TempDir()
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "missing"), dangling); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(dangling); err == nil {
		t.Error("a dangling link was accepted")
	}
}
