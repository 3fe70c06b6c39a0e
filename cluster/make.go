package cluster

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// A MakeError is a failure of Make after it created the run directory:
// nothing was submitted, and what Create made was removed again (Remove).
type MakeError struct {
	// Dir is the run directory as Make was given it.
	Dir string
	// Install says that copying the executable into the run failed;
	// otherwise the submission failed.
	Install bool
	// Err is what failed; Removed the error of removing the half-made
	// directory, nil when it was removed (a failed install does not say).
	Err, Removed error
}

// Error says what failed and what was left, for the user who runs the
// same qtool cluster submit again.
func (e *MakeError) Error() string {
	msg := "cluster: " + strings.TrimPrefix(e.Err.Error(), "cluster: ")
	switch {
	case e.Install:
		return fmt.Sprintf("cluster: copying qtool into the run: %v (nothing was submitted; %s is left as it was)", e.Err, e.Dir)
	case e.Removed != nil:
		return fmt.Sprintf("%s (nothing was submitted; removing the half-made %s failed: %v: remove it by hand before you submit again)", msg, e.Dir, e.Removed)
	}
	if errors.Is(e.Err, context.Canceled) || errors.Is(e.Err, context.DeadlineExceeded) {
		return fmt.Sprintf("%s (nothing was submitted and %s is left as it was: run the same qtool cluster submit again)", msg, e.Dir)
	}
	return fmt.Sprintf("%s (nothing was submitted and %s is left as it was: mend the option and run the same qtool cluster submit again)", msg, e.Dir)
}

// Unwrap returns what failed.
func (e *MakeError) Unwrap() error { return e.Err }

// Make creates the run directory dir for r (Create), copies the
// executable self() names into it when the tasks run the run's own copy
// (self nil: they do not), and submits all its tasks (Submit). When the
// copy or the submission fails it removes what it made and returns a
// *MakeError; an error of Create is returned as it is.
func Make(ctx context.Context, dir string, r *Run, s Scheduler, self func() (string, error)) (Job, error) {
	if err := Create(dir, r); err != nil {
		return Job{}, err
	}
	if self != nil {
		path, err := self()
		if err == nil {
			err = r.InstallQtool(path)
		}
		if err != nil {
			r.Remove()
			return Job{}, &MakeError{Dir: dir, Install: true, Err: err}
		}
	}
	j, err := Submit(ctx, r, s, nil, nil)
	if err != nil {
		// A refused submission leaves nothing behind: the same command,
		// with the option the scheduler refused mended, makes the run afresh.
		return Job{}, &MakeError{Dir: dir, Err: err, Removed: r.Remove()}
	}
	return j, nil
}

// WriteDryRun prints what Make would do for r, making and submitting
// nothing: the job script and, as a comment, the sbatch command that
// submits all the tasks. It stamps r as created now and checks it.
func WriteDryRun(w io.Writer, r *Run) error {
	r.Created = time.Now().UTC().Truncate(time.Second)
	if err := r.Validate(); err != nil {
		return err
	}
	fmt.Fprint(w, Script(r))
	fmt.Fprintf(w, "\n# submitted with:\n# %s\n", SbatchLine(r, AllTasks(r.Tasks), nil))
	return nil
}
