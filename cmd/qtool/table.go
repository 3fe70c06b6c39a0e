package main

import (
	"context"
	_ "embed"
	"fmt"
	"strings"

	"github.com/qtool-project/qtool/internal/ctxio"
	"github.com/qtool-project/qtool/results"
)

func init() {
	register(command{name: "table", summary: "re-render the log of a bench run as a table, without running anything", run: runTable})
}

// tableUsage is the help of qtool table (help/table.txt).
//
//go:embed help/table.txt
var tableUsage string

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
		e, r, err := results.ReadRecords(ctxio.Stopping(ctx, in), path, name)
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
	if *base != "" && !rep.HasBackend(*base) {
		return usageErrorf("table: --base %s is not among the backends of the log", *base)
	}
	if err := renderPreset(c, "", rep, f, *plot); err != nil {
		return err
	}
	return benchVerdict("table", rep)
}
