package experiments_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/internal/memlimit"
	"github.com/qtool-project/qtool/results"
)

// TestRunnerRefused: a backend that declines a problem because it would
// not fit in memory (an error wrapping backend.ErrTooBig) gets a REFUSED
// cell, not an ERROR, so that bench does not fail on it: a fake that says
// so, the sat backend's formula and clasp's model of 25·10⁶ squares at
// n = 5000 (refused before the program is looked for) under a limit of
// 1 GiB; a backend that fails otherwise is still an ERROR.
func TestRunnerRefused(t *testing.T) {
	old := memlimit.Limit
	defer func() { memlimit.Limit = old }()
	memlimit.Limit = func() uint64 { return 1 << 30 }
	big := &rnFake{name: "big", caps: rnAll, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		return backend.Outcome{}, fmt.Errorf("big: n = %d: %w", b.N, backend.ErrTooBig)
	}}
	broken := &rnFake{name: "broken", caps: rnAll, run: func(ctx context.Context, b encode.Board, req backend.Request) (backend.Outcome, error) {
		return backend.Outcome{}, fmt.Errorf("broken: out of luck")
	}}
	bs := []backend.Backend{big, broken}
	claspHere := true
	for _, name := range []string{"sat", "clasp"} {
		b, err := backend.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := backend.Unavailable(b); err != nil {
			// The runner skips a backend whose program is missing.
			t.Logf("%s left out: %v (.ci/setup.d/50-peers.sh installs it)", name, err)
			claspHere = false
			continue
		}
		bs = append(bs, b)
	}
	recs := rnRun(t, experiments.Spec{Repeats: 1, Grids: []experiments.Grid{{
		Task: experiments.TaskFirst, Backends: bs, Problems: experiments.EmptyBoards([]int{5000}),
	}}})
	for _, c := range []struct {
		backend string
		status  results.Status
		msg     string
	}{
		{"big", results.Refused, "needs more memory"},
		{"broken", results.Error, "out of luck"},
		{"sat", results.Refused, "more than this machine's 1.1 GB"},
		{"clasp", results.Refused, "of memory; this process may use 1.1 GB"},
	} {
		if c.backend == "clasp" && !claspHere {
			continue
		}
		r := rnFind(recs, c.backend, 5000, 0)
		if r.Status != c.status || !strings.Contains(r.Message, c.msg) {
			t.Errorf("%s: got %v %q; want %v %q", c.backend, r.Status, r.Message, c.status, c.msg)
		}
	}
	rep := results.NewReport(nil, recs, "")
	if got := rep.Count(results.Error); got != 1 {
		t.Errorf("report: %d ERROR cells, want 1 (broken's)", got)
	}
	if got, want := rep.Count(results.Refused), len(bs)-1; got != want {
		t.Errorf("report: %d REFUSED cells, want %d", got, want)
	}
	var sb strings.Builder
	if err := rep.Write(&sb, results.Text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sb.String(), "REFUSED") {
		t.Errorf("the table shows no REFUSED cell:\n%s", sb.String())
	}
	// With memory to spare, the model of n = 10⁴ (10⁸ squares) is refused
	// by its fixed bound, encode.MaxModelCells, before it is built.
	if !claspHere {
		t.Skip("clasp is not installed: its model of n = 10⁴ is not tried")
	}
	memlimit.Limit = func() uint64 { return 1 << 40 }
	recs = rnRun(t, experiments.Spec{Repeats: 1, Grids: []experiments.Grid{{
		Task: experiments.TaskFirst, Backends: bs[3:], Problems: experiments.EmptyBoards([]int{10_000}),
	}}})
	if r := rnFind(recs, "clasp", 10_000, 0); r.Status != results.Refused || !strings.Contains(r.Message, "more than 4194304") {
		t.Errorf("clasp, n = 10⁴: got %v %q; want refused by MaxModelCells", r.Status, r.Message)
	}
}
