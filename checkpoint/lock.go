package checkpoint

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/internal/flock"
)

// ErrInUse is what errors.Is finds in Lock's error when another run holds
// the checkpoint.
var ErrInUse = errors.New("checkpoint: in use by another run")

// InUseError is Lock's error when another run holds the checkpoint Path;
// PID is the holder's process id as its lock file gives it (0: unknown).
type InUseError struct {
	Path string
	PID  int
}

func (e *InUseError) Error() string {
	holder := ""
	if e.PID > 0 {
		holder = fmt.Sprintf(" (process %d)", e.PID)
	}
	return fmt.Sprintf("checkpoint: %s is being counted into by another run%s; wait for it to end or give another checkpoint file", e.Path, holder)
}

// Is makes errors.Is(e, ErrInUse) true.
func (e *InUseError) Is(target error) bool { return target == ErrInUse }

// LockPath is the lock file of the checkpoint at path: ".NAME.lock"
// beside the file that path names (links followed, as Write does).
func LockPath(path string) (string, error) {
	target, err := regularTarget(path)
	if err != nil {
		return "", err
	}
	dir, base := filepath.Split(target)
	return filepath.Join(dir, "."+base+".lock"), nil
}

// Lock keeps every other run off the checkpoint at path while the caller
// counts into it: two counts writing one checkpoint would each replace the
// other's parts with their own (the total stays right on resume, but
// finished work is thrown away). It takes an exclusive flock(2) on
// LockPath(path), creating the file, which is left in place, and writes
// the process id into it for the message another run gets: an error
// *InUseError (errors.Is finds ErrInUse) that names the file and the
// holder. unlock releases
// the lock, as the end of the process does however it ends, so a killed
// count never leaves its checkpoint locked. Where flock is missing, Lock
// locks nothing.
func Lock(path string) (unlock func(), err error) {
	lp, err := LockPath(path)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: cannot write %s: %w", path, err)
	}
	f, err := os.OpenFile(lp, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("checkpoint: cannot write %s (its lock %s): %w", path, lp, err)
	}
	if err := flock.Try(f); err != nil {
		f.Close()
		if errors.Is(err, flock.ErrLocked) {
			e := &InUseError{Path: path}
			if b, rerr := os.ReadFile(lp); rerr == nil {
				e.PID, _ = strconv.Atoi(strings.TrimSpace(string(b)))
			}
			return nil, e
		}
		return nil, fmt.Errorf("checkpoint: cannot write %s (its lock %s): %w", path, lp, err)
	}
	if f.Truncate(0) == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return func() { f.Close() }, nil
}
