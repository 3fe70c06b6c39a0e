package main

import "github.com/qtool-project/qtool/results"

// resumeSettings are the settings of a bench run that change what its
// seconds mean: runs measured with others are not kept in one log.
var resumeSettings = []string{"repeats", "timeout", "mintime", "workers"}

// checkResumeSettings refuses to resume a log whose runs were measured
// with other settings than this run's (issue 24: --resume silently mixed
// runs of other repeats and time limits into one table). A log session
// that does not record a setting (an older qtool) is not held against it.
func checkResumeSettings(now results.Env, old []results.Env, log string) error {
	for _, e := range old {
		for _, k := range resumeSettings {
			was, ok1 := e.Settings[k]
			is, ok2 := now.Settings[k]
			if !ok1 || !ok2 || was == is {
				continue
			}
			return usageErrorf("bench: --resume: %s holds runs measured with %s %s (session of %s), this run measures with %s %s: resume with the same --%s, or give another --log", log, k, was, e.Date.Format("2006-01-02 15:04"), k, is, k)
		}
	}
	return nil
}
