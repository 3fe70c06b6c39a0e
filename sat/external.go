package sat

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// External is a SAT solver that runs as a separate program: the formula
// goes to it in the DIMACS CNF format on its standard input, and its answer
// comes back as the SAT competition prescribes — a line "s SATISFIABLE",
// "s UNSATISFIABLE" or "s UNKNOWN" and the model on "v" lines ending
// with 0 — or, for MiniSat, in a result file ("SAT" and the literals, or
// "UNSAT"). See the SAT competition's output rules,
// http://www.satcompetition.org/2009/format-solvers2009.html.
type External struct {
	Name    string   // the solver's name, e.g. "cadical"
	Program string   // the executable, looked up on PATH
	Args    []string // the arguments before any file name
	// ResultFile: the solver writes its answer to a file named by its
	// last argument (MiniSat), reading its input from the file named
	// before it, /dev/stdin here.
	ResultFile bool
}

// Externals returns the external solvers qtool knows, in name order:
// CaDiCaL (Biere et al., SAT competition 2020), CryptoMiniSat 5 (Soos et
// al., doi:10.1007/978-3-642-02777-2_24), MiniSat 2.2 (Eén and Sörensson,
// doi:10.1007/978-3-540-24605-3_37) and PicoSAT (Biere, JSAT 4, 2008),
// each under its Debian package's program name.
func Externals() []External {
	return []External{
		{Name: "cadical", Program: "cadical", Args: []string{"-q"}},
		{Name: "cryptominisat", Program: "cryptominisat5", Args: []string{"--verb", "0"}},
		{Name: "minisat", Program: "minisat", Args: []string{"-verb=0"}, ResultFile: true},
		{Name: "picosat", Program: "picosat"},
	}
}

// LookupExternal returns the known external solver of the given name.
func LookupExternal(name string) (External, bool) {
	for _, e := range Externals() {
		if e.Name == name {
			return e, true
		}
	}
	return External{}, false
}

// ErrUnavailable is what errors.Is finds in the error of a solver whose
// program is not installed.
var ErrUnavailable = errors.New("sat: solver not installed")

// UnavailableError is the error of a solver whose program is not on PATH.
type UnavailableError struct {
	Solver, Program string
}

func (e *UnavailableError) Error() string { return "sat: " + e.Reason() }

// Reason says what is missing, without the package prefix.
func (e *UnavailableError) Reason() string {
	return fmt.Sprintf("solver %s is not installed (no program %q on PATH)", e.Solver, e.Program)
}

// Is makes errors.Is(err, ErrUnavailable) true.
func (e *UnavailableError) Is(target error) bool { return target == ErrUnavailable }

// Path returns the solver's executable, or an *UnavailableError when it is
// not on PATH.
func (e External) Path() (string, error) {
	p, err := exec.LookPath(e.Program)
	if err != nil {
		return "", &UnavailableError{Solver: e.Name, Program: e.Program}
	}
	return p, nil
}

// Result is the answer of an external solver.
type Result struct {
	Status Status
	// Model holds, when Status is Sat, the value of variables 1..vars
	// (index 0 unused); a variable the solver did not print is false.
	Model []bool
	// Elapsed is the time from starting the program to its end.
	Elapsed time.Duration
}

// killGrace is how long Solve waits, after killing a solver, for the
// program and its pipes to close.
const killGrace = 2 * time.Second

// maxStderr is how much of a solver's standard error Solve keeps for its
// error messages (the end of it).
const maxStderr = 2048

