package main

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"time"

	"github.com/qtool-project/qtool/internal/ctxio"
)

// guardStdin wraps the command's standard input so that a read waiting on
// an idle pipe ends at Ctrl-C or SIGTERM (ctx) and at the command's
// --timeout, counted from the start (args are the command's arguments).
// explain turns the error of a command whose input was cut so into the
// exit status of a time limit (3) or a signal.
func guardStdin(ctx context.Context, r io.Reader, args []string) (in io.Reader, explain func(error) error, stop func()) {
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return r, func(err error) error { return err }, func() {}
		}
	}
	sctx, cancel := ctx, context.CancelFunc(func() {})
	if d := timeoutArg(args); d > 0 {
		sctx, cancel = context.WithTimeout(ctx, d)
	}
	g := ctxio.Guard(sctx, r)
	explain = func(err error) error {
		if err == nil || !g.Stopped() {
			return err
		}
		// A command that has already said why it stopped (its status
		// with no message) is not told a second time.
		if ee := (*exitError)(nil); errors.As(err, &ee) && ee.err == nil {
			return err
		}
		if errors.Is(context.Cause(sctx), context.DeadlineExceeded) && ctx.Err() == nil {
			return withCode(exitTimeout, errors.New("time limit reached while waiting for standard input"))
		}
		return withCode(exitInterrupted, errors.New("interrupted while waiting for standard input"))
	}
	return g, explain, cancel
}

// timeoutArg finds the value of --timeout among a command's arguments
// (before "--"), 0 when there is none or it does not read.
func timeoutArg(args []string) time.Duration {
	for i, a := range args {
		if a == "--" {
			break
		}
		v, ok := "", false
		for _, name := range []string{"--timeout", "-timeout"} {
			if a == name && i+1 < len(args) {
				v, ok = args[i+1], true
			} else if rest, cut := strings.CutPrefix(a, name+"="); cut {
				v, ok = rest, true
			}
		}
		if ok {
			if d, err := time.ParseDuration(v); err == nil && d > 0 {
				return d
			}
		}
	}
	return 0
}
