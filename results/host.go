package results

import "github.com/qtool-project/qtool/internal/machine"

// WithHost returns e with what takes a look at the system filled in: the
// CPU model (from /proc/cpuinfo) and qtool's own revision (from the
// build's stamp, or git in the source tree it was compiled from, else
// "unknown"; never the current directory's repository). The command line
// puts it in every header; a program that makes its own reports calls it
// the same way: results.CurrentEnv(seed).WithHost().
func (e Env) WithHost() Env {
	e.CPU = machine.CPU()
	e.Commit = machine.Commit()
	return e
}
