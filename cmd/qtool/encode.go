package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/memlimit"
	"github.com/qtool-project/qtool/target"
)

func init() {
	register(command{name: "encode", summary: "write a board as an exact-cover matrix (dlx) or a CNF (dimacs)", run: runEncode})
}

const encodeUsage = `
Usage: qtool encode -n N [--board FILE [--diagonals K]] [--problem NAME [--pieces M]] --to TARGET [--amo ENC] [--out FILE]

Writes the n-queens problem (or the completion of a board) for an outside
solver: --to dlx writes Knuth's exact-cover format (dlx1, TAOCP 7.2.2.1),
--to dimacs writes a CNF for any SAT solver.

A board with blocked squares or excluded diagonals (a CSPLib prob079
.param file; --diagonals K keeps only its first K, as qtool count does),
and a variant of --problem, are written as their model: --to dimacs as
cardinality constraints on one variable per free square (the comments
list which square each variable is; --amo applies), --to dlx as below.

--problem NAME writes a variant of qtool count --problem, also on a board
with blocked squares; --to dlx writes one option per free square, a
primary item per line that must hold exactly one piece, a secondary item
per line that may hold at most one, and an item with bounds "lo:hi|name"
(Knuth's dlx3 multiplicities, TAOCP 7.2.2.1 Algorithm M) per line with
other bounds, such as domination's "every square covered at least once"
and the number of pieces ("3|total0"). No variant needs colours. The
solutions of the matrix are the placements of exactly M pieces. For the
minimum problems (domination, torus-domination) and the maximum ones
(kings, bishops, knights, rooks), M is --pieces, or by default the optimum,
found first by the search qtool count makes (from the same bound, stopping
at the first placement): then qtool xcover --count counts what qtool count
counts, e.g. the 4 minimum dominating sets of 3 queens for n = 6 (OEIS
A002564). With --pieces M another than the optimum, the matrix counts the
placements of M pieces: for domination, the dominating sets of M queens
(minimal or not, none below the optimum); for kings and the other maximum
problems, the non-attacking placements of M pieces (none above it).

--to minizinc, lp, mps, asp and opb write the same model for other
communities' solvers: a MiniZinc model (one variable a row and
alldifferent where every row holds one piece, 0/1 variables otherwise;
minizinc --solver gecode prints "placed: r,c ..." lines), a 0/1 integer
program in the CPLEX LP or fixed MPS format (cbc, glpsol --lp/--mps),
facts and a program for gringo | clasp (answers as q(R,C) atoms), and a
pseudo-Boolean problem in OPB (clasp, PB solvers). Square i of the comments'
list is variable x<i> (X<i> in MPS); the given pieces are left out.

Examples:
  qtool encode -n 8 --to dlx > queens8.dlx
  qtool encode -n 8 --to minizinc > queens8.mzn
  qtool encode -n 7 --problem toroidal --to asp > toroidal7.lp
  qtool encode --board examples/board.txt --to dimacs --amo sequential > board.cnf
  qtool encode -n 6 --problem domination --to dlx > domination6.dlx
  qtool encode -n 5 --problem domination --pieces 3 --to dlx --out domination5.dlx
  qtool encode --board examples/diag-14-4-924.param --diagonals 9 --to dlx > diag14.dlx
  qtool encode --board examples/diag-14-4-924.param --diagonals 9 --to dimacs | qtool sat - --model=false

--timeout D stops the writing after D (exit 3, the output incomplete; an
existing --out FILE is left as it was).

The size of the output is estimated first: one larger than --max-size is
refused with the estimate (--max-size 0 writes whatever the size), and so is
one whose construction cannot fit in memory.
`

// encodeFlags are encode's flags once parsed.
type encodeFlags struct {
	p                         problemFlags
	to, amo, outPath, maxSize string
	piecesFlag                string
}

func runEncode(ctx context.Context, c *cli, args []string) error {
	var f encodeFlags
	fs := f.flagSet()
	timeout := fs.Duration("timeout", 0, "time limit `D`, e.g. 30s (0 = none); exit 3 when reached, an existing --out FILE left as it was")
	operands, ctx, cancel, err := parseTimed(ctx, c, fs, args, timeout)
	if err != nil {
		return err
	}
	defer cancel()
	if len(operands) > 0 {
		return usageErrorf("encode: unexpected argument %q (see qtool encode --help)", operands[0])
	}
	e, ok := target.Lookup(f.to)
	if !ok {
		return usageErrorf("encode: --to %q: want one of %s", f.to, strings.Join(target.Names(), ", "))
	}
	job, pieces, given, limit, err := f.job(c, setFlags(fs))
	if err != nil {
		return err
	}
	if job.AMO, err = f.check(e, job, limit); err != nil {
		return err
	}
	if job.Model {
		job.How = target.PiecesHow(job.Prob, given)
		if job.Prob.Pieces, err = problemPieces(ctx, job.Prob, pieces, given); err != nil {
			return err
		}
	}
	return runEncodeWrite(ctx, c, f.outPath, e, job)
}

// flagSet defines encode's flags but --timeout.
func (f *encodeFlags) flagSet() *flag.FlagSet {
	fs := flagSet("encode", encodeUsage)
	p := &f.p
	intFlag(fs, &p.n, "n", 0, "board order `N` (optional with --board)")
	fs.StringVar(&p.board, "board", "", "`FILE` with queens already placed (- for stdin)")
	fs.StringVar(&f.to, "to", "", "`TARGET` format: "+strings.Join(target.Names(), ", "))
	fs.StringVar(&f.amo, "amo", "", "at-most-one encoding for --to dimacs")
	fs.StringVar(&f.outPath, "out", "", "write to `FILE` instead of stdout (replaced only when the whole output is written)")
	p.variants = true
	fs.StringVar(&p.problem, "problem", "queens", "problem `NAME`: "+variantNames())
	intFlag(fs, &p.diagonals, "diagonals", 0, "use only the first `K` excluded diagonals of a CSPLib prob079 .param --board, as the published runs do")
	fs.StringVar(&f.piecesFlag, "pieces", "", "write the minimum or maximum problem for `M` pieces (default: the optimum, found by search as qtool count finds it); or the pieces problem of the counts Q=3,N=3 (as qtool count --pieces)")
	fs.StringVar(&f.maxSize, "max-size", "4GB", "refuse an output larger than `SIZE` (e.g. 500MB, 20GB; 0 for no limit)")
	return fs
}

