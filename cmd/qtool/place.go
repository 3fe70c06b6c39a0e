package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/qtool-project/qtool/internal/ctxio"
	"github.com/qtool-project/qtool/internal/listcheck"
	"github.com/qtool-project/qtool/internal/memlimit"
	"github.com/qtool-project/qtool/search"
	"github.com/qtool-project/qtool/solution"
)

func init() {
	register(command{name: "place", summary: "one solution of a huge board (up to 10⁹ queens), streamed to a file and verified", run: runPlace})
	register(command{name: "verify", summary: "check a solution in list form of any size, streaming", run: runVerify})
}

const placeUsage = `
Usage: qtool place -n N --out FILE [--method minconflicts|construct] [--seed S]
                   [--timeout D] [--no-verify] [--json]

Finds one solution of the empty n×n board for n up to about 10⁹ (where
solve stops at 2^28), writes it to FILE in list form (the 0-based column of
each row, one line, separated by blanks), then checks the file as it reads
it back with the independent streaming verifier of qtool verify. FILE is
written under a temporary name and renamed when complete: a time limit or
Ctrl-C leaves no partial file (exit 3 or 130).

minconflicts (the default) is local search (Sosič and Gu's QS4), 5.3 bytes
a queen: 5.3 GB for n = 10⁹; construct is the explicit solution of Hoffman,
Loessi and Moore, 4 bytes a queen. The verifier takes about 5 bits a queen,
after the search has freed its memory. A size whose estimate exceeds the
memory available is refused before anything is allocated.

A billion queens (qtool place -n 1000000000 --out q.txt) take 5.8 GB of
memory, a 10 GB file and minutes.

Examples:
  qtool place -n 1000000 --out queens.txt
  qtool place -n 1000000 --method construct --out queens.txt --no-verify
  qtool verify queens.txt
`

const verifyUsage = `
Usage: qtool verify [--json] [--timeout D] FILE

Checks that FILE (- for stdin) holds one solution of the n-queens problem in
list form (the 0-based column of each row on one line, as qtool place and
qtool solve --format list write it) while reading it: one bit a column and
one a diagonal, about 5 bits a queen, so that 10⁹ queens take about 0.7 GB.
Lines starting with # before the list are comments. Exit status 0 for a
solution, 1 for a list that is not one (with the first reason), 2 when FILE
cannot be read as a list or is longer than the memory can check, 3 when
--timeout ends it (also while standard input is idle).

Examples:
  qtool solve -n 8 --format list | qtool verify -
  qtool place -n 100000 --out queens.txt --no-verify && qtool verify queens.txt
`

