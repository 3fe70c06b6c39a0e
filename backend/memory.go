package backend

import (
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
// because its memory estimate exceeds MemoryLimit (memlimit.ErrTooBig: the
// refusals of memlimit.Check, wherever they are made, are found too).
var ErrTooBig = memlimit.ErrTooBig

// CheckMemory refuses a run whose estimate need exceeds MemoryLimit,
// saying both figures.
func CheckMemory(backend string, n int, need uint64) error {
	return memlimit.Check(fmt.Sprintf("backend %s: n = %d", backend, n), need)
}

// TooBig is a refusal by size, for errors.Is(err, ErrTooBig), with the
// message of fmt.Sprintf(format, args...) (memlimit.TooBig).
func TooBig(format string, args ...any) error { return memlimit.TooBig(format, args...) }

// VerifyBytes is the scratch memory of encode.Verify, which every caller
// runs on a returned placement: a bool a column and a bool a diagonal.
func VerifyBytes(n int) uint64 { return 5 * uint64(max(n, 0)) }
