// Package flock takes exclusive advisory locks on files (flock(2)), the
// one mechanism by which qtool's runs keep each other off a file that only
// one of them may write: an experiment log, a cluster run's lock, a
// count's checkpoint. A lock is released when its file is closed, or when
// the process ends however it ends (the kernel drops it), so a killed run
// never leaves a file locked.
//
// Where flock(2) is missing (not unix), Try and Wait do nothing and
// report success.
package flock

import (
	"errors"
	"os"
)

// ErrLocked is what Try returns when another open file description
// (another process, or another open of the file) holds the lock.
var ErrLocked = errors.New("flock: locked by another process")

// Try takes the exclusive lock on f without waiting: nil, ErrLocked when
// it is held elsewhere, or the system's error.
func Try(f *os.File) error { return lock(f, false) }

// Wait takes the exclusive lock on f, waiting for whoever holds it.
func Wait(f *os.File) error { return lock(f, true) }
