package peer

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/export"
)

func init() {
	for _, t := range tools() {
		backend.Register(newBackend(t))
	}
}

// tools are the peers: Gecode through MiniZinc (Schulte, Tack and
// Lagerkvist, "Modeling and programming with Gecode"; Nethercote et al.,
// "MiniZinc: towards a standard CP modelling language", CP 2007), clasp
// through gringo (Gebser, Kaufmann and Schaub, "Conflict-driven answer set
// solving", AIJ 2012), CBC (Forrest and Lougee-Heimer, COIN-OR) and GLPK
// (Makhorin), each on the export of package export.
func tools() []tool {
	return []tool{
		{name: "gecode", programs: []string{"minizinc"}, count: true, options: []string{"search"},
			about: "Gecode through minizinc --solver gecode on the MiniZinc export",
			solve: solveGecode},
		{name: "clasp", programs: []string{"gringo", "clasp"}, count: true,
			about: "gringo | clasp on the ASP export",
			solve: solveClasp},
		{name: "cbc", programs: []string{"cbc"},
			about: "CBC on the 0/1 integer program (LP export)",
			solve: solveCBC},
		{name: "glpk", programs: []string{"glpsol"},
			about: "GLPK's glpsol on the 0/1 integer program (LP export)",
			solve: solveGLPK},
	}
}

// solveGecode runs minizinc --solver gecode on the model, with the search
// of option "search" (VAR,VAL of int_search; by default first_fail and
// indomain_median on a model with a variable a row, as a constraint
// programmer starts, and Gecode's own search otherwise), -a for every
// solution.
func solveGecode(ctx context.Context, m *encode.Model, all bool, opts map[string]string, visit func([]encode.Cell) bool) (export.Answer, error) {
	spec, ok := opts["search"]
	if !ok {
		spec = "first_fail,indomain_median"
	}
	search, err := export.ParseMiniZincSearch(spec)
	if err != nil {
		return export.Open, err
	}
	dir, err := os.MkdirTemp("", "qtool-gecode-")
	if err != nil {
		return export.Open, err
	}
	defer os.RemoveAll(dir)
	if _, err := writeFile(dir, "model.mzn", func(w io.Writer) error { return export.MiniZinc(w, m, search) }); err != nil {
		return export.Open, err
	}
	args := []string{"minizinc", "--solver", "gecode", "model.mzn"}
	if all {
		args = append(args, "-a")
	}
	rd := answers{m: m, visit: visit, read: func(r io.Reader, each func([]encode.Cell) bool) (export.Answer, error) {
		return export.ReadMiniZinc(r, "minizinc's output", each)
	}}
	pl := pipeline{Dir: dir, Stages: [][]string{args}, Out: rd.out}
	codes, stderr, err := pl.Run(ctx)
	ans := rd.ans
	if err != nil || rd.stopped || ctx.Err() != nil {
		return ans, err
	}
	if codes[0] != 0 {
		return ans, exitError("minizinc", codes[0], stderr[0])
	}
	return ans, nil
}

// answers reads a peer's stream of answers, handing each (with the
// model's given cells) to visit until visit declines one.
type answers struct {
	m       *encode.Model
	visit   func([]encode.Cell) bool
	read    func(io.Reader, func([]encode.Cell) bool) (export.Answer, error)
	ans     export.Answer
	stopped bool // visit declined an answer
}

// out is the pipeline's reader of the last stage's output.
func (a *answers) out(r io.Reader) error {
	var err error
	a.ans, err = a.read(r, func(c []encode.Cell) bool {
		a.stopped = !a.visit(withGiven(a.m, c))
		return !a.stopped
	})
	if err == nil && a.stopped {
		return errStopped
	}
	return err
}

