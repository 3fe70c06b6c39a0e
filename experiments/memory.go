package experiments

import (
	"fmt"
	"sync/atomic"
)

// DefaultMemoryLimit is the memory, in bytes, that a run may take when no
// probe is set (SetMemoryProbe): 16 GiB.
const DefaultMemoryLimit = 16 << 30

var memoryProbe atomic.Pointer[func() uint64]

// SetMemoryProbe sets the function that says how many bytes a run may
// allocate now; the command line passes the machine's probe (the least of
// the available memory, the control group's and the address-space limit).
// A nil function, or one that answers 0, means DefaultMemoryLimit. The
// library itself reads nothing of the system.
func SetMemoryProbe(f func() uint64) {
	if f == nil {
		memoryProbe.Store(nil)
		return
	}
	memoryProbe.Store(&f)
}

// MemoryLimit returns the memory a run may allocate: backends refuse,
// before allocating, a problem whose estimate exceeds it.
func MemoryLimit() uint64 {
	if f := memoryProbe.Load(); f != nil {
		if v := (*f)(); v > 0 {
			return v
		}
	}
	return DefaultMemoryLimit
}

// ErrTooBig is wrapped by the error of a backend that refuses a problem
// because its memory estimate exceeds MemoryLimit.
var ErrTooBig = fmt.Errorf("needs more memory than this run may use")

// checkMemory refuses a run whose estimate need exceeds MemoryLimit,
// saying both figures.
func checkMemory(backend string, n int, need uint64) error {
	if have := MemoryLimit(); need > have {
		return fmt.Errorf("experiments: backend %s: n = %d %w: about %s needed, %s available", backend, n, ErrTooBig, gigabytes(need), gigabytes(have))
	}
	return nil
}

// gigabytes formats a number of bytes for a message.
func gigabytes(b uint64) string {
	if b < 1<<30 {
		return fmt.Sprintf("%.0f MB", float64(b)/1e6)
	}
	return fmt.Sprintf("%.1f GB", float64(b)/1e9)
}

// verifyBytes is the scratch memory of encode.Verify, which every caller
// runs on a returned placement: a bool a column and a bool a diagonal.
func verifyBytes(n int) uint64 { return 5 * uint64(max(n, 0)) }
