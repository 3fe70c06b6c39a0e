package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/mattn/go-isatty"
)

// cli is what a command may touch of the outside world.
type cli struct {
	stdin    io.Reader // read it through input, under the command's context
	stdout   io.Writer
	stderr   io.Writer
	terminal bool        // stderr is a terminal: progress may be shown there
	in       *stdinGuard // standard input's guard for this run (stdin.go)
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
			msg := err.Error()
			if name, value, ok := flagValueError(msg); ok {
				if f := fs.Lookup(name); f != nil {
					if g, ok := f.Value.(flag.Getter); ok {
						if _, isDur := g.Get().(time.Duration); isDur {
							return nil, usageErrorf("%s: %s (see qtool %s --help)", fs.Name(), durationHint(name, value), fs.Name())
						}
					}
				}
			}
			// flag says `invalid value "x" for flag -n: "x": want …`: keep it short.
			if i := strings.Index(msg, ": \""); strings.HasPrefix(msg, "invalid value") && i > 0 {
				if j := strings.Index(msg[i+2:], "\": "); j > 0 {
					msg = msg[strings.Index(msg, "for flag ")+len("for flag "):i] + " " + msg[i+2:]
				}
			}
			if m := unknownFlag(fs, msg); m != "" {
				msg = m
			}
			return nil, usageErrorf("%s: %s (see qtool %s --help)", fs.Name(), msg, fs.Name())
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

// flagValueError takes the flag's name and value out of the flag
// package's message `invalid value "x" for flag -name: …`.
func flagValueError(msg string) (name, value string, ok bool) {
	rest, found := strings.CutPrefix(msg, "invalid value \"")
	if !found {
		return "", "", false
	}
	value, rest, found = strings.Cut(rest, "\" for flag -")
	if !found {
		return "", "", false
	}
	name, _, found = strings.Cut(rest, ": ")
	return name, value, found
}

// decimal is an int flag that takes only plain decimal numbers ("010" is
// not octal 8 here, and "0x10" is refused).
type decimal struct {
	v *int
}

func (d decimal) String() string {
	if d.v == nil {
		return "0"
	}
	return strconv.Itoa(*d.v)
}

func (d decimal) Set(s string) error {
	t := strings.TrimPrefix(s, "-")
	if t == "" || strings.TrimLeft(t, "0123456789") != "" || (len(t) > 1 && t[0] == '0') {
		return fmt.Errorf("%q: want a whole number in decimal", s)
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%q: out of range", s)
	}
	*d.v = v
	return nil
}

// intFlag defines a decimal int flag.
func intFlag(fs *flag.FlagSet, p *int, name string, value int, usage string) {
	*p = value
	fs.Var(decimal{p}, name, usage)
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

// openInput opens a file operand; "-" is standard input, read under ctx,
// the command's context (cli.input): give the one that carries the
// command's deadline. The name is what error messages call it.
func openInput(ctx context.Context, c *cli, path string) (io.ReadCloser, string, error) {
	if path == "-" {
		return io.NopCloser(c.input(ctx)), "<stdin>", nil
	}
	f, err := os.Open(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, path, usageErrorf("%s: %v", path, err)
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, path, usageErrorf("%s: is a directory, not a file", path)
	}
	return f, path, nil
}

// checkTimeout refuses a negative --timeout.
func checkTimeout(d time.Duration) error {
	if d < 0 {
		return usageErrorf("--timeout must not be negative, got %v (0 means no limit)", d)
	}
	return nil
}

// parseTimed parses the flags of a command with a --timeout (the flag
// timeout points to), checks it, and returns the operands with ctx under
// that time limit; cancel releases it.
func parseTimed(ctx context.Context, c *cli, fs *flag.FlagSet, args []string, timeout *time.Duration) ([]string, context.Context, context.CancelFunc, error) {
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := checkTimeout(*timeout); err != nil {
		return nil, nil, nil, err
	}
	ctx, cancel := withTimeout(ctx, *timeout)
	return operands, ctx, cancel, nil
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
