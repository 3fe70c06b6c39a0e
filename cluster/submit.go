package cluster

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Submit submits the given tasks of the run (all of them when tasks is
// nil) as one job array, with the run's throttle, and appends the job to
// jobs.log.
func Submit(ctx context.Context, r *Run, s Scheduler, tasks []int, env map[string]string) (Job, error) {
	unlock, err := r.lock()
	if err != nil {
		return Job{}, fmt.Errorf("cluster: locking the run: %w", err)
	}
	defer unlock()
	return submit(ctx, r, s, tasks, env)
}

func submit(ctx context.Context, r *Run, s Scheduler, tasks []int, env map[string]string) (Job, error) {
	if tasks == nil {
		tasks = make([]int, r.Tasks)
		for i := range tasks {
			tasks[i] = i
		}
	}
	if len(tasks) == 0 {
		return Job{}, errors.New("cluster: no task to submit")
	}
	for _, t := range tasks {
		if t < 0 || t >= r.Tasks {
			return Job{}, fmt.Errorf("cluster: task %d: the run has tasks 0 to %d", t, r.Tasks-1)
		}
	}
	array := ArraySpec(tasks, r.Options.Throttle)
	id, err := s.Submit(ctx, r, array, env)
	if err != nil && ctx.Err() != nil {
		id, err = takenAnyway(ctx, r, s, tasks, err)
	}
	if err != nil {
		return Job{}, err
	}
	j := Job{ID: id, Array: array, Time: time.Now()}
	return j, r.AppendJob(j)
}

// Resubmit submits the tasks that are failed or missing — never one that
// is done, pending or running — and returns them with the job (no job,
// and no error, when there is nothing to resubmit). Their command
// resumes from what the earlier attempts left.
//
// Two resubmits of one run at the same moment take turns (a lock file in
// the run directory), so that the second finds the first's tasks queued.
func Resubmit(ctx context.Context, r *Run, s Scheduler, env map[string]string) ([]int, Job, error) {
	unlock, err := r.lock()
	if err != nil {
		return nil, Job{}, fmt.Errorf("cluster: locking the run: %w", err)
	}
	defer unlock()
	tasks, err := Resubmittable(ctx, r, s)
	if err != nil || len(tasks) == 0 {
		return nil, Job{}, err
	}
	j, err := submit(ctx, r, s, tasks, env)
	return tasks, j, err
}

// Wait polls the run's status every poll until no task is pending or
// running, or ctx ends, and returns the last status.
func Wait(ctx context.Context, r *Run, s Scheduler, poll time.Duration) (*Status, error) {
	var last *Status
	for {
		st, err := GetStatus(ctx, r, s)
		if err != nil && ctx.Err() != nil {
			if last == nil {
				return nil, context.Cause(ctx)
			}
			return last, context.Cause(ctx)
		}
		if err != nil {
			return nil, err
		}
		last = st
		if st.Queue != "" {
			return st, errors.New(st.Queue)
		}
		if st.Finished() {
			return st, nil
		}
		select {
		case <-ctx.Done():
			return st, context.Cause(ctx)
		case <-time.After(poll):
		}
	}
}

// ErrQueue is wrapped by Resubmittable (and Resubmit) when the
// scheduler's queue cannot be read, so that a task that may still run is
// never submitted again.
var ErrQueue = errors.New("cannot tell which tasks still run")

// Resubmittable returns the tasks Resubmit would submit now: the failed
// and the missing ones (none, and no error, when there are none).
func Resubmittable(ctx context.Context, r *Run, s Scheduler) ([]int, error) {
	st, err := GetStatus(ctx, r, s)
	if err != nil {
		return nil, err
	}
	if st.Queue != "" {
		return nil, fmt.Errorf("%s: %w", st.Queue, ErrQueue)
	}
	return st.With(Failed, Missing), nil
}

// takenAnyway asks the queue, past ctx, whether a submission that ctx
// stopped (Ctrl-C, SIGTERM, a time limit) was taken all the same: sbatch
// can be stopped after the controller queued the job and before it
// printed the id. Then the run directory must say so — Make removed it
// as "nothing was submitted" while the tasks were queued, and resubmit
// left the job out of jobs.log. Every task submitted was not queued before
// (a new run; resubmit submits none that is), so one of them queued now
// names the job. Otherwise, or when the queue does not answer within
// queueAskTime, the submission's error stands.
func takenAnyway(ctx context.Context, r *Run, s Scheduler, tasks []int, subErr error) (string, error) {
	qctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), queueAskTime)
	defer cancel()
	q, err := s.Queue(qctx, r)
	if err != nil {
		return "", subErr
	}
	for _, t := range tasks {
		if e, ok := q[t]; ok {
			if job, _, ok := strings.Cut(e.Job, "_"); ok && job != "" {
				return job, nil
			}
		}
	}
	return "", subErr
}

// queueAskTime bounds takenAnyway's question to the queue after a signal.
const queueAskTime = 10 * time.Second
