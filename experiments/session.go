package experiments

import (
	"context"

	"github.com/qtool-project/qtool/results"
)

// A Session measures a Spec as one session of a log, as qtool bench does:
// it appends its environment and each record to the log, and with Resume
// keeps the runs the log already holds and measures only the others.
type Session struct {
	Spec Spec
	Env  results.Env // this session's environment (Spec.Env, with the host's)
	Log  string      // the log's path (OpenLog); "" for none
	// Resume keeps the runs of the log (Runner.Done) once its sessions are
	// found to be measured with the settings of this one (CheckResume).
	Resume bool
	// Duplicates, when not nil, is called with the number of the log's
	// records that a later record measured again (LogFile.Duplicates)
	// when there are any, as soon as the log is read.
	Duplicates func(n int)
	Progress   func(done, total int) // Runner.Progress
}

// An OpenError is a log that Session.Run could not open or read; Err is
// OpenLog's error, and Error says only what Err says.
type OpenError struct{ Err error }

func (e *OpenError) Error() string { return e.Err.Error() }

// Unwrap returns Err.
func (e *OpenError) Unwrap() error { return e.Err }

// Run opens the log, checks it with Resume (a *SettingConflict, the log
// left as it was), appends the session's environment and measures the
// spec. It returns the sessions (the log's, with Resume, and this one)
// and the records (the log's kept ones and this session's); when ctx ends
// first, the error is the Runner's ErrInterrupted and the records are
// those measured so far. A log that cannot be opened is an *OpenError.
func (s Session) Run(ctx context.Context) ([]results.Env, []results.Record, error) {
	runner := &Runner{Spec: s.Spec, Progress: s.Progress}
	envs := []results.Env{s.Env}
	if s.Log != "" {
		log, old, prior, err := OpenLog(s.Log, s.Resume)
		if err != nil {
			return nil, nil, &OpenError{Err: err}
		}
		defer log.Close()
		if d := log.Duplicates(); d > 0 && s.Duplicates != nil {
			s.Duplicates(d)
		}
		if s.Resume {
			if c := CheckResume(s.Env, old); c != nil {
				return nil, nil, c
			}
		}
		envs = append(old, envs...)
		if err := log.WriteEnv(s.Env); err != nil {
			return nil, nil, err
		}
		runner.Done, runner.Log = prior, log.WriteRecord
	}
	recs, err := runner.Run(ctx)
	return envs, append(runner.Done, recs...), err
}
