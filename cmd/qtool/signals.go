package main

import (
	"context"
	"errors"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// signalError is the cause of the root context's end when a signal stopped
// the program: SIGINT (Ctrl-C), SIGTERM or SIGHUP (the terminal closed).
// Commands see a cancelled context like any other, write what they
// finished marked incomplete, and the exit status then tells which signal
// it was: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP.
type signalError struct{ sig os.Signal }

func (e *signalError) Error() string {
	switch e.sig {
	case syscall.SIGTERM:
		return "terminated (SIGTERM)"
	case syscall.SIGHUP:
		return "hung up (SIGHUP: the terminal closed)"
	}
	return "interrupted (SIGINT)"
}

// code is the exit status for the signal: 128 + its number, as shells
// report a process killed by it.
func (e *signalError) code() int {
	switch e.sig {
	case syscall.SIGTERM:
		return exitTerminated
	case syscall.SIGHUP:
		return exitHangup
	}
	return exitInterrupted
}

// stopSignals are the signals that stop a command as Ctrl-C does: SIGHUP
// too (a closed terminal used to kill a count at once, losing the work
// since its last checkpoint), unless it is ignored — under nohup, which
// must keep the program running.
func stopSignals() []os.Signal {
	sigs := []os.Signal{os.Interrupt, syscall.SIGTERM}
	if !signal.Ignored(syscall.SIGHUP) {
		sigs = append(sigs, syscall.SIGHUP)
	}
	return sigs
}

// signalReady is called once the signal handler is installed; tests that
// send signals to a child process wait for it.
var signalReady = func() {}

// repeatGrace is how long after the first signal a repeat is taken for
// the same request: timeout(1) sends its signal to the process and then
// to its process group, so a qtool it runs (as cluster's job script runs
// each task) gets it twice within microseconds, and the second, once the
// handler was gone, killed it before it printed its count or wrote its
// checkpoint (timeout 10 qtool count ... printed nothing one time in a few).
const repeatGrace = 500 * time.Millisecond

// signalContext returns a context that ends, with a *signalError as its
// cause, at the first SIGINT, SIGTERM or SIGHUP. Repeats within repeatGrace are
// ignored; after that the handler is removed, so that a second signal
// stops the program at once. stop releases the handler.
func signalContext(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, stopSignals()...)
	signalReady()
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			cancel(&signalError{sig: s})
		case <-done:
			return
		}
		grace := time.NewTimer(repeatGrace)
		defer grace.Stop()
		for {
			select {
			case <-ch: // the same request again
			case <-grace.C:
				signal.Stop(ch)
				return
			case <-done:
				return
			}
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel(nil)
	}
}

// signalCode maps the end of a command to the exit status of the signal
// that stopped it: an interrupted command (exit 130) whose root context was
// ended by SIGTERM exits 143. A command that failed only because its
// context ended is reported as interrupted too.
func signalCode(ctx context.Context, err error) error {
	var se *signalError
	if err == nil || !errors.As(context.Cause(ctx), &se) {
		return err
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.code == exitInterrupted || ee.code == exitTerminated || ee.code == exitHangup {
			ee.code = se.code()
		}
		return err
	}
	if errors.Is(err, context.Canceled) {
		return &exitError{code: se.code(), err: err}
	}
	return err
}

// checkedWriter remembers the first write error, so that a command whose
// output could not be written (a full disk, a closed pipe, /dev/full) ends
// with exit status 2 and a message instead of exit 0.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (cw *checkedWriter) Write(p []byte) (int, error) {
	if cw.err != nil {
		return 0, cw.err
	}
	n, err := cw.w.Write(p)
	if err != nil {
		cw.err = err
	}
	return n, err
}

// writeFailure is the error for output that could not be written.
func writeFailure(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return usageErrorf("writing standard output: %v", err)
}
