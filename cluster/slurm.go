package cluster

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Scheduler is what a run needs of a batch scheduler.
type Scheduler interface {
	// Submit submits the run's job script for the array tasks given (an
	// ArraySpec), with extra environment variables for the tasks, and
	// returns the job id.
	Submit(ctx context.Context, r *Run, array string, env map[string]string) (string, error)
	// Queue returns the tasks of the run that the scheduler still has,
	// pending or running, by task number.
	Queue(ctx context.Context, r *Run) (map[int]Queued, error)
	// Accounting returns the scheduler's record of the run's finished
	// tasks, by task number (the last attempt of each); an error when the
	// scheduler keeps no accounting.
	Accounting(ctx context.Context, r *Run) (map[int]Finished, error)
	// Cancel cancels the run's queued and running tasks (all when tasks is
	// empty).
	Cancel(ctx context.Context, r *Run, tasks []int) error
}

// Queued is a task the scheduler still has.
type Queued struct {
	Job    string // array job id and task, e.g. "42_7"
	ID     string // the task's own job id, e.g. "49"
	State  string // e.g. PENDING, RUNNING, COMPLETING
	Reason string // why it is pending, if it is
}

// Running reports whether the task has started (running, completing, …).
func (q Queued) Running() bool { return q.State != "PENDING" && q.State != "REQUEUED" }

// Finished is the scheduler's account of a finished task.
type Finished struct {
	Job      string // e.g. "42_7"
	State    string // e.g. COMPLETED, FAILED, TIMEOUT, CANCELLED, OUT_OF_MEMORY
	ExitCode string // Slurm's "code:signal"
}

// Slurm drives Slurm through sbatch, squeue, sacct and scancel found on
// PATH (or in Bin).
type Slurm struct {
	Bin string // directory of the Slurm commands; empty: PATH
}

func (s Slurm) cmd(ctx context.Context, name string, args ...string) *exec.Cmd {
	path := name
	if s.Bin != "" {
		path = s.Bin + "/" + name
	}
	return exec.CommandContext(ctx, path, args...)
}

// output runs a Slurm command and returns its standard output; an error
// carries the command's own message.
func (s Slurm) output(ctx context.Context, name string, args ...string) (string, error) {
	c := s.cmd(ctx, name, args...)
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	if err := c.Run(); err != nil {
		if ctx.Err() != nil {
			// Stopped by ctx (Ctrl-C, SIGTERM, a time limit), not
			// refused: the error says so, and wraps ctx's, so that the
			// command ends with the signal's exit status.
			return out.String(), fmt.Errorf("cluster: %s: stopped before it answered: %w", name, ctx.Err())
		}
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = err.Error()
		}
		var ee *exec.Error
		if errors.As(err, &ee) {
			msg = fmt.Sprintf("%s not found: is Slurm installed here? (%v)", name, ee.Err)
		}
		return out.String(), fmt.Errorf("cluster: %s: %s", name, firstLine(msg))
	}
	return out.String(), nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// Ping reports whether a Slurm controller answers (scontrol ping), with
// the controller's words when it does not.
func (s Slurm) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	out, err := s.output(ctx, "scontrol", "ping")
	if err != nil {
		return err
	}
	if !strings.Contains(out, "is UP") {
		return fmt.Errorf("cluster: no Slurm controller answers: %s", strings.TrimSpace(out))
	}
	return nil
}

// Submit runs sbatch --parsable --array=ARRAY on the run's job script.
func (s Slurm) Submit(ctx context.Context, r *Run, array string, env map[string]string) (string, error) {
	args := SbatchArgs(r, array, env)
	out, err := s.output(ctx, "sbatch", args...)
	if err != nil {
		return "", err
	}
	id, _, _ := strings.Cut(strings.TrimSpace(out), ";")
	if _, err := strconv.ParseUint(id, 10, 64); err != nil {
		return "", fmt.Errorf("cluster: sbatch said %q, not a job id", strings.TrimSpace(out))
	}
	return id, nil
}

// SbatchArgs is the argument list of sbatch that Submit runs.
func SbatchArgs(r *Run, array string, env map[string]string) []string {
	args := []string{"--parsable", "--array=" + array, "--chdir=" + r.Dir}
	if len(env) > 0 {
		exp := "ALL"
		for _, k := range sortedKeys(env) {
			exp += "," + k + "=" + env[k]
		}
		args = append(args, "--export="+exp)
	}
	return append(args, r.Path(ScriptName))
}

// Queue lists the run's tasks still queued: squeue --array by job name.
func (s Slurm) Queue(ctx context.Context, r *Run) (map[int]Queued, error) {
	out, err := s.output(ctx, "squeue", "--noheader", "--array", "--name="+r.JobName(), "--format=%i|%T|%r|%A")
	if err != nil {
		return nil, err
	}
	q := map[int]Queued{}
	for _, line := range strings.Split(out, "\n") {
		parts := strings.Split(strings.TrimSpace(line), "|")
		if len(parts) < 2 {
			continue
		}
		task, ok := arrayTask(parts[0])
		if !ok {
			continue
		}
		e := Queued{Job: parts[0], State: parts[1]}
		if len(parts) > 2 && parts[2] != "None" {
			e.Reason = parts[2]
		}
		if len(parts) > 3 {
			e.ID = parts[3]
		}
		q[task] = e
	}
	return q, nil
}

// arrayTask reads the task number of an array job id "JOB_TASK".
func arrayTask(id string) (int, bool) {
	_, t, ok := strings.Cut(id, "_")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(t)
	return n, err == nil && n >= 0
}

// Accounting asks sacct for the run's tasks (by job name, since the run
// was made). Where Slurm keeps no accounting (no slurmdbd) sacct says so
// and Accounting returns that as an error.
func (s Slurm) Accounting(ctx context.Context, r *Run) (map[int]Finished, error) {
	out, err := s.output(ctx, "sacct", "--noheader", "--parsable2", "--allocations",
		"--name="+r.JobName(), "--starttime="+r.Created.Add(-time.Minute).Format("2006-01-02T15:04:05"),
		"--format=JobID,State,ExitCode")
	if err != nil {
		return nil, err
	}
	acct := map[int]Finished{}
	for _, line := range strings.Split(out, "\n") {
		parts := strings.Split(strings.TrimSpace(line), "|")
		if len(parts) < 3 {
			continue
		}
		task, ok := arrayTask(parts[0])
		if !ok {
			continue
		}
		state, _, _ := strings.Cut(parts[1], " ") // "CANCELLED by 0"
		acct[task] = Finished{Job: parts[0], State: state, ExitCode: parts[2]}
	}
	return acct, nil
}

// Cancel runs scancel on the run's jobs (by name), or on the given tasks
// of the jobs that hold them.
func (s Slurm) Cancel(ctx context.Context, r *Run, tasks []int) error {
	if len(tasks) == 0 {
		_, err := s.output(ctx, "scancel", "--name="+r.JobName())
		return err
	}
	q, err := s.Queue(ctx, r)
	if err != nil {
		return err
	}
	var ids []string
	for _, t := range tasks {
		if e, ok := q[t]; ok {
			ids = append(ids, e.Job)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	_, err = s.output(ctx, "scancel", ids...)
	return err
}
