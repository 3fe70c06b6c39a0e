//go:build linux

package sat

import "testing"

// TestPeakResidentMemory: the peak is at least the resident memory now,
// and grows past a block of memory touched page by page.
func TestPeakResidentMemory(t *testing.T) {
	now, ok1 := ResidentMemory()
	peak, ok2 := PeakResidentMemory()
	if !ok1 || !ok2 || peak < now || now == 0 {
		t.Fatalf("resident %d (%v), peak %d (%v)", now, ok1, peak, ok2)
	}
	block := make([]byte, 64<<20)
	for i := 0; i < len(block); i += 4096 {
		block[i] = 1
	}
	after, _ := PeakResidentMemory()
	if after < now+(48<<20) {
		t.Errorf("peak %d after touching 64 MiB, resident %d before", after, now)
	}
	_ = block[len(block)-1]
}
