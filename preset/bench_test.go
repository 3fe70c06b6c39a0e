package preset

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/internal/varianttest"
)

func names(bs []backend.Backend) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Name())
	}
	return out
}

// TestGrid builds grids of qtool bench's options without a preset.
func TestGrid(t *testing.T) {
	g, err := Grid(Options{Mode: "count", Problem: "queens", N: "4-6", Backends: "backtrack,dlx,backtrack"})
	if err != nil {
		t.Fatal(err)
	}
	if g.Task != experiments.TaskCount || len(g.Problems) != 3 || g.Problems[2].Board.N != 6 || !g.StopAfterTimeout {
		t.Errorf("grid = task %v, %d problems, stop %t; want count over n 4-6, stopping after a timeout", g.Task, len(g.Problems), g.StopAfterTimeout)
	}
	if got := names(g.Backends); !slices.Equal(got, []string{"backtrack", "dlx"}) {
		t.Errorf("backends %v, want [backtrack dlx]", got)
	}
	// The default orders are 4-11, the default backends those of the task.
	g, err = Grid(Options{Mode: "first", Problem: "queens"})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Problems) != 8 || g.Problems[0].Board.N != 4 || len(g.Backends) != len(experiments.ForTask(experiments.TaskFirst)) {
		t.Errorf("default grid: %d problems from n=%d, %d backends", len(g.Problems), g.Problems[0].Board.N, len(g.Backends))
	}
	// A variant without --n is on the orders 4-8.
	g, err = Grid(Options{Mode: "count", Problem: "queens+pawns", Pawns: 1, Set: map[string]bool{"problem": true, "pawns": true}})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Problems) != 5 || g.Problems[0].Variant != encode.QueensPawns || g.Problems[4].PawnCount != 1 {
		t.Errorf("queens+pawns grid: %d problems, variant %v", len(g.Problems), g.Problems[0].Variant)
	}
}

// TestGridRegisteredPawns: --pawns applies to a registered variant that
// reads pawns as to queens+pawns, each board's pawns searched and checked
// by the caller; it is refused for a built-in variant that reads none.
func TestGridRegisteredPawns(t *testing.T) {
	var checked []int
	o := Options{Mode: "count", Problem: "rooks+pawns", Pawns: 2, N: "3-4", Backends: "backtrack,dlx",
		Set:        map[string]bool{"problem": true, "pawns": true, "n": true, "backends": true},
		CheckPawns: func(p encode.Problem) error { checked = append(checked, p.Board.N); return nil }}
	g, err := Grid(o)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Problems) != 2 || !slices.Equal(checked, []int{3, 4}) {
		t.Fatalf("rooks+pawns grid over n 3-4: %d problems, pawns checked for n %v", len(g.Problems), checked)
	}
	for _, p := range g.Problems {
		if p.Variant != varianttest.RooksPawns || p.PawnCount != 2 || !p.Encode().PawnsSearched() {
			t.Errorf("n = %d: variant %v, %d pawns searched %t; want rooks+pawns, 2 searched", p.Board.N, p.Variant, p.PawnCount, p.Encode().PawnsSearched())
		}
	}
	if got := names(g.Backends); !slices.Equal(got, []string{"backtrack", "dlx"}) {
		t.Errorf("backends %v, want [backtrack dlx]", got)
	}
	o.Problem = "rooks"
	if _, err := Grid(o); err == nil || err.Error() != "preset: --pawns applies to --problem queens+pawns, not rooks" {
		t.Errorf("--pawns with rooks: %v", err)
	}
}

