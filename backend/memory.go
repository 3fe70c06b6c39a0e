package backend

import (
	"errors"
	"fmt"

	"github.com/qtool-project/qtool/internal/memlimit"
)

// MemoryLimit returns the memory, in bytes, that one large structure of a
// run may take: backends refuse, before allocating, a problem whose
// estimate exceeds it. It is internal/memlimit's limit (the least of the
// machine's memory, the cgroup's and the process's limits, less a
// reserve), the one rule of the module.
func MemoryLimit() uint64 { return memlimit.Limit() }

// ErrTooBig is wrapped by the error of a backend that refuses a problem
// because its memory estimate exceeds MemoryLimit.
var ErrTooBig = errors.New("needs more memory than this run may use")

// memoryError is a refusal by memory: memlimit's message (the estimate and
// the limit), wrapping ErrTooBig.
type memoryError struct{ err error }

func (e memoryError) Error() string        { return e.err.Error() }
func (e memoryError) Is(target error) bool { return target == ErrTooBig }

// CheckMemory refuses a run whose estimate need exceeds MemoryLimit,
// saying both figures.
func CheckMemory(backend string, n int, need uint64) error {
	if err := memlimit.Check(fmt.Sprintf("backend %s: n = %d", backend, n), need); err != nil {
		return memoryError{err}
	}
	return nil
}

// VerifyBytes is the scratch memory of encode.Verify, which every caller
// runs on a returned placement: a bool a column and a bool a diagonal.
func VerifyBytes(n int) uint64 { return 5 * uint64(max(n, 0)) }
