//go:build unix

package machine

import "syscall"

// addressSpaceLimit returns the soft RLIMIT_AS, when there is one.
func addressSpaceLimit() (uint64, bool) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil {
		return 0, false
	}
	cur := uint64(rl.Cur) // int64 on some systems: infinity is −1 or its largest value
	if cur == ^uint64(0) || cur == 1<<63-1 {
		return 0, false
	}
	return cur, true
}
