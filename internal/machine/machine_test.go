package machine

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/internal/gittest"
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

// TestCommitNotTheWorkingDirectory runs from inside another git
// repository: the revision is qtool's own (its source tree's) or unknown,
// never the other repository's.
func TestCommitNotTheWorkingDirectory(t *testing.T) {
	dir, paper := gittest.Repo(t)
	t.Chdir(dir)
	got := Commit()
	if strings.HasPrefix(got, paper) {
		t.Fatalf("Commit() = %q: the working directory's repository, not qtool's", got)
	}
	if got != Unknown && !regexp.MustCompile(`^[0-9a-f]{12}(\+dirty)?$`).MatchString(got) {
		t.Fatalf("Commit() = %q, want 12 hex digits or %q", got, Unknown)
	}
	t.Logf("Commit() = %s (the other repository is at %s)", got, paper)
}

func TestDeclaresModule(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "go.mod")
	os.WriteFile(p, []byte("// x\nmodule example.org/paper\n\ngo 1.26\n"), 0o644)
	if declaresModule(p, ModulePath) {
		t.Errorf("another module's go.mod declares %s", ModulePath)
	}
	os.WriteFile(p, []byte("module "+ModulePath+"\n"), 0o644)
	if !declaresModule(p, ModulePath) {
		t.Errorf("qtool's go.mod does not declare %s", ModulePath)
	}
	if declaresModule(filepath.Join(dir, "none"), ModulePath) {
		t.Errorf("a missing go.mod declares a module")
	}
}

// TestBuild: a test binary carries build information: the Go version it
// was built with, and a main module's version.
func TestBuild(t *testing.T) {
	version, rev, _, goVersion, ok := Build()
	if !ok || goVersion != runtime.Version() || version == "" {
		t.Errorf("Build() = %q, %q, %q, %v", version, rev, goVersion, ok)
	}
	if rev != "" && !regexp.MustCompile(`^[0-9a-f]{1,12}(\+dirty)?$`).MatchString(rev) {
		t.Errorf("revision %q", rev)
	}
}
