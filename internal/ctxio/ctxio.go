// Package ctxio makes reads end when a context does: a read of an idle
// pipe (standard input, a FIFO) that would wait forever returns the
// context's error at a time limit or a signal (Reader), and a long read
// of a big file stops between reads (Stopping).
package ctxio

import (
	"context"
	"errors"
	"io"
	"os"
	"sync/atomic"
)

// Reader returns r so that a Read waiting on an idle pipe (standard
// input, a FIFO) ends with ctx's error as soon as ctx is done — a time
// limit or a signal — instead of waiting for data that may never come. A
// regular file is returned as it is: its reads do not wait; so is r when
// ctx is never done. Otherwise one goroutine reads ahead by one buffer
// (64 KiB); after ctx is done it may stay blocked in its read, which the
// end of the program ends.
func Reader(ctx context.Context, r io.Reader) io.Reader {
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

// Stopping returns r so that every read fails with ctx's error once ctx
// is done, also on a regular file (a huge one that a parser reads for
// long); a pipe is read through Reader.
func Stopping(ctx context.Context, r io.Reader) io.Reader {
	if ctx.Done() == nil {
		return r
	}
	return &stoppingReader{ctx: ctx, r: Reader(ctx, r)}
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

// Guarded is a reader made by Guard.
type Guarded struct {
	ctx     context.Context
	r       io.Reader
	in      io.Reader
	reading atomic.Int32 // reads in progress
	stopped atomic.Bool  // a read ended with ctx's error
}

// Guard returns r read through Reader(ctx, r), the reading goroutine made
// on the first Read (a program that never reads r starts nothing), and
// remembers whether a read ended because ctx did (Stopped): a command
// that read standard input can then tell "input cut by the time limit or
// a signal" from its other failures.
func Guard(ctx context.Context, r io.Reader) *Guarded { return &Guarded{ctx: ctx, r: r} }

func (g *Guarded) Read(b []byte) (int, error) {
	g.reading.Add(1)
	defer g.reading.Add(-1)
	if g.in == nil {
		g.in = Reader(g.ctx, g.r)
	}
	n, err := g.in.Read(b)
	if err != nil && g.ctx.Err() != nil && errors.Is(err, g.ctx.Err()) {
		g.stopped.Store(true)
	}
	return n, err
}

// Stopped reports whether a read has ended with ctx's error, or was still
// waiting when ctx ended: a reader between g and its caller that watches
// the same ctx (Reader, Stopping) may return ctx's error before g's own
// read, in the goroutine of that reader, has. Safe to call while a Read
// is in progress.
func (g *Guarded) Stopped() bool {
	return g.stopped.Load() || (g.reading.Load() > 0 && g.ctx.Err() != nil)
}
