// Package listcheck verifies an n-queens solution in list form (the 0-based
// column of each row on one line, separated by blanks, as qtool solve
// --format list and qtool place write it) as it streams in, in O(n) bits:
// one bit a column and one a diagonal of each direction, about 5 bits a
// queen (a little more while the bit sets grow), where a placement in
// memory would take 8 bytes a queen. It shares no code with the searches
// it checks, nor with encode.Verify, so that a bug in one is not hidden by
// the same bug in the other.
package listcheck

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"unicode/utf8"

	"github.com/qtool-project/qtool/internal/memlimit"
)

// MaxN is the largest order it checks: rows and columns are read into 32
// bits.
const MaxN = math.MaxInt32

// ErrIllegal is wrapped by the error of a well-formed list that is not a
// solution: two queens attack each other, or the columns are not those of
// an n×n board.
var ErrIllegal = errors.New("not a solution")

// Error says what is wrong and where: the line and the column (in bytes,
// both from 1) of the input.
type Error struct {
	Name      string
	Line, Col int64
	Msg       string
	err       error
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.Name, e.Line, e.Col, e.Msg)
}

// Unwrap makes errors.Is(err, ErrIllegal) true for an illegal solution.
func (e *Error) Unwrap() error { return e.err }

// batchSize is the number of columns read before they are checked, and
// between looks at the context.
const batchSize = 1 << 12

// bitset is a set of non-negative integers that grows as they come.
type bitset []uint64

// grow makes room for the numbers up to i, and up to hint ≥ i when it has
// to grow: the size that the set will likely reach.
func (b *bitset) grow(i, hint uint64) {
	if w := i >> 6; w >= uint64(len(*b)) {
		grown := make(bitset, max(uint64(len(*b))*5/4, hint>>6)+1)
		copy(grown, *b)
		*b = grown
	}
}

// set puts i (within the room made by grow) in the set and reports
// whether it was new.
func (b bitset) set(i uint64) bool {
	w, bit := i>>6, uint64(1)<<(i&63)
	old := b[w]
	b[w] = old | bit
	return old&bit == 0
}

// Check reads one solution in list form from r and returns its order n.
// A leading byte-order mark is skipped. Before the list, blank lines and comment lines starting with '#' are
// skipped; after it, only blank lines may follow. It returns an *Error
// wrapping ErrIllegal when the list is well formed but no solution (a
// column used twice or out of range, two queens on a diagonal), an
// *Error for malformed input, the reader's error, or ctx's error when it
// ends (looked at every 4096 queens). name names the input in messages.
func Check(ctx context.Context, r io.Reader, name string) (int, error) {
	k := &checker{r: r, buf: make([]byte, 0, 1<<16), name: name, line: 1, most: uint64(MaxN)}
	// A file's size bounds n (a column takes two bytes at least, with its
	// blank), and so the columns: a lone huge number does not make the bit
	// sets grow to match it.
	if f, ok := r.(interface{ Stat() (os.FileInfo, error) }); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			k.most = min(k.most, uint64(st.Size()+1)/2)
		}
	}
	k.fill(3)
	if bytes.HasPrefix(k.buf[k.i:], []byte("\xef\xbb\xbf")) { // a byte-order mark is no part of the list
		k.i += 3
	}
	c, err := k.skipHead()
	if err != nil {
		return 0, err
	}
	k.batch = make([]entry, 0, 64) // grows to batchSize
	c, ok, err := k.readList(ctx, c)
	if err != nil {
		return 0, err
	}
	if k.rows == 0 {
		return 0, k.fail(false, "no list of columns")
	}
	// Distinct columns, as many as rows, all below n: a permutation.
	if k.maxCol >= k.rows {
		return 0, k.fail(true, "column %d is off the %d×%d board of the %d rows read", k.maxCol, k.rows, k.rows, k.rows)
	}
	if err := k.trailer(c, ok); err != nil {
		return 0, err
	}
	return int(k.rows), nil
}

