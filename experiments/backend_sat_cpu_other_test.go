//go:build !unix

package experiments_test

// satCPU cannot read the processor time on this system.
func satCPU() (float64, bool) { return 0, false }
