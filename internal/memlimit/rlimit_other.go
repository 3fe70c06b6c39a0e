//go:build !unix

package memlimit

func rlimit() (uint64, bool) { return 0, false }