// checker is one run of Check: the input, where it stands in it, and the
// bit sets of the columns and of the diagonals of the rows checked.
type checker struct {
	r         io.Reader
	buf       []byte // read from r; buf[i:] not yet taken
	i         int
	err       error // of r, once met
	name      string
	line, col int64
	most      uint64 // the columns are below it

	cols, d1, d2 bitset
	rows, maxCol uint64
	batch        []entry // read, not yet checked
}

// entry is a column read, not yet checked.
type entry struct {
	v   uint64 // the column
	col int64  // where it starts on the line
}

func (k *checker) fail(illegal bool, format string, args ...any) error {
	e := &Error{Name: k.name, Line: k.line, Col: k.col, Msg: fmt.Sprintf(format, args...)}
	if illegal {
		e.err = ErrIllegal
	}
	return e
}

// next reads the next byte (ok false at the end of the input).
func (k *checker) next() (c byte, ok bool, err error) {
	if k.i < len(k.buf) {
		c = k.buf[k.i]
		k.i++
		k.col++
		return c, true, nil
	}
	return k.refill()
}

// refill reads more of the input into the buffer and returns its first
// byte, as next.
func (k *checker) refill() (c byte, ok bool, err error) {
	if err := k.fill(1); err != nil {
		return 0, false, err
	}
	if k.i == len(k.buf) {
		return 0, false, nil
	}
	return k.next()
}

// fill reads until the buffer holds at least want bytes not yet read, the
// input ends (nil) or a read fails; a failure met after some bytes is
// kept for the read after them.
func (k *checker) fill(want int) error {
	if k.i == len(k.buf) {
		k.i, k.buf = 0, k.buf[:0]
	}
	for empty := 0; len(k.buf)-k.i < want && k.err == nil; {
		if len(k.buf) == cap(k.buf) {
			k.buf = append(k.buf[:0], k.buf[k.i:]...)
			k.i = 0
		}
		n, err := k.r.Read(k.buf[len(k.buf):cap(k.buf)])
		k.buf = k.buf[:len(k.buf)+n]
		switch {
		case err != nil:
			k.err = err
		case n > 0:
			empty = 0
		default:
			if empty++; empty == 100 { // as bufio: a reader that returns nothing, again and again
				k.err = io.ErrNoProgress
			}
		}
	}
	if k.i < len(k.buf) || k.err == io.EOF {
		return nil
	}
	return k.err
}

func (k *checker) newline() { k.line, k.col = k.line+1, 0 }

// skipHead skips blank and comment lines up to the list and returns its
// first byte.
func (k *checker) skipHead() (byte, error) {
	for {
		c, ok, err := k.next()
		if err != nil || !ok {
			if err == nil {
				err = k.fail(false, "no list of columns")
			}
			return 0, err
		}
		switch {
		case c == '#' && k.col == 1:
			for ok && c != '\n' {
				if c, ok, err = k.next(); err != nil {
					return 0, err
				}
			}
			k.newline()
			continue
		case c == '\n':
			k.newline()
			continue
		case c == ' ' || c == '\t' || c == '\r':
			continue
		}
		return c, nil
	}
}

// byteWord names byte c in a message: quoted when it is ASCII, by its
// value otherwise (the first byte of a character of several, which the
// streaming reader does not decode: 'Ù' would be a lie about '٣').
func byteWord(c byte) string {
	if c < utf8.RuneSelf {
		return strconv.QuoteRune(rune(c))
	}
	return fmt.Sprintf("a non-ASCII character (byte 0x%02X)", c)
}

// readList reads the line of columns from its first byte c, checking
// them in batches; it returns the byte after the line (ok false at the
// end of the input).
func (k *checker) readList(ctx context.Context, c byte) (_ byte, ok bool, err error) {
	ok = true
	for ok && c != '\n' {
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			if c, ok, err = k.next(); err != nil {
				return 0, false, err
			}
			continue
		case c < '0' || c > '9':
			return 0, false, k.fail(false, "want a column number, found %s", byteWord(c))
		}
		var v uint64
		start := k.col
		for ok && c >= '0' && c <= '9' {
			v = 10*v + uint64(c-'0')
			if v > MaxN {
				return 0, false, k.fail(false, "column number larger than %d", MaxN)
			}
			if c, ok, err = k.next(); err != nil {
				return 0, false, err
			}
		}
		if err := k.add(ctx, c, ok, v, start); err != nil {
			return 0, false, err
		}
	}
	return c, ok, k.flush()
}

