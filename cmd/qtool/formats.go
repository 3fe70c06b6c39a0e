package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/qtool-project/qtool/experiments"
	"github.com/qtool-project/qtool/preset"
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

// repeatsValue is --repeats: a number of runs of each cell, or auto
// (AutoRepeats: at least the default number, then until the interval is
// narrow enough).
type repeatsValue struct {
	n    *int
	auto *bool
}

func (v repeatsValue) String() string {
	if v.auto != nil && *v.auto {
		return "auto"
	}
	if v.n == nil {
		return ""
	}
	return strconv.Itoa(*v.n)
}

func (v repeatsValue) Set(s string) error {
	if strings.EqualFold(s, "auto") {
		*v.auto = true
		*v.n = experiments.DefaultRepeats
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("want a number of runs or auto")
	}
	*v.n, *v.auto = n, false
	return nil
}

// addRepeatsFlags adds --repeats (a number of runs or auto) and the
// settings of --repeats auto to fs, into o.
func addRepeatsFlags(fs *flag.FlagSet, o *preset.Options) {
	o.Repeats = experiments.DefaultRepeats
	fs.Var(repeatsValue{n: &o.Repeats, auto: &o.AutoRepeats}, "repeats", fmt.Sprintf("runs of each cell `R`, or auto: at least %d, then until the 95%% interval is within --precision of the median, at most --max-repeats, or --repeat-budget of runs", experiments.DefaultRepeats))
	fs.Float64Var(&o.Precision, "precision", 100*experiments.DefaultAutoTarget, "--repeats auto: the half-width `P` of the 95% interval to reach, in % of the median")
	intFlag(fs, &o.MaxRepeats, "max-repeats", experiments.DefaultAutoMax, "--repeats auto: at most `R` runs of a cell")
	fs.DurationVar(&o.RepeatBudget, "repeat-budget", experiments.DefaultAutoBudget, "--repeats auto: stop repeating a cell once its runs took `D`")
}
