package main

import (
	"context"
	_ "embed"
	"errors"
	"io"
	"strings"
	"time"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/classroom/i18n"
	"github.com/qtool-project/qtool/encode"
)

func init() {
	register(command{name: "trace", summary: "show a search step by step, as text boards", run: runTrace})
}

// traceUsage is the help of qtool trace (help/trace.txt).
//
//go:embed help/trace.txt
var traceUsage string

// traceOptions are the flags of qtool trace: the trace itself, and the
// words and values it is made from.
type traceOptions struct {
	t                    classroom.Trace
	n                    int
	until, board, events string
	format, lang         string
	timeout              time.Duration
}

func runTrace(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("trace", traceUsage)
	var o traceOptions
	intFlag(fs, &o.n, "n", 4, "board order `N`, 1 to 32 (optional with --board)")
	fs.StringVar(&o.t.Method, "backend", "backtrack", "search `B` to show: "+strings.Join(classroom.Methods, ", "))
	fs.StringVar(&o.until, "until", "solution", "stop at the first `solution` or go on to the `end` of the search")
	fs.StringVar(&o.board, "board", "", "`FILE` with queens already placed (- for stdin): trace its completion")
	fs.StringVar(&o.events, "events", "steps", "`steps`: a board per step; all: a board per event, tests included")
	intFlag(fs, &o.t.Steps, "steps", 0, "stop after `K` steps (0 = no limit)")
	fs.StringVar(&o.format, "format", "text", "`text` boards or json, one frame a line (the protocol of qtool play)")
	fs.Int64Var(&o.t.Seed, "seed", 1, "random `seed` for minconflicts")
	fs.StringVar(&o.t.GIF, "gif", "", "write the boards shown as an animated GIF to `FILE`")
	fs.StringVar(&o.t.Frames, "frames", "", "write each board shown as DIR/step-NNNN.svg and .png (`DIR` is made if missing)")
	fs.StringVar(&o.t.Tree, "tree", "", "write the search tree up to the last event shown as SVG to `FILE`")
	fs.StringVar(&o.lang, "lang", "en", "language `L` of the text: "+strings.Join(i18n.Languages, ", "))
	fs.DurationVar(&o.timeout, "timeout", 0, "time limit `D`, e.g. 30s (0 = none); exit 3 when reached, the steps shown so far kept")
	operands, ctx, cancel, err := parseTimed(ctx, c, fs, args, &o.timeout)
	if err != nil {
		return err
	}
	defer cancel()
	if len(operands) > 0 {
		return usageErrorf("trace: unexpected argument %q (see qtool trace --help)", operands[0])
	}
	if err := o.check(); err != nil {
		return err
	}
	if o.t.Board, err = traceBoard(ctx, c, setFlags(fs), o.n, o.board); err != nil {
		return err
	}
	if err := classroom.Check(o.t.Method, o.t.Board); err != nil {
		return usageErrorf("%s", strings.TrimPrefix(err.Error(), "classroom: "))
	}
	return traceRun(ctx, c, o.t)
}

// check refuses values of the flags that trace does not know
// (classroom.Trace.Choose) and sets the catalogue of --lang.
func (o *traceOptions) check() error {
	if err := o.t.Choose(o.until, o.events, o.format); err != nil {
		return usageErrorf("%s", strings.TrimPrefix(err.Error(), "classroom: "))
	}
	var err error
	if o.t.Cat, err = i18n.Lookup(o.lang); err != nil {
		return usageErrorf("--lang: %s", strings.TrimPrefix(err.Error(), "i18n: "))
	}
	if o.t.Tree != "" && o.t.Method == "minconflicts" {
		return usageErrorf("--tree: minconflicts is a local search and has no search tree (use backtrack, bitmask or dlx)")
	}
	return nil
}

// traceRun shows the search (classroom.Trace) and turns how it ended
// into the exit status: a time limit or an interruption, a picture that
// could not be made, or a failed write.
func traceRun(ctx context.Context, c *cli, t classroom.Trace) error {
	_, err := t.Run(ctx, c.stdout)
	var te *classroom.TraceError
	switch {
	case errors.As(err, &te) && te.Kind == "":
		return usageErrorf("%s", strings.TrimPrefix(te.Err.Error(), "classroom: "))
	case te != nil && errors.Is(te.Err, classroom.ErrTooManyFrames):
		return usageErrorf("--gif: %s; stop it sooner with --steps K", strings.TrimPrefix(te.Err.Error(), "classroom: "))
	case te != nil && errors.Is(te.Err, classroom.ErrNoFrames):
		return usageErrorf("--gif: %s", strings.TrimPrefix(te.Err.Error(), "classroom: "))
	case te != nil:
		return usageErrorf("--%s: %v", te.Kind, te.Err)
	case !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded):
		return err
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return withCode(exitTimeout, nil)
	}
	return withCode(exitInterrupted, nil)
}

// traceBoard is the board of the trace: --board's, or the empty one of
// order n (encode.ProblemSpec.LoadBoard), standard input read under ctx,
// the command's context.
func traceBoard(ctx context.Context, c *cli, set map[string]bool, n int, board string) (encode.Board, error) {
	var f io.ReadCloser
	name := ""
	if board != "" {
		var err error
		if f, name, err = openInput(ctx, c, board); err != nil {
			return encode.Board{}, err
		}
		defer f.Close()
	}
	b, err := encode.ProblemSpec{N: n, Board: board, Set: set}.LoadBoard(f, name)
	if err != nil {
		return b, usageErrorf("%w", err)
	}
	return b, nil
}
