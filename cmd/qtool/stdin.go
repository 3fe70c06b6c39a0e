package main

import (
	"context"
	"errors"
	"io"
	"os"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/internal/ctxio"
)

// stdinGuard is standard input as one run of a command reads it: through
// a guard (ctxio.Guard) bound to the command's own context, the one that
// carries its deadline (--timeout) and the signals, so that a read
// waiting on an idle pipe ends when that context does — at the same
// moment and for the same reason as the rest of the command, with no
// clock of its own. runContext makes one for each run; cli.input binds
// it; explain says why a read was cut.
type stdinGuard struct {
	ctx context.Context // the command's context, given to the first cli.input
	g   *ctxio.Guarded  // nil until standard input is asked for
}

// input returns standard input read under ctx, which must be the
// command's context, made where the command makes its deadline (after
// parsing its flags): a read waiting on an idle pipe then ends at that
// deadline or at Ctrl-C/SIGTERM with ctx's error, and runContext says
// which (explain). A regular file is returned as it is: its reads do not
// wait. A command has one context: the first call binds standard input
// to it, and a later one (merge --compare - -) reads through the same
// guard.
func (c *cli) input(ctx context.Context) io.Reader {
	if f, ok := c.stdin.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return c.stdin
		}
	}
	s := c.in
	if s == nil {
		// A command run without runContext (a test calling it
		// directly): guarded, with no one to explain a cut read.
		s = &stdinGuard{}
		c.in = s
	}
	if s.g == nil {
		s.ctx, s.g = ctx, ctxio.Guard(ctx, c.stdin)
	}
	return s.g
}

// explain turns the error of a command whose read of standard input its
// context cut into the exit status of that context's end
// (backend.StopStatus): 3 for its deadline, 130 for a signal (143 for
// SIGTERM once signalCode has looked at the root context). Any other
// error, and a command that has already said why it stopped (a status
// with no message), is returned as it is.
func (s *stdinGuard) explain(err error) error {
	if err == nil || s == nil || s.g == nil || !s.g.Stopped() {
		return err
	}
	if ee := (*exitError)(nil); errors.As(err, &ee) && ee.err == nil {
		return err
	}
	if backend.StopStatus(s.ctx, err) == backend.Timeout {
		return withCode(exitTimeout, errors.New("time limit reached while waiting for standard input"))
	}
	return withCode(exitInterrupted, errors.New("interrupted while waiting for standard input"))
}
