//go:build !unix

package sat

import "os/exec"

// inGroup leaves cmd as it is: without process groups, the cancelling of
// its context kills the solver alone (exec's default).
func inGroup(cmd *exec.Cmd) {}

// killGroup does nothing without process groups.
func killGroup(cmd *exec.Cmd) {}