type placeRecord struct {
	N             int               `json:"n"`
	Method        string            `json:"method"`
	Seed          int64             `json:"seed,omitempty"`
	Out           string            `json:"out"`
	BytesEstimate uint64            `json:"bytes_estimate"`
	SearchSeconds float64           `json:"search_seconds"`
	WriteSeconds  float64           `json:"write_seconds"`
	VerifySeconds float64           `json:"verify_seconds,omitempty"`
	Verified      bool              `json:"verified"`
	Stats         map[string]uint64 `json:"stats,omitempty"`
}

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
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	if len(operands) > 0 {
		return usageErrorf("place: unexpected argument %q (see qtool place --help)", operands[0])
	}
	if err := checkTimeout(*timeout); err != nil {
		return err
	}
	if *out == "" || *out == "-" {
		return usageErrorf("place: give the file to write with --out FILE (it is read back to verify it)")
	}
	var need uint64
	var most int
	switch *method {
	case "minconflicts":
		need, most = search.MinConflictsBytes(n, 0), search.MinConflictsMaxN
	case "construct":
		need, most = 4*uint64(max(n, 0)), search.ConstructMaxN
	default:
		return usageErrorf("place: --method %q: want minconflicts or construct", *method)
	}
	switch {
	case !setFlags(fs)["n"]:
		return usageErrorf("place: give the board order with -n N")
	case n < 1:
		return usageErrorf("place: -n must be at least 1, got %d", n)
	case n > most:
		return usageErrorf("place: -n %d is larger than %s handles (%d)", n, *method, most)
	case n == 2 || n == 3:
		fmt.Fprintf(c.stdout, "no solution: the %d-queens problem has none\n", n)
		return nil
	}
	if err := memlimit.Check(fmt.Sprintf("place: n = %d with %s (%.2f bytes a queen)", n, *method, float64(need)/float64(n)), need); err != nil {
		return usageErrorf("%v", err)
	}

	rctx, cancel := withTimeout(ctx, *timeout)
	defer cancel()
	rec := placeRecord{N: n, Method: *method, Out: *out, BytesEstimate: need}
	start := time.Now()
	var cols []int32
	switch *method {
	case "minconflicts":
		rec.Seed = *seed
		var st search.MinConflictsStats
		cols, st, err = search.MinConflictsColumns(rctx, n, search.MinConflictsOptions{Seed: *seed, MaxRestarts: -1})
		rec.Stats = map[string]uint64{"steps": st.Steps, "swaps": st.Swaps, "restarts": st.Restarts, "initial_conflicts": st.InitialConflicts}
	case "construct":
		cols, err = search.ConstructColumns(rctx, n)
	}
	if err != nil {
		return placeErr(rctx, "the search", err)
	}
	rec.SearchSeconds = time.Since(start).Seconds()

	start = time.Now()
	inPlace, err := writeColumnsFile(rctx, *out, cols)
	if err != nil {
		return placeErr(rctx, "writing "+*out, err)
	}
	rec.WriteSeconds = time.Since(start).Seconds()
	var readBack func() (io.ReadCloser, error) = func() (io.ReadCloser, error) { return os.Open(*out) }
	if inPlace {
		// A device or FIFO cannot be read back: the verifier reads the
		// same list form from memory.
		kept := cols
		readBack = func() (io.ReadCloser, error) {
			pr, pw := io.Pipe()
			go func() { pw.CloseWithError(solution.Columns(rctx, pw, kept)) }()
			return pr, nil
		}
	}
	cols = nil
	runtime.GC()
	debug.FreeOSMemory() // the verifier's memory comes after the search's, not on top

	if !*noVerify {
		start = time.Now()
		f, err := readBack()
		if err != nil {
			return err
		}
		got, err := listcheck.Check(rctx, f, *out)
		f.Close()
		if err != nil {
			if rctx.Err() != nil {
				return placeErr(rctx, "verifying "+*out+" (it is written, not verified)", err)
			}
			return withCode(exitNo, fmt.Errorf("place: %s is written but is no solution: %v", *out, err))
		}
		if got != n {
			return withCode(exitNo, fmt.Errorf("place: %s holds %d queens, not %d", *out, got, n))
		}
		rec.VerifySeconds = time.Since(start).Seconds()
		rec.Verified = true
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

// placeErr says which step a context's end or a failure stopped.
func placeErr(ctx context.Context, step string, err error) error {
	if ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		return runErr(ctx, "place: "+step, err)
	}
	return fmt.Errorf("place: %s: %v", step, err)
}

// writeColumnsFile writes the columns in list form to a temporary file
// beside path and renames it to path when all is written (a device or
// FIFO is written in place, reported by inPlace); the context is looked
// at every 2²⁰ rows. On any failure the temporary file is removed.
func writeColumnsFile(ctx context.Context, path string, cols []int32) (inPlace bool, err error) {
	o, err := createOutContext(ctx, path)
	if err != nil {
		return false, err
	}
	defer o.discard()
	if err := solution.Columns(ctx, o.f, cols); err != nil {
		return false, unwrapPath(err)
	}
	return o.file.InPlace(), o.commit()
}

type verifyRecord struct {
	File     string `json:"file"`
	N        int    `json:"n,omitempty"`
	Solution bool   `json:"solution"`
	Reason   string `json:"reason,omitempty"`
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
	f, name, err := openInput(c, operands[0])
	if err != nil {
		return err
	}
	defer f.Close()
	n, err := listcheck.Check(ctx, ctxio.Reader(ctx, f), name)
	rec := verifyRecord{File: name, N: n, Solution: err == nil}
	switch {
	case err == nil:
	case ctx.Err() != nil:
		return runErr(ctx, "verify", err)
	case errors.Is(err, listcheck.ErrIllegal):
		rec.Reason = err.Error()
	default:
		return usageErrorf("%v", err)
	}
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
