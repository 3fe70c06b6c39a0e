package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/split"
)

// TestPiecesBackends: queens+knights and --pieces count the published
// placements (testdata/mixed-pieces-published.tsv: the chess challenge's
// small boards, ITA's 8×8 queens and knights) on backtrack and dlx, and
// the small ones on sat too; the JSON record carries the problem and the
// pieces.
func TestPiecesBackends(t *testing.T) {
	for _, c := range []struct {
		args     []string
		backends []string
		army     string
		want     uint64
	}{
		{[]string{"-n", "3", "--pieces", "K=2,R=1"}, []string{"backtrack", "dlx", "sat"}, "K=2,R=1", 4},
		{[]string{"-n", "4", "--pieces", "R=2,N=4"}, []string{"backtrack", "dlx", "sat"}, "N=4,R=2", 8},
		{[]string{"-n", "8", "--problem", "queens+knights"}, []string{"backtrack", "dlx"}, "Q=5,N=5", 16},
		{[]string{"-n", "5", "--problem", "queens+knights"}, []string{"backtrack", "dlx", "sat"}, "Q=2,N=2", 156},
	} {
		for _, b := range c.backends {
			args := append([]string{"count", "--backend", b, "--json"}, c.args...)
			out, errOut, code := qtool(t, "", args...)
			var rec split.Record
			if code != 0 || json.Unmarshal([]byte(out), &rec) != nil {
				t.Fatalf("%v: exit %d %s%s", args, code, out, errOut)
			}
			if rec.Solutions != c.want || rec.Army != c.army || rec.Problem == "" || !rec.Complete {
				t.Errorf("%v: %d solutions of %q (%q); want %d of %s", args, rec.Solutions, rec.Army, rec.Problem, c.want, c.army)
			}
			if c.want > 200 {
				continue
			}
			// solve lists them all, each checked by the verifier.
			sargs := append([]string{"solve", "--backend", b, "--limit", "0", "--format", "list"}, c.args...)
			out, errOut, code = qtool(t, "", sargs...)
			if n := strings.Count(out, "\n"); code != 0 || uint64(n) != c.want {
				t.Errorf("%v: exit %d, %d solutions listed, want %d\n%s", sargs, code, n, c.want, errOut)
			}
		}
	}
}

// TestPrintedFormsReadBack: every form solve prints for the problems of
// other pieces (grid, list, algebraic; kings, knights, bishops, rooks,
// superqueens, domination, queens+knights, pieces) reads back with --board
// as the board of those very pieces: its one completion is itself, and
// count says the right piece given.
func TestPrintedFormsReadBack(t *testing.T) {
	for _, c := range []struct {
		args []string
		word string
	}{
		{[]string{"-n", "5", "--problem", "kings"}, "kings"},
		{[]string{"-n", "4", "--problem", "knights"}, "knights"},
		{[]string{"-n", "5", "--problem", "bishops"}, "bishops"},
		{[]string{"-n", "4", "--problem", "rooks"}, "rooks"},
		{[]string{"-n", "10", "--problem", "superqueens"}, "superqueens"},
		{[]string{"-n", "5", "--problem", "domination"}, "queens"},
		{[]string{"-n", "6", "--problem", "queens+knights"}, "pieces"},
		{[]string{"-n", "5", "--pieces", "K=2,Q=1,N=2"}, "pieces"},
	} {
		for _, format := range []string{"grid", "list", "algebraic"} {
			args := append([]string{"solve", "--format", format}, c.args...)
			out, errOut, code := qtool(t, "", args...)
			if code != 0 {
				t.Fatalf("%v: exit %d %s", args, code, errOut)
			}
			board := writeFile(t, "printed.txt", out)
			back := append([]string{"count", "--board", board}, c.args[2:]...)
			o, e, code := qtool(t, "", back...)
			if code != 0 || !strings.Contains(o, "solutions    1\n") && !strings.Contains(o, "solutions  1\n") || !strings.Contains(o, " "+c.word+" given") {
				t.Errorf("%v printed\n%s\nwhich %v reads as: exit %d\n%s%s", args, out, back, code, o, e)
			}
		}
	}
}