// job loads the problem and reads --pieces and --max-size: the job, the
// number of pieces of a model and whether --pieces gave it, and the limit
// of the output's size.
func (f *encodeFlags) job(c *cli, set map[string]bool) (job target.Job, pieces int, given bool, limit uint64, err error) {
	counts := set["pieces"] && strings.Contains(f.piecesFlag, "=")
	if counts {
		f.p.pieces = f.piecesFlag
	} else if set["pieces"] {
		if pieces, err = strconv.Atoi(f.piecesFlag); err != nil {
			return job, 0, false, 0, usageErrorf("encode: --pieces %q: want a number of pieces M, or counts such as Q=3,N=3", f.piecesFlag)
		}
		delete(set, "pieces")
	}
	prob, err := f.p.loadProblem(c, set)
	if err != nil {
		return job, 0, false, 0, err
	}
	given = !counts && f.piecesFlag != "" // the pieces problem places its counts
	if limit, err = parseSize(f.maxSize); err != nil {
		return job, 0, false, 0, usageErrorf("encode: --max-size %q: %v", f.maxSize, err)
	}
	return target.Job{Prob: prob, Model: !prob.PlainQueens() || given}, pieces, given, limit, nil
}

// check refuses a job the target does not write, and one whose output or
// construction is too large (estimated before anything is built); it
// returns the at-most-one encoding of --amo.
func (f *encodeFlags) check(e target.Encoder, job target.Job, limit uint64) (encode.AMOEncoding, error) {
	prob, amo := job.Prob, encode.DefaultAMO
	if job.Model && !e.Model {
		if prob.Variant != encode.Queens {
			return amo, usageErrorf("encode: --to %s writes plain n-queens only; --problem %v is written by --to dlx", e.Name, prob.Variant)
		}
		return amo, usageErrorf("%s has blocked squares or excluded diagonals: --to %s takes a plain board (--to dlx takes it)", boardName(f.p.board), e.Name)
	}
	if f.amo != "" && e.Name != "dimacs" {
		return amo, usageErrorf("encode: --amo applies to --to dimacs, not %s", e.Name)
	}
	if e.Estimate == nil {
		return amo, nil
	}
	if f.amo != "" {
		var err error
		if amo, err = encode.ParseAMO(f.amo); err != nil {
			return amo, usageErrorf("encode: --amo %q: want one of %s", f.amo, strings.Join(encode.AMONames(), ", "))
		}
	}
	job.AMO = amo
	out, mem, what, err := e.Estimate(job)
	if err != nil {
		return amo, usageErrorf("encode: %v", err)
	}
	if err := memlimit.Check("encode: "+what, mem); err != nil {
		return amo, usageErrorf("%v", err)
	}
	if limit > 0 && out > limit {
		return amo, usageErrorf("encode: %s is about %s of text, more than --max-size %s; give --max-size 0 (or a larger size) to write it anyway", what, memlimit.Bytes(out), memlimit.Bytes(limit))
	}
	return amo, nil
}

// runEncodeWrite writes the job with e to stdout or to the file outPath
// (replaced only when the whole output is written), stopping at Ctrl-C or
// at the first write error.
func runEncodeWrite(ctx context.Context, c *cli, outPath string, e target.Encoder, job target.Job) error {
	w := c.stdout
	var of *outFile
	if outPath != "" {
		var err error
		if of, err = createOutContext(ctx, outPath); err != nil {
			return usageErrorf("--out %s: %v", outPath, err)
		}
		defer of.discard()
		w = of.f
	}
	var we *target.WriteError
	switch err := e.Write(ctx, w, job); {
	case errors.As(err, &we):
		return fmt.Errorf("encode: writing: %v", unwrapPath(we.Err))
	case err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded):
		return withCode(exitTimeout, fmt.Errorf("encode: time limit reached; the output is incomplete%s", outNote(outPath)))
	case err != nil && ctx.Err() != nil:
		return withCode(exitInterrupted, fmt.Errorf("encode: interrupted; the output is incomplete%s", outNote(outPath)))
	case err != nil:
		return usageErrorf("encode: %v", err)
	}
	if of != nil {
		if err := of.commit(); err != nil {
			return fmt.Errorf("--out %s: %v", outPath, err)
		}
	}
	return nil
}

func outNote(path string) string {
	if path == "" {
		return ""
	}
	if _, err := os.Lstat(path); err != nil {
		return "; nothing was written to " + path
	}
	return " and " + path + " was left as it was"
}

// parseSize reads a size such as 4GB, 500MB, 1.5G, 2000000 (bytes) or 0,
// in decimal units.
func parseSize(s string) (uint64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(t, "B")
	mult := 1.0
	if t != "" {
		if i := strings.IndexByte("KMGTP", t[len(t)-1]); i >= 0 {
			mult = math.Pow(1000, float64(i+1))
			t = t[:len(t)-1]
		}
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || v < 0 || math.IsInf(v, 0) || v*mult > 1e19 {
		return 0, errors.New("want a size such as 500MB, 4GB or 0 for no limit")
	}
	return uint64(v * mult), nil
}
