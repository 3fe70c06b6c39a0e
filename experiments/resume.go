package experiments

import (
	"fmt"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/results"
)

// HasBackend reports whether a grid of the spec measures backend.
func (s Spec) HasBackend(backend string) bool {
	for _, g := range s.Grids {
		for _, b := range g.Backends {
			if b.Name() == backend {
				return true
			}
		}
	}
	return false
}

// Unavailable returns the backends of the spec that cannot run on this
// machine (backend.Unavailable: an external solver that is not
// installed), each once, in the order of the grids: the runner skips
// their cells.
func (s Spec) Unavailable() []backend.Backend {
	var out []backend.Backend
	seen := map[string]bool{}
	for _, g := range s.Grids {
		for _, b := range g.Backends {
			if !seen[b.Name()] && backend.Unavailable(b) != nil {
				out = append(out, b)
			}
			seen[b.Name()] = true
		}
	}
	return out
}

// ResumeSettings are the settings of an experiment's environment that
// change what its seconds mean: runs measured with others are not kept
// in one log.
var ResumeSettings = []string{"repeats", "timeout", "mintime", "workers"}

// A SettingConflict is a session of a log measured with another value of
// one of the ResumeSettings than the session that would resume it.
type SettingConflict struct {
	Setting string    // "repeats", "timeout", "mintime" or "workers"
	Was, Is string    // the log session's value and this one's
	Session time.Time // when the log session began (results.Env.Date)
}

func (e *SettingConflict) Error() string {
	return fmt.Sprintf("experiments: the log's session of %s measured with %s %s, not %s", e.Session.Format("2006-01-02 15:04"), e.Setting, e.Was, e.Is)
}

// CheckResume returns the first SettingConflict of the log's sessions old
// with the session now that would resume them, nil when there is none
// (issue 24: a resumed log silently mixed runs of other repeats and time
// limits into one table). A setting that one of them does not record (an
// older qtool) is not held against it.
func CheckResume(now results.Env, old []results.Env) *SettingConflict {
	for _, e := range old {
		for _, k := range ResumeSettings {
			was, ok1 := e.Settings[k]
			is, ok2 := now.Settings[k]
			if ok1 && ok2 && was != is {
				return &SettingConflict{Setting: k, Was: was, Is: is, Session: e.Date}
			}
		}
	}
	return nil
}