// TestPiecesBadInput: bad pieces and boards are one line on stderr, exit
// 2, at the file's place where there is one; a problem without a
// placement is a clear "none", exit 0.
func TestPiecesBadInput(t *testing.T) {
	grid := func(s string) string { return writeFile(t, "bad.txt", s) }
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"count", "-n", "3", "--pieces", "Q=10"}, 2, "10 pieces (Q=10) do not fit on the 3×3 board"},
		{[]string{"count", "-n", "3", "--pieces", "X=1"}, 2, `unknown piece "X"`},
		{[]string{"count", "-n", "3", "--pieces", "Q=1,Q=2"}, 2, "queen given twice"},
		{[]string{"count", "-n", "3", "--problem", "pieces"}, 2, "--problem pieces needs --pieces"},
		{[]string{"count", "-n", "3", "--problem", "kings", "--pieces", "K=2"}, 2, "--pieces applies to --problem pieces"},
		{[]string{"count", "--board", grid("QN..\n....\n....\n....\n"), "--problem", "queens+knights"}, 2, "bad.txt:1:2: the queen at (0,0) a1 and the knight at (0,1) b1 attack each other"},
		{[]string{"count", "--board", grid("Q...\n....\n.N..\n....\n"), "--problem", "queens+knights"}, 2, "bad.txt:3:2: the queen at (0,0) a1 and the knight at (2,1) b3 attack each other (on one knight-pair)"},
		{[]string{"count", "--board", grid("KK..\n....\n....\n....\n"), "--problem", "kings"}, 2, "bad.txt:1:2: the kings given at (0,0) a1 and (0,1) b1 attack each other"},
		{[]string{"count", "--board", grid("Q...\n..N.\n....\n....\n"), "--pieces", "Q=2"}, 2, "bad.txt:2:3: the pieces Q=2 hold no knight"},
		{[]string{"count", "--board", grid("N...\n....\n....\n....\n"), "--problem", "kings"}, 2, "bad.txt:1:1: the kings problem places no knight"},
		{[]string{"count", "--board", grid("n 3 0,0,Z\n"), "--pieces", "Q=2"}, 2, `bad.txt:1:5: bad piece "Z"`},
		{[]string{"count", "--board", grid("Z..\n...\n...\n"), "--pieces", "Q=2"}, 2, `bad.txt:1:1: unexpected character "Z"`},
		{[]string{"count", "--board", grid("n 3 0,0,Q 0,0,N\n"), "--pieces", "Q=1,N=1"}, 2, "bad.txt:1:11: square 0,0 given twice"},
		{[]string{"count", "--board", grid("0,0 1,2\n"), "--problem", "kings"}, 2, `bad.txt:1:1: a list of r,c squares needs the board's order first`},
		{[]string{"check", grid("QN..\n....\n....\n....\n")}, 2, "bad.txt:1:2: a knight 'N' at (0,1) b1: this command reads queens"},
		{[]string{"count", "--board", grid("QN..\n....\n....\n....\n")}, 2, "bad.txt:1:2: a knight 'N' at (0,1) b1"},
		{[]string{"count", "--board", grid("Q.Q.\n....\n....\n....\n")}, 2, "row 0 holds two queens"},
		{[]string{"count", "--board", grid("NNN.\n....\n....\n....\n"), "--pieces", "N=2"}, 2, "bad.txt:1:3: 3 knights given, the pieces N=2 have 2"},
		{[]string{"solve", "-n", "3", "--pieces", "Q=3"}, 0, "no solution: this pieces problem on the 3×3 board has none"},
		{[]string{"count", "-n", "3", "--pieces", "Q=3"}, 0, "solutions  0"},
	} {
		out, errOut, code := qtool(t, "", c.args...)
		if code != c.code || !strings.Contains(out+errOut, c.want) || code == 2 && strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d\n%s%s\nwant exit %d and %q", c.args, code, out, errOut, c.code, c.want)
		}
	}
}