// TestGridErrors: each refused option is a *SettingError naming it; the
// pawns' check of the caller is returned as it is.
func TestGridErrors(t *testing.T) {
	yes := func(names ...string) map[string]bool {
		m := map[string]bool{}
		for _, n := range names {
			m[n] = true
		}
		return m
	}
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{Mode: "sort"}, `preset: --mode "sort": want count, first, complete or decide`},
		{Options{Mode: "count", Problem: "queens", N: "4", Boards: "x"}, "preset: give --n or --boards, not both"},
		{Options{Mode: "count", Problem: "queens", N: "9-3"}, `preset: --n: experiments: range "9-3" in "9-3" runs backwards`},
		{Options{Mode: "count", Problem: "queens", N: "4", Backends: " , "}, `preset: --backends " , " names no backend`},
		{Options{Mode: "count", Problem: "rooks+"}, `preset: --problem "rooks+": want one of ` + variantList()},
		{Options{Mode: "count", Problem: "pieces", Set: yes("problem")}, "preset: --problem pieces needs --pieces COUNTS, e.g. --pieces Q=3,N=3"},
		{Options{Mode: "count", Problem: "queens", Pieces: "Q=1", Set: yes("problem", "pieces")}, "preset: --pieces applies to --problem pieces, not queens"},
		// The variant's options are read as qtool count reads them
		// (encode.ProblemSpec), with its messages.
		{Options{Mode: "count", Problem: "queens", Pawns: 2, Set: yes("pawns")}, "preset: --pawns applies to --problem queens+pawns, not queens"},
		{Options{Mode: "count", Problem: "pieces", Pieces: "Q=1", Pawns: 1, Set: yes("pieces", "pawns")}, "preset: --pawns applies to --problem queens+pawns, not pieces"},
		{Options{Mode: "count", Problem: "queens+pawns", Pawns: -1, Set: yes("problem", "pawns")}, "preset: --pawns must be 0 or more, got -1"},
		{Options{Mode: "count", Problem: "queens", Pieces: "Q=x", Set: yes("pieces")}, `preset: --pieces "Q=x": ` + armyError("Q=x")},
	} {
		_, err := Grid(tc.o)
		var se *SettingError
		if err == nil || err.Error() != tc.want || !errors.As(err, &se) {
			t.Errorf("Grid(%+v) = %v, want the setting error %q", tc.o, err, tc.want)
		}
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bad.txt"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Grid(Options{Mode: "complete", Problem: "queens", Boards: dir})
	var se *SettingError
	if !errors.As(err, &se) || !errors.Is(err, encode.ErrBoardForm) {
		t.Errorf("Grid of a bad board = %v, want a setting error wrapping encode.ErrBoardForm", err)
	}
	mine := errors.New("bench: too many pawns")
	_, err = Grid(Options{Mode: "count", Problem: "queens+pawns", Pawns: 3, Set: yes("problem", "pawns"),
		CheckPawns: func(p encode.Problem) error { return mine }})
	if err != mine {
		t.Errorf("Grid with a failing CheckPawns = %v, want its error as it is", err)
	}
}

// armyError is encode.ParseArmy's message for s, without its prefix.
func armyError(s string) string {
	_, err := encode.ParseArmy(s)
	if err == nil {
		return "(no error)"
	}
	return strings.TrimPrefix(err.Error(), "encode: ")
}

func variantList() string {
	s := ""
	for i, v := range encode.AllVariants() {
		if i > 0 {
			s += ", "
		}
		s += v.String()
	}
	return s
}

// TestBuild: the main experiment without a grid option, one grid with
// one, a preset's spec with a name; the refusals of Check.
func TestBuild(t *testing.T) {
	ctx := context.Background()
	spec, err := Build(ctx, "", Options{Mode: "count", Problem: "queens", Repeats: 1})
	if err != nil {
		t.Fatal(err)
	}
	if want := experiments.DefaultSpec(); len(spec.Grids) != len(want.Grids) {
		t.Errorf("no grid option: %d grids, want the main experiment's %d", len(spec.Grids), len(want.Grids))
	}
	spec, err = Build(ctx, "", Options{Mode: "count", Problem: "queens", N: "5", Repeats: 2, Set: map[string]bool{"n": true}})
	if err != nil || len(spec.Grids) != 1 || len(spec.Grids[0].Problems) != 1 || spec.Repeats != 2 {
		t.Fatalf("--n 5 --repeats 2: %v, %+v", err, spec)
	}
	for _, tc := range []struct {
		name string
		set  map[string]bool
		want string
	}{
		{"chess", nil, "preset: unknown --preset \"chess\" (want " + NameList() + ")"},
		{"completion", map[string]bool{"excluded": true}, "preset: --preset completion makes its own problems: --excluded does not apply"},
		{"", map[string]bool{"excluded": true}, "preset: --excluded applies to --preset diagonals only"},
		{"", map[string]bool{"instances": true}, "preset: --instances applies to --preset completion, diagonals, peers or sat only"},
	} {
		if _, err := Build(ctx, tc.name, Options{Mode: "count", Set: tc.set}); err == nil || err.Error() != tc.want {
			t.Errorf("Build(%q, %v) = %v, want %q", tc.name, tc.set, err, tc.want)
		}
	}
}

