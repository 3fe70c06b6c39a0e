// Package machine probes the environment that qtool's records describe:
// the CPU model and the version-control revision of the build. It is the
// one place that reads /proc/cpuinfo or runs git; the libraries get what
// it finds from the command line. (The memory a run may take is
// internal/memlimit's.)
package machine

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
)

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
