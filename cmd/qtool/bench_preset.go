package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	root "github.com/qtool-project/qtool"
	"github.com/qtool-project/qtool/backend"

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
	recs, settings, err := runPresetItself(ctx, p, f, set)
	interrupted := errors.Is(err, experiments.ErrInterrupted)
	if err != nil && !interrupted {
		return err
	}
	env := hostEnv(results.CurrentEnv(f.seed))
	env.Settings = settings
	rep := results.NewReport([]results.Env{env}, recs, f.base)
	rep.Layout = lay
	if err := renderPreset(c, p.Name, rep, format, f.plot); err != nil {
		return err
	}
	if interrupted {
		return withCode(exitInterrupted, errors.New("bench: interrupted; the table shows the runs measured so far"))
	}
	return benchVerdict("bench", rep)
}

// presetNames lists the presets in order, "a, b, c or d".
func presetNames() string { return orList(preset.Names()) }

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// lookupPreset finds the preset of --preset name and refuses a preset-only
// flag it does not read.
func lookupPreset(name string, set map[string]bool) (*preset.Preset, error) {
	p := preset.Lookup(name)
	if p == nil {
		return nil, usageErrorf("bench: unknown --preset %q (want %s)", name, presetNames())
	}
	for _, fl := range preset.OnlyFlags {
		if set[fl] && !slices.Contains(p.Flags, fl) {
			return nil, usageErrorf("bench: --preset %s makes its own problems: --%s does not apply", name, fl)
		}
	}
	return p, nil
}

// checkNoPresetFlags refuses a preset-only flag without --preset, naming
// the presets that read it.
func checkNoPresetFlags(set map[string]bool) error {
	for _, fl := range preset.OnlyFlags {
		if !set[fl] {
			continue
		}
		var users []string
		for _, name := range preset.Names() {
			if slices.Contains(preset.Lookup(name).Flags, fl) {
				users = append(users, name)
			}
		}
		return usageErrorf("bench: --%s applies to --preset %s only", fl, orList(users))
	}
	return nil
}

// presetFlagHelp is the help of --preset.
func presetFlagHelp() string {
	return fmt.Sprintf("run the prepared experiment `NAME`: %s", presetNames())
}

// specOfPreset builds the experiment of preset p (one of a Spec) from the
// flags, with the settings the user set on the command line.
func specOfPreset(ctx context.Context, p *preset.Preset, f benchFlags, set map[string]bool, ref *experiments.Reference) (experiments.Spec, error) {
	if p.Spec == nil {
		return experiments.Spec{}, errors.New("bench: --preset " + p.Name + " measures its own runs") // Run is used instead
	}
	spec, err := p.Spec(ctx, presetOptions(f, set))
	if err != nil {
		return spec, presetErr(err)
	}
	return presetSpec(f, set, spec, ref)
}

// renderPreset writes the report of preset name (empty: the main
// experiment or a grid) in format, with the plot if asked: a preset's own
// summary, and its plot of the records it picks.
func renderPreset(c *cli, name string, rep *results.Report, format results.Format, plot string) error {
	p := preset.Lookup(name)
	if p == nil {
		return benchRender(c, rep, format, plot)
	}
	if p.Summary != nil {
		rep.Summary = p.Summary(rep)
	}
	if plot != "" && p.Plot != nil {
		if err := rep.Write(c.stdout, format); err != nil {
			return err
		}
		return savePlot(results.NewReport(rep.Envs, p.Plot(rep), ""), plot)
	}
	return benchRender(c, rep, format, plot)
}

// runPresetItself runs a preset that measures itself (preset.Preset.Run)
// with --repeats, --timeout and --workers, appending its session and each
// record to --log.
func runPresetItself(ctx context.Context, p *preset.Preset, f benchFlags, set map[string]bool) ([]results.Record, map[string]string, error) {
	o := presetOptions(f, set)
	o.Repeats, o.Timeout, o.Workers = f.repeats, f.timeout, f.workers
	var log *experiments.LogFile
	defer func() {
		if log != nil {
			log.Close()
		}
	}()
	o.Begin = func(settings map[string]string) error {
		if f.log == "" {
			return nil
		}
		var err error
		if log, _, _, err = experiments.OpenLog(f.log, false); err != nil {
			return usageErrorf("bench: %v", err)
		}
		env := hostEnv(results.CurrentEnv(f.seed))
		env.Settings = settings
		return log.WriteEnv(env)
	}
	o.Log = func(r results.Record) error {
		if log == nil {
			return nil
		}
		return log.WriteRecord(r)
	}
	recs, settings, err := p.Run(ctx, o)
	var se *preset.SettingError
	if errors.As(err, &se) {
		return recs, settings, usageErrorf("bench: %s", se.Msg)
	}
	return recs, settings, err
}

// presetOptions are the flags a preset of package preset reads.
func presetOptions(f benchFlags, set map[string]bool) preset.Options {
	return preset.Options{N: f.n, Backends: f.backends, Boards: f.boards, Deltas: f.deltas, Excluded: f.excluded,
		Instances: f.instances, MinFree: f.minFree, Seed: f.seed, Set: set, Lookup: benchLookup,
		Exec:      func(name string) (backend.Backend, error) { return lookupExec(name, "dimacs", "") },
		Published: root.Prob079(), PublishedDir: root.Prob079Dir}
}

// presetErr is a preset's error as bench says it: a refused setting is
// bad input; an interruption while the instances are made measured
// nothing.
func presetErr(err error) error {
	var se *preset.SettingError
	switch {
	case errors.As(err, &se):
		return usageErrorf("bench: %s", se.Msg)
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return withCode(exitInterrupted, errors.New("bench: interrupted while generating the instances; nothing was measured"))
	}
	return fmt.Errorf("bench: %w", err)
}
