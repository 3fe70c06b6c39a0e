package cluster

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strconv"

	"github.com/qtool-project/qtool/internal/ranges"
)

// State is where a task stands.
type State int

const (
	// Missing: never attempted and not queued.
	Missing State = iota
	// Pending: queued, not started.
	Pending
	// Running: started and still held by the scheduler.
	Running
	// Failed: attempted, no result, and no longer queued.
	Failed
	// Done: its result is in results/.
	Done
	// Unknown: attempted, no result, no end recorded, and the scheduler
	// could not be asked whether it still runs it.
	Unknown
)

var stateNames = [...]string{Missing: "missing", Pending: "pending", Running: "running", Failed: "failed", Done: "done", Unknown: "unknown"}

// String returns the state's name.
func (s State) String() string {
	if s >= 0 && int(s) < len(stateNames) {
		return stateNames[s]
	}
	return "state(" + strconv.Itoa(int(s)) + ")"
}

// TaskStatus is what is known of one task.
type TaskStatus struct {
	Task     int    `json:"task"`
	State    string `json:"state"`
	Job      string `json:"job,omitempty"`       // the last job that ran or holds it
	Attempts int    `json:"attempts"`            // attempts started
	Resumed  int    `json:"resumed"`             // attempts that started from a checkpoint
	Resume   bool   `json:"resumable"`           // a checkpoint or log is there to resume from
	Why      string `json:"why,omitempty"`       // for a failed task, what is known of its end
	Sched    string `json:"scheduler,omitempty"` // the scheduler's state, when it has one
	state    State
}

// Is reports whether the task is in state s.
func (t TaskStatus) Is(s State) bool { return t.state == s }

// Status is where every task of a run stands.
type Status struct {
	Tasks []TaskStatus `json:"tasks"`
	// Accounting says why the scheduler's accounting was not used, when it
	// was not (e.g. Slurm without slurmdbd).
	Accounting string `json:"accounting,omitempty"`
	// Queue says why the scheduler's queue could not be read, when it
	// could not (no Slurm here, e.g. a run directory copied elsewhere):
	// the state then comes from the files alone.
	Queue string `json:"queue,omitempty"`
}

// Count returns how many tasks are in state s.
func (st *Status) Count(s State) int {
	n := 0
	for _, t := range st.Tasks {
		if t.state == s {
			n++
		}
	}
	return n
}

// With returns the numbers of the tasks in one of the states.
func (st *Status) With(states ...State) []int {
	var ts []int
	for _, t := range st.Tasks {
		for _, s := range states {
			if t.state == s {
				ts = append(ts, t.Task)
				break
			}
		}
	}
	return ts
}

// Finished reports whether no task is pending or running (or may be).
func (st *Status) Finished() bool { return st.Count(Pending)+st.Count(Running)+st.Count(Unknown) == 0 }

// Attempt is one line of a task's attempt log.
type Attempt struct {
	Event      string // start, signal or end
	Job        string
	Checkpoint bool   // start: a checkpoint was there
	Exit       int    // end: the command's exit status
	Signal     string // signal: the signal received
}

// Attempts reads task i's attempt log; a missing log is no attempt.
func (r *Run) Attempts(i int) ([]Attempt, error) {
	f, err := os.Open(r.AttemptsPath(i))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cluster: %w", err)
	}
	defer f.Close()
	var as []Attempt
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		kv := fields(sc.Text())
		a := Attempt{Event: kv[""], Job: kv["job"], Checkpoint: kv["checkpoint"] == "yes", Signal: kv["sig"]}
		switch a.Event {
		case "start", "signal":
		case "end":
			code, err := strconv.Atoi(kv["exit"])
			if err != nil {
				continue
			}
			a.Exit = code
		default:
			continue // a line cut short by a crash, or foreign
		}
		as = append(as, a)
	}
	return as, sc.Err()
}

