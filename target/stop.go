package target

import (
	"context"
	"errors"
	"io"
)

// StopWriter writes to an output until its context ends or a write
// fails; then it panics with ErrStopped, which Run recovers, so that a
// writer deep in its loops stops at once instead of generating the rest of
// a huge output for nothing.
type StopWriter struct {
	ctx context.Context
	w   io.Writer
	err error
}

// ErrStopped is Run's error when the writing was stopped: Err says why
// (the context's error, or the write's).
var ErrStopped = errors.New("target: output stopped")

// NewStopWriter writes to w until ctx ends.
func NewStopWriter(ctx context.Context, w io.Writer) *StopWriter {
	return &StopWriter{ctx: ctx, w: w}
}

func (a *StopWriter) Write(p []byte) (int, error) {
	if err := a.ctx.Err(); err != nil {
		a.err = err
		panic(ErrStopped)
	}
	n, err := a.w.Write(p)
	if err != nil {
		a.err = err
		panic(ErrStopped)
	}
	return n, nil
}

// Err is the error that stopped the writing, nil while none did.
func (a *StopWriter) Err() error { return a.err }

// Run calls f, which writes through a, and turns a's panic back into
// ErrStopped; any other panic goes on.
func (a *StopWriter) Run(f func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			if v != ErrStopped {
				panic(v)
			}
			err = ErrStopped
		}
	}()
	return f()
}
