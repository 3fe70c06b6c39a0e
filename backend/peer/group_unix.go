//go:build unix

package peer

import (
	"os/exec"
	"syscall"
)

// joinGroup puts cmd in process group pgid (0: a new group that cmd
// leads) and has the cancelling of its context kill the whole group.
func joinGroup(cmd *exec.Cmd, pgid *int) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pgid: *pgid}
	cmd.Cancel = func() error {
		killGroup(*pgid)
		return nil
	}
}

// killGroup kills every process of group pgid (SIGKILL).
func killGroup(pgid int) {
	if pgid > 0 {
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
	}
}

// groupAlive reports whether a process of group pgid is left.
func groupAlive(pgid int) bool {
	return pgid > 0 && syscall.Kill(-pgid, 0) == nil
}
