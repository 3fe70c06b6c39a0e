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

// A benchPreset is a prepared experiment of qtool bench (--preset NAME):
// one of package preset (registered here from its registry, below), or
// one that measures itself with the command line's help (xcover), in a
// file of its own (bench_NAME.go) that registers it from an init
// function. The flag's help, the list in its errors and the check of the
// preset-only flags all come from this registry.
type benchPreset struct {
	// name is the value of --preset.
	name string
	// flags are the preset-only flags this preset reads (see
	// presetOnlyFlags); another preset's flag is refused.
	flags []string
	// spec builds the experiment from the flags the user set.
	spec func(ctx context.Context, f benchFlags, set map[string]bool, ref *experiments.Reference) (experiments.Spec, error)
	// render writes the report, or nil for the usual tables and plot.
	render func(c *cli, rep *results.Report, format results.Format, plot string) error
	// run, when not nil, measures the preset itself instead of the
	// harness's runner (a preset whose problems are not boards, such as
	// xcover's exact-cover files): it returns the records, which make the
	// usual report, and the settings for its environment.
	run func(ctx context.Context, c *cli, f benchFlags, set map[string]bool) ([]results.Record, map[string]string, error)
}

// runOwnPreset runs a preset that measures itself (benchPreset.run) and
// prints its report; it ends as qtool bench does (interrupted, or a
// MISMATCH or ERROR cell).
func runOwnPreset(ctx context.Context, c *cli, p *benchPreset, f benchFlags, set map[string]bool, format results.Format, lay results.Layout) error {
	recs, settings, err := p.run(ctx, c, f, set)
	interrupted := errors.Is(err, experiments.ErrInterrupted)
	if err != nil && !interrupted {
		return err
	}
	env := hostEnv(results.CurrentEnv(f.seed))
	env.Settings = settings
	rep := results.NewReport([]results.Env{env}, recs, f.base)
	rep.Layout = lay
	if err := renderPreset(c, p.name, rep, format, f.plot); err != nil {
		return err
	}
	if interrupted {
		return withCode(exitInterrupted, errors.New("bench: interrupted; the table shows the runs measured so far"))
	}
	return benchVerdict("bench", rep)
}

// presetOnlyFlags are the flags of qtool bench that only a preset reads.
var presetOnlyFlags = preset.OnlyFlags

var benchPresets = map[string]*benchPreset{}

// registerPreset adds p to the presets of qtool bench; a name registered
// twice, or a flag that is not one of presetOnlyFlags, is a programming
// error.
func registerPreset(p *benchPreset) {
	if _, dup := benchPresets[p.name]; dup || p.spec == nil {
		panic("bench: preset " + p.name + " registered twice or without a spec")
	}
	for _, fl := range p.flags {
		if !slices.Contains(presetOnlyFlags, fl) {
			panic("bench: preset " + p.name + ": --" + fl + " is not a preset-only flag")
		}
	}
	benchPresets[p.name] = p
}

// presetNames lists the presets in order, "a, b, c or d".
func presetNames() string {
	names := make([]string, 0, len(benchPresets))
	for name := range benchPresets {
		names = append(names, name)
	}
	slices.Sort(names)
	return orList(names)
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// lookupPreset finds the preset of --preset name and refuses a preset-only
// flag it does not read.
func lookupPreset(name string, set map[string]bool) (*benchPreset, error) {
	p, ok := benchPresets[name]
	if !ok {
		return nil, usageErrorf("bench: unknown --preset %q (want %s)", name, presetNames())
	}
	for _, fl := range presetOnlyFlags {
		if set[fl] && !slices.Contains(p.flags, fl) {
			return nil, usageErrorf("bench: --preset %s makes its own problems: --%s does not apply", name, fl)
		}
	}
	return p, nil
}

// checkNoPresetFlags refuses a preset-only flag without --preset, naming
// the presets that read it.
func checkNoPresetFlags(set map[string]bool) error {
	for _, fl := range presetOnlyFlags {
		if !set[fl] {
			continue
		}
		var users []string
		for name, p := range benchPresets {
			if slices.Contains(p.flags, fl) {
				users = append(users, name)
			}
		}
		slices.Sort(users)
		return usageErrorf("bench: --%s applies to --preset %s only", fl, orList(users))
	}
	return nil
}

// renderPreset writes the report of preset name (empty: the main
// experiment or a grid) in format, with the plot if asked.
func renderPreset(c *cli, name string, rep *results.Report, format results.Format, plot string) error {
	if p := benchPresets[name]; p != nil && p.render != nil {
		return p.render(c, rep, format, plot)
	}
	return benchRender(c, rep, format, plot)
}

// presetFlagHelp is the help of --preset.
func presetFlagHelp() string {
	return fmt.Sprintf("run the prepared experiment `NAME`: %s", presetNames())
}

// The presets of package preset: each is a benchPreset whose spec reads
// the flags (presetOptions) and whose report carries the preset's own
// summary and plot, or, for a preset that measures itself (Run), whose
// run logs its records as they come.
func init() {
	for _, name := range preset.Names() {
		p := preset.Lookup(name)
		bp := &benchPreset{name: p.Name, flags: p.Flags, render: presetRender(p)}
		if p.Run != nil {
			bp.spec = func(context.Context, benchFlags, map[string]bool, *experiments.Reference) (experiments.Spec, error) {
				return experiments.Spec{}, errors.New("bench: --preset " + p.Name + " measures its own runs") // run is used instead
			}
			bp.run = func(ctx context.Context, c *cli, f benchFlags, set map[string]bool) ([]results.Record, map[string]string, error) {
				return runPresetItself(ctx, p, f, set)
			}
		} else {
			bp.spec = func(ctx context.Context, f benchFlags, set map[string]bool, ref *experiments.Reference) (experiments.Spec, error) {
				spec, err := p.Spec(ctx, presetOptions(f, set))
				if err != nil {
					return spec, presetErr(err)
				}
				return presetSpec(f, set, spec, ref)
			}
		}
		registerPreset(bp)
	}
}

// presetRender writes the report of p: its own summary, and its plot of
// the records it picks.
func presetRender(p *preset.Preset) func(c *cli, rep *results.Report, format results.Format, plot string) error {
	return func(c *cli, rep *results.Report, format results.Format, plot string) error {
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
