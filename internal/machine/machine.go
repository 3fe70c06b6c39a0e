// Package machine probes the environment that qtool's records describe:
// the CPU model and the version-control revision of the build. It is the
// one place that reads /proc/cpuinfo or runs git; results.Env.WithHost is
// its public face. (The memory a run may take is
// internal/memlimit's.)
package machine

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
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

// Unknown is what Commit returns when no source says which revision of
// qtool this is.
const Unknown = "unknown"

// ModulePath is qtool's module path: the source tree that Commit asks git
// about must declare it in its go.mod.
const ModulePath = "github.com/qtool-project/qtool"

// Commit returns qtool's own version-control revision (12 hex digits,
// "+dirty" when the tree had changes): from the build's stamp
// (debug.ReadBuildInfo's vcs.revision), or else, for a binary that go run
// or go test built without one, from git in the source tree this package
// was compiled from, when that tree is still there, its go.mod declares
// qtool's module and its revision is not newer than the executable;
// else Unknown. It never asks git about the current
// directory, which may be any other repository (a paper's, say).
func Commit() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		if rev := stampedRevision(bi.Settings); rev != "" {
			return rev
		}
	}
	if root := sourceRoot(); root != "" {
		if rev := gitRevision(root); rev != "" {
			return rev
		}
	}
	return Unknown
}

// sourceRoot is the root of the source tree this file was compiled from
// (the compiler records its absolute path unless -trimpath was given), or
// "" when it is not known or is not qtool's module.
func sourceRoot() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return ""
	}
	root := filepath.Dir(filepath.Dir(filepath.Dir(file))) // ROOT/internal/machine/machine.go
	if !declaresModule(filepath.Join(root, "go.mod"), ModulePath) {
		return ""
	}
	return root
}

// declaresModule reports whether the go.mod file at path declares module.
func declaresModule(path, module string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`) == module
		}
	}
	return false
}

// gitRevision asks git for the revision checked out in dir, "" when git
// is absent or dir is not the top of a work tree (a copy of the source
// inside another repository is not that repository's revision).
func gitRevision(dir string) string {
	out, err := exec.Command("git", "-C", dir, "rev-parse", "--show-toplevel", "--short=12", "HEAD").Output()
	if err != nil {
		return ""
	}
	lines := strings.Fields(string(out))
	if len(lines) != 2 || !sameDir(lines[0], dir) {
		return ""
	}
	rev := lines[1]
	// A revision committed after this executable was built is not the
	// one it was built from (a binary built, then the tree moved on).
	if ct, err := exec.Command("git", "-C", dir, "log", "-1", "--format=%ct", "HEAD").Output(); err == nil {
		if sec, err := strconv.ParseInt(strings.TrimSpace(string(ct)), 10, 64); err == nil && !builtAfter(time.Unix(sec, 0)) {
			return ""
		}
	}
	if st, err := exec.Command("git", "-C", dir, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(bytes.TrimSpace(st)) > 0 {
		rev += "+dirty"
	}
	return rev
}

// builtAfter reports whether this executable was written at or after t
// (within a second), true when that cannot be told.
func builtAfter(t time.Time) bool {
	exe, err := os.Executable()
	if err != nil {
		return true
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return true
	}
	return !fi.ModTime().Before(t.Add(-time.Second))
}

// sameDir reports whether a and b name the same directory.
func sameDir(a, b string) bool {
	ia, err1 := os.Stat(a)
	ib, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(ia, ib)
}

// Build is what the go command stamped into this executable
// (debug.ReadBuildInfo): the main module's version ("(devel)" for a build
// from a source tree), the revision as Commit gives it ("" when not
// stamped), the revision's commit time ("" when not stamped) and the Go
// version. ok is false for an executable built without module support.
func Build() (version, revision, at, goVersion string, ok bool) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "", "", "", "", false
	}
	version = bi.Main.Version
	if version == "" {
		version = "(devel)"
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.time" {
			at = s.Value
		}
	}
	return version, stampedRevision(bi.Settings), at, bi.GoVersion, true
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
