package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// satRun drives the command line and returns stdout, stderr and the exit
// status.
func satRun(t *testing.T, ctx context.Context, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	c := &cli{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut}
	code := exitCode(&errOut, runContext(ctx, c, args))
	return out.String(), errOut.String(), code
}

func satFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// satModel reads the "s" line and the model of "v" lines (DIMACS literals)
// that a SAT solver printed.
func satModel(t *testing.T, out string) (status string, model map[int]bool) {
	t.Helper()
	model = map[int]bool{}
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "s "):
			status = strings.TrimPrefix(line, "s ")
		case strings.HasPrefix(line, "v "):
			for _, tok := range strings.Fields(line[2:]) {
				l, err := strconv.Atoi(tok)
				if err != nil {
					t.Fatalf("v line %q: %v", line, err)
				}
				if l > 0 {
					model[l] = true
				}
			}
		}
	}
	return status, model
}

// satPlacement reads a placement of board b from a model in the canonical
// numbering, x(r,c) = r·n+c+1, written here independently of
// encode.Formula.Decode: the given queens stay, and each free row gets the
// one square, among those no given queen takes or attacks, whose variable
// is true (the other squares appear in no clause, so a solver may set them
// either way). A row with no such square or several gets −1.
func satPlacement(b encode.Board, model map[int]bool) encode.Placement {
	n := b.N
	p := make(encode.Placement, n)
	for r := range p {
		if p[r] = b.Queen(r); p[r] >= 0 {
			continue
		}
		for c := 0; c < n; c++ {
			attacked := false
			for r2 := 0; r2 < n; r2++ {
				if c2 := b.Queen(r2); c2 >= 0 && (c2 == c || r2+c2 == r+c || r2-c2 == r-c) {
					attacked = true
				}
			}
			if attacked || !model[r*n+c+1] {
				continue
			}
			if p[r] >= 0 {
				p[r] = -1
				break
			}
			p[r] = c
		}
	}
	return p
}

