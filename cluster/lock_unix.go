//go:build unix

package cluster

import (
	"errors"
	"os"
	"syscall"
)

// lock takes an exclusive advisory lock (flock(2)) on the run's lock file,
// waiting for it; unlock releases it (as does the end of the process,
// however it ends).
func (r *Run) lock() (unlock func(), err error) {
	f, err := os.OpenFile(r.Path(".lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
