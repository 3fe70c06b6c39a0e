//go:build !unix

package machine

func addressSpaceLimit() (uint64, bool) { return 0, false }
