//go:build unix

package memlimit

import "syscall"

// rlimit is the smaller of the soft RLIMIT_AS and RLIMIT_DATA, when set.
func rlimit() (uint64, bool) {
	lim, ok := uint64(0), false
	for _, res := range []int{syscall.RLIMIT_AS, syscall.RLIMIT_DATA} {
		var r syscall.Rlimit
		if err := syscall.Getrlimit(res, &r); err != nil || r.Cur == ^uint64(0) {
			continue
		}
		if !ok || uint64(r.Cur) < lim {
			lim, ok = uint64(r.Cur), true
		}
	}
	return lim, ok
}
