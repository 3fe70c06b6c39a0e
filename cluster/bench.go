package cluster

import (
	"fmt"
	"path/filepath"
	"strings"
)

// benchOwnFlags are the flags of qtool bench that a bench run sets for
// every task itself.
var benchOwnFlags = []string{"task", "log", "resume", "format", "plot"}

// BenchOwnFlag returns the first of args that a bench run sets for every
// task itself (its own log, resumed, --task i/M), "" when none is.
func BenchOwnFlag(args []string) string {
	for _, a := range args {
		name := strings.TrimLeft(a, "-")
		name, _, _ = strings.Cut(name, "=")
		for _, own := range benchOwnFlags {
			if strings.HasPrefix(a, "-") && name == own {
				return a
			}
		}
	}
	return ""
}

// AbsBenchPaths makes the paths that bench's flags --boards and
// --reference name absolute, for the tasks run in the run directory.
func AbsBenchPaths(args []string) ([]string, error) {
	out := append([]string(nil), args...)
	for i := 0; i < len(out); i++ {
		a := out[i]
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name, val, inline := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name != "boards" && name != "reference" {
			continue
		}
		if !inline {
			if i+1 >= len(out) {
				return nil, fmt.Errorf("cluster: %s needs a value", a)
			}
			i++
			val = out[i]
		}
		if val == "none" && name == "reference" {
			continue
		}
		abs, err := filepath.Abs(val)
		if err != nil {
			return nil, fmt.Errorf("cluster: %s: %v", a, err)
		}
		if inline {
			out[i] = "--" + name + "=" + abs
		} else {
			out[i] = abs
		}
	}
	return out, nil
}

// hasFlag reports whether args set flag name.
func hasFlag(args []string, name string) bool {
	for _, a := range args {
		n, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && n == name {
			return true
		}
	}
	return false
}

// NewBenchRun is the run of qtool bench with args split into tasks
// slices, one task each: its log, resumed, rendered as JSON, on o.CPUs
// workers unless args say.
func NewBenchRun(args []string, tasks int, o Options) *Run {
	cmd := append([]string{"bench"}, args...)
	cmd = append(cmd, "--task", "{task}/{tasks}", "--log", "{log}", "--resume", "--format", "json")
	if !hasFlag(args, "workers") {
		cmd = append(cmd, "--workers", fmt.Sprint(o.CPUs))
	}
	title := fmt.Sprintf("bench %s in %d tasks", strings.Join(args, " "), tasks)
	return &Run{Kind: "bench", Title: strings.Replace(title, "bench  in", "bench in", 1), Tasks: tasks, Command: cmd,
		Split: map[string]string{"tasks": fmt.Sprint(tasks)}, Options: o}
}
