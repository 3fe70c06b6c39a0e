package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mattn/go-isatty"
)

// cli is what a command may touch of the outside world.
type cli struct {
	stdin    io.Reader
	stdout   io.Writer
	stderr   io.Writer
	terminal bool // stderr is a terminal: progress may be shown there
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// flagSet makes the flag set of a command; usage is printed by --help before
// the list of flags (a first line "Usage: qtool NAME ...", then examples).
func flagSet(name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	helpText[fs] = usage
	return fs
}

var helpText = map[*flag.FlagSet]string{}

// parseFlags parses args, allowing flags and operands in any order (a lone
// "--" ends the flags). It prints the help to stdout on -h/--help and
// returns errHelp; a bad flag or value is a usage error (exit 2).
func parseFlags(c *cli, fs *flag.FlagSet, args []string) ([]string, error) {
	var operands []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				printHelp(c.stdout, fs)
				return nil, errHelp
			}
			return nil, usageErrorf("%s: %v (see qtool %s --help)", fs.Name(), err, fs.Name())
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return operands, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(operands, rest...), nil
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
}

// errHelp ends a command after its help was printed: exit status 0.
var errHelp = withCode(exitOK, nil)

func printHelp(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprint(w, strings.TrimLeft(helpText[fs], "\n"))
	fmt.Fprintln(w, "\nFlags:")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// openInput opens a file operand; "-" is standard input. The name is what
// error messages call it.
func openInput(c *cli, path string) (io.ReadCloser, string, error) {
	if path == "-" {
		return io.NopCloser(c.stdin), "<stdin>", nil
	}
	f, err := os.Open(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, path, usageErrorf("%s: %v", path, err)
	}
	return f, path, nil
}

// withTimeout returns ctx with a deadline when d > 0.
func withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d > 0 {
		return context.WithTimeout(ctx, d)
	}
	return context.WithCancel(ctx)
}

// writeJSON prints v as one JSON object on one line.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
