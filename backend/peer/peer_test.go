package peer_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/backend/peer"
	"github.com/qtool-project/qtool/encode"
)

// solve runs backend name on p through backend.Solve, every solution
// checked by the verifier here too.
func solve(t *testing.T, be backend.Backend, p encode.Problem, mode backend.Mode, timeout time.Duration) (backend.Outcome, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	req := backend.Request{Mode: mode, Limit: 1, VisitCells: func(cells []encode.Cell) bool {
		q := p
		if q.Variant.Goal() != encode.Place {
			q.Pieces = len(cells)
		}
		if err := encode.Verify(q, cells); err != nil {
			t.Errorf("%s: %v: %v", be.Name(), cells, err)
		}
		return true
	}}
	if mode == backend.Count {
		req.Limit, req.VisitCells = 0, nil
	}
	return backend.Solve(ctx, be, p, req)
}

func lookup(t *testing.T, name string) backend.Backend {
	t.Helper()
	be, err := backend.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := backend.Unavailable(be); err != nil {
		t.Skipf("%s: %s (see .ci/setup.d/50-peers.sh)", name, backend.UnavailableReason(err))
	}
	return be
}

func board(n int) encode.Problem {
	return encode.Problem{Instance: encode.Instance{Board: encode.Empty(n)}}
}

func published(t *testing.T, param string, k int) encode.Problem {
	t.Helper()
	in, err := encode.ParseInstanceWith(strings.NewReader(string(must(os.ReadFile("../../testdata/csplib-prob079/params/"+param)))), param, encode.ReadOptions{LimitDiagonals: true, Diagonals: k})
	if err != nil {
		t.Fatal(err)
	}
	return encode.Problem{Instance: in}
}

// TestPeers: each peer finds a verified solution of n = 8, decides a
// published instance without one (CSPLib prob079 diag-10-4-1, 9
// diagonals) and one with (diag-12-4-106, 6 diagonals, 158 completions),
// and the ones that enumerate count 92 for n = 8, 28 for the toroidal
// n = 7 (A051906) and the 158.
func TestPeers(t *testing.T) {
	for _, name := range []string{"gecode", "clasp", "cbc", "glpk"} {
		t.Run(name, func(t *testing.T) {
			be := lookup(t, name)
			for _, c := range []struct {
				what  string
				p     encode.Problem
				count uint64
			}{
				{"n=8", board(8), 92},
				{"diag-10-4-1", published(t, "diag-10-4-1.param", 9), 0},
				{"diag-12-4-106", published(t, "diag-12-4-106.param", 6), 158},
				{"toroidal n=7", encode.Problem{Instance: board(7).Instance, Variant: encode.Toroidal}, 28},
			} {
				out, err := solve(t, be, c.p, backend.Find, 5*time.Minute)
				if err != nil || out.Status != backend.OK || (out.Solutions > 0) != (c.count > 0) {
					t.Errorf("%s %s: %+v, %v; want %v", name, c.what, out, err, c.count > 0)
				}
				if !be.Caps().Count {
					continue
				}
				out, err = solve(t, be, c.p, backend.Count, 5*time.Minute)
				if err != nil || out.Status != backend.OK || out.Solutions != c.count {
					t.Errorf("%s %s count: %+v, %v; want %d", name, c.what, out, err, c.count)
				}
			}
		})
	}
}

// TestPeerTimeout: a peer on a problem it cannot finish in the time
// limit stops at it, with Status Timeout.
func TestPeerTimeout(t *testing.T) {
	be := lookup(t, "clasp")
	p := board(9)
	start := time.Now()
	out, err := solve(t, be, encode.Problem{Instance: encode.Instance{Board: encode.Empty(30)}, Variant: encode.Superqueens}, backend.Count, 500*time.Millisecond)
	_ = p
	if err != nil || out.Status != backend.Timeout || time.Since(start) > 20*time.Second {
		t.Errorf("clasp counting superqueens n = 30 for 0.5 s: %+v, %v after %v", out, err, time.Since(start))
	}
}

