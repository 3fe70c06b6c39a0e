package main

import (
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
