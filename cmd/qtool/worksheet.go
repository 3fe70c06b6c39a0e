package main

import (
	"context"
	_ "embed"
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/classroom/i18n"
)

func init() {
	register(command{name: "worksheet", summary: "a printable PDF of n-queens completion puzzles, solutions on the last page", run: runWorksheet})
}

// worksheetUsage is the help of qtool worksheet (help/worksheet.txt).
//
//go:embed help/worksheet.txt
var worksheetUsage string

func runWorksheet(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("worksheet", worksheetUsage)
	var n, k, blank int
	intFlag(fs, &n, "n", 8, "board order `N`, 4 to 16")
	intFlag(fs, &k, "puzzles", 6, "number of puzzles `K`, 1 to 60")
	intFlag(fs, &blank, "blank", 0, "empty rows `B` per puzzle (0: from --difficulty)")
	difficulty := fs.String("difficulty", "medium", "`D`: easy, medium or hard")
	unique := fs.Bool("unique", false, "only puzzles with exactly one completion")
	seed := fs.Uint64("seed", 1, "random `seed`")
	out := fs.String("out", "", "the PDF `FILE` to write (required)")
	lang := fs.String("lang", "en", "language `L` of the sheet: "+strings.Join(i18n.Languages, ", "))
	timeout := fs.Duration("timeout", 0, "time limit `D`, e.g. 30s (0 = none); exit 3 when reached")
	err := parseNone(c, fs, args)
	if err != nil {
		return err
	}
	if err := checkTimeout(*timeout); err != nil {
		return err
	}
	if *out == "" {
		return usageErrorf("worksheet: --out FILE.pdf is required")
	}
	sheet := classroom.Sheet{N: n, Puzzles: k, Blank: blank, Unique: *unique, Seed: *seed}
	if err := sheet.Check(); err != nil {
		return usageErrorf("%s", strings.TrimPrefix(err.Error(), "classroom: "))
	}
	sheet.Cat, err = i18n.Lookup(*lang)
	if err != nil {
		return usageErrorf("--lang: %v", strings.TrimPrefix(err.Error(), "i18n: "))
	}
	if sheet.Cat.Lang == "zh-Hans" && classroom.CJKFont() == "" {
		return usageErrorf("--lang zh-Hans needs a font with Chinese characters (Debian: fonts-droid-fallback); none is installed")
	}
	if blank == 0 {
		if blank, err = classroom.Blank(n, *difficulty); err != nil {
			return usageErrorf("--difficulty: %v", strings.TrimPrefix(err.Error(), "classroom: "))
		}
		sheet.Blank, sheet.Difficulty = blank, *difficulty
	}
	rctx, cancel := withTimeout(ctx, *timeout)
	defer cancel()
	ps, err := sheet.Make(rctx)
	if err != nil {
		if rctx.Err() != nil {
			fmt.Fprintf(c.stderr, "worksheet: stopped after %d of %d puzzles; nothing was written\n", len(ps), k)
			return endStatus(backend.StatusOf(rctx))
		}
		return usageErrorf("worksheet: %s", strings.TrimPrefix(err.Error(), "classroom: "))
	}
	if err := sheet.WriteFile(*out, ps); err != nil {
		return usageErrorf("worksheet: %w", err)
	}
	uniq := ""
	if *unique {
		uniq = ", each with one completion"
	}
	_, err = fmt.Fprintf(c.stdout, "%s: %d puzzles of order %d with %d empty rows%s, and their solutions\n", *out, k, n, blank, uniq)
	return err
}
