package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/results"
)

// TestBenchDiagonals runs a small Excluded Diagonals experiment end to
// end: every instance decided by backtrack, dlx and sat (their answers
// cross-checked, every solution verified by the harness), the summary per
// n and d with the 50 % point and the peaks, the plot, the log that qtool
// table re-renders to the same summary, and --resume that measures
// nothing again.
func TestBenchDiagonals(t *testing.T) {
	dir := t.TempDir()
	log, plot := filepath.Join(dir, "log.jsonl"), filepath.Join(dir, "d.png")
	args := []string{"bench", "--preset", "diagonals", "--n", "7-8", "--excluded", "0-12", "--instances", "6", "--log", log, "--plot", plot, "--format", "md"}
	out, errOut, code := qtool(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	flat := strings.Join(strings.Fields(out), " ")
	for _, s := range []string{"| 8 | 0 | 0.00 | 6 | 6/6 |", "per n: where the fraction satisfiable crosses 1/2", "backtrack peak d (median nodes)", "sat peak d (median s)", "n − 2"} {
		if !strings.Contains(flat, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	if st, err := os.Stat(plot); err != nil || st.Size() < 1000 {
		t.Errorf("plot: %v", err)
	}
	envs, recs := readLogFile(t, log)
	rep := results.NewReport(envs, recs, "")
	if len(rep.Tables) != 1 || rep.Tables[0].Excluded == nil {
		t.Fatalf("log: %d tables, want one Excluded Diagonals summary", len(rep.Tables))
	}
	e := rep.Tables[0].Excluded
	decided := map[string]int{}
	for _, r := range recs {
		if r.Status != results.OK {
			t.Errorf("%s %s: %v %s", r.Board, r.Backend, r.Status, r.Message)
		}
		decided[r.Backend]++
	}
	if decided["backtrack"] == 0 || decided["backtrack"] != decided["dlx"] || decided["dlx"] != decided["sat"] {
		t.Errorf("decisions per backend: %v", decided)
	}
	// d = 0 is plain n-queens, satisfiable for n ≥ 4. The instances of
	// every d, d = 0 included, are searched on the model: backtrack and
	// dlx both branch on its most constrained line, and their median nodes
	// differ by a node or two (dlx counts its root), where backtrack's
	// row-by-row path for plain boards takes other numbers.
	for _, r := range e.Rows {
		bt, dl := r.Cells[0], r.Cells[1]
		if bt.Backend != "backtrack" || dl.Backend != "dlx" || !bt.HasNodes || !dl.HasNodes || dl.Nodes-bt.Nodes < -2 || dl.Nodes-bt.Nodes > 2 {
			t.Errorf("n = %d, d = %d: median nodes %s %v, %s %v", r.N, r.D, bt.Backend, bt.Nodes, dl.Backend, dl.Nodes)
		}
		if r.D == 0 && (r.Satisfiable != 6 || r.Instances != 6) {
			t.Errorf("n = %d, d = 0: %d of %d satisfiable", r.N, r.Satisfiable, r.Instances)
		}
		if r.Undecided > 0 {
			t.Errorf("n = %d, d = %d: %d undecided", r.N, r.D, r.Undecided)
		}
	}
	if len(e.Orders) != 2 || e.Orders[0].N != 7 || e.Orders[1].N != 8 {
		t.Fatalf("orders %+v", e.Orders)
	}
	again, _, code := qtool(t, "", "table", log, "--format", "md")
	if code != 0 || !strings.Contains(again, out[strings.Index(out, "**per n"):]) {
		t.Errorf("qtool table re-renders differently: exit %d\n%s", code, again)
	}
	before := len(recs)
	if _, errOut, code := qtool(t, "", append(args, "--resume")...); code != 0 {
		t.Fatalf("--resume: exit %d %s", code, errOut)
	}
	if _, recs := readLogFile(t, log); len(recs) != before {
		t.Errorf("--resume measured %d runs again", len(recs)-before)
	}
}

// liar declares backtrack's capabilities, but answers "no solution" to
// every problem the preset asks (on the model): it must catch it.
type liar struct{ backend.Backend }

func (liar) Name() string { return "liar" }
func (l liar) Run(ctx context.Context, p encode.Problem, req backend.Request) (backend.Outcome, error) {
	return backend.Outcome{Status: backend.OK}, nil
}

// TestBenchDiagonalsMismatch: a backend that answers wrongly makes the
// preset's cells MISMATCH and its exit status 1.
func TestBenchDiagonalsMismatch(t *testing.T) {
	bt, err := backend.Lookup("backtrack")
	if err != nil {
		t.Fatal(err)
	}
	withFakes(t, liar{bt})
	out, errOut, code := qtool(t, "", "bench", "--preset", "diagonals", "--n", "8", "--excluded", "2", "--instances", "3", "--backends", "backtrack,dlx,liar", "--log", "")
	if code != 1 || !strings.Contains(out, "MISMATCH") || !strings.Contains(errOut, "MISMATCH") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
}
