package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/memlimit"
	"github.com/qtool-project/qtool/target"
)

func init() {
	register(command{name: "encode", summary: "write a board as an exact-cover matrix (dlx) or a CNF (dimacs)", run: runEncode})
}

// encodeUsage is its command's help (help/encode.txt).
//
//go:embed help/encode.txt
var encodeUsage string

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
	job, pieces, given, limit, err := f.job(ctx, c, setFlags(fs))
	if err != nil {
		return err
	}
	job.Auto = strings.EqualFold(f.amo, encode.AutoAMO)
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
// of the output's size; ctx is the command's (a --board - is read under
// it).
func (f *encodeFlags) job(ctx context.Context, c *cli, set map[string]bool) (job target.Job, pieces int, given bool, limit uint64, err error) {
	counts := set["pieces"] && strings.Contains(f.piecesFlag, "=")
	if counts {
		f.p.pieces = f.piecesFlag
	} else if set["pieces"] {
		if pieces, err = strconv.Atoi(f.piecesFlag); err != nil {
			return job, 0, false, 0, usageErrorf("encode: --pieces %q: want a number of pieces M, or counts such as Q=3,N=3", f.piecesFlag)
		}
		delete(set, "pieces")
	}
	prob, err := f.p.loadProblem(ctx, c, set)
	if err != nil {
		return job, 0, false, 0, err
	}
	given = !counts && f.piecesFlag != "" // the pieces problem places its counts
	if limit, err = memlimit.ParseSize(f.maxSize); err != nil {
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
	if f.amo != "" && !job.Auto {
		var err error
		if amo, err = encode.ParseAMO(f.amo); err != nil {
			return amo, usageErrorf("encode: --amo %q: want one of %s or %s", f.amo, strings.Join(encode.AMONames(), ", "), encode.AutoAMO)
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
		dest := "standard output"
		if outPath != "" {
			dest = outPath
		}
		return fmt.Errorf("encode: writing %s: %w", dest, unwrapPath(we.Err))
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

// problemPieces returns the number of pieces the matrix of a Maximum or
// Minimum problem is written for: --pieces when given, otherwise the
// optimum, found as qtool count finds it (backend.Solve's size search
// from Problem.Bound with count's default backend for the variants, here
// stopping at the first solution of the first size that has one). A Place
// problem takes 0 (its model places n).
func problemPieces(ctx context.Context, prob encode.Problem, pieces int, given bool) (int, error) {
	n := prob.Board.N
	if prob.Variant.Goal() == encode.Place {
		if given && pieces != n {
			return 0, usageErrorf("encode: --problem %v places n = %d pieces; --pieces applies to the minimum and maximum problems (domination, kings, bishops, knights, rooks, torus-domination)", prob.Variant, n)
		}
		return 0, nil
	}
	if given {
		if pieces < 1 || pieces > n*n {
			return 0, usageErrorf("encode: --pieces must be between 1 and n² = %d, got %d", n*n, pieces)
		}
		return pieces, nil
	}
	req := backend.Request{Mode: backend.Find, Limit: 1, Workers: 1}
	be, err := backend.Lookup(backend.Default(prob, req))
	if err != nil {
		return 0, usageErrorf("encode: %v", err)
	}
	out, err := backend.Solve(ctx, be, prob, req)
	if err != nil {
		return 0, usageErrorf("encode: finding the number of pieces: %v", err)
	}
	switch {
	case out.Status == backend.Interrupted:
		return 0, withCode(exitInterrupted, errors.New("encode: interrupted while finding the number of pieces; nothing was written (give --pieces M to write the matrix for M pieces)"))
	case out.Status == backend.Timeout:
		return 0, withCode(exitTimeout, errors.New("encode: time limit reached while finding the number of pieces; nothing was written (give --pieces M to write the matrix for M pieces)"))
	case out.Status != backend.OK:
		return 0, withCode(exitTimeout, fmt.Errorf("encode: the number of pieces was not found (%s); nothing was written", statusWord(out.Status)))
	case out.Solutions == 0:
		return 0, withCode(exitNo, fmt.Errorf("encode: the %v problem of this board has no solution of any size; nothing was written", prob.Variant))
	}
	return out.Pieces, nil
}
