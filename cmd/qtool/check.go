package main

import (
	"context"
	_ "embed"
	"fmt"

	"github.com/qtool-project/qtool/internal/ctxio"
	"github.com/qtool-project/qtool/internal/plural"
	"github.com/qtool-project/qtool/solution"
)

func init() {
	register(command{name: "check", summary: "say whether a (partial) placement is legal", run: runCheck})
}

// checkUsage is its command's help (help/check.txt).
//
//go:embed help/check.txt
var checkUsage string

func runCheck(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("check", checkUsage)
	asJSON := fs.Bool("json", false, "print one JSON object")
	timeout := fs.Duration("timeout", 0, "time limit `D` of the reading, e.g. 30s (0 = none); exit 3 when reached")
	operands, ctx, cancel, err := parseTimed(ctx, c, fs, args, timeout)
	if err != nil {
		return err
	}
	defer cancel()
	err = runCheckFile(ctx, c, operands, *asJSON)
	if err != nil && ctx.Err() != nil {
		return runErr(ctx, "check", ctx.Err())
	}
	return err
}

// runCheckFile checks the one board file of operands (solution.Check).
func runCheckFile(ctx context.Context, c *cli, operands []string, asJSON bool) error {
	if len(operands) != 1 {
		return usageErrorf("check: want exactly one FILE (see qtool check --help)")
	}
	f, name, err := openInput(ctx, c, operands[0])
	if err != nil {
		return err
	}
	defer f.Close()
	rec, err := solution.Check(ctxio.Stopping(ctx, f), name)
	if err != nil {
		return boardError(err, name)
	}
	rec.Reason = userText(rec.Reason)
	return printCheck(c, rec, asJSON)
}

// printCheck prints the record (--json) or its line, and returns the
// exit status: 1 for an illegal board.
func printCheck(c *cli, rec solution.CheckRecord, asJSON bool) error {
	if asJSON {
		if err := writeJSON(c.stdout, rec); err != nil {
			return err
		}
	} else if rec.Legal {
		what := plural.Of(rec.N-rec.Queens, "row") + " free"
		if rec.Complete {
			what = "a complete solution"
		}
		ex := ""
		if rec.Excluded > 0 {
			ex = " with " + plural.Of(rec.Excluded, "excluded diagonal")
		}
		fmt.Fprintf(c.stdout, "legal: %s on a %d×%d board%s, %s\n", plural.Of(rec.Queens, "queen"), rec.N, rec.N, ex, what)
	} else {
		fmt.Fprintf(c.stdout, "illegal: %s\n", rec.Reason)
	}
	if !rec.Legal {
		return withCode(exitNo, nil)
	}
	return nil
}
