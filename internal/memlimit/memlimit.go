// Package memlimit tells how much memory qtool may take, so that a size
// that cannot fit — a board header n 268435456, a formula of billions of
// clauses — is refused with its estimate before anything is allocated,
// instead of ending in the runtime's fatal out-of-memory error.
//
// The limit is the smallest of the machine's physical memory (MemTotal in
// /proc/meminfo), the cgroup's memory.max (cgroup v2) and the process's
// address-space and data limits (RLIMIT_AS less the address space
// already mapped, RLIMIT_DATA: what prlimit --as and ulimit -v set), less a reserve for the Go runtime and the program itself.
package memlimit

import (
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
)

// Reserve is kept for the runtime, the code and the program's other data:
// the part of a limit that a single estimated allocation may not take.
const Reserve = 256 << 20

// fallback is the limit where none can be read.
const fallback = 16 << 30

// Limit returns the bytes a single large structure may take: the smallest
// of the limits that can be read, less the reserve, and at most a half of
// an address-space limit (the Go heap may need twice the live data while
// it grows a slice or collects garbage). It is computed once.
var Limit = sync.OnceValue(func() uint64 {
	lim := uint64(fallback)
	if m, ok := memTotal(); ok {
		lim = m
	}
	if m, ok := cgroupMax(); ok && m < lim {
		lim = m
	}
	if m, ok := rlimit(); ok && m/2 < lim {
		lim = m / 2
	}
	if lim <= 2*Reserve {
		return lim / 2
	}
	return lim - Reserve
})

// ErrTooBig is what errors.Is finds in every refusal by size: Check's
// errors and TooBig's. A harness tells such a refusal (the problem would
// not fit) from a failure by it.
var ErrTooBig = errors.New("needs more memory than this run may use")

// tooBig is a refusal by size: its message, and ErrTooBig for errors.Is.
type tooBig struct{ msg string }

func (e tooBig) Error() string        { return e.msg }
func (e tooBig) Is(target error) bool { return target == ErrTooBig }

// TooBig returns a refusal by size with the message of fmt.Sprintf(format,
// args...) (no %w): an error for which errors.Is(err, ErrTooBig) holds.
// It is for sizes refused by a fixed bound rather than by Check.
func TooBig(format string, args ...any) error {
	return tooBig{fmt.Sprintf(format, args...)}
}

// Check returns nil when need bytes fit in Limit, else an error that names
// what was asked for, the estimate and the limit, e.g.
// "a board of n = 268435456 needs about 4.3 GB of memory; this process may use 1.8 GB";
// errors.Is(err, ErrTooBig) holds for it.
func Check(what string, need uint64) error {
	if lim := Limit(); need > lim {
		return TooBig("%s needs about %s of memory; this process may use %s", what, Bytes(need), Bytes(lim))
	}
	return nil
}

// Bytes formats a size in bytes in decimal units: "512 B", "3.2 MB", "4.3 GB".
func Bytes(b uint64) string {
	const unit = 1000
	if b < unit {
		return strconv.FormatUint(b, 10) + " B"
	}
	div, exp := uint64(unit), 0
	for n := b / unit; n >= unit && exp < 4; n /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %cB", float64(b)/float64(div), "kMGTP"[exp])
}

func memTotal() (uint64, bool) {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 3 && f[0] == "MemTotal:" && f[2] == "kB" {
			if kb, err := strconv.ParseUint(f[1], 10, 64); err == nil && kb > 0 {
				return kb << 10, true
			}
		}
	}
	return 0, false
}

// vmSize is the address space the process has mapped (VmSize in
// /proc/self/status).
func vmSize() (uint64, bool) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 3 && f[0] == "VmSize:" && f[2] == "kB" {
			if kb, err := strconv.ParseUint(f[1], 10, 64); err == nil {
				return kb << 10, true
			}
		}
	}
	return 0, false
}

func cgroupMax() (uint64, bool) {
	b, err := os.ReadFile("/sys/fs/cgroup/memory.max")
	if err != nil {
		return 0, false
	}
	v, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
	return v, err == nil && v > 0
}

// ParseSize reads a size such as 4GB, 500MB, 1.5G, 2000000 (bytes) or 0,
// in decimal units (the suffixes K, M, G, T and P, each with or without
// B, case ignored).
func ParseSize(s string) (uint64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(t, "B")
	mult := 1.0
	if t != "" {
		if i := strings.IndexByte("KMGTP", t[len(t)-1]); i >= 0 {
			mult = math.Pow(1000, float64(i+1))
			t = t[:len(t)-1]
		}
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || v < 0 || math.IsInf(v, 0) || v*mult > 1e19 {
		return 0, errors.New("want a size such as 500MB, 4GB or 0 for no limit")
	}
	return uint64(v * mult), nil
}
