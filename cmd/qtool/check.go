package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/ctxio"
)

func init() {
	register(command{name: "check", summary: "say whether a (partial) placement is legal", run: runCheck})
}

const checkUsage = `
Usage: qtool check [--json] FILE

Reads a board (grid, compact, list or algebraic form; - for stdin), or a
parameter file (.param, Essence′) or .qpos completion file, and says whether
its queens are legal: no two in the same row, column or diagonal, none on an
excluded diagonal.
Exit status 0 when legal, 1 when illegal (with the reason), 2 when the file
cannot be read as a board.

Examples:
  qtool check examples/board.txt
  qtool solve -n 8 --format list | head -1 | qtool check -
`

type checkRecord struct {
	File     string `json:"file"`
	N        int    `json:"n,omitempty"`
	Queens   int    `json:"queens"`
	Legal    bool   `json:"legal"`
	Complete bool   `json:"complete"`
	Excluded int    `json:"excluded_diagonals,omitempty"` // of a parameter file
	Reason   string `json:"reason,omitempty"`
}

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

// runCheckFile checks the one board file of operands.
func runCheckFile(ctx context.Context, c *cli, operands []string, asJSON bool) error {
	if len(operands) != 1 {
		return usageErrorf("check: want exactly one FILE (see qtool check --help)")
	}
	f, name, err := openInput(c, operands[0])
	if err != nil {
		return err
	}
	defer f.Close()
	br := bufio.NewReaderSize(ctxio.Stopping(ctx, f), encode.PeekSize)
	head, _ := br.Peek(encode.PeekSize)
	if !encode.IsBoardForm(head) {
		return checkInstance(c, br, name, asJSON)
	}
	b, err := encode.ParseBoard(br, name)
	rec := checkRecord{File: name}
	if err != nil {
		if !errors.Is(err, encode.ErrInvalidBoard) {
			return usageErrorf("%w", err)
		}
		rec.Reason = userText(err.Error())
		if b.N > 0 { // well formed: the board comes with the error
			rec.N, rec.Queens = b.N, b.Given()
		}
	} else {
		rec.N, rec.Queens, rec.Legal = b.N, b.Given(), true
		rec.Complete = rec.Queens == b.N
	}
	if asJSON {
		if err := writeJSON(c.stdout, rec); err != nil {
			return err
		}
	} else if rec.Legal {
		what := plural(b.N-rec.Queens, "row") + " free"
		if rec.Complete {
			what = "a complete solution"
		}
		fmt.Fprintf(c.stdout, "legal: %s on a %d×%d board, %s\n", plural(rec.Queens, "queen"), b.N, b.N, what)
	} else {
		fmt.Fprintf(c.stdout, "illegal: %s\n", rec.Reason)
	}
	if !rec.Legal {
		return withCode(exitNo, nil)
	}
	return nil
}

// checkInstance checks the given queens of a parameter or .qpos file
// against each other and against its excluded diagonals.
func checkInstance(c *cli, r io.Reader, name string, asJSON bool) error {
	in, err := encode.ParseInstance(r, name)
	rec := checkRecord{File: name}
	if err != nil {
		if !errors.Is(err, encode.ErrInvalidBoard) {
			return usageErrorf("%w", err)
		}
		rec.Reason = userText(err.Error())
	} else {
		b := in.Board
		rec.N, rec.Queens, rec.Legal = b.N, b.Given(), true
		rec.Complete = rec.Queens == b.N
		rec.Excluded = len(in.Excluded)
	}
	if asJSON {
		if err := writeJSON(c.stdout, rec); err != nil {
			return err
		}
	} else if rec.Legal {
		what := plural(rec.N-rec.Queens, "row") + " free"
		if rec.Complete {
			what = "a complete solution"
		}
		ex := ""
		if rec.Excluded > 0 {
			ex = " with " + plural(rec.Excluded, "excluded diagonal")
		}
		fmt.Fprintf(c.stdout, "legal: %s on a %d×%d board%s, %s\n", plural(rec.Queens, "queen"), rec.N, rec.N, ex, what)
	} else {
		fmt.Fprintf(c.stdout, "illegal: %s\n", rec.Reason)
	}
	if !rec.Legal {
		return withCode(exitNo, nil)
	}
	return nil
}

// plural writes a count with its noun: "1 queen", "2 queens".
func plural(k int, noun string) string {
	if k == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", k, noun)
}
