package preset

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	root "github.com/qtool-project/qtool"

	_ "github.com/qtool-project/qtool/backend/all"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
)

// TestPresetSATFromRoot builds the SAT preset from the root directory:
// the 24 published instances come from the binary, not the working
// directory.
func TestPresetSATFromRoot(t *testing.T) {
	t.Chdir("/")
	spec, err := SAT(context.Background(), Options{Seed: 1, Set: map[string]bool{"instances": true}, Published: root.Prob079(), PublishedDir: root.Prob079Dir})
	if err != nil {
		t.Fatal(err)
	}
	boards := 0
	for _, g := range spec.Grids {
		if g.Task == experiments.TaskDecide {
			for _, p := range g.Problems {
				if strings.HasPrefix(p.Name, "nqc-diag") {
					boards++
				}
			}
		}
	}
	if boards != 24 {
		t.Errorf("--preset sat from /: %d published instances, want 24", boards)
	}
}

// TestSettingErrors: a refused option is a *SettingError naming the flag,
// prefixed with the package's name.
func TestSettingErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		spec func() error
		want string
	}{
		{"completion --instances", func() error {
			_, err := Completion(context.Background(), Options{Instances: 0})
			return err
		}, "preset: --instances must be at least 1, got 0"},
		{"completion --mode", func() error {
			_, err := Completion(context.Background(), Options{Instances: 1, Set: map[string]bool{"mode": true}})
			return err
		}, "preset: --preset completion makes its own problems: --mode does not apply"},
		{"diagonals --excluded", func() error {
			_, err := Diagonals(Options{Excluded: "5-3", Set: map[string]bool{"excluded": true}})
			return err
		}, `preset: --excluded "5-3": want numbers or ranges a-b between 0 and 512, e.g. 0-30 or 4,8,12`},
		{"sat --seed", func() error {
			_, err := SAT(context.Background(), Options{Seed: -1, Boards: "none"})
			return err
		}, "preset: --seed must not be negative for --preset sat, got -1"},
		{"backends", func() error {
			_, err := Backends(" , ", experiments.TaskCount, []encode.Board{encode.Empty(4)}, "count", nil)
			return err
		}, `preset: --backends " , " names no backend`},
	} {
		err := tc.spec()
		var se *SettingError
		if !errors.As(err, &se) || err.Error() != tc.want {
			t.Errorf("%s: %v, want the setting error %q", tc.name, err, tc.want)
		}
	}
}

// TestParseCounts reads ranges and lists, sorted, each once.
func TestParseCounts(t *testing.T) {
	got, err := ParseCounts("8, 2-4,3")
	if err != nil || !slices.Equal(got, []int{2, 3, 4, 8}) {
		t.Errorf("ParseCounts: %v, %v; want [2 3 4 8]", got, err)
	}
}

// TestSATSummaryFormats: the SAT tables are the text and Markdown
// renderings of a report; LaTeX, CSV and JSON write the report as usual.
func TestSATSummaryFormats(t *testing.T) {
	recs := []results.Record{
		{Problem: results.Problem{N: 8}, Backend: "sat-pairwise", Mode: "first", Status: results.OK, Seconds: 0.5, Answer: 1},
		{Problem: results.Problem{N: 8}, Backend: "dlx", Mode: "first", Status: results.OK, Seconds: 0.25, Answer: 1},
	}
	rep := results.NewReport(nil, recs, "")
	rep.Summary = SATSummary{Report: rep}
	var text, latex strings.Builder
	if err := rep.Write(&text, results.Text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "First solution of the empty board") || !strings.Contains(text.String(), "0.500") || !strings.Contains(text.String(), "seconds: wall-clock time") {
		t.Errorf("text: not the SAT tables:\n%s", text.String())
	}
	if err := rep.Write(&latex, results.LaTeX); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(latex.String(), "First solution of the empty board") || !strings.Contains(latex.String(), `\toprule`) {
		t.Errorf("latex: want the report's own tabular:\n%s", latex.String())
	}
}

// TestBackendsFirstReason: a backend that can do none of the boards is
// refused with the first board's reason, the smallest order of a grid.
func TestBackendsFirstReason(t *testing.T) {
	boards := []encode.Board{encode.Empty(29), encode.Empty(30)}
	_, err := Backends("bitmask", experiments.TaskCount, boards, "count these", nil)
	if err == nil || !strings.Contains(err.Error(), "backend bitmask cannot count these: it cannot count n = 29: the number of solutions exceeds 2^64 − 1") {
		t.Fatalf("got %v", err)
	}
	// One board it can do: admitted, the others' cells skipped.
	bs, err := Backends("bitmask", experiments.TaskCount, append(boards, encode.Empty(28)), "count these", nil)
	if err != nil || len(bs) != 1 || bs[0].Name() != "bitmask" {
		t.Fatalf("got %v, %v", bs, err)
	}
}
