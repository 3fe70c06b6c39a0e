package experiments

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"os"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/internal/flock"
	"github.com/qtool-project/qtool/results"
)

// Units returns the number of independent units of the spec, the parts
// that Slice deals out: a grid with MaxTimeouts is one unit (its rule
// spans its problems: a sample of instances decided together), and every
// problem of any other grid is a unit of its own.
func (s Spec) Units() int {
	n := 0
	for _, g := range s.Grids {
		if g.MaxTimeouts > 0 {
			n++
		} else {
			n += len(g.Problems)
		}
	}
	return n
}

// Slice returns the part of the spec that task i of m runs: units i, i+m,
// i+2m, … (round robin, so that each task gets small and large problems
// alike), in the spec's order. The settings of the slice record the task
// ("task": "i/m") and the identity of the split ("split": a digest of the
// units, their backends and the split), for the logs of the tasks to be
// checked against each other before they are put together. Within a task,
// StopAfterTimeout still skips a backend's later problems after a
// timeout, but only those of the task. m may not exceed Units, so that no
// task is empty.
func (s Spec) Slice(i, m int) (Spec, error) {
	units := s.Units()
	switch {
	case m < 1 || i < 0 || i >= m:
		return s, fmt.Errorf("experiments: task %d of %d: want 0 ≤ task < tasks", i, m)
	case m > units:
		return s, fmt.Errorf("experiments: the experiment has %d independent units (problems, or samples of instances): it splits into at most %d tasks, not %d", units, units, m)
	}
	h := sha256.New()
	fmt.Fprintf(h, "split %d\n", m)
	out := s
	out.Grids = nil
	u := 0
	for gi, g := range s.Grids {
		names := make([]string, len(g.Backends))
		for k, b := range g.Backends {
			names[k] = b.Name()
		}
		fmt.Fprintf(h, "grid %d %s %s %d %t\n", gi, g.Task, strings.Join(names, ","), g.MaxTimeouts, g.StopAfterTimeout)
		if g.MaxTimeouts > 0 {
			for _, p := range g.Problems {
				fmt.Fprintf(h, "  %s\n", p.Key())
			}
			if u%m == i {
				out.Grids = append(out.Grids, g)
			}
			u++
			continue
		}
		sub := g
		sub.Problems = nil
		for _, p := range g.Problems {
			fmt.Fprintf(h, "  %d %s\n", u%m, p.Key())
			if u%m == i {
				sub.Problems = append(sub.Problems, p)
			}
			u++
		}
		if len(sub.Problems) > 0 {
			out.Grids = append(out.Grids, sub)
		}
	}
	out.Settings = maps.Clone(s.Settings)
	if out.Settings == nil {
		out.Settings = map[string]string{}
	}
	out.Settings["task"] = fmt.Sprintf("%d/%d", i, m)
	out.Settings["split"] = "sha256:" + hex.EncodeToString(h.Sum(nil)[:8])
	return out, nil
}

// ParseSlice reads "i/m", task i of m (0 ≤ i < m), as Slice takes it.
func ParseSlice(s string) (i, m int, ok bool) {
	is, ms, cut := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(is)
	m, err2 := strconv.Atoi(ms)
	return i, m, cut && err1 == nil && err2 == nil && m >= 1 && i >= 0 && i < m
}

// CheckTaskLogs checks that the logs of the tasks of a split experiment,
// the log of task i at paths[i] of len(paths), are the slices of one
// split (Slice's settings "task" and "split") measured by one build (the
// environments' Commit), before their records are put together. A log
// that a run of bench holds (OpenLog's lock: an attempt still writing it)
// or whose last record is cut short is refused: reading it would leave
// runs out of the union without a word (ReadLog skips a cut last line, as
// a resumed run must), and the table would show cells of fewer repeats.
func CheckTaskLogs(paths []string) error {
	var split, commit, splitWhere, commitWhere string
	for i, path := range paths {
		if err := notBeingWritten(path); err != nil {
			return fmt.Errorf("experiments: task %d: %s: %w", i, path, err)
		}
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("experiments: task %d: %w", i, err)
		}
		envs, _, err := results.ReadLog(f, path)
		if err == nil {
			var state int
			if _, state, err = lastLine(f, path); err == nil && state == lastCut {
				err = fmt.Errorf("%s: the last record is cut short (a write that did not finish, or one still going on): not all of task %d's runs are there", path, i)
			}
		}
		f.Close()
		if err != nil {
			return fmt.Errorf("experiments: %w", err)
		}
		for _, e := range envs {
			if got, want := e.Settings["task"], fmt.Sprintf("%d/%d", i, len(paths)); got != want {
				return fmt.Errorf("experiments: %s: a run of task %q, want %s: not this task's log", path, got, want)
			}
			switch {
			case split == "":
				split, splitWhere = e.Settings["split"], path
			case e.Settings["split"] != split:
				return fmt.Errorf("experiments: the tasks split different experiments: %s has split %s, %s has %s", splitWhere, split, path, e.Settings["split"])
			}
			switch {
			case commit == "":
				commit, commitWhere = e.Commit, path
			case e.Commit != commit:
				return fmt.Errorf("experiments: the tasks ran different versions of qtool: %s has commit %s, %s has %s", commitWhere, commit, path, e.Commit)
			}
		}
	}
	return nil
}

// ErrLogBeingWritten is CheckTaskLogs' error for a log that a run of
// bench holds open.
var ErrLogBeingWritten = errors.New("being written by a run of qtool bench (an attempt still running?): wait for it to end")

// notBeingWritten tells whether a run of bench holds the log at path (its
// lock, OpenLog's), by taking the lock for an instant on a descriptor of
// its own: an attempt that starts right after is not refused. Where the
// lock cannot be asked (a file system without flock), it says nothing.
func notBeingWritten(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return nil // Open's error comes with the reading
	}
	defer f.Close()
	if errors.Is(flock.Try(f), flock.ErrLocked) {
		return ErrLogBeingWritten
	}
	return nil
}
