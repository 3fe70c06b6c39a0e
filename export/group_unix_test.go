//go:build unix

package export_test

import (
	"os/exec"
	"syscall"
)

// ownGroup runs cmd in a process group of its own and has the cancelling
// of its context kill the whole group (minizinc's fzn-gecode with it).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process != nil {
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		}
		return nil
	}
}
