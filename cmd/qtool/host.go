package main

import (
	"qtool/experiments"
	"qtool/internal/machine"
	"qtool/results"
)

// The backends refuse what would not fit in the memory that the machine
// probe finds free (the least of the available memory, the control
// group's room and the address-space limit) at the time of each run.
func init() { experiments.SetMemoryProbe(hostMemory) }

// hostMemory is the memory a run may allocate now.
func hostMemory() uint64 { return machine.ProbeMemory().Usable() }

// hostEnv adds to an environment record what takes a look at the system:
// the CPU model and the commit of the build.
func hostEnv(e results.Env) results.Env {
	e.CPU = machine.CPU()
	e.Commit = machine.Commit()
	return e
}
