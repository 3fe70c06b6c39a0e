package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/qtool-project/qtool/target"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/memlimit"
)

func init() {
	register(command{name: "encode", summary: "write a board as an exact-cover matrix (dlx) or a CNF (dimacs)", run: runEncode})
}

// encoder writes a board in one target format for an outside solver.
type encoder struct {
	name  string
	about string
	// model: the target writes the problem's model too, so it takes
	// every problem (--problem, blocked squares, excluded diagonals,
	// --pieces); without it, plain n-queens boards only.
	model bool
	// write writes the job's problem.
	write func(w io.Writer, j encodeJob) error
	// size, when set, estimates what write needs, before anything is
	// built: the bytes it writes and the bytes of memory it takes, and
	// what the output is, for the messages ("a CNF of 9000000 variables
	// and 40498500000 clauses").
	size func(j encodeJob) (out, mem uint64, what string, err error)
}

// encodeJob is what qtool encode asks of a target: the problem, whether it
// is written from its model (Model: a problem other than plain n-queens,
// or --pieces; the number of pieces chosen, and How says how), and the
// target's options (e.g. "amo").
type encodeJob struct {
	Prob  encode.Problem
	Model bool
	How   string
	Opts  map[string]string
}

var encoders = map[string]encoder{}

// registerEncoder adds a target of qtool encode --to; each target registers
// itself from an init function in its own file.
func registerEncoder(e encoder) {
	if _, dup := encoders[e.name]; dup {
		panic("qtool: encoder registered twice: " + e.name)
	}
	encoders[e.name] = e
}

func encoderNames() []string {
	names := make([]string, 0, len(encoders))
	for n := range encoders {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
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
	e, ok := encoders[f.to]
	if !ok {
		return usageErrorf("encode: --to %q: want one of %s", f.to, strings.Join(encoderNames(), ", "))
	}
	job, pieces, given, limit, err := f.job(c, setFlags(fs))
	if err != nil {
		return err
	}
	if err := f.check(e, job, limit); err != nil {
		return err
	}
	if job.Model {
		if job.How, job.Prob.Pieces, err = encodePieces(ctx, job.Prob, pieces, given); err != nil {
			return err
		}
	}
	return runEncodeWrite(ctx, c, f.outPath, func(w io.Writer) error { return e.write(w, job) })
}

// flagSet defines encode's flags but --timeout.
func (f *encodeFlags) flagSet() *flag.FlagSet {
	fs := flagSet("encode", encodeUsage)
	p := &f.p
	intFlag(fs, &p.n, "n", 0, "board order `N` (optional with --board)")
	fs.StringVar(&p.board, "board", "", "`FILE` with queens already placed (- for stdin)")
	fs.StringVar(&f.to, "to", "", "`TARGET` format: "+strings.Join(encoderNames(), ", "))
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
func (f *encodeFlags) job(c *cli, set map[string]bool) (job encodeJob, pieces int, given bool, limit uint64, err error) {
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
	opts := map[string]string{}
	if f.amo != "" {
		opts["amo"] = f.amo
	}
	return encodeJob{Prob: prob, Model: !prob.PlainQueens() || given, Opts: opts}, pieces, given, limit, nil
}

// check refuses a job the target does not write, and one whose output or
// construction is too large (estimated before anything is built).
func (f *encodeFlags) check(e encoder, job encodeJob, limit uint64) error {
	prob := job.Prob
	if job.Model && !e.model {
		if prob.Variant != encode.Queens {
			return usageErrorf("encode: --to %s writes plain n-queens only; --problem %v is written by --to dlx", e.name, prob.Variant)
		}
		return usageErrorf("%s has blocked squares or excluded diagonals: --to %s takes a plain board (--to dlx takes it)", boardName(f.p.board), e.name)
	}
	if f.amo != "" && e.name != "dimacs" {
		return usageErrorf("encode: --amo applies to --to dimacs, not %s", e.name)
	}
	if e.size == nil {
		return nil
	}
	out, mem, what, err := e.size(job)
	if err != nil {
		return usageErrorf("encode: %v", err)
	}
	if err := memlimit.Check("encode: "+what, mem); err != nil {
		return usageErrorf("%v", err)
	}
	if limit > 0 && out > limit {
		return usageErrorf("encode: %s is about %s of text, more than --max-size %s; give --max-size 0 (or a larger size) to write it anyway", what, memlimit.Bytes(out), memlimit.Bytes(limit))
	}
	return nil
}

// encodePieces says how the number of pieces of a model is chosen and
// chooses it (problemPieces; 0 for a problem that places n).
func encodePieces(ctx context.Context, prob encode.Problem, pieces int, given bool) (how string, chosen int, err error) {
	how = "given by --pieces"
	if prob.Variant.Goal() == encode.Place {
		how = "n of them, as the problem asks"
		if prob.Variant == encode.QueensPawns {
			how = fmt.Sprintf("n + %d, one more for each pawn", len(prob.Pawns))
		}
	} else if !given {
		how = "the " + map[encode.Goal]string{encode.Maximum: "maximum", encode.Minimum: "minimum"}[prob.Variant.Goal()] + ", found by search"
	}
	if chosen, err = problemPieces(ctx, prob, pieces, given); err != nil {
		return "", 0, err
	}
	if prob.Variant.Goal() == encode.Place {
		chosen = 0
	}
	return how, chosen, nil
}

// runEncodeWrite writes the output of write to stdout or to the file
// outName (replaced only when the whole output is written), stopping at
// Ctrl-C or at the first write error.
func runEncodeWrite(ctx context.Context, c *cli, outName string, write func(w io.Writer) error) error {
	outPath := &outName
	w := c.stdout
	var of *outFile
	if *outPath != "" {
		var err error
		if of, err = createOutContext(ctx, *outPath); err != nil {
			return usageErrorf("--out %s: %v", *outPath, err)
		}
		defer of.discard()
		w = of.f
	}
	// The writer stops the encoder at Ctrl-C or at the first write error,
	// however deep in its loops it is.
	aw := target.NewStopWriter(ctx, w)
	bw := bufio.NewWriterSize(aw, 1<<16)
	if err := aw.Run(func() error { return write(bw) }); err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return withCode(exitTimeout, fmt.Errorf("encode: time limit reached; the output is incomplete%s", outNote(*outPath)))
		}
		if ctx.Err() != nil {
			return withCode(exitInterrupted, fmt.Errorf("encode: interrupted; the output is incomplete%s", outNote(*outPath)))
		}
		if errors.Is(err, target.ErrStopped) {
			return fmt.Errorf("encode: writing: %v", unwrapPath(aw.Err()))
		}
		return usageErrorf("encode: %v", err)
	}
	if err := aw.Run(bw.Flush); err != nil {
		return fmt.Errorf("encode: writing: %v", unwrapPath(aw.Err()))
	}
	if of != nil {
		if err := of.commit(); err != nil {
			return fmt.Errorf("--out %s: %v", *outPath, err)
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