func TestEncodeDIMACSAndSolve(t *testing.T) {
	ctx := context.Background()
	for _, amo := range []string{"pairwise", "sequential", "commander", "product", ""} {
		args := []string{"encode", "-n", "8", "--to", "dimacs"}
		if amo != "" {
			args = append(args, "--amo", amo)
		}
		cnf, errOut, code := satRun(t, ctx, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		want := amo
		if want == "" {
			want = encode.DefaultAMO.String()
		}
		for _, c := range []string{"c n 8\n", "c amo " + want + "\n", "c variable r*8+c+1 is a queen on row r, column c (0-based), 1..64\n", "\np cnf "} {
			if !strings.Contains(cnf, c) {
				t.Errorf("amo %q: output lacks %q", amo, c)
			}
		}
		out, errOut, code := satRun(t, ctx, cnf, "sat", "-")
		status, model := satModel(t, out)
		if code != exitSatisfiable || status != "SATISFIABLE" || errOut != "" {
			t.Fatalf("sat on 8 queens (%s): exit %d, s %q, stderr %q", amo, code, status, errOut)
		}
		if err := encode.Verify(encode.Empty(8).Problem(), satPlacement(encode.Empty(8), model)); err != nil {
			t.Errorf("amo %q: the model printed is not a solution: %v", amo, err)
		}
	}
	cnf, _, _ := satRun(t, ctx, "", "encode", "-n", "3", "--to", "dimacs")
	out, _, code := satRun(t, ctx, cnf, "sat", "-")
	if status, _ := satModel(t, out); code != exitUnsatisfiable || status != "UNSATISFIABLE" || strings.Contains(out, "\nv ") {
		t.Errorf("3 queens: exit %d\n%s", code, out)
	}
	out, _, code = satRun(t, ctx, "", "encode", "-n", "8", "--to", "dimacs", "--amo", "ladderish")
	if code != exitUsage || out != "" {
		t.Errorf("--amo ladderish: exit %d", code)
	}
}

// TestEncodeDIMACSBoard writes the completion of a board: the given queen
// is a unit clause and every model printed completes the board.
func TestEncodeDIMACSBoard(t *testing.T) {
	ctx := context.Background()
	board := satFile(t, "b.txt", "..Q.....\n........\n........\n........\n........\n........\n........\n........\n")
	cnf, errOut, code := satRun(t, ctx, "", "encode", "--board", board, "--to", "dimacs", "--amo", "commander")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(cnf, "\n3 0\n") {
		t.Errorf("no unit clause for the queen at (0,2)")
	}
	out, _, code := satRun(t, ctx, cnf, "sat", "-")
	_, model := satModel(t, out)
	b := encode.Board{N: 8, Queens: []int{2}}
	if code != exitSatisfiable {
		t.Fatalf("exit %d", code)
	}
	if err := encode.Verify(b.Problem(), satPlacement(b, model)); err != nil {
		t.Errorf("completion printed: %v", err)
	}
}

// TestSATMalformed: exit 2 and exactly one line "FILE:LINE:COL: ...".
func TestSATMalformed(t *testing.T) {
	for _, c := range []struct{ text, pos, want string }{
		{"1 2 0\n", "1:1", `clause before the "p cnf`},
		{"c just a comment\n", "2:1", `no "p cnf`},
		{"p cnf 2 1\n1 3 0\n", "2:3", "literal 3 beyond the 2 variables"},
		{"p cnf 2 1\n1 two 0\n", "2:3", `unexpected "t"`},
		{"p cnf 2 1\n1 2two 0\n", "2:3", `"2two" is not an integer`},
		{"\x7fELF\x02\x01\x01\x00\x00", "1:1", "not a text DIMACS file: binary data (byte 0x7f"},
		{"p cnf 2 1\n1 2", "2:1", "no terminating 0"},
	} {
		path := satFile(t, "bad.cnf", c.text)
		out, errOut, code := satRun(t, context.Background(), "", "sat", path)
		want := path + ":" + c.pos + ": "
		if code != exitUsage || out != "" || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, want) || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q…%q", c.text, code, out, errOut, want, c.want)
		}
	}
	for _, args := range [][]string{{"sat"}, {"sat", "-"}, {"sat", "a.cnf", "b.cnf"}, {"sat", filepath.Join(t.TempDir(), "missing.cnf")}, {"sat", "--bogus", "-"}} {
		if _, errOut, code := satRun(t, context.Background(), "", args...); code != exitUsage || errOut == "" {
			t.Errorf("%q: exit %d, stderr %q", args, code, errOut)
		}
	}
}

func TestSATWarningAndModelFlag(t *testing.T) {
	out, errOut, code := satRun(t, context.Background(), "p cnf 3 3\n1 -2 0\n2 0\n", "sat", "-", "--model=false")
	if code != exitSatisfiable || strings.Contains(out, "\nv ") {
		t.Errorf("exit %d\n%s", code, out)
	}
	if errOut != "<stdin>:1: warning: the header declares 3 clauses, the file holds 2\n" {
		t.Errorf("stderr %q", errOut)
	}
	// Variables declared but unused are printed too, as false.
	out, _, _ = satRun(t, context.Background(), "p cnf 4 1\n1 0\n", "sat", "-")
	if !strings.Contains(out, "\nv 1 -2 -3 -4 0\n") {
		t.Errorf("model of 4 declared variables:\n%s", out)
	}
}

// TestSATTimeout: a pigeonhole formula (13 pigeons, 12 holes) that gini
// cannot refute in 100ms ends with s UNKNOWN and exit 0 (the SAT
// competition's convention).
func TestSATTimeout(t *testing.T) {
	out, _, code := satRun(t, context.Background(), pigeonholeText(13, 12), "sat", "-", "--timeout", "100ms")
	if status, _ := satModel(t, out); code != 0 || status != "UNKNOWN" {
		t.Errorf("exit %d\n%s", code, out)
	}
}

