package experiments

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"strings"
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
