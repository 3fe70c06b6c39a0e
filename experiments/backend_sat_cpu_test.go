//go:build unix

package experiments_test

import "syscall"

// satCPU returns the processor time the test process has used so far, in
// seconds (user and system, all threads), and whether it could be read:
// on a shared machine it varies less than the wall time.
func satCPU() (float64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	sec := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return sec(ru.Utime) + sec(ru.Stime), true
}
