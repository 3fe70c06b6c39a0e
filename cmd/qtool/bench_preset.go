package main

import (
	"context"
	"errors"
	"fmt"

	root "github.com/qtool-project/qtool"
	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"

	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/preset"
	"github.com/qtool-project/qtool/results"
)

// The presets of qtool bench (--preset NAME) are those of package
// preset's registry: the flag's help, the list in its errors and the
// check of the preset-only flags all come from it.

// runOwnPreset runs a preset that measures itself (preset.Preset.Run) and
// prints its report; it ends as qtool bench does (interrupted, or a
// MISMATCH or ERROR cell).
func runOwnPreset(ctx context.Context, c *cli, p *preset.Preset, f benchFlags, set map[string]bool, format results.Format, lay results.Layout) error {
	env := func(settings map[string]string) results.Env {
		env := hostEnv(results.CurrentEnv(f.o.Seed))
		env.Settings = settings
		return env
	}
	recs, settings, err := p.RunLogged(ctx, presetOptions(f, set), f.log, env)
	var se *preset.SettingError
	interrupted := errors.Is(err, experiments.ErrInterrupted)
	switch {
	case errors.As(err, &se):
		return withCode(exitUsage, benchSetting{se})
	case err != nil && !interrupted:
		return err
	}
	rep := results.NewReport([]results.Env{env(settings)}, recs, f.base)
	rep.Layout = lay
	if err := renderPreset(c, p.Name, rep, format, f.plot); err != nil {
		return err
	}
	if interrupted {
		return withCode(exitInterrupted, errors.New("bench: interrupted; the table shows the runs measured so far"))
	}
	return benchVerdict("bench", rep)
}

// presetFlagHelp is the help of --preset.
func presetFlagHelp() string {
	return "run the prepared experiment `NAME`: " + preset.NameList()
}

// renderPreset writes the report of preset name (empty: the main
// experiment, a grid or qtool table) in format, with the plot if asked
// (preset.Prepare: a preset's own summary, and its plot of the records
// it picks).
func renderPreset(c *cli, name string, rep *results.Report, format results.Format, plot string) error {
	plotRep := preset.Prepare(name, rep, plot != "")
	if err := rep.Write(c.stdout, format); err != nil {
		return err
	}
	if plot != "" {
		return savePlot(plotRep, plot)
	}
	return nil
}

// presetOptions are the flags a preset of package preset reads (f.o),
// with which of them were set and how bench finds backends.
func presetOptions(f benchFlags, set map[string]bool) preset.Options {
	o := f.o
	o.Set, o.Lookup, o.Published, o.PublishedDir = set, benchLookup, root.Prob079(), root.Prob079Dir
	o.CheckPawns = func(p encode.Problem) error { return checkPawns(p, "bench") }
	o.Exec = func(name string) (backend.Backend, error) { return lookupExec(name, "dimacs", "") }
	return o
}

// presetErr is a preset's error as bench says it: a refused setting is
// bad input; an interruption while the instances are made measured
// nothing; bench's own error (of checkPawns) is as it is.
func presetErr(err error) error {
	var se *preset.SettingError
	var ee *exitError
	switch {
	case errors.As(err, &ee):
		return err
	case errors.As(err, &se):
		return withCode(exitUsage, benchSetting{se})
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return withCode(exitInterrupted, errors.New("bench: interrupted while generating the instances; nothing was measured"))
	}
	return fmt.Errorf("bench: %w", err)
}

// benchSetting is a preset's refusal as bench says it, "bench: " and its
// message, wrapping what it wraps (a board's error, for the hint).
type benchSetting struct{ *preset.SettingError }

func (e benchSetting) Error() string { return "bench: " + e.Msg }
