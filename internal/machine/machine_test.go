package machine

import (
	"os"
	"runtime/debug"
	"testing"
)

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
