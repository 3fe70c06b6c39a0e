package preset

import (
	"context"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
)

// A Preset is a prepared experiment.
type Preset struct {
	// Name is the value of --preset.
	Name string
	// Flags are the preset-only options this preset reads (of OnlyFlags);
	// Check refuses another preset's.
	Flags []string
	// Spec builds the experiment from the options: its defaults, then
	// the options the user set.
	Spec func(ctx context.Context, o Options) (experiments.Spec, error)
	// Summary, when not nil, gives the report the tables of its own that
	// the text and Markdown renderings show (results.Report.Summary).
	Summary func(rep *results.Report) results.Summary
	// Plot, when not nil, picks the records of the report that its plot
	// shows.
	Plot func(rep *results.Report) []results.Record
	// Run, when not nil, measures the preset itself instead of the
	// harness's runner, for a preset whose problems are not boards (such
	// as xcover's exact-cover matrices); Spec is then nil. It returns the
	// records, which make the usual report, and the settings of its
	// environment.
	Run func(ctx context.Context, o Options) ([]results.Record, map[string]string, error)
}

// Options are the settings a preset reads: the values of qtool bench's
// flags of the same names, and which of them the user set.
type Options struct {
	N, Backends, Boards string // --n, --backends, --boards ("none": no boards)
	Deltas, Excluded    string // --deltas (completion), --excluded (diagonals)
	// The options of a grid without a preset (Grid): --mode, --problem,
	// --pieces, --pawns.
	Mode, Problem, Pieces string
	Pawns                 int
	// CheckPawns, when not nil, checks each problem of --problem
	// queens+pawns whose pawns are searched (Grid); its error is returned
	// as it is.
	CheckPawns func(encode.Problem) error
	Instances  int // --instances: its default is the completion's
	MinFree    int // --min-free (diagonals)
	Seed       int64
	// Published holds the published completion instances (CSPLib prob079,
	// qtool.Prob079()), named in messages as under PublishedDir: the
	// boards of --preset sat without --boards.
	Published    fs.FS
	PublishedDir string
	// Set names the options the user gave, by flag name ("n",
	// "instances", "mode", …).
	Set map[string]bool
	// Lookup finds a backend by name; nil is backend.Lookup.
	Lookup func(name string) (backend.Backend, error)
	// Exec finds a backend by name as Lookup does, and makes an
	// exec:PROGRAM one (the peers preset's --backends); nil is Lookup.
	Exec func(name string) (backend.Backend, error)

	// The settings of the runs (Settle; a preset that measures itself,
	// Preset.Run, reads Repeats, Timeout and Workers): --repeats,
	// --timeout, --mintime, --workers and the table of known counts.
	Repeats   int
	Timeout   time.Duration
	MinTime   time.Duration
	Workers   int
	Reference *experiments.Reference
	// --repeats auto (experiments.AutoRepeats) and its settings:
	// --precision (the half-width of the interval to reach, in percent of
	// the median), --max-repeats and --repeat-budget.
	AutoRepeats  bool
	Precision    float64
	MaxRepeats   int
	RepeatBudget time.Duration
	// Begin, when not nil, is called by Run with the settings once they
	// are checked, before the first run (to start the log); Log, when not
	// nil, with each record as soon as it is measured.
	Begin func(settings map[string]string) error
	Log   func(results.Record) error
}

func (o Options) lookup(name string) (backend.Backend, error) {
	if o.Lookup != nil {
		return o.Lookup(name)
	}
	return backend.Lookup(name)
}

func (o Options) exec(name string) (backend.Backend, error) {
	if o.Exec != nil {
		return o.Exec(name)
	}
	return o.lookup(name)
}

// A SettingError is an option's value that a preset refuses (bad input,
// not a failure).
type SettingError struct {
	Msg string // what is wrong, naming the flag: "--instances must be at least 1, got 0"
	// Err is the error of another package that refused the value (such
	// as a board file's encode.ErrBoardForm), nil when none.
	Err error
}

func (e *SettingError) Error() string { return "preset: " + e.Msg }

// Unwrap returns Err.
func (e *SettingError) Unwrap() error { return e.Err }

// settingf builds a *SettingError.
func settingf(format string, args ...any) error {
	return &SettingError{Msg: fmt.Sprintf(format, args...)}
}

// OnlyFlags are the options of qtool bench that only a preset reads.
var OnlyFlags = []string{"deltas", "instances", "excluded", "min-free"}

var (
	mu       sync.RWMutex
	registry = map[string]*Preset{}
)

// Register adds p to the presets. A name registered twice, a preset
// without a Spec (or a Run) or a flag not of OnlyFlags is a programming error: it
// panics, as registering is done once, from an init function.
func Register(p *Preset) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[p.Name]; dup || (p.Spec == nil) == (p.Run == nil) || p.Name == "" {
		panic("preset: " + p.Name + " registered twice or without a spec")
	}
	for _, fl := range p.Flags {
		if !slices.Contains(OnlyFlags, fl) {
			panic("preset: " + p.Name + ": --" + fl + " is not a preset-only flag")
		}
	}
	registry[p.Name] = p
}

// Unregister removes a preset (for tests that register one of their own).
func Unregister(name string) {
	mu.Lock()
	defer mu.Unlock()
	delete(registry, name)
}

// Lookup returns the preset of that name, nil when there is none.
func Lookup(name string) *Preset {
	mu.RLock()
	defer mu.RUnlock()
	return registry[name]
}

// Names returns the names of the presets, sorted.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	names := make([]string, 0, len(registry))
	for name := range registry {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// ownProblems refuses the options of a grid that the preset makes itself:
// "--preset NAME makes its own problems: --mode does not apply".
func ownProblems(name string, set map[string]bool, flags ...string) error {
	for _, fl := range flags {
		if set[fl] {
			return settingf("--preset %s makes its own problems: --%s does not apply", name, fl)
		}
	}
	return nil
}
