//go:build !linux

package sat

// ResidentMemory returns 0 and false: the resident memory of the process
// is read on Linux only.
func ResidentMemory() (uint64, bool) { return 0, false }

// PeakResidentMemory is not known here: 0 and false.
func PeakResidentMemory() (uint64, bool) { return 0, false }
