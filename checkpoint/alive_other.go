//go:build !unix

package checkpoint

// processAlive cannot tell here: a temporary file is removed by age only.
func processAlive(pid int) bool { return true }
