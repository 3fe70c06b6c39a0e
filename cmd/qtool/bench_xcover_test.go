package main

import (
	"strings"
	"testing"

	"github.com/qtool-project/qtool/dlx"
	"github.com/qtool-project/qtool/preset"
)

// TestBenchXcover runs the xcover preset on small problems: every
// algorithm that applies has a cell, the counts agree (no MISMATCH), the
// known counts are the rows' answers and a cost problem's 10 best costs
// pass the check against all its solutions.
func TestBenchXcover(t *testing.T) {
	old := preset.XcoverCases
	defer func() { preset.XcoverCases = old }()
	preset.XcoverCases = func(queens []int) []preset.XcoverCase {
		ps := old(queens)
		var small []preset.XcoverCase
		for _, p := range ps {
			if strings.HasPrefix(p.Name, "queens") || p.Name == "cost-16" {
				small = append(small, p)
			}
		}
		random := func(name string, spec dlx.RandomSpec) preset.XcoverCase {
			return preset.XcoverCase{Name: name, N: spec.Primary, Build: func() (*dlx.Matrix, error) { return dlx.Random(spec) }}
		}
		return append(small,
			random("xcc-10", dlx.RandomSpec{Family: "xcc", Primary: 10, Secondary: 20, Options: 40, Colors: 2, Seed: 1}),
			random("mcc-6", dlx.RandomSpec{Family: "mcc", Primary: 6, Secondary: 12, Options: 24, Colors: 2, Seed: 1}))
	}
	out, errOut, code := qtool(t, "", "bench", "--preset", "xcover", "--n", "6,8", "--repeats", "2", "--log", "")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{"queens-6", "queens-8", " 92 ", "xcc-10", "mcc-6", "cost-16", " X ", " C ", " M ", " ss ", "zdd", "best10"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in the report:\n%s", want, out)
		}
	}
	if strings.Contains(out, "MISMATCH") || strings.Contains(out, "ERROR") {
		t.Errorf("a cell failed its check:\n%s", out)
	}
	_, errOut, code = qtool(t, "", "bench", "--preset", "xcover", "--mode", "first", "--log", "")
	if code != 2 || !strings.Contains(errOut, "--mode does not apply") {
		t.Errorf("--mode: exit %d, %q", code, errOut)
	}
}