// add takes column v, read at start and followed by c (ok false at the
// end of the input), into the batch, and checks the batch once full.
func (k *checker) add(ctx context.Context, c byte, ok bool, v uint64, start int64) error {
	if ok && c != ' ' && c != '\t' && c != '\r' && c != '\n' {
		return k.fail(false, "want a blank after a column number, found %s", byteWord(c))
	}
	if v >= k.most {
		k.col = start
		return k.fail(true, "column %d is off any board that a file of this size holds (at most %d rows)", v, k.most)
	}
	if k.rows+uint64(len(k.batch)) == MaxN {
		return k.fail(false, "more than %d rows", MaxN)
	}
	k.batch = append(k.batch, entry{v: v, col: start})
	if len(k.batch) == batchSize {
		if err := k.flush(); err != nil {
			return err
		}
		return ctx.Err()
	}
	return nil
}

// flush checks the batch of columns read. The columns are checked after
// they are read: a short loop over the bit sets that keeps several cache
// misses in flight.
func (k *checker) flush() error {
	if len(k.batch) == 0 {
		return nil
	}
	top := k.rows + uint64(len(k.batch)) // rows and columns of the batch are below rows+len, columns below maxCol
	for _, e := range k.batch {
		k.maxCol = max(k.maxCol, e.v)
	}
	// A board holds at least maxCol+1 rows: the diagonals reach about
	// twice that (with 3 % to spare for a maxCol short of n−1).
	reach := max(top, k.maxCol)
	reach += reach / 32
	// The three sets take 5·reach bits; while one grows, its old and
	// new copies are both alive, and freed copies keep their address space
	// a while (3× in all). An endless list (standard input) is
	// refused at the process's memory limit instead of filling it.
	if need := 3 * (5 * reach / 8); need > memlimit.Limit() {
		return k.fail(false, "more rows than this process can check: %v", memlimit.Check(fmt.Sprintf("a list of %d rows", top), need))
	}
	k.cols.grow(k.maxCol, reach)
	k.d1.grow(top+k.maxCol, 2*reach)
	k.d2.grow(2*max(top, k.maxCol), 2*reach)
	cols, d1, d2 := k.cols, k.d1, k.d2
	for i, e := range k.batch {
		r, v := k.rows+uint64(i), e.v
		z := 2 * (r - v) // r − v as a natural number: 2(r−v) when r ≥ v, 2(v−r)−1 otherwise
		if v > r {
			z = 2*(v-r) - 1
		}
		a, b, c := cols.set(v), d1.set(r+v), d2.set(z)
		if a && b && c {
			continue
		}
		k.col = e.col
		switch {
		case !a:
			return k.fail(true, "row %d: column %d holds a second queen", r, v)
		case !b:
			return k.fail(true, "row %d: the queen in column %d shares a diagonal (row + column = %d) with an earlier one", r, v, r+v)
		}
		return k.fail(true, "row %d: the queen in column %d shares a diagonal (row − column = %d) with an earlier one", r, v, int64(r)-int64(v))
	}
	k.rows += uint64(len(k.batch))
	k.batch = k.batch[:0]
	return nil
}

// trailer checks that only blank lines follow the list, from byte c on.
func (k *checker) trailer(c byte, ok bool) error {
	var err error
	for ok {
		if c == '\n' {
			k.newline()
		} else if c != ' ' && c != '\t' && c != '\r' {
			return k.fail(false, "unexpected %q after the list of columns (one solution per input)", c)
		}
		if c, ok, err = k.next(); err != nil {
			return err
		}
	}
	return nil
}
