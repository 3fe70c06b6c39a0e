package main

import (
	"flag"
	"strings"

	"github.com/qtool-project/qtool/results"
)

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
	lay := results.Layout{Columns: cols, Transpose: l.transpose, Width: l.width}
	if l.width == 0 {
		lay.Width = -1
	}
	return lay, nil
}