// Solve runs the solver on the formula that write sends to its Adder (a
// DIMACS writer on the solver's standard input) with the given header
// counts. The program runs in a process group of its own; when ctx ends
// first, the whole group is killed and waited for, and Solve returns
// Status Unknown with a nil error. Every file it makes lives in a
// temporary directory that is removed before it returns. A Sat answer
// comes with the model, which the caller should check (Check): Solve only
// checks that each literal names a variable of the formula. A solver that
// ends without an answer, or with an answer that contradicts its exit
// status, is an error that quotes the end of its standard error.
func (e External) Solve(ctx context.Context, vars, clauses int, write func(Adder) error) (Result, error) {
	path, err := e.Path()
	if err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{Status: Unknown}, nil
	}
	args := append([]string(nil), e.Args...)
	var resultPath string
	if e.ResultFile {
		dir, err := os.MkdirTemp("", "qtool-sat-")
		if err != nil {
			return Result{}, fmt.Errorf("sat: solver %s: %w", e.Name, err)
		}
		defer os.RemoveAll(dir)
		resultPath = filepath.Join(dir, "result")
		args = append(args, "/dev/stdin", resultPath)
	}
	cmd := exec.CommandContext(ctx, path, args...)
	inGroup(cmd)
	cmd.WaitDelay = killGrace
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return Result{}, fmt.Errorf("sat: solver %s: %w", e.Name, err)
	}
	out := newOutputParser(vars)
	cmd.Stdout = out
	stderr := &tail{max: maxStderr}
	cmd.Stderr = stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return Result{}, fmt.Errorf("sat: solver %s: %w", e.Name, err)
	}
	// Feed the formula while the solver reads it. A solver that dies (or
	// is killed) closes the pipe, which ends the writing with an error.
	wrote := make(chan error, 1)
	go func() { wrote <- feed(stdin, vars, clauses, write) }()
	waitErr := cmd.Wait()
	killGroup(cmd)
	writeErr := <-wrote
	res := Result{Elapsed: time.Since(start), Status: Unknown}
	if ctx.Err() != nil {
		return res, nil
	}
	code := -1
	var exitErr *exec.ExitError
	switch {
	case waitErr == nil:
		code = 0
	case errors.As(waitErr, &exitErr):
		code = exitErr.ExitCode()
	default:
		return res, fmt.Errorf("sat: solver %s: %v%s", e.Name, waitErr, stderr.quote())
	}
	if e.ResultFile && (code == 10 || code == 20) {
		if out, err = e.readResultFile(resultPath, vars); err != nil {
			return res, err
		}
	}
	res.Status, res.Model, err = e.answer(out, code, writeErr, stderr)
	return res, err
}

// feed writes the formula that write sends, with the given header counts,
// to the solver's standard input in the DIMACS format, and closes it.
func feed(stdin io.WriteCloser, vars, clauses int, write func(Adder) error) error {
	bw := bufio.NewWriterSize(stdin, 1<<16)
	w := NewWriter(bw, vars, clauses)
	err := write(w)
	if err == nil {
		err = w.Close()
	}
	if err == nil {
		err = bw.Flush()
	}
	if cerr := stdin.Close(); err == nil {
		err = cerr
	}
	return err
}

// readResultFile parses the answer of a solver that writes it to a file
// (External.ResultFile) rather than to its standard output.
func (e External) readResultFile(path string, vars int) (*outputParser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("sat: solver %s: no result file: %v", e.Name, err)
	}
	out := newOutputParser(vars)
	out.resultFile = true
	_, err = io.Copy(out, f)
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("sat: solver %s: reading its result: %v", e.Name, err)
	}
	return out, nil
}

// answer checks the solver's answer in out against its exit status code
// (10 Sat, 20 Unsat) and the writing of the formula (writeErr), and returns
// it with the model of a Sat answer; the errors quote the end of the
// solver's standard error.
func (e External) answer(out *outputParser, code int, writeErr error, stderr *tail) (Status, []bool, error) {
	if err := out.finish(); err != nil {
		return Unknown, nil, fmt.Errorf("sat: solver %s: %v", e.Name, err)
	}
	want := map[int]Status{10: Sat, 20: Unsat}
	st, ok := want[code]
	switch {
	case !out.answered && ok:
		return Unknown, nil, fmt.Errorf("sat: solver %s: exit status %d but no answer line%s", e.Name, code, stderr.quote())
	case !out.answered:
		msg := fmt.Sprintf("sat: solver %s: exit status %d without an answer%s", e.Name, code, stderr.quote())
		if writeErr != nil {
			msg += fmt.Sprintf(" (writing the formula: %v)", writeErr)
		}
		return Unknown, nil, errors.New(msg)
	case ok && st != out.status:
		return Unknown, nil, fmt.Errorf("sat: solver %s: answered %v but exited with status %d", e.Name, out.status, code)
	}
	if out.status != Unknown && writeErr != nil {
		// The solver answered without reading the whole formula.
		return Unknown, nil, fmt.Errorf("sat: solver %s: answered %v before reading the whole formula: %v", e.Name, out.status, writeErr)
	}
	if out.status == Sat {
		if !out.ended {
			return out.status, nil, fmt.Errorf("sat: solver %s: the model does not end with 0", e.Name)
		}
		return Sat, out.model, nil
	}
	return out.status, nil, nil
}

