package cluster

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ParseTime checks a Slurm time limit (sbatch --time) strictly, in one of
// the forms sbatch documents: "M", "M:S", "H:M:S", "D-H", "D-H:M",
// "D-H:M:S", or "INFINITE"/"UNLIMITED"; numbers are decimal digits, not
// negative. It returns the limit (0 for none).
func ParseTime(s string) (time.Duration, error) {
	bad := func() (time.Duration, error) {
		return 0, fmt.Errorf("cluster: time limit %q: want minutes, M:S, H:M:S, D-H, D-H:M or D-H:M:S (sbatch --time), as in 30, 2:00:00 or 1-12", clip(s))
	}
	switch strings.ToUpper(s) {
	case "INFINITE", "UNLIMITED":
		return 0, nil
	case "":
		return bad()
	}
	num := func(w string) (int64, bool) {
		if w == "" || len(w) > 9 || strings.Trim(w, "0123456789") != "" {
			return 0, false
		}
		n, err := strconv.ParseInt(w, 10, 64)
		return n, err == nil
	}
	var days int64
	rest := s
	if d, r, ok := strings.Cut(s, "-"); ok {
		n, ok := num(d)
		if !ok {
			return bad()
		}
		days, rest = n, r
	}
	f := strings.Split(rest, ":")
	var v [3]int64
	for i, w := range f {
		n, ok := num(w)
		if !ok || len(f) > 3 {
			return bad()
		}
		v[i] = n
	}
	var sec int64 // at most 9 digits a number: no overflow below
	switch {
	case rest != s: // D-H, D-H:M, D-H:M:S
		sec = days*86400 + v[0]*3600 + v[1]*60 + v[2]
	case len(f) == 1:
		sec = v[0] * 60
	case len(f) == 2:
		sec = v[0]*60 + v[1]
	default:
		sec = v[0]*3600 + v[1]*60 + v[2]
	}
	if sec > maxTimeLimit {
		return 0, fmt.Errorf("cluster: time limit %q: more than 100 years (use UNLIMITED for no limit)", clip(s))
	}
	d := time.Duration(sec) * time.Second
	return d, nil
}

// maxTimeLimit bounds a time limit, in seconds: 100 years (a
// time.Duration holds about 292).
const maxTimeLimit = 100 * 365 * 86400

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// Checker is a Scheduler that can tell, before a submission, whether the
// cluster can run the run's tasks at all.
type Checker interface {
	Check(ctx context.Context, r *Run) error
}

// Preflight asks s, when it is a Checker, whether the run can be
// submitted: a run the cluster cannot hold (more array tasks than its
// MaxArraySize, more cores per task than any node of the partition has,
// a partition it does not have) is refused before anything is written or
// submitted.
func Preflight(ctx context.Context, r *Run, s Scheduler) error {
	if c, ok := s.(Checker); ok {
		return c.Check(ctx, r)
	}
	return nil
}

// Check asks Slurm for its MaxArraySize (scontrol show config) and the
// cores of the partition's nodes (sinfo). When Slurm does not answer, the
// submission will say why; Check then returns nil.
func (s Slurm) Check(ctx context.Context, r *Run) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if out, err := s.output(ctx, "scontrol", "show", "config"); err == nil {
		for _, line := range strings.Split(out, "\n") {
			k, v, ok := strings.Cut(line, "=")
			if !ok || strings.TrimSpace(k) != "MaxArraySize" {
				continue
			}
			if max, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && r.Tasks > max {
				return fmt.Errorf("cluster: %d tasks: this cluster's MaxArraySize is %d, so a job array holds tasks 0 to %d: use at most %d shards or tasks", r.Tasks, max, max-1, max)
			}
		}
	}
	args := []string{"--noheader", "--format=%P %c"}
	if r.Options.Partition != "" {
		args = append(args, "--partition="+r.Options.Partition)
	}
	out, err := s.output(ctx, "sinfo", args...)
	if err != nil {
		return nil
	}
	most, lines := 0, 0
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) != 2 {
			continue
		}
		lines++
		if c, err := strconv.Atoi(strings.TrimSuffix(f[1], "+")); err == nil {
			most = max(most, c)
		}
	}
	if lines == 0 {
		if r.Options.Partition != "" {
			all, _ := s.output(ctx, "sinfo", "--noheader", "--format=%P")
			return fmt.Errorf("cluster: Slurm has no partition %q (it has: %s)", r.Options.Partition, strings.Join(strings.Fields(strings.ReplaceAll(all, "*", "")), ", "))
		}
		return errors.New("cluster: Slurm lists no nodes (sinfo): nothing could run the tasks")
	}
	if most > 0 && r.Options.CPUs > most {
		where := "no node"
		if r.Options.Partition != "" {
			where = "no node of partition " + r.Options.Partition
		}
		return fmt.Errorf("cluster: --cpus %d: %s has more than %d: the tasks would wait forever", r.Options.CPUs, where, most)
	}
	return nil
}
