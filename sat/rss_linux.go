//go:build linux

package sat

import (
	"bytes"
	"os"
	"strconv"
)

// ResidentMemory returns the resident memory of the process in bytes (the
// second field of /proc/self/statm times the page size) and true, or 0 and
// false when it cannot be read.
func ResidentMemory() (uint64, bool) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	f := bytes.Fields(b)
	if len(f) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseUint(string(f[1]), 10, 64)
	if err != nil {
		return 0, false
	}
	return pages * uint64(os.Getpagesize()), true
}

// PeakResidentMemory returns the peak resident memory of the process in
// bytes (VmHWM of /proc/self/status) and true, or 0 and false when it
// cannot be read.
func PeakResidentMemory() (uint64, bool) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for _, line := range bytes.Split(b, []byte("\n")) {
		if rest, ok := bytes.CutPrefix(line, []byte("VmHWM:")); ok {
			f := bytes.Fields(rest)
			if len(f) == 2 && string(f[1]) == "kB" {
				if kb, err := strconv.ParseUint(string(f[0]), 10, 64); err == nil {
					return kb << 10, true
				}
			}
		}
	}
	return 0, false
}
