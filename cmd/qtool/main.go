// Command qtool solves, counts and compares n-queens and exact-cover
// problems with interchangeable backends: plain and bitmask backtracking,
// dancing links, SAT and min-conflicts local search.
//
// Run qtool alone for the list of commands, and qtool COMMAND --help for
// each one's flags and examples.
package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/qtool-project/qtool/internal/memlimit"
	"github.com/qtool-project/qtool/internal/safeout"
)

func main() {
	softMemoryLimit()
	os.Exit(exitCode(os.Stderr, run(os.Stdout, os.Stderr, os.Args[1:])))
}

// softMemoryLimit tells the Go runtime the memory this process may use
// (memlimit.Limit and its reserve), unless GOMEMLIMIT says otherwise: the
// garbage collector then works harder near that limit instead of letting
// the heap grow to twice the live data, which would pass a cgroup's limit
// on a count whose tables alone fit (the join at n = 21 keeps about 1 GB
// live and reached 2.1 GB resident without it).
func softMemoryLimit() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(int64(min(memlimit.Limit()+memlimit.Reserve, math.MaxInt64)))
	}
}

// run is the whole program but for the exit: main only maps its error to an
// exit status, so that tests can drive every command.
func run(stdout, stderr io.Writer, args []string) error {
	ctx, stop := signalContext(context.Background())
	defer stop()
	return runContext(ctx, &cli{stdin: os.Stdin, stdout: stdout, stderr: stderr, terminal: isTerminal(stderr)}, args)
}

// command is one subcommand of qtool.
type command struct {
	name    string
	summary string // one line for the command list
	run     func(ctx context.Context, c *cli, args []string) error
}

var commands = map[string]command{}

// register adds a subcommand; each command registers itself from an init
// function in its own file.
func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("qtool: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// overview is what qtool alone prints (help/overview.txt); %s is the
// list of commands.
//
//go:embed help/overview.txt
var overview string

// commandNames lists the commands in name order.
func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// helpTopics are the topics of qtool help TOPIC besides the commands.
var helpTopics = map[string]func() string{
	"boards":   func() string { return strings.TrimLeft(boardsHelp, "\n") },
	"backends": backendsHelp,
}

// helpTopic prints qtool help TOPIC: a topic, or a command's --help; an
// unknown topic is bad usage (exit 2), with the nearest names.
func helpTopic(ctx context.Context, c *cli, topic string) error {
	if text, ok := helpTopics[topic]; ok {
		fmt.Fprint(c.stdout, text())
		return nil
	}
	if cmd, ok := commands[topic]; ok {
		return cmd.run(ctx, c, []string{"--help"})
	}
	known := commandNames()
	for t := range helpTopics {
		known = append(known, t)
	}
	return usageErrorf("help: no topic %q%s (topics: boards, backends, or a command)", topic, didYouMean(topic, known, ""))
}

func usageText() string {
	names := commandNames()
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "  %-8s %s\n", n, commands[n].summary)
	}
	return fmt.Sprintf(overview, b.String())
}

// runContext runs the command named by args[0]. Every write to standard
// output is checked: output that could not be written ends the command with
// exit status 2. A command stopped by a signal exits 130 (SIGINT), 143
// (SIGTERM) or 129 (SIGHUP). Standard input is read under the command's own context
// (cli.input), and a read that context cut is said to have waited for
// standard input (stdinGuard.explain).
func runContext(ctx context.Context, c *cli, args []string) error {
	cw := &checkedWriter{w: c.stdout}
	cc := *c
	cc.stdout = cw
	cc.in = &stdinGuard{} // stdin.go
	err := cc.in.explain(dispatch(ctx, &cc, args))
	if cw.err != nil {
		return writeFailure(cw.err)
	}
	return signalCode(ctx, err)
}

func dispatch(ctx context.Context, c *cli, args []string) error {
	if len(args) == 0 {
		// As go and git do: the usage, on stderr, and exit 2.
		fmt.Fprint(c.stderr, usageText())
		return withCode(exitUsage, nil)
	}
	switch args[0] {
	case "-version", "--version", "version":
		return printVersion(c.stdout)
	case "-h", "-help", "--help", "help":
		if len(args) > 1 && args[0] == "help" {
			return helpTopic(ctx, c, args[1])
		}
		fmt.Fprint(c.stdout, usageText())
		return nil
	}
	cmd, ok := commands[args[0]]
	if !ok {
		return usageErrorf("unknown command %q%s (run qtool --help for the list)", args[0], didYouMean(args[0], commandNames(), ""))
	}
	return cmd.run(ctx, c, args[1:])
}

// exitError carries the exit status a command ends with. A nil Err means
// the command has already said what it had to say.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// Exit statuses of the command-line contract.
const (
	exitOK          = 0
	exitNo          = 1   // a negative answer to a question
	exitUsage       = 2   // bad usage or input
	exitTimeout     = 3   // time limit reached
	exitInterrupted = 130 // SIGINT
	exitTerminated  = 143 // SIGTERM
	exitHangup      = 129 // SIGHUP
	exitPipe        = 141 // the reader of the output went away (SIGPIPE's)
)

// usageErrorf is bad usage or bad input: exit status 2.
func usageErrorf(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// withCode attaches an exit status to err; a nil err prints nothing.
func withCode(code int, err error) error { return &exitError{code: code, err: err} }

// exitCode prints err (one line) and returns the exit status for it. An
// error without a status is bad input: 2; a write to an output whose
// reader went away ends quietly with 141.
func exitCode(stderr io.Writer, err error) int {
	if err == nil {
		return exitOK
	}
	if errors.Is(err, safeout.ErrReaderGone) {
		// Like a program that SIGPIPE ends: nobody is left to read a message.
		return exitPipe
	}
	code := exitUsage
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
		if ee.err == nil {
			return code
		}
	}
	fmt.Fprintf(stderr, "qtool: %s%s\n", userText(err.Error()), hint(err))
	return code
}

// boardsHelp is qtool help boards (help/boards.txt).
//
//go:embed help/boards.txt
var boardsHelp string
