package cluster

import (
	"os"

	"github.com/qtool-project/qtool/internal/flock"
)

// lock takes an exclusive advisory lock (flock(2), package internal/flock)
// on the run's lock file, waiting for it; unlock releases it (as does the
// end of the process, however it ends). Where flock is missing it locks
// nothing: there, two resubmits of one run at the same moment may submit
// a task twice (its result is still written once, by rename).
func (r *Run) lock() (unlock func(), err error) {
	f, err := os.OpenFile(r.Path(".lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := flock.Wait(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
