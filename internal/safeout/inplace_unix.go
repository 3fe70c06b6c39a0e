//go:build unix

package safeout

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
	"time"
)

// fifoWait is how long openInPlace waits for a FIFO's reader.
var fifoWait = 5 * time.Second

// openInPlace opens a device or FIFO for writing without creating or
// truncating anything. A FIFO is opened without blocking (open(2) with
// O_NONBLOCK fails with ENXIO while no reader has it open), retried until
// a reader comes, for at most fifoWait and until ctx is done, so that a
// run waiting for its reader still answers to its time limit and to
// signals, and one that has none is refused.
func openInPlace(ctx context.Context, path string, mode fs.FileMode) (*os.File, error) {
	if mode&fs.ModeNamedPipe == 0 {
		return os.OpenFile(path, os.O_WRONLY, 0)
	}
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	give := time.After(fifoWait)
	for {
		f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, syscall.ENXIO) {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, &os.PathError{Op: "open", Path: path, Err: errors.New("a FIFO that nothing read before the run ended")}
		case <-give:
			return nil, &os.PathError{Op: "open", Path: path, Err: fmt.Errorf("a FIFO that nothing read within %v: start its reader first", fifoWait)}
		case <-tick.C:
		}
	}
}

// alive reports whether a process with this id exists (kill(2) with
// signal 0; EPERM means it exists but is another user's).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
