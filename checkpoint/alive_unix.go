//go:build unix

package checkpoint

import (
	"errors"
	"syscall"
)

// processAlive reports whether a process with this id exists (kill(2)
// with signal 0; EPERM: it exists, another user's).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
