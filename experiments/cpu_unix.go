//go:build unix

package experiments

import (
	"syscall"
	"time"
)

// processorTime is the processor time (user + system) used so far by this
// process and by the children it has waited for (getrusage RUSAGE_SELF and
// RUSAGE_CHILDREN): a peer's programs, once they have ended, are in it.
func processorTime() time.Duration {
	var self, children syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &self) != nil || syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children) != nil {
		return 0
	}
	tv := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return tv(self.Utime) + tv(self.Stime) + tv(children.Utime) + tv(children.Stime)
}