// solveClasp grounds the ASP export with gringo and solves it with clasp
// (-n 0 for every answer set).
func solveClasp(ctx context.Context, m *encode.Model, all bool, _ map[string]string, visit func([]encode.Cell) bool) (export.Answer, error) {
	clasp := []string{"clasp"}
	if all {
		clasp = append(clasp, "-n", "0")
	}
	rd := answers{m: m, visit: visit, read: func(r io.Reader, each func([]encode.Cell) bool) (export.Answer, error) {
		return export.ReadClasp(r, "clasp's output", each)
	}}
	pl := pipeline{Stages: [][]string{{"gringo"}, clasp},
		In:  func(w io.Writer) error { return export.ASP(w, m) },
		Out: rd.out}
	codes, stderr, err := pl.Run(ctx)
	ans := rd.ans
	if err != nil || rd.stopped || ctx.Err() != nil {
		return ans, err
	}
	if codes[0] != 0 {
		return ans, exitError("gringo", codes[0], stderr[0])
	}
	switch codes[1] {
	case 10, 20, 30: // satisfiable, unsatisfiable, satisfiable and exhausted
	default:
		return ans, exitError("clasp", codes[1], stderr[1])
	}
	return ans, nil
}

// solveCBC runs cbc on the LP export and reads its solution file.
func solveCBC(ctx context.Context, m *encode.Model, _ bool, _ map[string]string, visit func([]encode.Cell) bool) (export.Answer, error) {
	return solveILP(ctx, m, visit, "cbc", func(lp, sol string) []string {
		return []string{"cbc", lp, "solve", "solu", sol}
	}, func(r io.Reader) ([]int32, export.Answer, error) { return export.ReadCBC(r, "cbc's solution") })
}

// glpkOptions are the options of glpsol beyond the model and the solution
// file: --clique, its clique cuts (Atamtürk, Nemhauser and Savelsbergh,
// "Conflict graphs in solving integer programming problems", EJOR 121,
// 2000), since every line of a queens model is a clique of the conflict
// graph of its 0/1 variables. Measured on the published instance
// diag-18-4-511 (13 diagonals, no solution): 3.7 s of processor time with
// them, 68.2 s without, 86.8 s with --cuts (every kind of cut).
var glpkOptions = []string{"--clique"}

// solveGLPK runs glpsol --lp on the LP export and reads its solution file.
func solveGLPK(ctx context.Context, m *encode.Model, _ bool, _ map[string]string, visit func([]encode.Cell) bool) (export.Answer, error) {
	return solveILP(ctx, m, visit, "glpsol", func(lp, sol string) []string {
		return append([]string{"glpsol", "--lp", lp, "-w", sol}, glpkOptions...)
	}, func(r io.Reader) ([]int32, export.Answer, error) {
		return export.ReadGLPK(r, "glpsol's solution", len(m.Cells))
	})
}

// solveILP writes the LP export, runs the solver, and reads the one
// solution of its solution file.
func solveILP(ctx context.Context, m *encode.Model, visit func([]encode.Cell) bool, prog string,
	argv func(lp, sol string) []string, read func(io.Reader) ([]int32, export.Answer, error)) (export.Answer, error) {
	dir, err := os.MkdirTemp("", "qtool-"+prog+"-")
	if err != nil {
		return export.Open, err
	}
	defer os.RemoveAll(dir)
	if _, err := writeFile(dir, "model.lp", func(w io.Writer) error { return export.LP(w, m) }); err != nil {
		return export.Open, err
	}
	sol := filepath.Join(dir, "solution.txt")
	var log bytes.Buffer
	pl := pipeline{Dir: dir, Stages: [][]string{argv("model.lp", sol)}, Out: func(r io.Reader) error {
		_, err := io.Copy(&log, io.LimitReader(r, 1<<20))
		return err
	}}
	codes, stderr, err := pl.Run(ctx)
	if err != nil || ctx.Err() != nil {
		return export.Open, err
	}
	if codes[0] != 0 {
		return export.Open, exitError(prog, codes[0], stderr[0])
	}
	f, err := os.Open(sol)
	if err != nil {
		return export.Open, fmt.Errorf("%s wrote no solution file: %v", prog, err)
	}
	defer f.Close()
	chosen, ans, err := read(f)
	if err != nil || ans == export.None {
		return ans, err
	}
	if ans == export.Complete || len(chosen) > 0 || len(m.Cells) == 0 {
		pieces, err := export.Solution(m, chosen)
		if err != nil {
			return ans, err
		}
		visit(pieces)
	}
	return ans, nil
}
