package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/solution"
)

func init() {
	register(command{name: "place", summary: "one solution of a huge board (up to 10⁹ queens), streamed to a file and verified", run: runPlace})
	register(command{name: "verify", summary: "check a solution in list form of any size, streaming", run: runVerify})
}

// placeUsage is its command's help (help/place.txt).
//
//go:embed help/place.txt
var placeUsage string

// verifyUsage is its command's help (help/verify.txt).
//
//go:embed help/verify.txt
var verifyUsage string

func runPlace(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("place", placeUsage)
	var n int
	intFlag(fs, &n, "n", 0, "board order `N`")
	out := fs.String("out", "", "write the solution to `FILE` (list form)")
	method := fs.String("method", "minconflicts", "`M`: minconflicts or construct")
	seed := fs.Int64("seed", 1, "random `seed` of minconflicts")
	timeout := fs.Duration("timeout", 0, "time limit `D`, e.g. 10m (0 = none); exit 3 when reached")
	noVerify := fs.Bool("no-verify", false, "do not read the file back through the streaming verifier")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parseNone(c, fs, args); err != nil {
		return err
	}
	if err := checkTimeout(*timeout); err != nil {
		return err
	}
	if *out == "" || *out == "-" {
		return usageErrorf("place: give the file to write with --out FILE (it is read back to verify it)")
	}
	o := solution.PlaceOptions{N: n, Method: *method, Seed: *seed, Out: *out, NoVerify: *noVerify}
	if _, _, ok := solution.PlaceNeeds(*method, n); ok && !setFlags(fs)["n"] {
		return usageErrorf("place: give the board order with -n N")
	}
	if err := o.Check(); err != nil {
		return usageErrorf("%s", strings.TrimPrefix(err.Error(), "solution: "))
	}
	if n == 2 || n == 3 {
		fmt.Fprintf(c.stdout, "no solution: the %d-queens problem has none\n", n)
		return nil
	}
	rctx, cancel := withTimeout(ctx, *timeout)
	defer cancel()
	rec, err := solution.Place(rctx, o)
	if err != nil {
		return placeErr(rctx, err)
	}
	if *asJSON {
		return writeJSON(c.stdout, rec)
	}
	what := "not verified"
	if rec.Verified {
		what = fmt.Sprintf("verified in %.1f s", rec.VerifySeconds)
	}
	_, err = fmt.Fprintf(c.stdout, "n = %d, %s: a solution written to %s (search %.1f s, write %.1f s), %s\n", n, *method, *out, rec.SearchSeconds, rec.WriteSeconds, what)
	return err
}

// placeErr says which step a context's end or a failure stopped, or that
// the file written is no solution (exit 1).
func placeErr(ctx context.Context, err error) error {
	var step *solution.StepError
	var wrong *solution.WrongError
	switch {
	case errors.As(err, &step):
		if ctx.Err() != nil && (errors.Is(step.Err, context.Canceled) || errors.Is(step.Err, context.DeadlineExceeded)) {
			return runErr(ctx, "place: "+step.Step, step.Err)
		}
		return fmt.Errorf("place: %s: %w", step.Step, step.Err)
	case errors.As(err, &wrong):
		return withCode(exitNo, errors.New("place: "+strings.TrimPrefix(wrong.Error(), "solution: ")))
	}
	return err
}

func runVerify(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("verify", verifyUsage)
	asJSON := fs.Bool("json", false, "print one JSON object")
	timeout := fs.Duration("timeout", 0, "stop after `D` (e.g. 30s; 0 = no limit), also while standard input is idle: exit 3")
	operands, ctx, cancel, err := parseTimed(ctx, c, fs, args, timeout)
	if err != nil {
		return err
	}
	defer cancel()
	if len(operands) != 1 {
		return usageErrorf("verify: want exactly one FILE (see qtool verify --help)")
	}
	f, name, err := openInput(ctx, c, operands[0])
	if err != nil {
		return err
	}
	defer f.Close()
	rec, err := solution.Verify(ctx, f, name)
	switch {
	case err == nil:
	case ctx.Err() != nil:
		return runErr(ctx, "verify", err)
	default:
		return usageErrorf("%v", err)
	}
	n := rec.N
	if *asJSON {
		if err := writeJSON(c.stdout, rec); err != nil {
			return err
		}
	} else if rec.Solution {
		fmt.Fprintf(c.stdout, "a solution: %d queens on a %d×%d board, no two attacking\n", n, n, n)
	} else {
		fmt.Fprintf(c.stdout, "not a solution: %s\n", rec.Reason)
	}
	if !rec.Solution {
		return withCode(exitNo, nil)
	}
	return nil
}
