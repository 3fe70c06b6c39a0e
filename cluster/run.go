package cluster

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// MaxTasks bounds the array tasks of one run (Slurm's default MaxArraySize
// is 1001; sites raise it, rarely beyond this).
const MaxTasks = 1 << 20

// Run is the manifest of a run directory: what every task runs and what
// collecting the results needs to check.
type Run struct {
	// Dir is the run directory (absolute); it is not stored.
	Dir string `json:"-"`
	// ID is random, chosen when the run is made; the jobs of the run are
	// named JobName() after it.
	ID string `json:"id"`
	// Kind says what the tasks do: "count" or "bench".
	Kind string `json:"kind"`
	// Title describes the run in one line, e.g. "count n=16 in 64 shards".
	Title string `json:"title"`
	// Tasks is the number of array tasks, numbered 0..Tasks-1.
	Tasks int `json:"tasks"`
	// Qtool is the executable the tasks run: a path relative to the run
	// directory (bin/qtool, the copy submit makes), an absolute one, or a
	// bare name found on the tasks' PATH.
	Qtool string `json:"qtool"`
	// Command is the argument list of task $task's command after Qtool;
	// the words {task}, {tasks}, {checkpoint}, {log} and {dir} stand for
	// the task's number, Tasks, its checkpoint file, its log file and the
	// run directory.
	Command []string `json:"command"`
	// Split identifies the split of the work into tasks (e.g. the count's
	// n, shards and backend), for the records to be checked against.
	Split map[string]string `json:"split,omitempty"`
	// Options are the scheduler's options for every task.
	Options Options `json:"options"`
	// Created is when the run was made.
	Created time.Time `json:"created"`

	// made and creating: Create made the directory, and the run is
	// being created by this process (Remove may undo it).
	made, creating bool
}

// Options are the sbatch options of a run's tasks.
type Options struct {
	Partition string `json:"partition,omitempty"` // sbatch --partition
	Time      string `json:"time,omitempty"`      // sbatch --time (Slurm's limit: minutes at least)
	CPUs      int    `json:"cpus"`                // sbatch --cpus-per-task
	Throttle  int    `json:"throttle,omitempty"`  // at most this many tasks at once (--array=…%K)
	// TaskTime, when set, is a time limit per task attempt enforced inside
	// the job the way Slurm enforces its own (SIGTERM, then SIGKILL after
	// KillWait) but to the second: timeout(1) --signal=TERM --kill-after.
	TaskTime string `json:"task_time,omitempty"`
	// KillWait is the delay between SIGTERM and SIGKILL for TaskTime
	// (Slurm's default KillWait is 30 seconds).
	KillWait int `json:"kill_wait"`
}

// Layout of a run directory.
const (
	ManifestName = "run.json"
	ScriptName   = "job.sh"
	JobsName     = "jobs.log"
)

// The subdirectories of a run directory.
var subdirs = []string{"attempts", "checkpoints", "results", "logs", "tmp", "slurm", "bin"}

// JobName is the Slurm job name of the run's jobs.
func (r *Run) JobName() string { return "qtool-" + r.ID }

// Path returns the path of name inside the run directory.
func (r *Run) Path(name ...string) string { return filepath.Join(append([]string{r.Dir}, name...)...) }

// ResultPath is where task i's result is once it finished.
func (r *Run) ResultPath(i int) string { return r.Path("results", strconv.Itoa(i)+".json") }

// CheckpointPath is task i's checkpoint file.
func (r *Run) CheckpointPath(i int) string {
	return r.Path("checkpoints", strconv.Itoa(i)+".ckpt")
}

// LogPath is task i's own log (for commands that append one).
func (r *Run) LogPath(i int) string { return r.Path("logs", strconv.Itoa(i)+".jsonl") }

// AttemptsPath is task i's log of attempts.
func (r *Run) AttemptsPath(i int) string { return r.Path("attempts", strconv.Itoa(i)+".log") }

