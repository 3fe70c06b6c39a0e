package peer

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/cnf"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/export"
)

// Protocols are the ways an exec: backend talks to its program (see
// docs/external.md).
var Protocols = []string{"dimacs", "dlx", "board", "minizinc"}

// ExecPrefix starts the name of a backend that runs a program of the
// user's: "exec:COMMAND".
const ExecPrefix = "exec:"

func init() {
	backend.RegisterPrefix(ExecPrefix, func(command string) (backend.Backend, error) {
		return NewExec(command, "", "")
	})
}

// execBackend runs a program of the user's on the problem: the problem
// goes to the program's standard input, or to a file named by the word
// "{}" of the command, in the protocol's format; the program's answer
// comes back in the field's usual form and is verified (encode.Verify)
// before it counts. It finds one solution or says there is none, which
// the harness cross-checks with the other complete backends.
type execBackend struct {
	name     string
	argv     []string
	protocol string
	path     string
	pathErr  error
}

// NewExec returns the backend that runs command (words split at spaces;
// a word "{}" is replaced by the name of a file holding the problem, which
// then does not go to standard input) with protocol (dimacs, dlx, board or
// minizinc), shown under name ("exec:COMMAND" when name is empty).
func NewExec(command, protocol, name string) (backend.Backend, error) {
	argv := strings.Fields(command)
	if len(argv) == 0 {
		return nil, fmt.Errorf("peer: exec: no program named (want exec:PROGRAM)")
	}
	if protocol == "" {
		protocol = "dimacs"
	}
	if !slices.Contains(Protocols, protocol) {
		return nil, fmt.Errorf("peer: exec: unknown protocol %q (known: %s)", protocol, strings.Join(Protocols, ", "))
	}
	if name == "" {
		name = ExecPrefix + command
	}
	b := &execBackend{name: name, argv: argv, protocol: protocol}
	b.path, b.pathErr = exec.LookPath(argv[0])
	if b.pathErr != nil {
		b.pathErr = &unavailableError{backend: name, program: argv[0]}
	} else if abs, err := filepath.Abs(b.path); err == nil {
		b.path = abs
	}
	return b, nil
}

func (b *execBackend) Name() string { return b.name }

func (b *execBackend) Caps() backend.Caps {
	c := backend.Caps{Find: true, Complete: true, Exact: true, External: true, Problems: encode.Variants(), Forbidden: true}
	if b.protocol == "board" {
		c.Problems = nil // a board says nothing of the variant
	}
	return c
}

// Available returns nil when the program exists.
func (b *execBackend) Available() error { return b.pathErr }

func (b *execBackend) Run(ctx context.Context, p encode.Problem, req backend.Request) (backend.Outcome, error) {
	m, visit, err := backend.Model(b, p, req)
	if err != nil {
		return backend.Outcome{}, err
	}
	return b.runModel(ctx, m, req, visit)
}

func (b *execBackend) runModel(ctx context.Context, m *encode.Model, req backend.Request, visit func([]int32) bool) (backend.Outcome, error) {
	if b.pathErr != nil {
		return backend.Outcome{}, fmt.Errorf("backend %s is unavailable: %w", b.name, b.pathErr)
	}
	return runTool(ctx, b.name, m, req, visit, func(_ bool, v func([]encode.Cell) bool) (export.Answer, error) {
		return b.solve(ctx, m, v)
	})
}

// solve writes the problem, runs the program and reads its answer.
func (b *execBackend) solve(ctx context.Context, m *encode.Model, visit func([]encode.Cell) bool) (export.Answer, error) {
	prog := filepath.Base(b.argv[0])
	file, write, read := b.protocolIO(m, prog+"'s output")
	dir, err := os.MkdirTemp("", "qtool-exec-")
	if err != nil {
		return export.Open, err
	}
	defer os.RemoveAll(dir)
	argv := append([]string{b.path}, b.argv[1:]...)
	useFile := false
	for i, a := range argv {
		if a == "{}" {
			argv[i] = filepath.Join(dir, file)
			useFile = true
		}
	}
	pl := pipeline{Dir: "", Stages: [][]string{argv}}
	if useFile {
		if _, err := writeFile(dir, file, write); err != nil {
			return export.Open, err
		}
	} else {
		// The whole problem is made before the program starts, so that a
		// program that stops reading early cannot cut it short.
		var sb strings.Builder
		if err := write(&sb); err != nil {
			return export.Open, err
		}
		text := sb.String()
		pl.In = func(w io.Writer) error { _, err := io.WriteString(w, text); return err }
	}
	var ans export.Answer
	answered, stopped := false, false
	pl.Out = func(r io.Reader) error {
		var err error
		ans, err = read(r, func(c []encode.Cell) bool {
			answered = true
			stopped = !visit(c)
			return !stopped
		})
		if err == nil && (stopped || answered) {
			return errStopped // one answer is all an exec: backend asks for
		}
		return err
	}
	codes, stderr, err := pl.Run(ctx)
	if err != nil || answered || ctx.Err() != nil {
		return ans, err
	}
	if ans == export.None || ans == export.Unknown {
		return ans, nil
	}
	if codes[0] != 0 {
		return ans, exitError(prog, codes[0], stderr[0])
	}
	return ans, fmt.Errorf("%s ended without an answer (the %s protocol: see docs/external.md)%s", prog, b.protocol, stderr[0])
}

