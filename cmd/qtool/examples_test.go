package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
)

// exampleBudget is how long one example may run before it is interrupted
// (SIGINT to its process group): the test checks that every example starts
// as pasted — its flags, its files — and ends as the exit-status contract
// says; the long ones (the main bench, n = 18 shards) are cut short.
const exampleBudget = 700 * time.Millisecond

// helpExamples returns the example lines of every command's --help and of
// the overview, by command, in name order.
func helpExamples(t *testing.T) [][2]string {
	names := []string{""}
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	var out [][2]string
	for _, name := range names {
		args := []string{"--help"}
		if name != "" {
			args = []string{name, "--help"}
		}
		text, _, code := qtool(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d", args, code)
		}
		in := false
		for _, l := range strings.Split(text, "\n") {
			switch {
			case strings.HasPrefix(l, "Examples:"):
				in = true
			case in && strings.TrimSpace(l) == "":
				in = false
			case in:
				out = append(out, [2]string{"qtool " + name + " --help", strings.TrimSpace(l)})
			}
		}
	}
	return out
}

// readmeExamples returns the command lines ("$ …") of the README's console
// blocks.
func readmeExamples(t *testing.T) [][2]string {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var out [][2]string
	in := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "```console"):
			in = true
		case strings.HasPrefix(l, "```"):
			in = false
		case in && strings.HasPrefix(l, "$ "):
			out = append(out, [2]string{"README", strings.TrimPrefix(l, "$ ")})
		}
	}
	return out
}

// qtoolOnPath makes a directory holding a "qtool" that runs this test
// binary as the command (TestMain's QTOOL_TEST_MAIN), for tests that run
// examples as pasted into a shell, and returns the directory.
func qtoolOnPath(t *testing.T) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	script := fmt.Sprintf("#!/bin/sh\nQTOOL_TEST_MAIN=1 exec %q \"$@\"\n", self)
	if err := os.WriteFile(filepath.Join(bin, "qtool"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return bin
}

// TestHelpExamples runs every example of every --help and of the README as
// pasted into a shell at the root of a copy of the repository's examples
// (qtool being this test binary): none may be refused as bad usage or bad
// input (exit 2) or crash. An example cut short by the time budget exits
// 130; a later example of the same text may then lack what it made, and
// its exit 2 is only logged.
func TestHelpExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every example: not with -short")
	}
	bin := qtoolOnPath(t)
	examples := append(helpExamples(t), readmeExamples(t)...)
	if len(examples) < 30 {
		t.Fatalf("only %d examples found", len(examples))
	}
	// The examples of one text run in order in a directory of their own
	// (a later one may read what an earlier one wrote); the texts run in
	// parallel.
	var texts []string
	byText := map[string][]string{}
	for _, ex := range examples {
		if byText[ex[0]] == nil {
			texts = append(texts, ex[0])
		}
		byText[ex[0]] = append(byText[ex[0]], ex[1])
	}
	for _, where := range texts {
		lines := byText[where]
		t.Run(strings.ReplaceAll(where, " ", "_"), func(t *testing.T) {
			t.Parallel()
			work := t.TempDir()
			copyTree(t, "../../examples", filepath.Join(work, "examples"))
			copyTree(t, "../../testdata", filepath.Join(work, "testdata"))
			if strings.HasPrefix(where, "qtool table") {
				// table renders the log of an earlier bench: make one.
				if code, stderr, _ := runExample(t, work, bin, "qtool bench --backends bitmask,dlx --n 4-7 --repeats 2 > /dev/null", time.Minute); code != 0 {
					t.Fatalf("making a log for table: exit %d: %s", code, stderr)
				}
			}
			cut := false // an example of this text was cut short
			for _, line := range lines {
				code, stderr, interrupted := runExample(t, work, bin, line, exampleBudget)
				t.Logf("%s → exit %d%s", line, code, map[bool]string{true: " (cut short)"}[interrupted])
				if strings.Contains(stderr, "panic:") || strings.Contains(stderr, "fatal error:") {
					t.Errorf("%s: %s crashed:\n%s", where, line, stderr)
					continue
				}
				switch code {
				case 0, 3, 10, 20, 130:
				case 1:
					if !strings.Contains(line, "check") {
						t.Errorf("%s: %s: exit 1: %s", where, line, stderr)
					}
				case 2:
					if cut {
						t.Logf("  exit 2 after an example of the same text was cut short: %s", strings.TrimSpace(stderr))
						continue
					}
					t.Errorf("%s: %s: exit 2 as pasted: %s", where, line, stderr)
				default:
					t.Errorf("%s: %s: exit %d: %s", where, line, code, stderr)
				}
				cut = cut || interrupted
			}
		})
	}
}

// runExample runs one command line in sh, interrupting its process group
// after budget.
func runExample(t *testing.T, dir, bin, line string, budget time.Duration) (code int, stderr string, interrupted bool) {
	cmd := exec.Command("sh", "-c", line)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	var errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = nil, &errOut
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(budget):
		interrupted = true
		syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
		select {
		case err = <-done:
		case <-time.After(10 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
			t.Errorf("%s: still running 10 s after SIGINT", line)
			return -1, errOut.String(), true
		}
	}
	if err == nil {
		return 0, errOut.String(), interrupted
	}
	var ee *exec.ExitError
	if ok := asExit(err, &ee); !ok {
		t.Fatal(err)
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal()), errOut.String(), interrupted
	}
	return ee.ExitCode(), errOut.String(), interrupted
}

func asExit(err error, ee **exec.ExitError) bool {
	e, ok := err.(*exec.ExitError)
	*ee = e
	return ok
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