// TestEncodePiecesDLX: the matrix that encode --to dlx writes for
// queens+knights and --pieces has the published number of solutions,
// counted by xcover (Algorithm M: the kinds' numbers are multiplicities).
func TestEncodePiecesDLX(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-n", "3", "--pieces", "K=2,R=1"}, "4"},
		{[]string{"-n", "4", "--pieces", "R=2,N=4"}, "8"},
		{[]string{"-n", "8", "--pieces", "Q=1,N=1"}, "2240"},
		{[]string{"-n", "6", "--problem", "queens+knights"}, "176"},
		{[]string{"-n", "6", "--problem", "queens+knights", "--pieces", "8"}, "0"},
	} {
		enc, errOut, code := xrun(t, ctx, "", append([]string{"encode", "--to", "dlx"}, c.args...)...)
		if code != 0 {
			t.Fatalf("encode %v: exit %d: %s", c.args, code, errOut)
		}
		out, errOut, code := xrun(t, ctx, enc, "xcover", "-", "--count")
		if code != 0 {
			t.Fatalf("xcover of encode %v: exit %d: %s", c.args, code, errOut)
		}
		if got := summary(t, out, "solutions"); got != c.want {
			t.Errorf("encode %v | xcover --count: %s solutions, want %s", c.args, got, c.want)
		}
	}
}

// TestPiecesModelLimit: the models of several kinds are sized before they
// are built (their pairs grow as n³): under prlimit a board far beyond the
// memory is one line, exit 2, not a fatal error.
func TestPiecesModelLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs qtool under prlimit")
	}
	if _, err := exec.LookPath("prlimit"); err != nil {
		t.Skip("prlimit is not installed")
	}
	for _, args := range [][]string{
		{"count", "-n", "2048", "--problem", "queens+knights", "--timeout", "5s"},
		{"count", "-n", "300", "--pieces", "Q=3,N=3", "--backend", "dlx", "--timeout", "5s"},
		{"count", "-n", "268435456", "--pieces", "K=1,N=1", "--backend", "sat"},
		{"encode", "-n", "1000", "--pieces", "Q=2,N=2", "--to", "dimacs", "--out", os.DevNull},
	} {
		cmd := exec.Command("prlimit", append([]string{"--as=4000000000", os.Args[0]}, args...)...)
		cmd.Env = append(os.Environ(), "QTOOL_TEST_MAIN=1")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if e := stderr.String(); code != 2 || strings.Count(e, "\n") != 1 || !strings.Contains(e, "needs about") {
			t.Errorf("%v: exit %d %q; want one line saying what it needs, exit 2", args, code, e)
		}
	}
}

// TestPiecesPawns: pawns belong to queens+pawns only; on a board of other
// pieces they are one line, exit 2.
func TestPiecesPawns(t *testing.T) {
	board := writeFile(t, "pawn.txt", "Qp..\n....\n....\n....\n")
	for _, args := range [][]string{
		{"count", "--board", board, "--pieces", "Q=1,N=1"},
		{"count", "--board", board, "--problem", "queens+knights"},
		{"count", "--board", board, "--problem", "kings"},
	} {
		_, errOut, code := qtool(t, "", args...)
		if code != 2 || !strings.Contains(errOut, "pawns ('p')") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d %q; want one line about the pawns, exit 2", args, code, errOut)
		}
	}
}

// TestBenchPieces: bench counts and finds the problems of several kinds
// on backtrack and dlx, every solution handed over checked (a mismatch
// fails the command).
func TestBenchPieces(t *testing.T) {
	for _, args := range [][]string{
		{"bench", "--problem", "queens+knights", "-n", "4-5", "--backends", "backtrack,dlx", "--repeats", "1"},
		{"bench", "--problem", "queens+knights", "-n", "5", "--backends", "backtrack,dlx", "--repeats", "1", "--mode", "first"},
		{"bench", "--pieces", "K=2,Q=1", "-n", "4", "--backends", "backtrack,dlx", "--repeats", "1", "--mode", "first"},
	} {
		out, errOut, code := qtool(t, "", append(args, "--log", "")...)
		if code != 0 || strings.Contains(out+errOut, "MISMATCH") {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
}