// Validate checks a manifest's fields.
func (r *Run) Validate() error {
	switch {
	case r.ID == "" || strings.ContainsAny(r.ID, " /\t\n'\""):
		return fmt.Errorf("cluster: run id %q: want letters and digits", r.ID)
	case r.Kind == "":
		return errors.New("cluster: run without a kind")
	case r.Tasks < 1 || r.Tasks > MaxTasks:
		return fmt.Errorf("cluster: %d tasks: want 1 to %d", r.Tasks, MaxTasks)
	case r.Qtool == "":
		return errors.New("cluster: run without the qtool executable")
	case len(r.Command) == 0:
		return errors.New("cluster: run without a command")
	case r.Options.CPUs < 1:
		return fmt.Errorf("cluster: %d cpus per task: want at least 1", r.Options.CPUs)
	case r.Options.Throttle < 0:
		return fmt.Errorf("cluster: throttle %d: want 0 (none) or more", r.Options.Throttle)
	case r.Options.KillWait < 0:
		return fmt.Errorf("cluster: kill wait %d: want 0 or more seconds", r.Options.KillWait)
	}
	return nil
}

// NewID returns a fresh random run id.
func NewID() string {
	var b [5]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on the systems Go supports
	}
	return hex.EncodeToString(b[:])
}

// ErrNotRun is wrapped by Open when the directory holds no run.
var ErrNotRun = errors.New("no run here")

// Create makes the run directory dir (which must be new or empty), with
// its subdirectories, manifest and job script. It does not submit.
//
// The directory is claimed before anything is written in it: its lock
// file is created exclusively (O_EXCL), so that of two Create calls on
// one new directory, from two processes or two users, exactly one
// succeeds and the other is refused with nothing written. A Create that
// fails after its claim removes what it wrote (see Remove).
func Create(dir string, r *Run) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	r.Dir = abs
	if r.Created.IsZero() {
		r.Created = time.Now().UTC().Truncate(time.Second)
	}
	if err := r.Validate(); err != nil {
		return err
	}
	made := false
	err = os.Mkdir(abs, 0o755)
	if errors.Is(err, fs.ErrNotExist) {
		if err = os.MkdirAll(filepath.Dir(abs), 0o755); err == nil {
			err = os.Mkdir(abs, 0o755)
		}
	}
	switch {
	case err == nil:
		made = true
	case errors.Is(err, fs.ErrExist): // an existing directory: the claim decides
	default:
		return fmt.Errorf("cluster: %w", err)
	}
	if _, err := os.Stat(filepath.Join(abs, ManifestName)); err == nil {
		return fmt.Errorf("cluster: %s already holds a run: see its status, resubmit it, or choose another directory", dir)
	}
	claim, err := os.OpenFile(filepath.Join(abs, lockName), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("cluster: %s is being made into a run by another qtool cluster submit (or one that failed left %s): choose another directory", dir, lockName)
	}
	if err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	claim.Close()
	r.made, r.creating = made, true
	fail := func(err error) error {
		r.Remove()
		return err
	}
	if entries, err := os.ReadDir(abs); err != nil || len(entries) > 1 {
		os.Remove(filepath.Join(abs, lockName))
		if err != nil {
			return fmt.Errorf("cluster: %w", err)
		}
		return fmt.Errorf("cluster: %s is not empty: choose a new directory for the run", dir)
	}
	for _, s := range subdirs {
		if err := os.Mkdir(filepath.Join(abs, s), 0o755); err != nil {
			return fail(fmt.Errorf("cluster: %w", err))
		}
	}
	// The executable inside the run is named relative to it, so that a
	// copied or moved run runs its own copy.
	if rel, err := filepath.Rel(abs, r.Qtool); err == nil && filepath.IsAbs(r.Qtool) && filepath.IsLocal(rel) {
		r.Qtool = filepath.ToSlash(rel)
	}
	if err := r.WriteScript(); err != nil {
		return fail(err)
	}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fail(fmt.Errorf("cluster: %w", err))
	}
	if err := WriteFileAtomic(r.Path(ManifestName), append(data, '\n'), 0o644); err != nil {
		return fail(err)
	}
	return nil
}

