package main

import (
	"context"
	"io"
)

// contextReader reads r in a goroutine of its own, so that a Read waiting
// for an idle pipe returns ctx.Err() as soon as the context ends (a
// --timeout, Ctrl-C) instead of blocking until the writer writes or closes.
// The goroutine reads ahead by at most one buffer; when the context ends it
// is left blocked in its read, which the process's exit ends.
type contextReader struct {
	ctx    context.Context
	chunks chan readChunk
	free   chan []byte
	cur    readChunk
	off    int
	done   bool
}

type readChunk struct {
	b   []byte
	err error
}

// newContextReader starts the reading goroutine.
func newContextReader(ctx context.Context, r io.Reader) *contextReader {
	cr := &contextReader{ctx: ctx, chunks: make(chan readChunk, 1), free: make(chan []byte, 2)}
	cr.free <- make([]byte, 64<<10)
	cr.free <- make([]byte, 64<<10)
	go func() {
		for {
			var buf []byte
			select {
			case buf = <-cr.free:
			case <-ctx.Done():
				return
			}
			n, err := r.Read(buf)
			select {
			case cr.chunks <- readChunk{buf[:n], err}:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return cr
}

// Read implements io.Reader.
func (cr *contextReader) Read(p []byte) (int, error) {
	for cr.off == len(cr.cur.b) {
		if cr.done {
			return 0, cr.cur.err
		}
		if cr.cur.b != nil {
			cr.free <- cr.cur.b[:cap(cr.cur.b)]
		}
		select {
		case c := <-cr.chunks:
			cr.cur, cr.off = c, 0
			if c.err != nil {
				cr.done = true
			}
		case <-cr.ctx.Done():
			return 0, cr.ctx.Err()
		}
		if cr.ctx.Err() != nil {
			return 0, cr.ctx.Err()
		}
	}
	n := copy(p, cr.cur.b[cr.off:])
	cr.off += n
	return n, nil
}
