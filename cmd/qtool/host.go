package main

import "github.com/qtool-project/qtool/results"

// hostEnv adds to an environment record what takes a look at the system:
// the CPU model and qtool's revision (results.Env.WithHost).
func hostEnv(e results.Env) results.Env { return e.WithHost() }
