//go:build !amd64 || purego

package search

// mcPrefetch does nothing here: see minconflicts_amd64.go.
func mcPrefetch(addr uintptr) {}
