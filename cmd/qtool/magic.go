package main

import (
	"context"
	_ "embed"
	"fmt"

	"github.com/qtool-project/qtool/magic"
)

func init() {
	register(command{name: "magic", summary: "magic squares to n-queens solutions and back (after Demirörs, Rafraf and Tanik 1992)", run: runMagic})
}

// magicUsage is the help of qtool magic (help/magic.txt).
//
//go:embed help/magic.txt
var magicUsage string

func runMagic(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("magic", magicUsage)
	var n int
	intFlag(fs, &n, "n", 0, "order `N` (gcd(N, 6) = 1): both ways")
	queens := fs.String("queens", "", "read a toroidal queens solution from `FILE` and build its magic square")
	asJSON := fs.Bool("json", false, "print JSON: one object, or with -n an array of the two")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	set := setFlags(fs)
	modes := len(operands)
	if set["n"] {
		modes++
	}
	if set["queens"] {
		modes++
	}
	switch {
	case modes != 1 || len(operands) > 1:
		return usageErrorf("magic: give one of FILE, --queens FILE or -n N (see qtool magic --help)")
	case set["n"] && !magic.Covered(n):
		return usageErrorf("magic: n = %d is not covered: -n takes orders prime to 6 (1, 5, 7, 11, 13, …, up to %d), where both constructions apply", n, magic.MaxN)
	case set["n"] && n > magic.MaxN:
		return usageErrorf("magic: n = %d: squares of order up to %d are built", n, magic.MaxN)
	}
	recs, err := magicRecords(ctx, c, set, n, *queens, operands)
	if err != nil {
		return err
	}
	if *asJSON {
		if len(recs) == 1 {
			return writeJSON(c.stdout, recs[0])
		}
		return writeJSON(c.stdout, recs)
	}
	for i, rec := range recs {
		if i > 0 {
			fmt.Fprintln(c.stdout)
		}
		if err := rec.WriteText(c.stdout); err != nil {
			return err
		}
	}
	return nil
}

// magicRecords builds the records of the mode asked: -n N both ways,
// --queens FILE's square, or FILE's runs; standard input is read under
// ctx (magic has no time limit: the signals).
func magicRecords(ctx context.Context, c *cli, set map[string]bool, n int, queens string, operands []string) ([]magic.Record, error) {
	if set["n"] {
		recs, err := magic.BothWays(n)
		if err != nil {
			return nil, usageErrorf("%v", err)
		}
		return recs, nil
	}
	path := queens
	if !set["queens"] {
		path = operands[0]
	}
	f, name, err := openInput(ctx, c, path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rec magic.Record
	if set["queens"] {
		// A complete queens solution from a board file, and its square.
		p, perr := magic.ReadQueens(f, name)
		if perr != nil {
			return nil, usageErrorf("%w", perr)
		}
		rec, err = magic.QueensRecord(name, p)
	} else {
		rec, err = magic.ReadRecord(f, name)
	}
	if err != nil {
		return nil, usageErrorf("%v", err)
	}
	return []magic.Record{rec}, nil
}
