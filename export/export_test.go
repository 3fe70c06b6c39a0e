package export_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/export"
	"github.com/qtool-project/qtool/internal/prob079"
)

var (
	long  = flag.Bool("long", false, "solve every export of all 24 published instances (minutes)")
	limit = flag.Duration("limit", 10*time.Minute, "the time limit of one run of a tool: a run that reaches it is skipped as a timeout, not failed")
)

// tally is what the runs of one tool gave: answered (the answer checked),
// timed out, failed (a wrong or missing answer), and the seconds and the
// worst of the answered ones.
type tally struct {
	answered, timeouts, failed int
	seconds, worst             float64
	worstWhat                  string
}

// tallies holds a tally per test and tool ("TestPublished/cbc-lp"), which
// logTallies prints at the end of the test.
var tallies = map[string]*tally{}

func tallyOf(t *testing.T, tool string) *tally {
	key := strings.SplitN(t.Name(), "/", 2)[0] + "/" + tool
	if tallies[key] == nil {
		tallies[key] = &tally{}
	}
	return tallies[key]
}

// logTallies logs the tally of each tool that ran in test t.
func logTallies(t *testing.T) {
	for _, tl := range tools {
		if c := tallies[t.Name()+"/"+tl.name]; c != nil {
			t.Logf("%s: %d answered, %d timeouts at %v, %d failed; answered in %.1f s in sum, worst %.1f s (%s)",
				tl.name, c.answered, c.timeouts, *limit, c.failed, c.seconds, c.worst, c.worstWhat)
		}
	}
}

const publishedDir = "../testdata/csplib-prob079/"

// tool solves an export with a real program: every solution it prints
// (all of them when all is set, where the program can list them), and
// how its output ended.
type tool struct {
	name  string
	progs []string
	count bool // lists every solution
	solve func(t *testing.T, m *encode.Model, all bool) ([][]encode.Cell, export.Answer)
}

// errTimeout is the panic value of run when a program reaches the limit,
// which check turns into a skipped timeout.
type errTimeout struct{ prog string }

// run runs a program in dir on stdin, in a process group of its own, and
// returns its standard output; a failure other than a nonzero exit
// (clasp's 10 and 20) is fatal, and reaching the limit (-limit) kills the
// group and panics with errTimeout, which check recovers.
func run(t *testing.T, dir string, stdin []byte, prog string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), *limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, prog, args...)
	ownGroup(cmd)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if err != nil && ctx.Err() == context.DeadlineExceeded {
		panic(errTimeout{prog})
	}
	if _, ok := err.(*exec.ExitError); err != nil && (!ok || ctx.Err() != nil) {
		t.Fatalf("%s %v: %v: %s", prog, args, err, errb.String())
	}
	return out.Bytes()
}

