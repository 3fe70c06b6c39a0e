//go:build unix

package experiments_test

import (
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/backend/peer"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/results"
)

// TestRunnerExecSolvers runs the example solvers of docs/external.md
// through the harness, as bench does: the deliberately wrong one is a
// MISMATCH, the one that prints garbage an ERROR naming its line, the one
// that hangs a TIMEOUT at the limit (its process group killed: see
// backend/peer's TestGroupKilled), and the honest one agrees.
func TestRunnerExecSolvers(t *testing.T) {
	var bs []backend.Backend
	for _, c := range [][2]string{
		{"../examples/external/wrong.sh", "dimacs"},
		{"../examples/external/garbage.sh", "dimacs"},
		{"../examples/external/hang.sh", "board"},
	} {
		b, err := peer.NewExec(c[0], c[1], "")
		if err != nil {
			t.Fatal(err)
		}
		bs = append(bs, b)
	}
	honest, err := backend.Lookup("backtrack")
	if err != nil {
		t.Fatal(err)
	}
	bs = append(bs, honest)
	start := time.Now()
	recs := rnRun(t, experiments.Spec{Repeats: 1, Timeout: 2 * time.Second, Reference: rnReference(t), Grids: []experiments.Grid{{
		Task: experiments.TaskFirst, Backends: bs, Problems: experiments.EmptyBoards([]int{8}),
	}}})
	if d := time.Since(start); d > time.Minute {
		t.Errorf("the run took %v with a limit of 2 s", d)
	}
	for _, c := range []struct {
		backend string
		status  results.Status
		msg     string
	}{
		{"exec:../examples/external/wrong.sh", results.Mismatch, "wrong answer"},
		{"exec:../examples/external/garbage.sh", results.Error, `output:3: "three" is not a literal`},
		{"exec:../examples/external/hang.sh", results.Timeout, "time limit"},
		{"backtrack", results.OK, ""},
	} {
		r := rnFind(recs, c.backend, 8, 0)
		if r.Status != c.status || !strings.Contains(r.Message, c.msg) {
			t.Errorf("%s: %v %q; want %v %q", c.backend, r.Status, r.Message, c.status, c.msg)
		}
	}
}
