package ctxio

import (
	"context"
	"errors"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestReaderIdlePipe: a read of a pipe nobody writes ends when the
// context does, with its error; what was written before is read first.
func TestReaderIdlePipe(t *testing.T) {
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	if _, err := pw.Write([]byte("abc")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	r := Reader(ctx, pr)
	b := make([]byte, 8)
	n, err := r.Read(b)
	if n != 3 || err != nil || string(b[:n]) != "abc" {
		t.Fatalf("first read: %d %q %v, want abc", n, b[:n], err)
	}
	if _, err := r.Read(b); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("second read: %v, want the deadline", err)
	}
}

// TestReaderRegular: a regular file, or a context that is never done,
// is read directly.
func TestReaderRegular(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "x")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if r := Reader(ctx, f); r != io.Reader(f) {
		t.Errorf("a regular file is wrapped")
	}
	s := strings.NewReader("x")
	if r := Reader(context.Background(), s); r != io.Reader(s) {
		t.Errorf("a reader under a context that is never done is wrapped")
	}
}

// TestStopping: every read after the context's end fails, also on a
// reader that would go on.
func TestStopping(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := Stopping(ctx, strings.NewReader("abcdef"))
	b := make([]byte, 2)
	if n, err := r.Read(b); n != 2 || err != nil {
		t.Fatalf("read: %d %v", n, err)
	}
	cancel()
	if _, err := r.Read(b); !errors.Is(err, context.Canceled) {
		t.Fatalf("read after cancel: %v, want context.Canceled", err)
	}
}

// TestGuard: Stopped is false while reads succeed or fail for their own
// reasons, and true once a read ended with the context's error.
func TestGuard(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	g := Guard(ctx, pr)
	go pw.Write([]byte("ab"))
	b := make([]byte, 8)
	if n, err := g.Read(b); n != 2 || err != nil || g.Stopped() {
		t.Fatalf("first read: %d %v, stopped %v", n, err, g.Stopped())
	}
	cancel()
	if _, err := g.Read(b); !errors.Is(err, context.Canceled) || !g.Stopped() {
		t.Errorf("after cancel: %v, stopped %v", err, g.Stopped())
	}
	// Read through a reader of its own on the same ctx (as qtool check
	// reads standard input through Stopping), the outer read returns at
	// once while g's still waits in the outer reader's goroutine: Stopped
	// is true all the same.
	pr2, pw2 := io.Pipe()
	defer pw2.Close()
	ctx2, cancel2 := context.WithCancel(context.Background())
	g2 := Guard(ctx2, pr2)
	outer := Stopping(ctx2, g2)
	done := make(chan error)
	go func() { _, err := outer.Read(b); done <- err }()
	for g2.reading.Load() == 0 {
		runtime.Gosched() // until the outer reader's goroutine waits in g2
	}
	cancel2()
	if err := <-done; !errors.Is(err, context.Canceled) || !g2.Stopped() {
		t.Errorf("read through Stopping, after cancel: %v, stopped %v", err, g2.Stopped())
	}
	e := Guard(context.Background(), strings.NewReader(""))
	if _, err := e.Read(b); err != io.EOF || e.Stopped() {
		t.Errorf("end of input: %v, stopped %v", err, e.Stopped())
	}
}