func write(t *testing.T, m *encode.Model, f func(*bytes.Buffer) error) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := f(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// chosen turns the free squares of an answer into its pieces.
func chosen(t *testing.T, m *encode.Model, idx []int32) []encode.Cell {
	t.Helper()
	s, err := export.Solution(m, idx)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// withGiven adds the given pieces to the squares of an answer.
func withGiven(m *encode.Model, cells []encode.Cell) []encode.Cell {
	at := export.CellIndex(m)
	idx := make([]int32, 0, len(cells))
	for _, x := range cells {
		i := at(x.R, x.C)
		if i < 0 {
			return append(append([]encode.Cell{}, m.Given...), cells...) // the verifier says what is wrong
		}
		idx = append(idx, i)
	}
	return m.Solution(idx)
}

var tools = []tool{
	{"minizinc-gecode", []string{"minizinc"}, true, func(t *testing.T, m *encode.Model, all bool) ([][]encode.Cell, export.Answer) {
		dir := t.TempDir()
		src := write(t, m, func(b *bytes.Buffer) error {
			return export.MiniZinc(b, m, export.MiniZincSearch{Var: "first_fail", Val: "indomain_min"})
		})
		if err := os.WriteFile(filepath.Join(dir, "m.mzn"), src, 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"--solver", "gecode", "m.mzn"}
		if all {
			args = append(args, "-a")
		}
		var sols [][]encode.Cell
		ans, err := export.ReadMiniZinc(bytes.NewReader(run(t, dir, nil, "minizinc", args...)), "minizinc", func(c []encode.Cell) bool {
			sols = append(sols, withGiven(m, c))
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		return sols, ans
	}},
	{"gringo-clasp", []string{"gringo", "clasp"}, true, func(t *testing.T, m *encode.Model, all bool) ([][]encode.Cell, export.Answer) {
		ground := run(t, "", write(t, m, func(b *bytes.Buffer) error { return export.ASP(b, m) }), "gringo")
		args := []string{}
		if all {
			args = append(args, "-n", "0")
		}
		var sols [][]encode.Cell
		ans, err := export.ReadClasp(bytes.NewReader(run(t, "", ground, "clasp", args...)), "clasp", func(c []encode.Cell) bool {
			sols = append(sols, withGiven(m, c))
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		return sols, ans
	}},
	{"clasp-opb", []string{"clasp"}, true, func(t *testing.T, m *encode.Model, all bool) ([][]encode.Cell, export.Answer) {
		args := []string{}
		if all {
			args = append(args, "-n", "0", "--quiet=0") // every model, not only the last
		}
		var sols [][]encode.Cell
		ans, err := export.ReadPB(bytes.NewReader(run(t, "", write(t, m, func(b *bytes.Buffer) error { return export.OPB(b, m) }), "clasp", args...)), "clasp", func(c []int32) bool {
			sols = append(sols, chosen(t, m, c))
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		return sols, ans
	}},
	{"cbc-lp", []string{"cbc"}, false, func(t *testing.T, m *encode.Model, _ bool) ([][]encode.Cell, export.Answer) {
		return cbc(t, m, "m.lp", export.LP)
	}},
	{"cbc-mps", []string{"cbc"}, false, func(t *testing.T, m *encode.Model, _ bool) ([][]encode.Cell, export.Answer) {
		return cbc(t, m, "m.mps", export.MPS)
	}},
	{"glpsol-lp", []string{"glpsol"}, false, func(t *testing.T, m *encode.Model, _ bool) ([][]encode.Cell, export.Answer) {
		return glpk(t, m, "--lp", export.LP)
	}},
	{"glpsol-mps", []string{"glpsol"}, false, func(t *testing.T, m *encode.Model, _ bool) ([][]encode.Cell, export.Answer) {
		return glpk(t, m, "--mps", export.MPS)
	}},
}

func cbc(t *testing.T, m *encode.Model, file string, f func(io.Writer, *encode.Model) error) ([][]encode.Cell, export.Answer) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, file), write(t, m, func(b *bytes.Buffer) error { return f(b, m) }), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, dir, nil, "cbc", file, "solve", "solu", "sol.txt")
	sol, err := os.ReadFile(filepath.Join(dir, "sol.txt"))
	if err != nil {
		t.Fatal(err)
	}
	idx, ans, err := export.ReadCBC(bytes.NewReader(sol), "sol.txt")
	if err != nil {
		t.Fatal(err)
	}
	if ans == export.None {
		return nil, ans
	}
	return [][]encode.Cell{chosen(t, m, idx)}, ans
}

func glpk(t *testing.T, m *encode.Model, form string, f func(io.Writer, *encode.Model) error) ([][]encode.Cell, export.Answer) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "m"), write(t, m, func(b *bytes.Buffer) error { return f(b, m) }), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, dir, nil, "glpsol", form, "m", "-w", "sol.txt", "--clique") // as backend glpk runs it (glpkOptions in backend/peer)
	sol, err := os.ReadFile(filepath.Join(dir, "sol.txt"))
	if err != nil {
		t.Fatal(err)
	}
	idx, ans, err := export.ReadGLPK(bytes.NewReader(sol), "sol.txt", len(m.Cells))
	if err != nil {
		t.Fatal(err)
	}
	if ans == export.None {
		return nil, ans
	}
	return [][]encode.Cell{chosen(t, m, idx)}, ans
}

func available(t *testing.T, tl tool) bool {
	for _, p := range tl.progs {
		if _, err := exec.LookPath(p); err != nil {
			t.Logf("%s: skipped: %s is not installed (see .ci/setup.d/50-peers.sh)", tl.name, p)
			return false
		}
	}
	return true
}

// check solves m with tl and compares: the answer (solutions or none)
// with sat, every solution by encode.Verify, and, when count is not
// negative and the tool lists solutions, their number (all distinct). A
// run that reaches the limit is skipped as a timeout; every outcome goes
// into the tool's tally.
func check(t *testing.T, tl tool, what string, m *encode.Model, sat bool, count int) {
	t.Helper()
	all := count >= 0 && tl.count
	c := tallyOf(t, tl.name)
	start := time.Now()
	defer func() {
		r := recover()
		if to, ok := r.(errTimeout); ok {
			c.timeouts++
			t.Skipf("%s %s: timeout: %s stopped at the limit of %v", tl.name, what, to.prog, *limit)
		} else if r != nil {
			panic(r)
		}
		if t.Failed() {
			c.failed++
		}
	}()
	sols, ans := tl.solve(t, m, all)
	secs := time.Since(start).Seconds()
	t.Logf("%s %s: %d solutions, %v", tl.name, what, len(sols), time.Since(start).Round(time.Millisecond))
	defer func() {
		if !t.Failed() {
			c.answered++
			c.seconds += secs
			if secs > c.worst {
				c.worst, c.worstWhat = secs, what
			}
		}
	}()
	if !sat {
		if len(sols) != 0 || ans != export.None {
			t.Errorf("%s %s: %d solutions, answer %v; want none", tl.name, what, len(sols), ans)
		}
		return
	}
	if len(sols) == 0 {
		t.Errorf("%s %s: no solution (answer %v), want one", tl.name, what, ans)
		return
	}
	p := m.Problem
	p.Pieces = m.Pieces
	seen := map[string]bool{}
	for _, s := range sols {
		if err := encode.Verify(p, s); err != nil {
			t.Fatalf("%s %s: %v: %v", tl.name, what, s, err)
		}
		seen[fmt.Sprint(s)] = true
	}
	if all && (ans != export.Complete || len(seen) != count || len(sols) != count) {
		t.Errorf("%s %s: %d solutions (%d distinct), answer %v; want %d, complete", tl.name, what, len(sols), len(seen), ans, count)
	}
}

func readProblem(t *testing.T, path string, opt encode.ReadOptions) encode.Problem {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in, err := encode.ParseInstanceWith(f, path, opt)
	if err != nil {
		t.Fatal(err)
	}
	return encode.Problem{Instance: in}
}

func model(t *testing.T, p encode.Problem) *encode.Model {
	t.Helper()
	m, err := encode.NewModel(p)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestPublished solves every export of the published Excluded Diagonals
// instances (CSPLib prob079, Gent, Jefferson and Nightingale, JAIR 59,
// 2017) with its real tool: the answer against answers.tsv, every
// solution verified, and the completions counted by the tools that list
// them where there are at most 200 (listing the 263 to 11,515 of the
// others takes Gecode minutes). Without -long, three instances (n = 10
// unsatisfiable, n = 10 with one solution, n = 12 with 158; the integer
// programs the first two), and the second also as its completion board of
// order 2543; with -long all 24 in both forms, a subtest each
// (TestPublished/TOOL/INSTANCE), so that one tool's failure does not
// hide the others'.
func TestPublished(t *testing.T) {
	rows, err := prob079.Read(publishedDir + "answers.tsv")
	if err != nil || len(rows) != 24 {
		t.Fatal(len(rows), err)
	}
	defer logTallies(t)
	for _, tl := range tools {
		t.Run(tl.name, func(t *testing.T) {
			if !available(t, tl) {
				return
			}
			for i, row := range rows {
				if !*long && i != 0 && i != 1 && (i != 3 || !tl.count) {
					continue // the integer programs take seconds on each
				}
				count := -1
				if row.Completions <= 200 {
					count = int(row.Completions)
				}
				t.Run(strings.TrimPrefix(row.Param, "params/"), func(t *testing.T) {
					m := model(t, readProblem(t, publishedDir+row.Param, encode.ReadOptions{LimitDiagonals: true, Diagonals: row.Diagonals}))
					check(t, tl, row.Param, m, row.Sat, count)
				})
				if i == 1 || *long {
					// The same instance as a board with 2533 queens given.
					t.Run(row.Board, func(t *testing.T) {
						m := model(t, readProblem(t, publishedDir+row.Board, encode.ReadOptions{}))
						check(t, tl, row.Board, m, row.Sat, count)
					})
				}
			}
		})
	}
}

// TestVariants solves the exports of variants, blocked squares and given
// pieces, counting against the OEIS where the tool lists solutions.
func TestVariants(t *testing.T) {
	blocked := encode.Problem{Instance: encode.Instance{Board: encode.Empty(6), Blocked: []encode.Cell{{R: 0, C: 0}, {R: 2, C: 2}, {R: 5, C: 5}}}}
	given := encode.Problem{Instance: encode.Instance{Board: encode.Board{N: 8, Queens: []int{0, -1, -1, -1, -1, -1, -1, -1}}}}
	// 4 of the 92 solutions of n = 8 have a queen on a1.
	cases := []struct {
		what  string
		p     encode.Problem
		sat   bool
		count int
	}{
		{"toroidal n=7 (A051906)", encode.Problem{Instance: encode.Instance{Board: encode.Empty(7)}, Variant: encode.Toroidal}, true, 28},
		{"toroidal n=6", encode.Problem{Instance: encode.Instance{Board: encode.Empty(6)}, Variant: encode.Toroidal}, false, 0},
		{"domination n=5, 3 queens (A002564)", encode.Problem{Instance: encode.Instance{Board: encode.Empty(5)}, Variant: encode.Domination, Pieces: 3}, true, 186},
		{"domination n=5, 2 queens", encode.Problem{Instance: encode.Instance{Board: encode.Empty(5)}, Variant: encode.Domination, Pieces: 2}, false, 0},
		{"superqueens n=10 (A051223)", encode.Problem{Instance: encode.Instance{Board: encode.Empty(10)}, Variant: encode.Superqueens}, true, 4},
		{"kings n=4, 4 kings (A018807)", encode.Problem{Instance: encode.Instance{Board: encode.Empty(4)}, Variant: encode.Kings, Pieces: 4}, true, 79},
		{"torus-domination n=4, 2 queens", encode.Problem{Instance: encode.Instance{Board: encode.Empty(4)}, Variant: encode.TorusDomination, Pieces: 2}, true, -1},
		{"queens n=6 with 3 blocked squares", blocked, true, -1},
		{"queens n=8 with a queen on a1", given, true, 4},
	}
	defer logTallies(t)
	for _, tl := range tools {
		t.Run(tl.name, func(t *testing.T) {
			if !available(t, tl) {
				return
			}
			for _, c := range cases {
				if !*long && !tl.count && c.p.Variant == encode.Superqueens {
					continue // seconds for CBC and GLPK
				}
				t.Run(c.what, func(t *testing.T) { check(t, tl, c.what, model(t, c.p), c.sat, c.count) })
			}
		})
	}
}

// TestReadErrors: a line a reader does not know is an error naming it.
func TestReadErrors(t *testing.T) {
	visit := func([]encode.Cell) bool { return true }
	for _, c := range []struct {
		err  error
		want string
	}{
		{func() error {
			_, err := export.ReadMiniZinc(strings.NewReader("placed: 0,1\n----------\nplaced: 0,x\n"), "out", visit)
			return err
		}(), "out:3:"},
		{func() error {
			_, err := export.ReadClasp(strings.NewReader("Answer: 1\nq(1,2) p(3)\n"), "out", visit)
			return err
		}(), "out:2:"},
		{func() error {
			_, err := export.ReadPB(strings.NewReader("s SATISFIABLE\nv x1 y2\n"), "out", func([]int32) bool { return true })
			return err
		}(), "out:2:"},
		{func() error {
			_, _, err := export.ReadCBC(strings.NewReader("Optimal - objective value 0\n  1 x1 oops 0\n"), "out")
			return err
		}(), "out:2:"},
		{func() error {
			_, _, err := export.ReadGLPK(strings.NewReader("c x\ns mip 1 1 o 0\nzz\n"), "out", 1)
			return err
		}(), "out:3:"},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("error %v, want one naming %s", c.err, c.want)
		}
	}
}
