// Package machine probes the environment that qtool runs in: the memory a
// run may take, the CPU model and the version-control revision of the
// build. It is the one place that reads /proc, the cgroup files, the
// resource limits or runs git; the libraries get what it finds as
// arguments, from the command line.
package machine

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
)

// Memory is what the probe found out about memory, in bytes; 0 means not
// known.
type Memory struct {
	Total     uint64 // physical memory (MemTotal of /proc/meminfo)
	Available uint64 // memory available without swapping (MemAvailable)
	// Cgroup is the room left under the control group's limit
	// (memory.max − memory.current, cgroup v2), 0 when there is no limit.
	Cgroup uint64
	// AddressSpace is the room left under the process's limit of virtual
	// memory (RLIMIT_AS, as prlimit --as sets it, less what the process
	// has mapped already), 0 when there is no limit.
	AddressSpace uint64
}

// Usable is the memory a run may allocate: the least of the known
// figures, 0 when none is known.
func (m Memory) Usable() uint64 {
	var u uint64
	for _, v := range []uint64{m.Available, m.Cgroup, m.AddressSpace} {
		if v > 0 && (u == 0 || v < u) {
			u = v
		}
	}
	if u == 0 {
		u = m.Total
	}
	return u
}

// ProbeMemory reads the figures of Memory that this system offers.
func ProbeMemory() Memory {
	var m Memory
	if data, err := os.ReadFile("/proc/meminfo"); err == nil {
		m.Total = kilobytes(data, "MemTotal:")
		m.Available = kilobytes(data, "MemAvailable:")
	}
	if limit, ok := fileNumber("/sys/fs/cgroup/memory.max"); ok {
		if cur, ok := fileNumber("/sys/fs/cgroup/memory.current"); ok && cur < limit {
			m.Cgroup = limit - cur
		} else {
			m.Cgroup = 1 // at or over the limit: nothing left
		}
	}
	if limit, ok := addressSpaceLimit(); ok {
		var mapped uint64
		if data, err := os.ReadFile("/proc/self/status"); err == nil {
			mapped = kilobytes(data, "VmSize:")
		}
		m.AddressSpace = 1
		if mapped < limit {
			m.AddressSpace = limit - mapped
		}
	}
	return m
}

// kilobytes returns the figure of the line "key value kB" of a /proc file,
// in bytes, or 0.
func kilobytes(data []byte, key string) uint64 {
	for line := range bytes.Lines(data) {
		f := strings.Fields(string(line))
		if len(f) == 3 && f[0] == key && f[2] == "kB" {
			if kb, err := strconv.ParseUint(f[1], 10, 64); err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

// fileNumber reads a file that holds one number ("max" is no number).
func fileNumber(path string) (uint64, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	v, err := strconv.ParseUint(strings.TrimSpace(string(data)), 10, 64)
	return v, err == nil
}

// CPU returns the processor's model name from /proc/cpuinfo, or "".
func CPU() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		key, val, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(key) {
		case "model name", "Processor", "cpu model", "uarch":
			if v := strings.Join(strings.Fields(val), " "); v != "" {
				return v
			}
		}
	}
	return ""
}

// Commit returns the version-control revision of the build (12 hex
// digits, "+dirty" when the tree had changes): from the build's stamp,
// or else from git in the current directory (a binary built by go run or
// go test has no stamp); "" when neither knows.
func Commit() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		if rev := stampedRevision(bi.Settings); rev != "" {
			return rev
		}
	}
	out, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return ""
	}
	rev := strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(bytes.TrimSpace(st)) > 0 {
		rev += "+dirty"
	}
	return rev
}

// stampedRevision reads vcs.revision and vcs.modified of the build
// settings.
func stampedRevision(settings []debug.BuildSetting) string {
	var rev string
	var dirty bool
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return ""
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return rev
}
