package main

import (
	"cmp"
	"context"
	_ "embed"
	"flag"
	"fmt"
	"os"
	"path/filepath"
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
	if err := plotDir("table", *plot); err != nil {
		return err
	}
	var envs []results.Env
	var recs []results.Record
	for _, path := range operands {
		in, name, err := openInput(ctx, c, path)
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
	return showReport(c, "table", "", rep, f, *plot, nil)
}

// formatList names the registered output formats of the reports for help
// and messages: "csv, json, latex, md or text".
func formatList() string {
	names := results.FormatNames()
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// formatUsage is the help of a --format flag.
func formatUsage() string { return "output `format`: " + formatList() }

// parseFormat reads the --format of command cmd.
func parseFormat(cmd, s string) (results.Format, error) {
	f, err := results.ParseFormat(s)
	if err != nil {
		return "", usageErrorf("%s: --format %q: want %s", cmd, s, formatList())
	}
	return f, nil
}

// plotDir checks a --plot file name of command cmd before anything is run
// (none: "" is fine): its extension names the format and its directory
// must exist.
func plotDir(cmd, path string) error {
	if path == "" {
		return nil
	}
	if _, err := results.PlotFormat(path); err != nil {
		return usageErrorf("%s: --plot %q: want a file name ending in .svg, .png or .pdf", cmd, path)
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return usageErrorf("%s: --plot %q: no directory %s to write it in", cmd, path, dir)
	}
	return nil
}

// layoutFlags are the flags that lay out a report's tables of times
// (results.Layout): --columns, --transpose, --width.
type layoutFlags struct {
	columns   string
	transpose bool
	width     int
}

func addLayoutFlags(fs *flag.FlagSet, l *layoutFlags) {
	fs.StringVar(&l.columns, "columns", "median,ci,ratio", "the statistics `LIST` of each backend in the tables of times: median, ci (± the 95% interval), ratio (to the base)")
	fs.BoolVar(&l.transpose, "transpose", false, "tables of times with the backends as rows and the problems as columns")
	intFlag(fs, &l.width, "width", results.DefaultWidth, "split text tables into blocks at most `W` columns wide (0 for no limit)")
}

// layout reads the flags of command cmd.
func (l layoutFlags) layout(cmd string) (results.Layout, error) {
	cols, err := results.ParseColumns(l.columns)
	if err != nil {
		return results.Layout{}, usageErrorf("%s: --columns %q: %v", cmd, l.columns, userText(err.Error()))
	}
	if l.width < 0 {
		return results.Layout{}, usageErrorf("%s: --width must not be negative, got %d", cmd, l.width)
	}
	// --width 0 is no limit: a negative Width (0 there is the default).
	return results.Layout{Columns: cols, Transpose: l.transpose, Width: cmp.Or(l.width, -1)}, nil
}
