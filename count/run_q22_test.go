package count_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/checkpoint"
	"github.com/qtool-project/qtool/count"
	"github.com/qtool-project/qtool/internal/oracle"
)

// TestCommittedRunResumes: the checkpoint of the n = 22 count committed in
// docs/runs/q22, counted over several sittings, names the split that
// today's join plan makes, so that a build of this tree resumes it rather
// than refusing it as "another split" (a change to the join's groups must
// raise JoinVersion and say in docs/runs/q22 that the run starts over).
// The plan builds n = 22's quadrant tables (4.3 GB, about 20 s): -long.
func TestCommittedRunResumes(t *testing.T) {
	if !*long {
		t.Skip("builds the n = 22 tables (4.3 GB); run with -long")
	}
	f, err := os.Open("../docs/runs/q22/q22.ckpt")
	if err != nil {
		t.Skipf("no committed run: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var split string
	for sc.Scan() {
		if s, ok := strings.CutPrefix(sc.Text(), "split "); ok {
			split = s
			break
		}
	}
	if split == "" {
		t.Fatal("docs/runs/q22/q22.ckpt: no split line")
	}
	p, err := count.NewJoinPlan(22, 0)
	if err != nil {
		t.Fatal(err)
	}
	if p.Identity() != split {
		t.Errorf("the join plan of n = 22 is %q; the committed run was counted under %q", p.Identity(), split)
	}
}

// TestCommittedRunTotal: the committed checkpoint of the n = 22 count is
// the whole count — every one of the split's subproblems once, as
// checkpoint.Read checks them — and its parts add up to A000170(22)
// (testdata/nqueens-counts.tsv), the figure docs/counting.md reports.
func TestCommittedRunTotal(t *testing.T) {
	st, err := checkpoint.Read("../docs/runs/q22/q22.ckpt")
	if err != nil {
		t.Fatal(err)
	}
	if st.Todo != 176870 || len(st.Parts) != st.Todo || st.Shards != 1 {
		t.Fatalf("the committed run has %d of %d parts (shard %d/%d); want all 176,870 groups of n = 22 in one shard", len(st.Parts), st.Todo, st.Shard, st.Shards)
	}
	var sum, nodes uint64
	for i, p := range st.Parts {
		if p.ID != i {
			t.Fatalf("part %d has id %d", i, p.ID)
		}
		sum += p.Solutions
		nodes += p.Nodes
	}
	if want := oracle.Counts(t)[22][0]; sum != want {
		t.Errorf("the committed n = 22 count adds up to %d; A000170(22) = %d", sum, want)
	}
	t.Logf("n = 22: %d solutions, %d nodes in %d groups", sum, nodes, len(st.Parts))
}
