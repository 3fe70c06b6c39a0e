package memlimit

import (
	"os"
	"testing"
)

// TestVMSize: on Linux the address space mapped is read from
// /proc/self/status, and a Go process maps at least its own binary.
func TestVMSize(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc/self/status")
	}
	v, ok := vmSize()
	if !ok || v < 1<<20 {
		t.Errorf("vmSize() = %d, %v; want at least 1 MB", v, ok)
	}
}
