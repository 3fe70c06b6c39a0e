package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/qtool-project/qtool/internal/ctxio"
	"github.com/qtool-project/qtool/results"
)

func init() {
	register(command{name: "table", summary: "re-render the log of a bench run as a table, without running anything", run: runTable})
}

const tableUsage = `
Usage: qtool table LOG... [--format F] [--base B] [--plot FILE]
                   [--columns LIST] [--transpose] [--width W]

Reads the runs that qtool bench logged (JSON lines, or the CSV of --format
csv; - for standard input), merges the files given, and prints the same
table as bench: medians, confidence intervals, ratios to the base backend,
cross-checked answers. Text tables wider than --width are split into
blocks of backends; LaTeX tables give each statistic a column of its own
and are split or scaled down to fit the line. The exit status is 1 when a cell is MISMATCH or
ERROR, as for bench.

Examples:
  qtool table bench-log.jsonl
  qtool table bench-log.jsonl --format latex > table.tex
  qtool table bench-log.jsonl --columns median,ratio --transpose --format md
  qtool table bench-log.jsonl --base bitmask --plot bench.png
  qtool bench --format csv > runs.csv; qtool table runs.csv --format md
`

func runTable(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("table", tableUsage)
	format := fs.String("format", "text", formatUsage())
	base := fs.String("base", "", "compare the backends with backend `B` (default: the first of each table)")
	plot := fs.String("plot", "", "also plot seconds against n to `FILE` (.svg, .png or .pdf)")
	timeout := fs.Duration("timeout", 0, "time limit `D` of the reading, e.g. 30s (0 = none); exit 3 when reached")
	var lf layoutFlags
	addLayoutFlags(fs, &lf)
	operands, ctx, cancel, err := parseTimed(ctx, c, fs, args, timeout)
	if err != nil {
		return err
	}
	defer cancel()
	if len(operands) == 0 {
		return usageErrorf("table: give the log to render, e.g. qtool table %s (see qtool table --help)", "bench-log.jsonl")
	}
	f, err := parseFormat("table", *format)
	if err != nil {
		return err
	}
	lay, err := lf.layout("table")
	if err != nil {
		return err
	}
	if *plot != "" {
		if _, err := plotFormat("table", *plot); err != nil {
			return err
		}
	}
	var envs []results.Env
	var recs []results.Record
	for _, path := range operands {
		in, name, err := openInput(c, path)
		if err != nil {
			return err
		}
		var e []results.Env
		var r []results.Record
		if strings.EqualFold(filepath.Ext(path), ".csv") {
			r, err = results.ReadCSV(ctxio.Stopping(ctx, in), name)
		} else {
			e, r, err = results.ReadLog(ctxio.Stopping(ctx, in), name)
		}
		in.Close()
		if err != nil && ctx.Err() != nil {
			return runErr(ctx, "table", ctx.Err())
		}
		if err != nil {
			return usageErrorf("table: %v", err)
		}
		envs, recs = append(envs, e...), append(recs, r...)
	}
	if len(recs) == 0 {
		return usageErrorf("table: %s holds no runs", strings.Join(operands, ", "))
	}
	recs, dups := results.Dedupe(recs)
	if dups > 0 {
		fmt.Fprintf(c.stderr, "qtool: table: %d record(s) measure a run that a later record measures again; the later one is kept\n", dups)
	}
	rep := results.NewReport(envs, recs, *base)
	rep.Layout = lay
	if *base != "" && !reportHas(rep, *base) {
		return usageErrorf("table: --base %s is not among the backends of the log", *base)
	}
	if err := benchRender(c, rep, f, *plot); err != nil {
		return err
	}
	return benchVerdict("table", rep)
}

func reportHas(rep *results.Report, backend string) bool {
	for _, t := range rep.Tables {
		for _, b := range t.Backends {
			if b == backend {
				return true
			}
		}
	}
	return false
}