// exampleSolver builds the example solver of docs/external.md.
func exampleSolver(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to build the example solver")
	}
	bin := filepath.Join(t.TempDir(), "queens")
	if out, err := exec.Command("go", "build", "-o", bin, "../../examples/external/queens").CombinedOutput(); err != nil {
		t.Fatalf("building the example solver: %v: %s", err, out)
	}
	return bin
}

// TestExec: the example solver of docs/external.md (protocol board) runs
// through the harness: a verified solution of n = 8 and of a board with
// excluded diagonals, and none for an instance without one; clasp as a
// DIMACS program (its input from the file {}), MiniZinc through a shell
// script, and qtool's own dlx as an exact-cover program agree.
func TestExec(t *testing.T) {
	bin := exampleSolver(t)
	be, err := peer.NewExec(bin, "board", "example")
	if err != nil {
		t.Fatal(err)
	}
	if be.Name() != "example" {
		t.Errorf("name %q", be.Name())
	}
	for _, c := range []struct {
		what string
		p    encode.Problem
		sat  bool
	}{
		{"n=8", board(8), true},
		{"diag-10-4-1", published(t, "diag-10-4-1.param", 9), false},
		{"diag-12-4-106", published(t, "diag-12-4-106.param", 6), true},
	} {
		out, err := solve(t, be, c.p, backend.Find, time.Minute)
		if err != nil || out.Status != backend.OK || (out.Solutions > 0) != c.sat {
			t.Errorf("example %s: %+v, %v; want %v", c.what, out, err, c.sat)
		}
	}
	for _, c := range []struct{ cmd, protocol string }{
		{"clasp {}", "dimacs"},
		{"../../examples/external/gecode.sh {}", "minizinc"},
	} {
		if _, err := exec.LookPath(strings.Fields(c.cmd)[0]); err != nil && !strings.Contains(c.cmd, "/") {
			t.Logf("%s: skipped: not installed", c.cmd)
			continue
		}
		if _, err := exec.LookPath("minizinc"); err != nil && c.protocol == "minizinc" {
			t.Logf("%s: skipped: minizinc is not installed", c.cmd)
			continue
		}
		be, err := peer.NewExec(c.cmd, c.protocol, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []encode.Problem{board(8), published(t, "diag-10-4-1.param", 9), {Instance: board(7).Instance, Variant: encode.Toroidal}} {
			out, err := solve(t, be, p, backend.Find, time.Minute)
			if err != nil || out.Status != backend.OK {
				t.Errorf("%s: %+v, %v", c.cmd, out, err)
			}
		}
	}
}

// TestExecWrong: a solver whose answer is wrong is caught
// (backend.ErrWrongAnswer, which the runner reports as MISMATCH); one that
// prints garbage is an error that names the line; one that hangs is
// stopped at the time limit.
func TestExecWrong(t *testing.T) {
	wrong, _ := peer.NewExec("../../examples/external/wrong.sh", "dimacs", "")
	_, err := solve(t, wrong, board(8), backend.Find, time.Minute)
	if err == nil || !strings.Contains(err.Error(), "wrong answer") {
		t.Errorf("wrong solver: %v, want a wrong answer", err)
	}
	garbage, _ := peer.NewExec("../../examples/external/garbage.sh", "dimacs", "")
	_, err = solve(t, garbage, board(8), backend.Find, time.Minute)
	if err == nil || !strings.Contains(err.Error(), "output:3: \"three\" is not a literal") {
		t.Errorf("garbage solver: %v, want an error naming line 3", err)
	}
	hang, _ := peer.NewExec("../../examples/external/hang.sh", "board", "")
	start := time.Now()
	out, err := solve(t, hang, board(8), backend.Find, 300*time.Millisecond)
	if err != nil || out.Status != backend.Timeout || time.Since(start) > 10*time.Second {
		t.Errorf("hanging solver: %+v, %v after %v", out, err, time.Since(start))
	}
	missing, _ := peer.NewExec("/nonexistent/solver", "dimacs", "")
	if err := backend.Unavailable(missing); err == nil || !strings.Contains(backend.UnavailableReason(err), "not on PATH") {
		t.Errorf("a missing program: %v", err)
	}
	if _, err := peer.NewExec("x", "nosuch", ""); err == nil {
		t.Error("an unknown protocol was accepted")
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}
