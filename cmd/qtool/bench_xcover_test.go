package main

import (
	"strings"
	"testing"

	"github.com/qtool-project/qtool/dlx"
)

// TestBenchXcover runs the xcover preset on small problems: every
// algorithm that applies has a cell, the counts agree (no MISMATCH), the
// known counts are the rows' answers and a cost problem's 10 best costs
// pass the check against all its solutions.
func TestBenchXcover(t *testing.T) {
	old := xcoverProblemsFor
	defer func() { xcoverProblemsFor = old }()
	xcoverProblemsFor = func(queens []int) []xcoverProblem {
		ps := xcoverProblems(queens)
		var small []xcoverProblem
		for _, p := range ps {
			if strings.HasPrefix(p.name, "queens") || p.name == "cost-16" {
				small = append(small, p)
			}
		}
		random := func(name string, spec dlx.RandomSpec) xcoverProblem {
			return xcoverProblem{name: name, n: spec.Primary, build: func() (*dlx.Matrix, error) { return dlx.Random(spec) }}
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