// lockName is the run's lock file, the first file Create writes.
const lockName = ".lock"

// Remove undoes a Create whose submission failed: the directory is
// removed when Create made it, else emptied again (it was empty). Only
// the run that Create made in this process can be removed.
func (r *Run) Remove() error {
	if r.Dir == "" || !r.creating {
		return errors.New("cluster: only a run being created can be removed")
	}
	r.creating = false
	if r.made {
		return os.RemoveAll(r.Dir)
	}
	entries, err := os.ReadDir(r.Dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(r.Dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// QtoolPath is the executable the tasks run: an absolute Qtool as it is,
// a bare name (no slash) as the tasks' PATH finds it, another relative
// path inside the run directory.
func (r *Run) QtoolPath() string {
	if filepath.IsAbs(r.Qtool) || !strings.Contains(r.Qtool, "/") {
		return r.Qtool
	}
	return filepath.Join(r.Dir, filepath.FromSlash(r.Qtool))
}

// WriteScript writes the run's job script (job.sh) afresh.
func (r *Run) WriteScript() error {
	return WriteFileAtomic(r.Path(ScriptName), []byte(Script(r)), 0o755)
}

// maxManifest bounds the size of run.json.
const maxManifest = 1 << 20

// Open reads the run directory dir.
func Open(dir string) (*Run, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("cluster: %w", err)
	}
	f, err := os.Open(filepath.Join(abs, ManifestName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("cluster: %s: %w (no %s: make one with qtool cluster submit)", dir, ErrNotRun, ManifestName)
	}
	if err != nil {
		return nil, fmt.Errorf("cluster: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxManifest+1))
	if err != nil {
		return nil, fmt.Errorf("cluster: %w", err)
	}
	if len(data) > maxManifest {
		return nil, fmt.Errorf("cluster: %s: larger than %d KiB: not a run manifest", f.Name(), maxManifest>>10)
	}
	var r Run
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("cluster: %s: %v", f.Name(), err)
	}
	r.Dir = abs
	if err := r.Validate(); err != nil {
		return nil, fmt.Errorf("%w (in %s)", err, f.Name())
	}
	return &r, nil
}

// WriteFileAtomic writes data to a temporary file beside path and renames
// it to path, so that path holds either its old content or all of data.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, perm)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cluster: %w", err)
	}
	return nil
}

// Job is one submission of some of the run's tasks.
type Job struct {
	ID    string    // the scheduler's job id
	Array string    // the array tasks submitted, e.g. "0-63%8" or "3,17"
	Time  time.Time // when
}

// AppendJob records a submission in jobs.log (one line each, appended).
func (r *Run) AppendJob(j Job) error {
	f, err := os.OpenFile(r.Path(JobsName), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	_, err = fmt.Fprintf(f, "job=%s array=%s time=%s\n", j.ID, j.Array, j.Time.UTC().Format(time.RFC3339))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	return nil
}

// Jobs reads jobs.log; lines it cannot read are skipped.
func (r *Run) Jobs() ([]Job, error) {
	f, err := os.Open(r.Path(JobsName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cluster: %w", err)
	}
	defer f.Close()
	var jobs []Job
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		kv := fields(sc.Text())
		if kv["job"] == "" {
			continue
		}
		t, _ := time.Parse(time.RFC3339, kv["time"])
		jobs = append(jobs, Job{ID: kv["job"], Array: kv["array"], Time: t})
	}
	return jobs, sc.Err()
}

// fields reads the key=value words of a line.
func fields(line string) map[string]string {
	kv := map[string]string{}
	for i, w := range strings.Fields(line) {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			if i == 0 {
				kv[""] = w
			}
			continue
		}
		kv[k] = v
	}
	return kv
}
