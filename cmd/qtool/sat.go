package main

import (
	"bufio"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/internal/memlimit"
	"github.com/qtool-project/qtool/sat"
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

// satUsage is the help of qtool sat (help/sat.txt).
//
//go:embed help/sat.txt
var satUsage string

// satModelSlack is how many more variables than the clauses mention the
// header may declare for the v lines to give them all.
const satModelSlack = 1 << 20

func runSAT(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("sat", satUsage)
	timeout := fs.Duration("timeout", 0, "time limit `D` of the whole run, e.g. 10s (0 = none); then s UNKNOWN and exit 0")
	model := fs.Bool("model", true, "print the model on v lines")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	if err := checkTimeout(*timeout); err != nil {
		return err
	}
	if len(operands) > 1 {
		return usageErrorf("sat: want at most one FILE (none or - for standard input; see qtool sat --help)")
	}
	path := "-"
	if len(operands) == 1 {
		path = operands[0]
	}
	rctx, cancel := withTimeout(ctx, *timeout)
	defer cancel()
	in, name, err := openInput(rctx, c, path)
	if err != nil {
		return err
	}
	defer in.Close()
	w := bufio.NewWriterSize(c.stdout, 1<<16)
	start := time.Now()
	res, err := sat.Load(rctx, in, name, sat.Bounds(memlimit.Limit()))
	read := time.Since(start)
	if err != nil {
		// A read stopped by rctx, the command's context, which standard
		// input's guard ends with too (stdin.go): backend.StopStatus says
		// whether by its deadline or by a signal.
		if rctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			fmt.Fprintf(w, "c qtool sat %s: stopped while reading, after %.3f s\n", name, read.Seconds())
			return satUnknown(backend.StopStatus(rctx, err), w)
		}
		var pe *sat.ParseError
		if errors.As(err, &pe) {
			fmt.Fprintln(c.stderr, err) // FILE:LINE:COL: message
			return withCode(exitUsage, nil)
		}
		return usageErrorf("%s: %v", name, err)
	}
	for _, warn := range res.Info.Warnings {
		fmt.Fprintln(c.stderr, warn)
	}
	info, s := res.Info, res.Solver
	compressed := ""
	if res.Format != "" {
		compressed = ", " + res.Format + " compressed"
	}
	fmt.Fprintf(w, "c qtool sat %s%s: %d variables declared, %d used, %d clauses, %d literals\n", name, compressed, info.Vars, info.MaxVar, info.Read, info.Literals)
	fmt.Fprintf(w, "c read in %.3f s (%.2f M clauses/s)\n", read.Seconds(), float64(info.Read)/max(read.Seconds(), 1e-9)/1e6)
	st := s.Solve(rctx)
	solve := time.Since(start) - read
	mem := ""
	if peak, ok := sat.PeakResidentMemory(); ok {
		mem = fmt.Sprintf("peak resident memory %.1f MB", float64(peak)/1e6)
	} else {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		mem = fmt.Sprintf("memory %.1f MB from the system (address space, not all resident)", float64(ms.Sys)/1e6)
	}
	fmt.Fprintf(w, "c solved by gini in %.3f s (%d solve call); %s\n", solve.Seconds(), s.Solves(), mem)
	return satAnswer(rctx, w, st, s, info, *model)
}

// satAnswer prints the answer st (s line, and the model on v lines when
// asked) and returns the exit status of the SAT competition: 10, 20, or
// that of an unknown answer.
func satAnswer(rctx context.Context, w *bufio.Writer, st sat.Status, s *sat.Solver, info sat.DIMACS, model bool) error {
	switch st {
	case sat.Unknown:
		return satUnknown(backend.StatusOf(rctx), w)
	case sat.Unsat:
		fmt.Fprintf(w, "s %v\n", st)
		if err := w.Flush(); err != nil {
			return err
		}
		return withCode(exitUnsatisfiable, nil)
	}
	fmt.Fprintf(w, "s %v\n", st)
	if model {
		vars := info.Vars
		if vars > info.MaxVar+satModelSlack {
			vars = info.MaxVar
			fmt.Fprintf(w, "c the v lines stop at variable %d, the largest a clause mentions: variables %d..%d are free\n", vars, vars+1, info.Vars)
		}
		if err := sat.WriteModel(rctx, w, s, vars); err != nil {
			fmt.Fprintf(w, "c %s while printing the model: the v lines above are INCOMPLETE\n", endWord(backend.StatusOf(rctx)))
			w.Flush()
			if backend.StatusOf(rctx) == backend.Timeout {
				return withCode(exitTimeout, nil)
			}
			return withCode(exitInterrupted, nil)
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return withCode(exitSatisfiable, nil)
}

// endWord says why a run ended (status s): "time limit reached" or
// "interrupted".
func endWord(s backend.Status) string {
	if s == backend.Timeout {
		return "time limit reached"
	}
	return "interrupted"
}

// satUnknown ends a run without an answer (status s): "s UNKNOWN", then
// exit 0 for a time limit (the SAT competition's convention) or 130/143
// for a signal.
func satUnknown(s backend.Status, w *bufio.Writer) error {
	fmt.Fprintf(w, "c %s\n", endWord(s))
	fmt.Fprintln(w, "s UNKNOWN")
	if err := w.Flush(); err != nil {
		return err
	}
	if s == backend.Timeout {
		return nil
	}
	return withCode(exitInterrupted, nil)
}
