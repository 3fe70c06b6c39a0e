package main

import (
	"github.com/qtool-project/qtool/internal/machine"
	"github.com/qtool-project/qtool/results"
)

// hostEnv adds to an environment record what takes a look at the system:
// the CPU model and the commit of the build.
func hostEnv(e results.Env) results.Env {
	e.CPU = machine.CPU()
	e.Commit = machine.Commit()
	return e
}
