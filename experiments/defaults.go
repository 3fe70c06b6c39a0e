package experiments

import (
	"runtime"
	"strconv"
	"time"
)

// The defaults of an experiment, one source for DefaultSpec and for the
// command line's flags (qtool bench --repeats, --timeout, --mintime,
// --seed, --workers), so that a Spec made by the library measures what
// the command line measures.
const (
	DefaultRepeats = 3
	DefaultTimeout = 10 * time.Second
	DefaultMinTime = 10 * time.Millisecond
	DefaultSeed    = 1
	// DefaultWorkers is 1: the backends are compared single-threaded. A
	// Spec's Workers of 0, like --workers 0, means all cores.
	DefaultWorkers = 1
)

// WorkersSetting is how a report's header states Spec.Workers, resolved:
// "1", or "2 (0 = all cores)" on a 2-core machine for 0.
func WorkersSetting(workers int) string {
	if workers <= 0 {
		return strconv.Itoa(runtime.NumCPU()) + " (0 = all cores)"
	}
	return strconv.Itoa(workers)
}

// NewSpec returns a spec of the given grids with the command line's
// defaults: DefaultRepeats runs of each cell, DefaultTimeout a run,
// DefaultMinTime, DefaultSeed, DefaultWorkers, and the counts checked
// against the built-in OEIS table (BuiltinReference), as qtool bench
// measures them.
func NewSpec(grids ...Grid) Spec {
	return Spec{
		Grids:     grids,
		Repeats:   DefaultRepeats,
		Timeout:   DefaultTimeout,
		MinTime:   DefaultMinTime,
		Seed:      DefaultSeed,
		Workers:   DefaultWorkers,
		Reference: BuiltinReference(),
	}
}
