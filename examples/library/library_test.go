package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeExample returns the README's library example: the Go program after
// the marker and the output shown for it.
func readmeExample(t *testing.T) (code, output string) {
	t.Helper()
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "<!-- library example: examples/library/main.go -->\n```go\n")
	if !ok {
		t.Fatal("README.md: no library example")
	}
	code, rest, ok = strings.Cut(rest, "```\n")
	if !ok {
		t.Fatal("README.md: the library example's block does not end")
	}
	_, rest, ok = strings.Cut(rest, "Its output (`go run ./examples/library` from the root of a clone):\n\n```text\n")
	if !ok {
		t.Fatal("README.md: no output of the library example")
	}
	output, _, ok = strings.Cut(rest, "```\n")
	if !ok {
		t.Fatal("README.md: the output block does not end")
	}
	return code, output
}

// measured matches what differs from run to run in a table of times: a
// time, an interval, a ratio or its absence (~), and the rules, whose
// width follows the times.
var measured = regexp.MustCompile(`^(\d+(\.\d+)?(ns|µs|ms|s)|±\d+%|×[0-9.e+-]+\??|~|-+)$`)

// shape is an output with the measured fields left out, a line's other
// fields separated by one space.
func shape(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		var keep []string
		for _, f := range strings.Fields(l) {
			if !measured.MatchString(f) {
				keep = append(keep, f)
			}
		}
		lines = append(lines, strings.Join(keep, " "))
	}
	return lines
}

func sameShape(t *testing.T, got, want string) {
	t.Helper()
	g, w := shape(got), shape(want)
	if strings.Join(g, "\n") != strings.Join(w, "\n") {
		t.Errorf("the output differs from the README's (times aside):\n--- got\n%s\n--- README\n%s", got, want)
	}
}

// TestREADME: the README shows this program, and its output.
func TestREADME(t *testing.T) {
	code, want := readmeExample(t)
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	if code != string(src) {
		t.Fatalf("README.md's library example is not examples/library/main.go")
	}
	var out bytes.Buffer
	stdout := os.Stdout
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	os.Stdout = w
	done := make(chan struct{})
	go func() { out.ReadFrom(r); close(done) }()
	main()
	w.Close()
	<-done
	os.Stdout = stdout
	sameShape(t, out.String(), want)
}

// TestFreshModule builds the README's example as a user would: in a new
// module outside the repository that requires the project by its module
// path, with a replace line for the local copy only, offline (GOPROXY=off:
// the dependencies come from the module cache, their sums from the
// project's go.sum), and runs it.
func TestFreshModule(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	code, want := readmeExample(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gomod := "module example.org/paper\n\ngo 1.26\n\nrequire github.com/qtool-project/qtool v0.0.0\n\nreplace github.com/qtool-project/qtool => " + root + "\n"
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"go.mod": gomod, "go.sum": string(sum), "main.go": code} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	build := exec.Command(goTool, "build", "-o", "paper", ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build in a fresh module: %v\n%s", err, out)
	}
	run := exec.Command(filepath.Join(dir, "paper"))
	run.Dir = dir
	out, err := run.Output()
	if err != nil {
		t.Fatalf("the example: %v\n%s", err, out)
	}
	sameShape(t, string(out), want)
	mod, _ := os.ReadFile(filepath.Join(dir, "go.mod"))
	if !strings.Contains(string(mod), "github.com/qtool-project/qtool v0.0.0") {
		t.Errorf("go.mod lost its requirement:\n%s", mod)
	}
}