// tail keeps the last max bytes written to it.
type tail struct {
	max int
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

// quote returns ": " and the last line of what was kept, or "".
func (t *tail) quote() string {
	s := strings.TrimSpace(string(t.buf))
	if s == "" {
		return ""
	}
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return ": " + strconv.QuoteToASCII(s)
}

// outputParser reads a solver's output as it comes (it is an io.Writer):
// the "s" line and the literals of the "v" lines, or with resultFile
// MiniSat's result file. Memory stays O(vars) whatever the output: lines
// other than "s" and "v" are skipped without being kept.
type outputParser struct {
	vars       int
	model      []bool
	resultFile bool
	status     Status
	answered   bool
	ended      bool // the model's 0 was read
	err        error

	atStart bool   // at the start of a line
	kind    byte   // the current line's kind: 's', 'v', 'r' (result-file literals) or 0 (skipped)
	word    []byte // the current token (bounded)
	lineNo  int
}

func newOutputParser(vars int) *outputParser {
	return &outputParser{vars: vars, atStart: true, lineNo: 1}
}

func (o *outputParser) Write(p []byte) (int, error) {
	for _, b := range p {
		if o.err != nil {
			return len(p), nil // keep reading, so that the solver is not blocked
		}
		if b == '\n' {
			o.endToken()
			o.endLine()
			continue
		}
		if o.atStart {
			o.atStart = false
			o.word = o.word[:0]
			switch {
			case o.resultFile && o.lineNo == 1:
				o.kind = 's'
				o.word = append(o.word, b)
				continue
			case o.resultFile:
				o.kind = 'r'
			case b == 's' || b == 'v':
				o.kind = b
				continue
			default:
				o.kind = 0
			}
		}
		switch o.kind {
		case 's':
			if len(o.word) < 64 {
				o.word = append(o.word, b)
			}
		case 'v', 'r':
			if b == ' ' || b == '\t' || b == '\r' {
				o.endToken()
			} else if len(o.word) < 24 {
				o.word = append(o.word, b)
			}
		}
	}
	return len(p), nil
}

func (o *outputParser) endToken() {
	if o.kind != 'v' && o.kind != 'r' {
		return
	}
	if len(o.word) == 0 || o.err != nil {
		o.word = o.word[:0]
		return
	}
	word := string(o.word)
	lit, err := strconv.Atoi(word)
	o.word = o.word[:0]
	switch {
	case err != nil:
		o.err = fmt.Errorf("output line %d: %q in the model is not a literal", o.lineNo, word)
	case o.ended:
		o.err = fmt.Errorf("output line %d: literal %d after the model's 0", o.lineNo, lit)
	case lit == 0:
		o.ended = true
	case lit > o.vars || -lit > o.vars:
		o.err = fmt.Errorf("output line %d: literal %d beyond the formula's %d variables", o.lineNo, lit, o.vars)
	default:
		if o.model == nil {
			o.model = make([]bool, o.vars+1)
		}
		o.model[max(lit, -lit)] = lit > 0
	}
}

func (o *outputParser) endLine() {
	if o.kind == 's' && o.err == nil {
		word := string(bytes.TrimSpace(o.word))
		st, ok := map[string]Status{
			"SATISFIABLE": Sat, "UNSATISFIABLE": Unsat, "UNKNOWN": Unknown,
			"SAT": Sat, "UNSAT": Unsat, "INDET": Unknown, // MiniSat's result file
		}[word]
		switch {
		case !ok:
			o.err = fmt.Errorf("output line %d: unknown answer %q", o.lineNo, word)
		case o.answered:
			o.err = fmt.Errorf("output line %d: a second answer line", o.lineNo)
		default:
			o.status, o.answered = st, true
		}
	}
	o.kind = 0
	o.atStart = true
	o.lineNo++
}

// finish ends the output (a last line without its newline counts).
func (o *outputParser) finish() error {
	if !o.atStart {
		o.endToken()
		o.endLine()
	}
	if o.status == Sat && o.model == nil && o.err == nil {
		o.model = make([]bool, o.vars+1)
	}
	return o.err
}

// Checker is an Adder that checks a model against the clauses it
// receives: after the formula has been sent to it, Err returns nil when
// every clause has a true literal, else an error naming the first clause
// that has none (1-based) and its literals. It is the independent check
// of a model that a solver returned; the cost is O(1) per literal.
type Checker struct {
	model   []bool // model[v] is the value of variable v
	clause  int
	sat     bool
	lits    []int // the literals of the clause being read (the first 8)
	open    bool
	failure error
}

// NewChecker returns a Checker of the given model (index 0 unused; a
// variable beyond it is false).
func NewChecker(model []bool) *Checker { return &Checker{model: model} }

// Add receives the literal lit of the clause being read, or 0 to end it.
func (c *Checker) Add(lit int) {
	if lit == 0 {
		c.clause++
		if !c.sat && c.failure == nil {
			c.failure = fmt.Errorf("sat: the model falsifies clause %d %v", c.clause, c.lits)
		}
		c.sat, c.open, c.lits = false, false, c.lits[:0]
		return
	}
	c.open = true
	if len(c.lits) < 8 {
		c.lits = append(c.lits, lit)
	}
	v := max(lit, -lit)
	val := v < len(c.model) && c.model[v]
	if val == (lit > 0) {
		c.sat = true
	}
}

// Err returns the first clause the model falsifies, or nil.
func (c *Checker) Err() error {
	if c.open && c.failure == nil {
		return errors.New("sat: checker: the last clause is not ended")
	}
	return c.failure
}
