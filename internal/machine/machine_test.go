package machine

import (
	"os"
	"runtime"
	"runtime/debug"
	"syscall"
	"testing"
)

func TestUsable(t *testing.T) {
	for _, tc := range []struct {
		m    Memory
		want uint64
	}{
		{Memory{}, 0},
		{Memory{Total: 100}, 100},
		{Memory{Total: 100, Available: 80}, 80},
		{Memory{Total: 100, Available: 80, Cgroup: 30}, 30},
		{Memory{Total: 100, Available: 80, Cgroup: 90, AddressSpace: 40}, 40},
		{Memory{Total: 100, AddressSpace: 1}, 1},
	} {
		if got := tc.m.Usable(); got != tc.want {
			t.Errorf("%+v: Usable = %d, want %d", tc.m, got, tc.want)
		}
	}
}

func TestKilobytes(t *testing.T) {
	data := []byte("MemTotal:       24576000 kB\nMemFree: 1 kB\nMemAvailable:   20000000 kB\nBad: x kB\n")
	if got := kilobytes(data, "MemTotal:"); got != 24576000<<10 {
		t.Errorf("MemTotal = %d", got)
	}
	if got := kilobytes(data, "MemAvailable:"); got != 20000000<<10 {
		t.Errorf("MemAvailable = %d", got)
	}
	if got := kilobytes(data, "Bad:") + kilobytes(data, "Missing:"); got != 0 {
		t.Errorf("bad or missing key = %d, want 0", got)
	}
}

// TestProbeMemory checks the probe on this machine, and that an address
// space limit set on the process (as prlimit --as does) is seen.
func TestProbeMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the memory figures are read from /proc on Linux")
	}
	m := ProbeMemory()
	if m.Total == 0 || m.Available == 0 || m.Available > m.Total || m.Usable() > m.Total {
		t.Fatalf("implausible memory on Linux: %+v", m)
	}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &old); err != nil {
		t.Fatal(err)
	}
	const limit = 1 << 45 // 32 TiB: far above what the test maps
	if old.Cur < limit {
		t.Skipf("RLIMIT_AS is already %d", old.Cur)
	}
	lower := old
	lower.Cur = limit
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &lower); err != nil {
		t.Skipf("cannot set RLIMIT_AS: %v", err)
	}
	defer syscall.Setrlimit(syscall.RLIMIT_AS, &old)
	m = ProbeMemory()
	if m.AddressSpace == 0 || m.AddressSpace >= limit || m.AddressSpace < limit-1<<40 {
		t.Errorf("RLIMIT_AS %d: address space left %d", uint64(limit), m.AddressSpace)
	}
}

func TestStampedRevision(t *testing.T) {
	for _, tc := range []struct {
		s    []debug.BuildSetting
		want string
	}{
		{nil, ""},
		{[]debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}}, "0123456789ab"},
		{[]debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "true"}}, "abc+dirty"},
		{[]debug.BuildSetting{{Key: "vcs.modified", Value: "true"}}, ""},
	} {
		if got := stampedRevision(tc.s); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.s, got, tc.want)
		}
	}
}

func TestCPU(t *testing.T) {
	if _, err := os.Stat("/proc/cpuinfo"); err != nil {
		t.Skip("no /proc/cpuinfo")
	}
	if CPU() == "" {
		t.Errorf("no CPU model found in /proc/cpuinfo")
	}
}
