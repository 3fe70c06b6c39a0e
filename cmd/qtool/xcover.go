package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"qtool/dlx"
	"qtool/experiments"
)

func init() {
	register(command{name: "xcover", summary: "solve any exact-cover problem in Knuth's dlx format", run: runXcover})
}

const xcoverUsage = `
Usage: qtool xcover FILE [--count] [--limit K] [--json] [--timeout D]

Solves a generalized exact-cover problem written in the format of Knuth's
dlx1 (TAOCP 7.2.2.1) with Algorithm X and dancing links. FILE - reads
standard input. The first line that is neither blank nor a comment (a line
starting with '|') names the primary items, then '|' and the secondary
items; each later line is an option, the names of its items. A solution
covers every primary item exactly once and every secondary item at most
once.

Each solution is printed as its option lines, in the order chosen, with a
blank line between solutions, then a summary: solutions, nodes and updates
(counted as dlx1 counts them, so they compare with Knuth's figures),
seconds and status. --count prints only the summary. A malformed file
stops with "dlx: FILE:LINE:COL: what is wrong" and exit status 2; an option
without a primary item is ignored with a warning on stderr, as dlx1 does.
A run cut short by --timeout (exit 3) or Ctrl-C (exit 130) prints what it
found, marked incomplete.

Examples:
  qtool encode -n 8 --to dlx | qtool xcover - --count
  qtool xcover examples/toy.dlx
  qtool xcover examples/pentominoes.dlx --limit 1
  qtool xcover examples/langford7.dlx --json
`

// xcoverRecord is the JSON form of a run of xcover.
type xcoverRecord struct {
	File      string  `json:"file"`
	Items     int     `json:"items"`
	Primary   int     `json:"primary"`
	Options   int     `json:"options"`
	Solutions uint64  `json:"solutions"`
	Nodes     uint64  `json:"nodes"`
	Updates   uint64  `json:"updates"`
	Seconds   float64 `json:"seconds"`
	Status    string  `json:"status"`
	Complete  bool    `json:"complete"`
	Limit     uint64  `json:"limit,omitempty"`
}

// maxWarnings is how many warnings xcover prints before it only counts them.
const maxWarnings = 20

func runXcover(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("xcover", xcoverUsage)
	countOnly := fs.Bool("count", false, "print only the number of solutions and the statistics")
	limit := new(int)
	intFlag(fs, limit, "limit", 0, "stop after `K` solutions (0 = all)")
	asJSON := fs.Bool("json", false, "print one JSON object: solutions, nodes, updates, seconds, status")
	timeout := fs.Duration("timeout", 0, "time limit `D`, e.g. 10s or 2m (0 = none); exit 3 when reached")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(operands) == 0:
		return usageErrorf("xcover: give the problem FILE (- for stdin; see qtool xcover --help)")
	case len(operands) > 1:
		return usageErrorf("xcover: unexpected argument %q (see qtool xcover --help)", operands[1])
	case *limit < 0:
		return usageErrorf("xcover: --limit must be at least 0, got %d", *limit)
	}
	if err := checkTimeout(*timeout); err != nil {
		return err
	}
	f, name, err := openInput(c, operands[0])
	if err != nil {
		return err
	}
	p, err := dlx.Parse(f, name)
	f.Close()
	if err != nil {
		var pe *dlx.Error
		if errors.As(err, &pe) {
			// The one line of the contract: dlx: FILE:LINE:COL: message.
			fmt.Fprintln(c.stderr, err)
			return withCode(exitUsage, nil)
		}
		return usageErrorf("%v", err)
	}
	for i, w := range p.Warnings() {
		if i == maxWarnings {
			fmt.Fprintf(c.stderr, "dlx: %s: %d more warnings not shown\n", name, len(p.Warnings())-maxWarnings)
			break
		}
		fmt.Fprintln(c.stderr, w)
	}

	out := bufio.NewWriterSize(c.stdout, 1<<16)
	defer out.Flush()
	cfg := dlx.Config{Limit: uint64(*limit)}
	var writeErr error
	if !*countOnly && !*asJSON {
		first := true // solutions after the first are set apart by a blank line
		cfg.Visit = func(options []int) bool {
			if !first {
				out.WriteByte('\n')
			}
			first = false
			for _, o := range options {
				out.WriteString(p.OptionString(o))
				if err := out.WriteByte('\n'); err != nil {
					writeErr = err
					return false
				}
			}
			return true
		}
	}
	var bar *progress
	if c.terminal && !*asJSON {
		bar = newProgress(c.stderr, "searching")
		cfg.Interval = 200 * time.Millisecond
		cfg.Progress = func(pr dlx.Progress) {
			bar.update(uint64(pr.Done*1e6), 1e6)
		}
	}
	rctx, cancel := withTimeout(ctx, *timeout)
	defer cancel()
	start := time.Now()
	st, err := p.Run(rctx, cfg)
	elapsed := time.Since(start)
	if bar != nil {
		bar.done()
	}
	if writeErr != nil {
		return fmt.Errorf("xcover: writing: %v", writeErr)
	}
	status := experiments.OK
	if err != nil {
		if rctx.Err() == nil {
			return usageErrorf("%v", err)
		}
		status = experiments.StatusOf(rctx)
	}
	rec := xcoverRecord{
		File: name, Items: p.Items(), Primary: p.Primary(), Options: p.Options(),
		Solutions: st.Solutions, Nodes: st.Nodes, Updates: st.Updates,
		Seconds: elapsed.Seconds(), Status: status.String(), Complete: status == experiments.OK && (*limit == 0 || st.Solutions < uint64(*limit)),
		Limit: uint64(*limit),
	}
	if *asJSON {
		if err := writeJSON(out, rec); err != nil {
			return err
		}
	} else {
		if cfg.Visit != nil && st.Solutions > 0 {
			out.WriteByte('\n')
		}
		printXcover(out, rec, status)
	}
	if err := out.Flush(); err != nil {
		return fmt.Errorf("xcover: writing: %v", err)
	}
	return endStatus(status)
}

// printXcover prints the summary of a run as aligned lines.
func printXcover(w io.Writer, r xcoverRecord, s experiments.Status) {
	sol := strconv.FormatUint(r.Solutions, 10)
	switch {
	case s == experiments.OK && r.Limit > 0 && r.Solutions >= r.Limit:
		sol += " (the limit; there may be more)"
	case !r.Complete:
		sol = "≥ " + sol + " (incomplete)"
	}
	rows := [][2]string{
		{"problem", fmt.Sprintf("%s (%d items, %d primary; %d options)", r.File, r.Items, r.Primary, r.Options)},
		{"solutions", sol},
		{"nodes", strconv.FormatUint(r.Nodes, 10)},
		{"updates", strconv.FormatUint(r.Updates, 10)},
		{"seconds", strconv.FormatFloat(r.Seconds, 'f', 4, 64)},
		{"status", statusWord(s)},
	}
	for _, row := range rows {
		fmt.Fprintf(w, "%-9s  %s\n", row[0], row[1])
	}
}
