//go:build unix

package sat

import (
	"os/exec"
	"syscall"
)

// inGroup makes cmd the leader of a new process group and has the
// cancelling of its context kill the whole group (SIGKILL), so that
// whatever the solver started dies with it.
func inGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// killGroup kills what is left of cmd's process group once the solver has
// ended, e.g. a helper process it started and did not wait for.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