// GetStatus combines the run directory with what the scheduler has: the
// queue first, then the files, so that a task finishing in between is
// seen done rather than failed. Accounting is used where the scheduler
// keeps it, to say why a task failed. When the queue cannot be read (no
// scheduler here), the files alone decide: a task whose last attempt has
// no end is Unknown.
func GetStatus(ctx context.Context, r *Run, s Scheduler) (*Status, error) {
	st := &Status{}
	queue, err := s.Queue(ctx, r)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		st.Queue = err.Error()
	}
	var acct map[int]Finished
	if err == nil {
		var aerr error
		if acct, aerr = s.Accounting(ctx, r); aerr != nil {
			st.Accounting = aerr.Error()
		}
	}
	for i := 0; i < r.Tasks; i++ {
		t, err := r.taskStatus(i, queue, acct, st.Queue == "")
		if err != nil {
			return nil, err
		}
		st.Tasks = append(st.Tasks, t)
	}
	return st, nil
}

func (r *Run) taskStatus(i int, queue map[int]Queued, acct map[int]Finished, asked bool) (TaskStatus, error) {
	t := TaskStatus{Task: i}
	as, err := r.Attempts(i)
	if err != nil {
		return t, err
	}
	var last *Attempt
	var lastEnd *Attempt
	var lastSignal string
	for k := range as {
		a := &as[k]
		switch a.Event {
		case "start":
			t.Attempts++
			if a.Checkpoint {
				t.Resumed++
			}
			last, lastEnd, lastSignal = a, nil, ""
			t.Job = a.Job
		case "signal":
			lastSignal = a.Signal
		case "end":
			lastEnd = a
		}
	}
	t.Resume = nonEmpty(r.CheckpointPath(i)) || nonEmpty(r.LogPath(i))
	q, queued := queue[i]
	f, accounted := acct[i]
	switch {
	case exists(r.ResultPath(i)):
		t.state = Done
	case queued && q.Running():
		t.state, t.Job, t.Sched = Running, q.Job, q.State
	case queued:
		t.state, t.Job, t.Sched = Pending, q.Job, q.State
		if q.Reason != "" {
			t.Sched += " (" + q.Reason + ")"
		}
	case last == nil && !accounted:
		t.state = Missing
	case !asked && lastEnd == nil:
		t.state = Unknown
		t.Why = "no end recorded, and the scheduler cannot be asked whether it still runs it"
	default:
		t.state = Failed
		switch {
		case lastEnd != nil:
			t.Why = exitWhy(lastEnd.Exit)
			if lastSignal != "" && lastEnd.Exit != 143 {
				t.Why += ", after SIG" + lastSignal
			}
		case last != nil:
			t.Why = "no end recorded: killed without warning (SIGKILL, out of memory, node lost)"
		default:
			t.Why = "never started"
		}
		if accounted {
			t.Sched = f.State
			if f.Job != "" && last == nil {
				t.Job = f.Job
			}
		}
	}
	t.State = t.state.String()
	return t, nil
}

// exitWhy explains an exit status of a task's command.
func exitWhy(code int) string {
	switch code {
	case 143:
		return "exit 143: stopped by SIGTERM (time limit or scancel)"
	case 124:
		return "exit 124: stopped at its task time limit"
	case 137:
		return "exit 137: killed by SIGKILL"
	case 130:
		return "exit 130: interrupted (SIGINT)"
	case 3:
		return "exit 3: reached its time limit (--timeout)"
	case 2:
		return "exit 2: bad usage or input (see the task's slurm/ output)"
	}
	if code > 128 {
		return fmt.Sprintf("exit %d: killed by signal %d", code, code-128)
	}
	return "exit " + strconv.Itoa(code)
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func nonEmpty(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Size() > 0
}

// Ranges writes task numbers as ranges, in increasing order: "0, 3-5, 9",
// cut after 20 ranges (the rule of split.Ranges: see internal/ranges).
func Ranges(xs []int) string {
	return ranges.Format(xs)
}

func sortedKeys(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