// TestSATExternalSolvers writes completion instances with qtool encode and
// has minisat, picosat and cadical solve them, when installed: each agrees
// with qtool sat and with the exact oracle on satisfiability, and every
// model it prints is a completion of the board.
func TestSATExternalSolvers(t *testing.T) {
	var solvers []string
	for _, s := range []string{"minisat", "picosat", "cadical"} {
		if _, err := exec.LookPath(s); err == nil {
			solvers = append(solvers, s)
		}
	}
	if len(solvers) == 0 {
		t.Skip("none of minisat, picosat, cadical is installed (apt-get install minisat picosat cadical)")
	}
	oracle, err := backend.Lookup("backtrack")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	nsat, nunsat := 0, 0
	for _, n := range []int{6, 9, 12, 16, 20} {
		for _, k := range []int{1, n / 3, n / 2} {
			for i := uint64(0); i < 3; i++ {
				b, err := encode.Generate(n, k, 12, i)
				if err != nil {
					t.Fatal(err)
				}
				var grid bytes.Buffer
				b.WriteGrid(&grid)
				board := filepath.Join(dir, "board.txt")
				os.WriteFile(board, grid.Bytes(), 0o644)
				want, err := backend.SolveBoard(context.Background(), oracle, b, backend.Request{Mode: backend.Find, Limit: 1, Visit: func(encode.Placement) bool { return false }})
				if err != nil || want.Status != backend.OK {
					t.Fatalf("oracle: %v %v", err, want.Status)
				}
				wantCode := exitUnsatisfiable
				if want.Solutions > 0 {
					wantCode = exitSatisfiable
					nsat++
				} else {
					nunsat++
				}
				amo := encode.AMOEncodings()[int(i+uint64(k))%4].String()
				cnf := filepath.Join(dir, "q.cnf")
				if _, errOut, code := satRun(t, context.Background(), "", "encode", "--board", board, "--to", "dimacs", "--amo", amo, "--out", cnf); code != 0 {
					t.Fatalf("encode: exit %d: %s", code, errOut)
				}
				if _, _, code := satRun(t, context.Background(), "", "sat", cnf, "--model=false"); code != wantCode {
					t.Errorf("qtool sat on n=%d %v (%s): exit %d, want %d", n, b.Queens, amo, code, wantCode)
				}
				for _, s := range solvers {
					code, model := runExternal(t, s, cnf, dir)
					if code != wantCode {
						t.Errorf("%s on n=%d %v (%s): exit %d, want %d", s, n, b.Queens, amo, code, wantCode)
						continue
					}
					if code == exitSatisfiable {
						if err := encode.Verify(b.Problem(), satPlacement(b, model)); err != nil {
							t.Errorf("%s's model on n=%d %v (%s): %v", s, n, b.Queens, amo, err)
						}
					}
				}
			}
		}
	}
	t.Logf("%s: %d satisfiable and %d unsatisfiable completion instances agree", strings.Join(solvers, ", "), nsat, nunsat)
	if nsat < 5 || nunsat < 5 {
		t.Errorf("instance set too one-sided: %d satisfiable, %d unsatisfiable", nsat, nunsat)
	}
}

// runExternal runs an outside SAT solver on a DIMACS file and returns its
// exit status and model.
func runExternal(t *testing.T, solver, cnf, dir string) (int, map[int]bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var cmd *exec.Cmd
	result := filepath.Join(dir, "minisat.out")
	switch solver {
	case "minisat":
		cmd = exec.CommandContext(ctx, solver, "-verb=0", cnf, result)
	default:
		cmd = exec.CommandContext(ctx, solver, cnf)
	}
	out, err := cmd.Output()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", solver, err)
	}
	text := string(out)
	if solver == "minisat" && code == exitSatisfiable {
		data, err := os.ReadFile(result)
		if err != nil {
			t.Fatal(err)
		}
		// minisat writes "SAT" and the literals on one line.
		text = "v " + strings.TrimPrefix(string(data), "SAT\n")
	}
	_, model := satModel(t, text)
	return code, model
}
