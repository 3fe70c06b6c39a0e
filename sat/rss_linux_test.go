//go:build linux

package sat

import (
	"syscall"
	"testing"
)

// TestPeakResidentMemory: the peak is at least the resident memory now,
// and grows past a block of fresh memory touched page by page. The block
// is mapped from the kernel, not taken from Go's heap, whose free pages
// may already be resident (and so counted in "now") and would not raise
// the peak when touched again.
func TestPeakResidentMemory(t *testing.T) {
	now, ok1 := ResidentMemory()
	peak, ok2 := PeakResidentMemory()
	if !ok1 || !ok2 || peak < now || now == 0 {
		t.Fatalf("resident %d (%v), peak %d (%v)", now, ok1, peak, ok2)
	}
	const size = 64 << 20
	block, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("no anonymous mapping:", err)
	}
	defer syscall.Munmap(block)
	before, _ := ResidentMemory()
	for i := 0; i < len(block); i += 4096 {
		block[i] = 1
	}
	after, _ := PeakResidentMemory()
	if after < before+(48<<20) {
		t.Errorf("peak %d after touching 64 MiB of fresh memory, resident %d before", after, before)
	}
}
