//go:build !purego

package search

// mcPrefetch asks the processor to bring the cache line at address addr
// into the cache (PREFETCHT0, Intel SDM vol. 2B): the initial placement
// and the repair of a huge board know which lines they will read a few
// rows or partners ahead, and the reads then overlap instead of waiting
// one after the other. An address outside the process's memory is
// harmless: a prefetch never faults.
//
//go:noescape
func mcPrefetch(addr uintptr)
