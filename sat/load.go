package sat

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/ulikunitz/xz"

	"github.com/qtool-project/qtool/internal/textin"
)

// BytesPerLiteral is what gini and the Go runtime take per literal read
// (the 0s that end clauses included), for bounding a formula by memory:
// about 80 bytes a binary clause (the sat backend's memory estimate) over
// its three numbers, rounded up.
const BytesPerLiteral = 32

// BytesPerVar is what gini and the Go runtime take per variable, up to the
// largest variable used (the sat backend's memory estimate's figure).
const BytesPerVar = 500

// Bounds returns the ReadOptions that keep a formula read into a Solver
// within about limit bytes (MaxLiterals and MaxVar from BytesPerLiteral
// and BytesPerVar).
func Bounds(limit uint64) ReadOptions {
	return ReadOptions{MaxLiterals: int64(limit / BytesPerLiteral), MaxVar: int(limit / BytesPerVar)}
}

// Decompress returns a reader of r's content, uncompressed when r starts
// with the magic number of gzip (1f 8b), bzip2 ("BZh") or xz (fd "7zXZ"
// 00), as minisat and CaDiCaL read such files whatever their names; and
// the format's name ("" for plain text). gzip and bzip2 come from the
// standard library, xz from the pure-Go module github.com/ulikunitz/xz
// (no outside program is run). A damaged stream is an error of the reads;
// a zstd stream and binary data in the first 4 KiB are a *ParseError
// naming where (name is the file's name in messages).
func Decompress(r io.Reader, name string) (io.Reader, string, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	head, _ := br.Peek(6)
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, "gzip", fmt.Errorf("gzip: %v", err)
		}
		return zr, "gzip", nil
	case bytes.HasPrefix(head, []byte("BZh")):
		return bzip2.NewReader(br), "bzip2", nil
	case bytes.HasPrefix(head, []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		zr, err := xz.NewReader(br)
		if err != nil {
			return nil, "xz", fmt.Errorf("xz: %v", err)
		}
		return zr, "xz", nil
	case bytes.HasPrefix(head, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return nil, "zstd", &textin.Error{File: name, Line: 1, Col: 1, Msg: "not a text DIMACS file: zstd-compressed (qtool reads plain, gzip, bzip2 and xz files): decompress it first, e.g. zstd -d FILE"}
	}
	if text, _ := br.Peek(4096); binaryAt(text) >= 0 {
		i := binaryAt(text)
		line := 1 + bytes.Count(text[:i], []byte("\n"))
		col := i - bytes.LastIndexByte(text[:i], '\n')
		return nil, "", &textin.Error{File: name, Line: line, Col: col, Msg: fmt.Sprintf("not a text DIMACS file: binary data (byte 0x%02x; qtool reads plain, gzip, bzip2 and xz DIMACS CNF)", text[i])}
	}
	return br, "", nil
}

// binaryAt returns the offset of the first byte that no text file holds
// (NUL and the control characters but tab, newline, form feed and
// carriage return), or -1.
func binaryAt(b []byte) int {
	for i, c := range b {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' || c == 0x7f {
			return i
		}
	}
	return -1
}

// Loaded is a formula that Load read: the solver holding its clauses, the
// file's figures, and its compression ("" for none).
type Loaded struct {
	Solver *Solver
	Info   DIMACS
	Format string
}

// Load reads a DIMACS CNF formula, plain or compressed (Decompress), from
// r into a new Solver, within the bounds of opts (its Header is Load's
// own). The parsing of the text and gini's work on each clause run side by
// side, and the whole reading runs in a goroutine, so that a read that
// blocks (a terminal, a stalled pipe) does not keep Load from ctx's end:
// then it returns ctx's error at once (the goroutine ends with the read).
func Load(ctx context.Context, r io.Reader, name string, opts ReadOptions) (Loaded, error) {
	type result struct {
		l   Loaded
		err error
	}
	ch := make(chan result, 1)
	go func() {
		var res result
		in, format, err := Decompress(r, name)
		res.l.Format = format
		if err != nil {
			res.err = err
			ch <- res
			return
		}
		l := newLoader()
		opts.Header = l.header
		res.l.Info, res.err = ReadDIMACSContext(ctx, in, name, l, opts)
		res.l.Solver = l.solver()
		ch <- res
	}()
	select {
	case res := <-ch:
		return res.l, res.err
	case <-ctx.Done():
		return Loaded{}, ctx.Err()
	}
}

// loadBatch is the number of literals that the loader hands to gini at a
// time.
const loadBatch = 1 << 16

// loader is the Adder that Load fills: it hands the literals, in batches,
// to a goroutine that adds them to gini. The solver is sized from the
// header (NewSize, whose hints are capped), the hints bounded by the
// clause count so that a header that declares 2²⁸ variables and no clause
// costs nothing.
type loader struct {
	vars, clauses int
	batch         []int
	work          chan []int
	free          chan []int
	done          chan *Solver
}

func newLoader() *loader {
	l := &loader{work: make(chan []int, 4), free: make(chan []int, 6), done: make(chan *Solver, 1)}
	for range 5 {
		l.free <- make([]int, 0, loadBatch)
	}
	l.batch = <-l.free
	go func() {
		var s *Solver
		for b := range l.work {
			if s == nil {
				s = NewSize(min(l.vars, 2*l.clauses+1), l.clauses)
			}
			for _, lit := range b {
				s.Add(lit)
			}
			l.free <- b[:0]
		}
		if s == nil {
			s = New()
		}
		l.done <- s
	}()
	return l
}

// header is ReadOptions.Header: it is called before the first literal.
func (l *loader) header(vars, clauses int) { l.vars, l.clauses = vars, clauses }

// Add takes a literal, or 0 to end a clause.
func (l *loader) Add(lit int) {
	l.batch = append(l.batch, lit)
	if len(l.batch) == loadBatch {
		l.work <- l.batch
		l.batch = <-l.free
	}
}

// solver hands over the last batch, waits for gini to take everything and
// returns the solver.
func (l *loader) solver() *Solver {
	if len(l.batch) > 0 {
		l.work <- l.batch
	}
	close(l.work)
	return <-l.done
}

// WriteModel prints the values of variables 1..vars of s's model on "v"
// lines of at most about 78 characters, the last one ending with 0, as
// the SAT competition's solvers do. It looks at ctx every 4096 variables
// and, when ctx has ended, writes the line it has and returns ctx's error.
func WriteModel(ctx context.Context, w io.Writer, s *Solver, vars int) error {
	line := make([]byte, 0, 96)
	line = append(line, 'v')
	for v := 1; v <= vars; v++ {
		if v%4096 == 0 {
			if err := ctx.Err(); err != nil {
				w.Write(append(line, '\n'))
				return err
			}
		}
		lit := v
		if !s.Value(v) {
			lit = -v
		}
		line = append(line, ' ')
		line = strconv.AppendInt(line, int64(lit), 10)
		if len(line) > 70 {
			if _, err := w.Write(append(line, '\n')); err != nil {
				return err
			}
			line = append(line[:0], 'v')
		}
	}
	_, err := w.Write(append(line, " 0\n"...))
	return err
}
