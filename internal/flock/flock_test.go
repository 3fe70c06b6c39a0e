//go:build unix

package flock

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestTry: a second open of a locked file cannot take the lock, and can
// once the first is closed; Wait waits for the holder.
func TestTry(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.lock")
	open := func() *os.File {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	a, b := open(), open()
	defer b.Close()
	if err := Try(a); err != nil {
		t.Fatalf("first lock: %v", err)
	}
	if err := Try(b); !errors.Is(err, ErrLocked) {
		t.Fatalf("second lock while held: %v, want ErrLocked", err)
	}
	done := make(chan error)
	go func() { done <- Wait(b) }()
	select {
	case err := <-done:
		t.Fatalf("Wait returned %v while the lock was held", err)
	case <-time.After(50 * time.Millisecond):
	}
	a.Close()
	if err := <-done; err != nil {
		t.Fatalf("Wait after the holder closed: %v", err)
	}
	c := open()
	defer c.Close()
	if err := Try(c); !errors.Is(err, ErrLocked) {
		t.Fatalf("a third open while b holds it: %v, want ErrLocked", err)
	}
}
