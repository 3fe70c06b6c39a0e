package main

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"time"
)

// ctxReader returns r so that a Read waiting on an idle pipe (standard
// input, a FIFO) ends with ctx's error as soon as ctx is done — a time
// limit or a signal — instead of waiting for data that may never come. A
// regular file is returned as it is: its reads do not wait. Otherwise one
// goroutine reads ahead by one buffer; after ctx is done it may stay
// blocked in its read, which the end of the command ends.
func ctxReader(ctx context.Context, r io.Reader) io.Reader {
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return r
		}
	}
	if ctx.Done() == nil {
		return r
	}
	return &pipeReader{ctx: ctx, r: r}
}

// stopReader returns r so that every read fails with ctx's error once ctx
// is done, also on a regular file (a huge one that a parser reads for
// long): the readers of check and table honour --timeout so.
func stopReader(ctx context.Context, r io.Reader) io.Reader {
	if ctx.Done() == nil {
		return r
	}
	return &stoppingReader{ctx: ctx, r: ctxReader(ctx, r)}
}

type stoppingReader struct {
	ctx context.Context
	r   io.Reader
}

func (s *stoppingReader) Read(p []byte) (int, error) {
	if err := s.ctx.Err(); err != nil {
		return 0, err
	}
	return s.r.Read(p)
}

type pipeReader struct {
	ctx  context.Context
	r    io.Reader
	res  chan readResult // the reading goroutine's answers
	next chan []byte     // buffers handed to it
	buf  []byte          // data received, not yet returned
	err  error           // the error after buf
}

type readResult struct {
	b   []byte
	err error
}

func (p *pipeReader) Read(b []byte) (int, error) {
	if len(p.buf) > 0 {
		n := copy(b, p.buf)
		p.buf = p.buf[n:]
		return n, nil
	}
	if p.err != nil {
		return 0, p.err
	}
	if p.res == nil {
		p.res = make(chan readResult, 1)
		p.next = make(chan []byte, 1)
		go func() {
			for buf := range p.next {
				n, err := p.r.Read(buf)
				p.res <- readResult{buf[:n], err}
				if err != nil {
					return
				}
			}
		}()
		p.next <- make([]byte, 64<<10)
	}
	if err := p.ctx.Err(); err != nil {
		return 0, err
	}
	select {
	case <-p.ctx.Done():
		p.err = p.ctx.Err()
		return 0, p.err
	case r := <-p.res:
		n := copy(b, r.b)
		p.buf = r.b[n:]
		if r.err != nil {
			p.err = r.err
		} else {
			// The rest of this buffer is read before the next read
			// begins: hand over a fresh buffer.
			p.next <- make([]byte, 64<<10)
		}
		return n, nil
	}
}

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
	g := &stdinGuard{ctx: sctx, r: r}
	explain = func(err error) error {
		if err == nil || !g.stopped {
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

// stdinGuard is standard input read through ctxReader, made on the first
// read (a command that does not read it starts nothing).
type stdinGuard struct {
	ctx     context.Context
	r       io.Reader
	in      io.Reader
	stopped bool
}

func (g *stdinGuard) Read(b []byte) (int, error) {
	if g.in == nil {
		g.in = ctxReader(g.ctx, g.r)
	}
	n, err := g.in.Read(b)
	if err != nil && g.ctx.Err() != nil && errors.Is(err, g.ctx.Err()) {
		g.stopped = true
	}
	return n, err
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
