package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"qtool/experiments"
	"qtool/sat"
)

func init() {
	register(command{name: "sat", summary: "solve any CNF in DIMACS format with gini, answering as SAT solvers do", run: runSAT})
}

// Exit statuses of qtool sat, the SAT competition's convention that
// minisat, picosat and cadical follow.
const (
	exitSatisfiable   = 10
	exitUnsatisfiable = 20
)

const satUsage = `
Usage: qtool sat FILE [--timeout D] [--model=false]

Solves a formula in conjunctive normal form, in the DIMACS format that
every SAT solver reads (FILE - is standard input), with the CDCL solver
gini, and answers as SAT solvers do: comment lines "c ...", then
"s SATISFIABLE" followed by the model on "v" lines ending with 0,
"s UNSATISFIABLE", or "s UNKNOWN" when the time limit comes first.

Exit status: 10 satisfiable, 20 unsatisfiable (the convention of minisat,
picosat and cadical); 2 bad input, with one line "sat: FILE:LINE:COL: ..."
on stderr; 3 time limit reached (s UNKNOWN); 130 interrupted (s UNKNOWN).
A clause count that disagrees with the header is a warning on stderr.

Examples:
  qtool encode -n 50 --to dimacs > q50.cnf && qtool sat q50.cnf
  qtool encode --board examples/board.txt --to dimacs | qtool sat - --model=false
  qtool sat --timeout 10s examples/hard.cnf
`

func runSAT(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("sat", satUsage)
	timeout := fs.Duration("timeout", 0, "time limit `D`, e.g. 10s (0 = none); then s UNKNOWN and exit 3")
	model := fs.Bool("model", true, "print the model on v lines")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	if len(operands) != 1 {
		return usageErrorf("sat: want exactly one FILE (- for stdin; see qtool sat --help)")
	}
	in, name, err := openInput(c, operands[0])
	if err != nil {
		return err
	}
	defer in.Close()
	start := time.Now()
	s := sat.New()
	info, err := sat.ReadDIMACS(in, name, s)
	if err != nil {
		var pe *sat.ParseError
		if errors.As(err, &pe) {
			fmt.Fprintln(c.stderr, err)
			return withCode(exitUsage, nil)
		}
		return usageErrorf("%v", err)
	}
	for _, w := range info.Warnings {
		fmt.Fprintln(c.stderr, w)
	}
	read := time.Since(start)
	rctx, cancel := withTimeout(ctx, *timeout)
	defer cancel()
	st := s.Solve(rctx)
	solve := time.Since(start) - read
	w := bufio.NewWriterSize(c.stdout, 1<<16)
	fmt.Fprintf(w, "c qtool sat %s: %d variables, %d clauses\n", name, info.Vars, info.Read)
	fmt.Fprintf(w, "c read in %.3f s, solved by gini in %.3f s\n", read.Seconds(), solve.Seconds())
	fmt.Fprintf(w, "s %v\n", st)
	if st == sat.Sat && *model {
		writeModel(w, s, max(info.Vars, s.Vars()))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	switch st {
	case sat.Sat:
		return withCode(exitSatisfiable, nil)
	case sat.Unsat:
		return withCode(exitUnsatisfiable, nil)
	}
	if experiments.StatusOf(rctx) == experiments.Timeout {
		return withCode(exitTimeout, nil)
	}
	return withCode(exitInterrupted, nil)
}

// writeModel prints the values of variables 1..vars on "v" lines of at
// most about 78 characters, the last one ending with 0.
func writeModel(w *bufio.Writer, s *sat.Solver, vars int) {
	line := make([]byte, 0, 96)
	line = append(line, 'v')
	for v := 1; v <= vars; v++ {
		lit := v
		if !s.Value(v) {
			lit = -v
		}
		line = append(line, ' ')
		line = strconv.AppendInt(line, int64(lit), 10)
		if len(line) > 70 {
			w.Write(append(line, '\n'))
			line = append(line[:0], 'v')
		}
	}
	w.Write(append(line, " 0\n"...))
}
