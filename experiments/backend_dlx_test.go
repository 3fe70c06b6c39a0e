package experiments_test

import (
	"context"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
)

func dlxBackend(t testing.TB) backend.Backend {
	t.Helper()
	be, err := backend.Lookup("dlx")
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
		out, err := backend.SolveBoard(context.Background(), be, encode.Empty(c.n), backend.Request{Mode: backend.Count})
		if err != nil {
			t.Fatal(err)
		}
		if out.Status != backend.OK || out.Solutions != c.solutions || out.Nodes != c.nodes || out.Stats["updates"] != c.updates {
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
		out, err := backend.SolveBoard(context.Background(), be, b, backend.Request{Mode: backend.Find, Visit: func(p encode.Placement) bool {
			if err := encode.Verify(b.Problem(), p); err != nil {
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
		out, err := backend.SolveBoard(context.Background(), be, encode.Empty(10), backend.Request{Mode: backend.Find, Limit: limit,
			Visit: func(encode.Placement) bool { visited++; return true }})
		if err != nil || out.Status != backend.OK || out.Solutions != uint64(limit) || visited != limit {
			t.Errorf("limit %d: got %d solutions, %d visited, %v, %v", limit, out.Solutions, visited, out.Status, err)
		}
	}
}

// TestDLXEarlyEnd checks the status of runs whose context ends first.
func TestDLXEarlyEnd(t *testing.T) {
	be := dlxBackend(t)
	ctx, cancel := context.WithCancel(context.Background())
	out, err := backend.SolveBoard(ctx, be, encode.Empty(14), backend.Request{Mode: backend.Find, Visit: func(encode.Placement) bool {
		cancel()
		return true
	}})
	if err != nil || out.Status != backend.Interrupted || out.Solutions == 0 || out.Solutions >= 365596 {
		t.Errorf("cancelled: got %+v, %v", out, err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 0)
	defer cancel()
	out, err = backend.SolveBoard(ctx, be, encode.Empty(14), backend.Request{Mode: backend.Count})
	if err != nil || out.Status != backend.Timeout {
		t.Errorf("deadline passed: got %+v, %v", out, err)
	}
}

// TestDLXRefuses checks that the backend refuses what it cannot do.
func TestDLXRefuses(t *testing.T) {
	be := dlxBackend(t)
	for _, req := range []backend.Request{
		{Mode: backend.Count, Unique: true},
		{Mode: backend.Count, Shard: &backend.Shard{Index: 0, Count: 2}},
	} {
		if _, err := solveBoard(context.Background(), be, encode.Empty(6), req); err == nil || !strings.Contains(err.Error(), "dlx") {
			t.Errorf("request %+v: got %v, want a refusal", req, err)
		}
	}
	if _, err := backend.SolveBoard(context.Background(), be, encode.Board{N: 4, Queens: []int{0, 1}}, backend.Request{}); err == nil {
		t.Error("invalid board: no error")
	}
}

// TestDLXCompletionAgainstOthers compares completion counts with the
// backtracking and bitmask backends (when registered) on generated
// instances, solvable and not.
func TestDLXCompletionAgainstOthers(t *testing.T) {
	be := dlxBackend(t)
	var others []backend.Backend
	for _, name := range []string{"backtrack", "bitmask"} {
		if o, err := backend.Lookup(name); err == nil {
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
				got, err := backend.SolveBoard(context.Background(), be, b, backend.Request{Mode: backend.Count})
				if err != nil {
					t.Fatal(err)
				}
				if got.Solutions > 0 {
					solvable++
				} else {
					unsolvable++
				}
				for _, o := range others {
					want, err := backend.SolveBoard(context.Background(), o, b, backend.Request{Mode: backend.Count})
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