// protocolIO returns, for the backend's protocol, the name of the problem's
// file, the writer of model m in it, and the reader of the program's
// output (named what in errors).
func (b *execBackend) protocolIO(m *encode.Model, what string) (file string, write func(io.Writer) error, read func(io.Reader, func([]encode.Cell) bool) (export.Answer, error)) {
	file = "problem"
	switch b.protocol {
	case "dimacs":
		file += ".cnf"
		write = func(w io.Writer) error { return writeCNF(w, m) }
		read = func(r io.Reader, v func([]encode.Cell) bool) (export.Answer, error) { return readSV(r, what, m, v) }
	case "minizinc":
		file += ".mzn"
		write = func(w io.Writer) error { return export.MiniZinc(w, m, export.MiniZincSearch{}) }
		read = func(r io.Reader, v func([]encode.Cell) bool) (export.Answer, error) {
			return export.ReadMiniZinc(r, what, func(c []encode.Cell) bool { return v(withGiven(m, c)) })
		}
	case "board":
		file += ".txt"
		write = func(w io.Writer) error { return writeBoard(w, m) }
		read = func(r io.Reader, v func([]encode.Cell) bool) (export.Answer, error) {
			return readBoard(r, what, m.N, v)
		}
	case "dlx":
		file += ".dlx"
		var names map[string]int32
		write = func(w io.Writer) error {
			var err error
			names, err = export.DLX(w, m)
			return err
		}
		read = func(r io.Reader, v func([]encode.Cell) bool) (export.Answer, error) {
			return readOptions(r, what, m, names, v)
		}
	}
	return file, write, read
}

// writeCNF writes the model's CNF (encode.Model.EncodeCNF, the default
// at-most-one encoding): variable i is free square i-1, as the comments
// list.
func writeCNF(w io.Writer, m *encode.Model) error {
	if why := m.Infeasible; why != "" {
		dw := cnf.NewWriter(w, 1, 2, "qtool: no solution: "+why)
		dw.Add(1)
		dw.Add(0)
		dw.Add(-1)
		dw.Add(0)
		return dw.Close()
	}
	amo := encode.DefaultAMO
	vars, clauses := m.CNFSize(amo)
	comments := append(export.Describe(m), fmt.Sprintf("variables 1..%d are the free squares, listed as variable=row,column", len(m.Cells)))
	var line strings.Builder
	for i, x := range m.Cells {
		fmt.Fprintf(&line, "%d=%d,%d ", i+1, x.R, x.C)
		if line.Len() > 70 || i == len(m.Cells)-1 {
			comments = append(comments, strings.TrimSpace(line.String()))
			line.Reset()
		}
	}
	dw := cnf.NewWriter(w, vars, clauses, comments...)
	if _, err := m.EncodeCNF(context.Background(), dw, amo); err != nil {
		return err
	}
	return dw.Close()
}

// readSV reads a SAT solver's answer as the SAT competitions have it:
// "s SATISFIABLE" with the model on "v" lines ending in 0,
// "s UNSATISFIABLE", "s UNKNOWN"; "c" lines are comments. The squares
// are the true variables 1..len(m.Cells).
func readSV(r io.Reader, name string, m *encode.Model, visit func([]encode.Cell) bool) (export.Answer, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<30)
	ln := 0
	sat, ended := false, false
	var chosen []int32
	for sc.Scan() {
		ln++
		t := strings.TrimSpace(sc.Text())
		switch {
		case t == "" || t == "c" || strings.HasPrefix(t, "c "):
		case t == "s SATISFIABLE":
			sat = true
		case t == "s UNSATISFIABLE":
			return export.None, nil
		case t == "s UNKNOWN":
			return export.Unknown, nil
		case t == "v" || strings.HasPrefix(t, "v "):
			for _, f := range strings.Fields(t)[1:] {
				v, err := strconv.Atoi(f)
				if err != nil {
					return export.Open, fmt.Errorf("%s:%d: %q is not a literal", name, ln, clipWord(f))
				}
				if v == 0 {
					ended = true
				} else if v > 0 && v <= len(m.Cells) {
					chosen = append(chosen, int32(v-1))
				}
			}
		default:
			return export.Open, fmt.Errorf("%s:%d: unexpected line %q (want s, v or c lines)", name, ln, clipWord(t))
		}
		if sat && ended {
			cells, err := export.Solution(m, chosen)
			if err != nil {
				return export.Open, err
			}
			visit(cells)
			return export.Open, nil
		}
	}
	if err := sc.Err(); err != nil {
		return export.Open, fmt.Errorf("%s:%d: %v", name, ln+1, err)
	}
	if sat {
		return export.Open, fmt.Errorf("%s: \"s SATISFIABLE\" without a model ending in 0", name)
	}
	return export.Open, nil
}

