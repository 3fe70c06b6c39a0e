//go:build unix

package memlimit

import "syscall"

// rlimit is the smaller of the soft RLIMIT_AS, less the address space
// the process has already mapped (vmSize), and RLIMIT_DATA, when set. The
// Go runtime and the C library reserve well over a gigabyte of address
// space before any data (reservations that count against RLIMIT_AS, not
// RLIMIT_DATA): under ulimit -v 2000000 only a few hundred megabytes are
// left for the data.
func rlimit() (uint64, bool) {
	lim, ok := uint64(0), false
	for _, res := range []int{syscall.RLIMIT_AS, syscall.RLIMIT_DATA} {
		var r syscall.Rlimit
		if err := syscall.Getrlimit(res, &r); err != nil || r.Cur == ^uint64(0) {
			continue
		}
		m := uint64(r.Cur)
		if res == syscall.RLIMIT_AS {
			if used, ok := vmSize(); ok {
				m -= min(used, m)
			}
		}
		if !ok || m < lim {
			lim, ok = m, true
		}
	}
	return lim, ok
}
