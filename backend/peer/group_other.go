//go:build !unix

package peer

import "os/exec"

// joinGroup has no process groups to join here: the context kills the
// program itself.
func joinGroup(cmd *exec.Cmd, pgid *int) {}

func killGroup(pgid int) {}

func groupAlive(pgid int) bool { return false }
