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
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"

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
	br := bufio.NewReaderSize(r, 1<<16)
	// A file's size bounds n (a column takes two bytes at least, with its
	// blank), and so the columns: a lone huge number does not make the bit
	// sets grow to match it.
	most := uint64(MaxN)
	if f, ok := r.(interface{ Stat() (os.FileInfo, error) }); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			most = min(most, uint64(st.Size()+1)/2)
		}
	}
	var line, col int64 = 1, 0
	fail := func(illegal bool, format string, args ...any) error {
		e := &Error{Name: name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
		if illegal {
			e.err = ErrIllegal
		}
		return e
	}
	next := func() (byte, bool, error) {
		c, err := br.ReadByte()
		if err == io.EOF {
			return 0, false, nil
		}
		if err != nil {
			return 0, false, err
		}
		col++
		return c, true, nil
	}
	newline := func() { line, col = line+1, 0 }
	if bom, _ := br.Peek(3); string(bom) == "\xef\xbb\xbf" { // a byte-order mark is no part of the list
		br.Discard(3)
	}

	// Skip blank and comment lines up to the list.
	var c byte
	var ok bool
	var err error
skip:
	for {
		if c, ok, err = next(); err != nil || !ok {
			if err == nil {
				err = fail(false, "no list of columns")
			}
			return 0, err
		}
		switch {
		case c == '#' && col == 1:
			for ok && c != '\n' {
				if c, ok, err = next(); err != nil {
					return 0, err
				}
			}
			newline()
			continue
		case c == '\n':
			newline()
			continue
		case c == ' ' || c == '\t' || c == '\r':
			continue
		}
		break skip
	}

	var cols, d1, d2 bitset
	var rows, maxCol uint64
	// The columns are checked in batches, after they are read: a short
	// loop over the bit sets that keeps several cache misses in flight.
	type entry struct {
		v   uint64 // the column
		col int64  // where it starts on the line
	}
	batch := make([]entry, 0, 64) // grows to batchSize
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		top := rows + uint64(len(batch)) // rows and columns of the batch are below rows+len, columns below maxCol
		for _, e := range batch {
			maxCol = max(maxCol, e.v)
		}
		// A board holds at least maxCol+1 rows: the diagonals reach about
		// twice that (with 3 % to spare for a maxCol short of n−1).
		reach := max(top, maxCol)
		reach += reach / 32
		// The three sets take 5·reach bits; while one grows, its old and
		// new copies are both alive, and freed copies keep their address space
		// a while (3× in all). An endless list (standard input) is
		// refused at the process's memory limit instead of filling it.
		if need := 3 * (5 * reach / 8); need > memlimit.Limit() {
			return fail(false, "more rows than this process can check: %v", memlimit.Check(fmt.Sprintf("a list of %d rows", top), need))
		}
		cols.grow(maxCol, reach)
		d1.grow(top+maxCol, 2*reach)
		d2.grow(2*max(top, maxCol), 2*reach)
		for k, e := range batch {
			r, v := rows+uint64(k), e.v
			z := 2 * (r - v) // r − v as a natural number: 2(r−v) when r ≥ v, 2(v−r)−1 otherwise
			if v > r {
				z = 2*(v-r) - 1
			}
			a, b, c := cols.set(v), d1.set(r+v), d2.set(z)
			if a && b && c {
				continue
			}
			col = e.col
			switch {
			case !a:
				return fail(true, "row %d: column %d holds a second queen", r, v)
			case !b:
				return fail(true, "row %d: the queen in column %d shares a diagonal (row + column = %d) with an earlier one", r, v, r+v)
			}
			return fail(true, "row %d: the queen in column %d shares a diagonal (row − column = %d) with an earlier one", r, v, int64(r)-int64(v))
		}
		rows += uint64(len(batch))
		batch = batch[:0]
		return nil
	}
	for ok && c != '\n' {
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			if c, ok, err = next(); err != nil {
				return 0, err
			}
			continue
		case c < '0' || c > '9':
			return 0, fail(false, "want a column number, found %q", c)
		}
		var v uint64
		start := col
		for ok && c >= '0' && c <= '9' {
			v = 10*v + uint64(c-'0')
			if v > MaxN {
				return 0, fail(false, "column number larger than %d", MaxN)
			}
			if c, ok, err = next(); err != nil {
				return 0, err
			}
		}
		if ok && c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return 0, fail(false, "want a blank after a column number, found %q", c)
		}
		if v >= most {
			col = start
			return 0, fail(true, "column %d is off any board that a file of this size holds (at most %d rows)", v, most)
		}
		if rows+uint64(len(batch)) == MaxN {
			return 0, fail(false, "more than %d rows", MaxN)
		}
		batch = append(batch, entry{v: v, col: start})
		if len(batch) == batchSize {
			if err := flush(); err != nil {
				return 0, err
			}
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
	}
	if err := flush(); err != nil {
		return 0, err
	}
	if rows == 0 {
		return 0, fail(false, "no list of columns")
	}
	// Distinct columns, as many as rows, all below n: a permutation.
	if maxCol >= rows {
		return 0, fail(true, "column %d is off the %d×%d board of the %d rows read", maxCol, rows, rows, rows)
	}
	// After the list, only blank lines.
	for ok {
		if c == '\n' {
			newline()
		} else if c != ' ' && c != '\t' && c != '\r' {
			return 0, fail(false, "unexpected %q after the list of columns (one solution per input)", c)
		}
		if c, ok, err = next(); err != nil {
			return 0, err
		}
	}
	return int(rows), nil
}
