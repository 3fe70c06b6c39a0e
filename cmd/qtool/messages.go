package main

import (
	"errors"
	"regexp"
	"strings"
	"time"

	"github.com/qtool-project/qtool/encode"
)

// libraryPrefix matches a package prefix of the library's errors
// ("experiments: ", "encode: verify: ") where one can stand: at the start
// of the message or after another prefix's ": ". The command line speaks to
// users, who know commands and files, not Go packages; "backend dlx: …"
// keeps its name.
var libraryPrefix = regexp.MustCompile(`(^|: )(?:backend|cluster|cnf|dlx|encode|experiments|preset|results|sat|search): `)

// userText is an error message as the command line prints it: on one
// line, without the library's package prefixes.
func userText(msg string) string {
	msg = strings.ReplaceAll(msg, "\n", " ")
	for {
		next := libraryPrefix.ReplaceAllString(msg, "$1")
		if next == msg {
			return msg
		}
		msg = next
	}
}

// hint is what the command line adds to an error's line to say where to
// read more, "" when nothing: the library's errors give no command-line
// advice.
func hint(err error) string {
	if errors.Is(err, encode.ErrBoardForm) {
		return " (see qtool help boards)"
	}
	return ""
}

// durationHint explains a duration flag's value that time.ParseDuration
// refused (flag says only "parse error").
func durationHint(name, value string) string {
	if _, err := time.ParseDuration(value); err == nil {
		return ""
	}
	t := strings.TrimSpace(value)
	zero := " (0 for no limit)"
	if name == "checkpoint-every" { // 0 is refused there
		zero = " (a positive interval; the default is 30s)"
	}
	if t != "" && strings.Trim(t, "0123456789.") == "" {
		return "--" + name + " " + quoteArg(value) + ": a duration needs a unit, e.g. " + t + "s, " + t + "m or " + t + "ms" + zero
	}
	return "--" + name + " " + quoteArg(value) + ": want a duration such as 10s, 2m30s or 500ms" + zero
}

func quoteArg(s string) string { return `"` + s + `"` }
