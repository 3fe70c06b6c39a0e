package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/qtool-project/qtool/results"
)

// plotFormat checks a --plot file name before anything is run: its
// extension names the format and its directory must exist.
func plotFormat(cmd, path string) (string, error) {
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	switch format {
	case "svg", "png", "pdf":
	default:
		return "", usageErrorf("%s: --plot %q: want a file name ending in .svg, .png or .pdf", cmd, path)
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return "", usageErrorf("%s: --plot %q: no directory %s to write it in", cmd, path, dir)
	}
	return format, nil
}

// savePlot writes the plot to a temporary file next to path and renames it
// into place, so that a failure leaves no half-written plot.
func savePlot(rep *results.Report, path string) error {
	format, err := plotFormat("plot", path)
	if err != nil {
		return err
	}
	return writeAtomic(path, func(w io.Writer) error { return rep.WritePlot(w, format) })
}

func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// resumeHint is the command that, pasted into a shell in the same
// directory, continues an interrupted bench: the same flags, with --resume
// and the log.
func resumeHint(args []string, log string) string {
	parts := []string{"qtool", "bench"}
	hasResume, hasLog := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		name := strings.TrimLeft(a, "-")
		if eq := strings.IndexByte(name, '='); eq >= 0 {
			name = name[:eq]
		}
		if strings.HasPrefix(a, "-") && name == "resume" {
			hasResume = true
		}
		if strings.HasPrefix(a, "-") && name == "log" {
			hasLog = true
		}
		parts = append(parts, shellQuote(a))
	}
	if !hasResume {
		parts = append(parts, "--resume")
	}
	if !hasLog {
		parts = append(parts, "--log", shellQuote(log))
	}
	return strings.Join(parts, " ")
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=./,:+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// benchEmptyFlags refuses a grid flag given an empty value (--n ""), which
// would otherwise run the default silently.
func benchEmptyFlags(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "n", "backends", "boards", "mode", "deltas", "preset", "format", "base":
			if err == nil && strings.TrimSpace(f.Value.String()) == "" {
				err = usageErrorf("bench: --%s needs a value (see qtool bench --help)", f.Name)
			}
		}
	})
	return err
}
