package experiments_test

import (
	"context"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/internal/oracle"
)

func dlxBackend(t testing.TB) experiments.Backend {
	t.Helper()
	be, err := experiments.Lookup("dlx")
	if err != nil {
		t.Fatal(err)
	}
	return be
}

// TestDLXKnuthFigures runs the dlx backend (encode.ExactCover fed to dlx) on
// the empty boards and compares with the figures of Knuth's dlx1 on his
// queens-dlx input: the encoder's matrix is his, item for item.
func TestDLXKnuthFigures(t *testing.T) {
	be := dlxBackend(t)
	for _, c := range []struct {
		n                         int
		solutions, nodes, updates uint64
	}{
		{8, 92, 1049, 16680},
		{12, 14200, 211716, 3594752},
		{13, 73712, 1046319, 17463157},
	} {
		out, err := be.Run(context.Background(), encode.Empty(c.n), experiments.Request{Mode: experiments.Count})
		if err != nil {
			t.Fatal(err)
		}
		if out.Status != experiments.OK || out.Solutions != c.solutions || out.Nodes != c.nodes || out.Stats["updates"] != c.updates {
			t.Errorf("n=%d: got %d solutions, %d nodes, %d updates (%v); want %d, %d, %d",
				c.n, out.Solutions, out.Nodes, out.Stats["updates"], out.Status, c.solutions, c.nodes, c.updates)
		}
	}
}

// TestDLXFind lists solutions with and without a limit, verifying each.
func TestDLXFind(t *testing.T) {
	be := dlxBackend(t)
	ref := oracle.All(t)
	for n := 1; n <= 9; n++ {
		b := encode.Empty(n)
		seen := map[string]bool{}
		out, err := be.Run(context.Background(), b, experiments.Request{Mode: experiments.Find, Visit: func(p encode.Placement) bool {
			if err := encode.Verify(b, p); err != nil {
				t.Fatalf("n=%d: %v", n, err)
			}
			if seen[p.String()] {
				t.Fatalf("n=%d: %v found twice", n, p)
			}
			seen[p.String()] = true
			return true
		}})
		if err != nil || out.Solutions != ref[n] || uint64(len(seen)) != ref[n] {
			t.Errorf("unexpected count for n=%d: got %d (%d visited), %v; want %d", n, out.Solutions, len(seen), err, ref[n])
		}
	}
	for _, limit := range []int{1, 3} {
		visited := 0
		out, err := be.Run(context.Background(), encode.Empty(10), experiments.Request{Mode: experiments.Find, Limit: limit,
			Visit: func(encode.Placement) bool { visited++; return true }})
		if err != nil || out.Status != experiments.OK || out.Solutions != uint64(limit) || visited != limit {
			t.Errorf("limit %d: got %d solutions, %d visited, %v, %v", limit, out.Solutions, visited, out.Status, err)
		}
	}
}

// TestDLXEarlyEnd checks the status of runs whose context ends first.
func TestDLXEarlyEnd(t *testing.T) {
	be := dlxBackend(t)
	ctx, cancel := context.WithCancel(context.Background())
	out, err := be.Run(ctx, encode.Empty(14), experiments.Request{Mode: experiments.Find, Visit: func(encode.Placement) bool {
		cancel()
		return true
	}})
	if err != nil || out.Status != experiments.Interrupted || out.Solutions == 0 || out.Solutions >= 365596 {
		t.Errorf("cancelled: got %+v, %v", out, err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 0)
	defer cancel()
	out, err = be.Run(ctx, encode.Empty(14), experiments.Request{Mode: experiments.Count})
	if err != nil || out.Status != experiments.Timeout {
		t.Errorf("deadline passed: got %+v, %v", out, err)
	}
}

// TestDLXRefuses checks that the backend refuses what it cannot do.
func TestDLXRefuses(t *testing.T) {
	be := dlxBackend(t)
	for _, req := range []experiments.Request{
		{Mode: experiments.Count, Unique: true},
		{Mode: experiments.Count, Shard: &experiments.Shard{Index: 0, Count: 2}},
	} {
		if _, err := solveBoard(context.Background(), be, encode.Empty(6), req); err == nil || !strings.Contains(err.Error(), "dlx") {
			t.Errorf("request %+v: got %v, want a refusal", req, err)
		}
	}
	if _, err := be.Run(context.Background(), encode.Board{N: 4, Queens: []int{0, 1}}, experiments.Request{}); err == nil {
		t.Error("invalid board: no error")
	}
}

// TestDLXCompletionAgainstOthers compares completion counts with the
// backtracking and bitmask backends (when registered) on generated
// instances, solvable and not.
func TestDLXCompletionAgainstOthers(t *testing.T) {
	be := dlxBackend(t)
	var others []experiments.Backend
	for _, name := range []string{"backtrack", "bitmask"} {
		if o, err := experiments.Lookup(name); err == nil {
			others = append(others, o)
		}
	}
	if len(others) == 0 {
		t.Skip("no other exact backend registered")
	}
	solvable, unsolvable := 0, 0
	for n := 6; n <= 13; n++ {
		for _, k := range []int{1, n / 3, n / 2} {
			for i := uint64(0); i < 4; i++ {
				b, err := encode.Generate(n, k, 99, i)
				if err != nil {
					t.Fatal(err)
				}
				got, err := be.Run(context.Background(), b, experiments.Request{Mode: experiments.Count})
				if err != nil {
					t.Fatal(err)
				}
				if got.Solutions > 0 {
					solvable++
				} else {
					unsolvable++
				}
				for _, o := range others {
					want, err := o.Run(context.Background(), b, experiments.Request{Mode: experiments.Count})
					if err != nil || got.Solutions != want.Solutions {
						t.Errorf("unexpected count for %+v: got %d want %d (%s, %v)", b, got.Solutions, want.Solutions, o.Name(), err)
					}
				}
			}
		}
	}
	if solvable == 0 || unsolvable == 0 {
		t.Errorf("%d solvable and %d unsolvable instances: the test needs both", solvable, unsolvable)
	}
}
