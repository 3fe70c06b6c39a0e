//go:build !linux

package search

// mcHugePages is a no-op where transparent huge pages cannot be asked for.
func mcHugePages[T any](s []T) {}