// TestSettle: a grid takes every setting of the options, a preset's spec
// only those the user set; the checks name the flag.
func TestSettle(t *testing.T) {
	g := experiments.Grid{Task: experiments.TaskCount, Backends: experiments.ForTask(experiments.TaskCount)[:1], Problems: experiments.EmptyBoards([]int{5})}
	ref := experiments.BuiltinReference()
	o := Options{Repeats: 2, Timeout: time.Second, MinTime: time.Millisecond, Seed: 7, Workers: 2, Reference: ref, Set: map[string]bool{"timeout": true}}
	spec, err := o.Settle(experiments.Spec{Grids: []experiments.Grid{g}}, false)
	if err != nil {
		t.Fatal(err)
	}
	if spec.Repeats != 2 || spec.Timeout != time.Second || spec.MinTime != time.Millisecond || spec.Seed != 7 || spec.Workers != 2 || spec.Reference != ref {
		t.Errorf("grid settled = %+v", spec)
	}
	own := experiments.NewSpec(g)
	own.Seed = 3
	spec, err = o.Settle(own, true)
	if err != nil {
		t.Fatal(err)
	}
	if spec.Repeats != experiments.DefaultRepeats || spec.Timeout != time.Second || spec.MinTime != experiments.DefaultMinTime || spec.Seed != 3 || spec.Workers != 2 {
		t.Errorf("preset settled = %+v, want its own repeats, minimum time and seed, the timeout set", spec)
	}
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{Repeats: 0}, "preset: --repeats must be at least 1, got 0"},
		{Options{Repeats: 1, Timeout: -time.Second}, "preset: --timeout must not be negative, got -1s"},
		{Options{Repeats: 1, MinTime: -time.Second}, "preset: --mintime must not be negative, got -1s"},
		{Options{Repeats: 1, Workers: -1}, "preset: --workers must not be negative, got -1"},
	} {
		if _, err := tc.o.Settle(experiments.Spec{Grids: []experiments.Grid{g}}, false); err == nil || err.Error() != tc.want {
			t.Errorf("Settle(%+v) = %v, want %q", tc.o, err, tc.want)
		}
	}
	if _, err := (Options{Repeats: 1}).Settle(experiments.Spec{}, false); err == nil {
		t.Error("Settle of a spec without a grid: no error from its Validate")
	}
}

// TestSettleAuto: --repeats auto makes the spec's AutoRepeats from its
// settings, which are refused without it or out of range.
func TestSettleAuto(t *testing.T) {
	g := experiments.Grid{Task: experiments.TaskCount, Backends: experiments.ForTask(experiments.TaskCount)[:1], Problems: experiments.EmptyBoards([]int{5})}
	one := experiments.Spec{Grids: []experiments.Grid{g}}
	o := Options{Repeats: 3, AutoRepeats: true, Precision: 5, MaxRepeats: 20, RepeatBudget: time.Second}
	spec, err := o.Settle(one, false)
	if err != nil {
		t.Fatal(err)
	}
	if a := spec.Auto; a == nil || a.Target != 0.05 || a.Max != 20 || a.Budget != time.Second {
		t.Errorf("auto = %+v, want 5%%, at most 20 runs, 1s", spec.Auto)
	}
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{Repeats: 3, Set: map[string]bool{"max-repeats": true}}, "preset: --max-repeats applies to --repeats auto only"},
		{Options{Repeats: 3, AutoRepeats: true, Precision: 100, MaxRepeats: 20, RepeatBudget: time.Second}, "preset: --repeats auto wants 0 < --precision < 100, --max-repeats ≥ 3 and a positive --repeat-budget"},
		{Options{Repeats: 3, AutoRepeats: true, Precision: 5, MaxRepeats: 2, RepeatBudget: time.Second}, "preset: --repeats auto wants 0 < --precision < 100, --max-repeats ≥ 3 and a positive --repeat-budget"},
	} {
		if _, err := tc.o.Settle(one, false); err == nil || err.Error() != tc.want {
			t.Errorf("Settle(%+v) = %v, want %q", tc.o, err, tc.want)
		}
	}
}
