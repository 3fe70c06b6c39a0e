package preset

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
)

// The experiment of qtool bench from its options: a preset's, the main
// experiment, or one grid (Build), with the settings of its runs
// (Settle).

// NameList lists the presets in order for help and messages: "a, b, c or
// d".
func NameList() string { return orList(Names()) }

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// Check finds the preset of that name and refuses a preset-only option of
// set (OnlyFlags) that it does not read. Every error is a *SettingError.
func Check(name string, set map[string]bool) (*Preset, error) {
	p := Lookup(name)
	if p == nil {
		return nil, settingf("unknown --preset %q (want %s)", name, NameList())
	}
	for _, fl := range OnlyFlags {
		if !slices.Contains(p.Flags, fl) {
			if err := ownProblems(name, set, fl); err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}

// checkNoPreset refuses a preset-only option of set without a preset,
// naming the presets that read it.
func checkNoPreset(set map[string]bool) error {
	for _, fl := range OnlyFlags {
		if !set[fl] {
			continue
		}
		var users []string
		for _, name := range Names() {
			if slices.Contains(Lookup(name).Flags, fl) {
				users = append(users, name)
			}
		}
		return settingf("--%s applies to --preset %s only", fl, orList(users))
	}
	return nil
}

// gridOptions are the options that make a grid of their own instead of
// the main experiment.
var gridOptions = []string{"backends", "n", "boards", "mode", "problem", "pieces"}

// Build builds the experiment of qtool bench with the settings of its
// runs (Settle): with a name, the spec of that preset (Check, then its
// Spec); without, the main experiment (experiments.DefaultSpec) when none
// of the grid's options is set (--backends, --n, --boards, --mode,
// --problem, --pieces), else the one grid of the options (Grid). A value
// refused is a *SettingError; o.CheckPawns's error is returned as it is,
// and so is a preset's other error (such as the context's).
func Build(ctx context.Context, name string, o Options) (experiments.Spec, error) {
	if name != "" {
		p, err := Check(name, o.Set)
		if err != nil {
			return experiments.Spec{}, err
		}
		if p.Spec == nil {
			return experiments.Spec{}, fmt.Errorf("preset: %s measures its own runs (Preset.Run)", name)
		}
		spec, err := p.Spec(ctx, o)
		if err != nil {
			return spec, err
		}
		return o.Settle(spec, true)
	}
	if err := checkNoPreset(o.Set); err != nil {
		return experiments.Spec{}, err
	}
	if !slices.ContainsFunc(gridOptions, func(fl string) bool { return o.Set[fl] }) {
		spec := experiments.DefaultSpec()
		if len(spec.Grids) == 0 {
			return spec, settingf("no backend is registered")
		}
		return o.Settle(spec, false)
	}
	g, err := Grid(o)
	if err != nil {
		return experiments.Spec{}, err
	}
	return o.Settle(experiments.Spec{Grids: []experiments.Grid{g}}, false)
}

// Settle gives spec the settings of its runs from o and checks it
// (Spec.Validate). The spec of a preset (ofPreset) keeps its own repeats,
// time limit and minimum time unless the user set them (o.Set "repeats",
// "timeout", "mintime"), and its own auto repeats without
// o.AutoRepeats; any other spec takes all of o's, its seed too. The
// workers and the reference table are always o's. Every error is a
// *SettingError.
func (o Options) Settle(spec experiments.Spec, ofPreset bool) (experiments.Spec, error) {
	auto, err := o.auto()
	if err != nil {
		return spec, err
	}
	switch {
	case !ofPreset:
		spec.Repeats, spec.Timeout, spec.MinTime, spec.Seed, spec.Auto = o.Repeats, o.Timeout, o.MinTime, o.Seed, auto
	default:
		if o.Set["repeats"] {
			spec.Repeats = o.Repeats
		}
		if auto != nil {
			spec.Auto = auto
		}
		if o.Set["timeout"] {
			spec.Timeout = o.Timeout
		}
		if o.Set["mintime"] {
			spec.MinTime = o.MinTime
		}
	}
	spec.Workers, spec.Reference = o.Workers, o.Reference
	for _, c := range []struct {
		bad  bool
		flag string
		want any
		got  any
	}{
		{o.Repeats < 1, "repeats", "be at least 1", o.Repeats},
		{o.Timeout < 0, "timeout", "not be negative", o.Timeout},
		{o.MinTime < 0, "mintime", "not be negative", o.MinTime},
		{o.Workers < 0, "workers", "not be negative", o.Workers},
	} {
		if c.bad {
			return spec, settingf("--%s must %s, got %v", c.flag, c.want, c.got)
		}
	}
	if err := spec.Validate(); err != nil {
		return spec, settingf("%v", err)
	}
	return spec, nil
}

// auto is the experiments.AutoRepeats of --repeats auto, nil without it
// (when its settings may not be set).
func (o Options) auto() (*experiments.AutoRepeats, error) {
	if !o.AutoRepeats {
		for _, name := range []string{"precision", "max-repeats", "repeat-budget"} {
			if o.Set[name] {
				return nil, settingf("--%s applies to --repeats auto only", name)
			}
		}
		return nil, nil
	}
	if o.Precision <= 0 || o.Precision >= 100 || o.MaxRepeats < experiments.DefaultRepeats || o.RepeatBudget <= 0 {
		return nil, settingf("--repeats auto wants 0 < --precision < 100, --max-repeats ≥ %d and a positive --repeat-budget", experiments.DefaultRepeats)
	}
	return &experiments.AutoRepeats{Target: o.Precision / 100, Max: o.MaxRepeats, Budget: o.RepeatBudget}, nil
}

// Grid builds the one grid of qtool bench's options without a preset:
// the task of o.Mode over the boards of the directory o.Boards or the
// empty boards of the orders o.N (default 4-11, a backend's larger
// orders skipped after a timeout), by the backends of o.Backends
// (Backends; default: every registered one that can do the task); then
// the problem o.Problem or the pieces o.Pieces make of each (see
// Options). Every error is a *SettingError but o.CheckPawns's.
func Grid(o Options) (experiments.Grid, error) {
	var g experiments.Grid
	task, err := experiments.ParseTask(o.Mode)
	if err != nil {
		return g, settingf("--mode %q: want count, first, complete or decide", o.Mode)
	}
	g.Task = task
	switch {
	case o.Boards != "" && o.N != "":
		return g, settingf("give --n or --boards, not both")
	case o.Boards != "":
		if g.Problems, err = experiments.LoadBoards(o.Boards); err != nil {
			return g, &SettingError{Msg: err.Error(), Err: err}
		}
	default:
		r := o.N
		if r == "" {
			r = "4-11"
		}
		ns, err := experiments.ParseRange(r)
		if err != nil {
			return g, settingf("--n: %v", err)
		}
		g.Problems = experiments.EmptyBoards(ns)
		g.StopAfterTimeout = true
	}
	if o.Backends == "" {
		if g.Backends = experiments.ForTask(task); len(g.Backends) == 0 {
			return g, settingf("no registered backend can do mode %s", task)
		}
	} else {
		boards := make([]encode.Board, len(g.Problems))
		for i, p := range g.Problems {
			boards[i] = p.Board
		}
		if g.Backends, err = Backends(o.Backends, task, boards, fmt.Sprintf("do mode %s on these problems", task), o.Lookup); err != nil {
			return g, err
		}
	}
	return variant(o, g)
}

// variant makes every problem of g the variant of o.Problem or o.Pieces
// (on the empty boards of orders 4-8 without --n or --boards), keeping
// the backends that solve it: a backend named in --backends must.
func variant(o Options, g experiments.Grid) (experiments.Grid, error) {
	prob, err := o.parseVariant()
	if err != nil || prob.Variant == encode.Queens {
		return g, err
	}
	v := prob.Variant
	if !o.Set["n"] && !o.Set["boards"] {
		g.Problems = experiments.EmptyBoards([]int{4, 5, 6, 7, 8})
	}
	for i := range g.Problems {
		p := &g.Problems[i]
		p.Variant, p.Counts = v, prob.Counts
		if o.Set["pieces"] {
			if err := p.Encode().Validate(); err != nil {
				return g, settingf("--pieces %s: %s", o.Pieces, strings.TrimPrefix(err.Error(), "encode: "))
			}
		}
		if v.ReadsPawns() && len(p.Pawns) == 0 {
			p.PawnCount = prob.PawnCount
			if o.CheckPawns != nil {
				if err := o.CheckPawns(p.Encode()); err != nil {
					return g, err
				}
			}
		}
	}
	var keep []backend.Backend
	for _, b := range g.Backends {
		ok, why := experiments.SupportsProblem(b, g.Task, g.Problems[0].Encode())
		switch {
		case ok:
			keep = append(keep, b)
		case o.Set["backends"]:
			return g, settingf("backend %s %s", b.Name(), why)
		}
	}
	if len(keep) == 0 {
		return g, settingf("no backend solves --problem %v", v)
	}
	g.Backends = keep
	return g, nil
}

// parseVariant reads o.Problem, o.Pieces and o.Pawns as qtool count reads
// --problem, --pieces and --pawns (encode.ProblemSpec.Variant, its
// messages): the problem's variant, Counts and PawnCount.
func (o Options) parseVariant() (encode.Problem, error) {
	set := map[string]bool{}
	for _, fl := range []string{"problem", "pieces", "pawns"} {
		set[fl] = o.Set[fl]
	}
	spec := encode.ProblemSpec{Variants: true, VariantName: o.Problem, Pieces: o.Pieces, Pawns: o.Pawns, Set: set}
	prob, err := spec.Variant()
	if err != nil {
		return prob, &SettingError{Msg: strings.TrimPrefix(err.Error(), "encode: "), Err: err}
	}
	return prob, nil
}

// Prepare gives rep the Summary of preset name and, when plot is set,
// returns the report that its plot shows: that of the records its Plot
// picks, or rep itself (for a preset without Plot, and for a name that is
// no preset's, such as "" for the main experiment or a grid); nil
// without plot.
func Prepare(name string, rep *results.Report, plot bool) *results.Report {
	p := Lookup(name)
	if p != nil && p.Summary != nil {
		rep.Summary = p.Summary(rep)
	}
	switch {
	case !plot:
		return nil
	case p != nil && p.Plot != nil:
		return results.NewReport(rep.Envs, p.Plot(rep), "")
	}
	return rep
}

// RunLogged runs p, a preset that measures itself (Run), with o, and
// appends to the log at path (none for "", experiments.OpenLog) the
// session that env makes of the preset's settings once they are checked,
// then each record as soon as it is measured. A log that cannot be opened
// is a *SettingError wrapping OpenLog's error.
func (p *Preset) RunLogged(ctx context.Context, o Options, path string, env func(settings map[string]string) results.Env) ([]results.Record, map[string]string, error) {
	var log *experiments.LogFile
	defer func() {
		if log != nil {
			log.Close()
		}
	}()
	o.Begin = func(settings map[string]string) error {
		if path == "" {
			return nil
		}
		var err error
		if log, _, _, err = experiments.OpenLog(path, false); err != nil {
			return &SettingError{Msg: err.Error(), Err: err}
		}
		return log.WriteEnv(env(settings))
	}
	o.Log = func(r results.Record) error {
		if log == nil {
			return nil
		}
		return log.WriteRecord(r)
	}
	return p.Run(ctx, o)
}
