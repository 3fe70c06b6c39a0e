package main

import (
	"context"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/preset"
)

// TestAddPreset shows what adding a preset takes: one file that registers
// it (here, inside the test, "oeis-small": every solution of n = 4..9 by
// the bitmask counter and dlx), after which qtool bench --preset runs it
// end to end, checks its counts against the reference table, lists it in
// its errors and refuses the other presets' flags.
func TestAddPreset(t *testing.T) {
	preset.Register(&preset.Preset{Name: "oeis-small",
		Spec: func(context.Context, preset.Options) (experiments.Spec, error) {
			var g experiments.Grid
			g.Task = experiments.TaskCount
			for _, name := range []string{"bitmask", "dlx"} {
				b, err := findBackend(name)
				if err != nil {
					return experiments.Spec{}, err
				}
				g.Backends = append(g.Backends, b)
			}
			for n := 4; n <= 9; n++ {
				g.Problems = append(g.Problems, experiments.Case{Board: encode.Empty(n)})
			}
			return experiments.Spec{Grids: []experiments.Grid{g}, Repeats: 1}, nil
		}})
	defer preset.Unregister("oeis-small")

	out, errOut, code := qtool(t, "", "bench", "--preset", "oeis-small", "--log", "", "--format", "csv")
	if code != 0 {
		t.Fatalf("bench --preset oeis-small: exit %d: %s", code, errOut)
	}
	// A000170: 2, 10, 4, 40, 92, 352 for n = 4..9, each by both backends.
	for _, want := range []string{",4,", ",352,"} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(out, "\n") < 12 || strings.Contains(out, "MISMATCH") {
		t.Errorf("want 12 checked rows (6 n × 2 backends):\n%s", out)
	}
	_, errOut, code = qtool(t, "", "bench", "--preset", "nosuch", "--log", "")
	if code != 2 || !strings.Contains(errOut, "oeis-small") {
		t.Errorf("unknown preset: exit %d, %q; want the new preset listed", code, errOut)
	}
	_, errOut, code = qtool(t, "", "bench", "--preset", "oeis-small", "--deltas", "3", "--log", "")
	if code != 2 || !strings.Contains(errOut, "--deltas does not apply") {
		t.Errorf("--deltas: exit %d, %q; want it refused", code, errOut)
	}
}