// writeBoard writes the board: n lines of n characters, Q for a given
// piece, x for a square no piece may take (blocked, or on an excluded
// diagonal), . for the others.
func writeBoard(w io.Writer, m *encode.Model) error {
	p := m.Problem
	n := m.N
	bw := bufio.NewWriter(w)
	blocked := map[encode.Cell]bool{}
	for _, x := range p.Blocked {
		blocked[x] = true
	}
	row := make([]byte, n+1)
	for r := range n {
		for c := range n {
			ch := byte('.')
			if p.Board.Queen(r) == c {
				ch = 'Q'
			} else if blocked[encode.Cell{R: r, C: c}] {
				ch = 'x'
			} else {
				for _, d := range p.Excluded {
					if d.Holds(n, r, c) {
						ch = 'x'
					}
				}
			}
			row[c] = ch
		}
		row[n] = '\n'
		bw.Write(row)
	}
	return bw.Flush()
}

// readBoard reads a board: n lines of n characters, Q (or q) for a piece
// and any of ". x" for no piece; or a line "none" for no solution. Blank
// lines and lines starting with # are skipped.
func readBoard(r io.Reader, name string, n int, visit func([]encode.Cell) bool) (export.Answer, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<30)
	ln, row := 0, 0
	var cells []encode.Cell
	for sc.Scan() {
		ln++
		t := strings.TrimSpace(sc.Text())
		switch {
		case t == "" || strings.HasPrefix(t, "#"):
			continue
		case row == 0 && strings.EqualFold(t, "none"):
			return export.None, nil
		case len(t) != n || strings.Trim(t, ".xXqQ") != "":
			return export.Open, fmt.Errorf("%s:%d: want a row of %d characters of Q and ., got %q", name, ln, n, clipWord(t))
		}
		for c := range n {
			if t[c] == 'Q' || t[c] == 'q' {
				cells = append(cells, encode.Cell{R: row, C: c})
			}
		}
		row++
		if row == n {
			visit(cells)
			return export.Open, nil
		}
	}
	if err := sc.Err(); err != nil {
		return export.Open, fmt.Errorf("%s:%d: %v", name, ln+1, err)
	}
	if row > 0 {
		return export.Open, fmt.Errorf("%s:%d: the board stops after %d of its %d rows", name, ln, row, n)
	}
	return export.Open, nil
}

// readOptions reads an exact-cover solver's solution: its options, one a
// line (the option's item names, in any order), up to a blank line or the
// end; a line "none", or no option at all, says there is no solution.
// Comment lines start with '|'. A line that is not an option of the
// problem is an error naming it.
func readOptions(r io.Reader, name string, m *encode.Model, options map[string]int32, visit func([]encode.Cell) bool) (export.Answer, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<30)
	ln := 0
	var chosen []int32
	for sc.Scan() {
		ln++
		t := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(t, "|"):
			continue
		case t == "":
			if len(chosen) > 0 {
				return visitChosen(m, chosen, visit)
			}
			continue
		case len(chosen) == 0 && strings.EqualFold(t, "none"):
			return export.None, nil
		}
		i, ok := options[optionKey(strings.Fields(t))]
		if !ok {
			return export.Open, fmt.Errorf("%s:%d: %q is not an option of the problem", name, ln, clipWord(t))
		}
		chosen = append(chosen, i)
	}
	if err := sc.Err(); err != nil {
		return export.Open, fmt.Errorf("%s:%d: %v", name, ln+1, err)
	}
	if len(chosen) > 0 {
		return visitChosen(m, chosen, visit)
	}
	return export.None, nil // a complete cover search that prints nothing found nothing
}

func visitChosen(m *encode.Model, chosen []int32, visit func([]encode.Cell) bool) (export.Answer, error) {
	cells, err := export.Solution(m, chosen)
	if err != nil {
		return export.Open, err
	}
	visit(cells)
	return export.Open, nil
}

// optionKey is an option's items, sorted, as one string.
func optionKey(items []string) string {
	s := append([]string(nil), items...)
	sort.Strings(s)
	return strings.Join(s, " ")
}

func clipWord(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
