package search

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/qtool-project/qtool/encode"
)

// BitmaskEventKind says what BitmaskTrace just did.
type BitmaskEventKind uint8

const (
	// BitmaskPlace: a queen was placed on (Row, Col), the lowest bit of
	// the row's free squares Free (a new node, counted in
	// BitmaskStats.Nodes).
	BitmaskPlace BitmaskEventKind = iota
	// BitmaskRemove: the queen on (Row, Col) was taken off again after
	// every completion below it was searched; Free holds the squares of
	// the row still to try.
	BitmaskRemove
	// BitmaskDeadEnd: the free squares of free row Row are none (Free is
	// 0, Col is -1): the node has no child.
	BitmaskDeadEnd
	// BitmaskSolution: every row holds a queen (Row and Col are -1);
	// reported before the visit function sees the solution.
	BitmaskSolution
)

func (k BitmaskEventKind) String() string {
	switch k {
	case BitmaskPlace:
		return "place"
	case BitmaskRemove:
		return "remove"
	case BitmaskDeadEnd:
		return "dead end"
	case BitmaskSolution:
		return "solution"
	}
	return fmt.Sprintf("event(%d)", int(k))
}

// BitmaskEvent is one step of the bitmask search, as BitmaskTrace reports
// it.
type BitmaskEvent struct {
	Kind     BitmaskEventKind
	Row, Col int
	// Free is the row's free squares as bits, bit c for column c:
	// ^(cols|ld|rd) & mask at the time of the event (see the kinds).
	Free uint64
	// Queens is the placement so far: Queens[r] is the column of the queen
	// in row r or -1 (given queens included). The search reuses it: copy
	// it to keep it.
	Queens []int
	// Stats are the counters after the event.
	Stats BitmaskStats
}

// BitmaskHook receives the events of a traced bitmask search; it returns
// false to stop the search. It is called on the searching goroutine, and
// the event is valid only during the call.
type BitmaskHook func(*BitmaskEvent) bool

// BitmaskTrace is the bitmask search of BitmaskFind (Richards 1997: the
// attacked columns and diagonals as three words, the free squares of the
// next row ^(cols|ld|rd) & mask, the lowest free bit first) on one
// goroutine without symmetry, reporting every queen placed and removed,
// every dead end and every solution to hook. It is a separate function, so
// that the untraced counters and their hot loops pay nothing for it: it
// places the same queens in the same order, so its Nodes and Solutions are
// those of BitmaskCount with BitmaskNone (and of BitmaskFind). It is meant
// for teaching: the trace and play commands of qtool show it.
//
// When hook returns false the search stops with the stats so far and a nil
// error. visit (may be nil) sees each solution; it returns false to stop.
func BitmaskTrace(ctx context.Context, b encode.Board, visit func(encode.Placement) bool, hook BitmaskHook) (BitmaskStats, error) {
	if err := bitmaskCheck(b, BitmaskOptions{}); err != nil {
		return BitmaskStats{}, err
	}
	t := &bitmaskTracer{ctx: ctx, br: newBitmaskRows(b), visit: visit, hook: hook, queens: make([]int, b.N)}
	for r := range t.queens {
		t.queens[r] = b.Queen(r)
	}
	if len(t.br.rows) == 0 {
		t.solution()
	} else {
		t.search(0, 0, 0, 0)
	}
	return t.stats, t.err
}

// bitmaskTracer is the state of a traced bitmask search.
type bitmaskTracer struct {
	ctx    context.Context
	br     *bitmaskRows
	visit  func(encode.Placement) bool
	hook   BitmaskHook
	queens []int
	stats  BitmaskStats
	check  int
	err    error
	ev     BitmaskEvent
}

// emit reports an event; false means the search must stop.
func (t *bitmaskTracer) emit(k BitmaskEventKind, r, c int, free uint64) bool {
	if t.hook == nil {
		return true
	}
	t.ev = BitmaskEvent{Kind: k, Row: r, Col: c, Free: free, Queens: t.queens, Stats: t.stats}
	return t.hook(&t.ev)
}

// solution counts and reports a full placement; false means stop.
func (t *bitmaskTracer) solution() bool {
	t.stats.Solutions++
	if !t.emit(BitmaskSolution, -1, -1, 0) {
		return false
	}
	return t.visit == nil || t.visit(encode.Placement(t.queens))
}

// search tries every free square of free row number d, the columns and
// diagonals attacked there being cols, ld and rd; false means stop.
func (t *bitmaskTracer) search(d int, cols, ld, rd uint64) bool {
	br := t.br
	r := br.rows[d]
	free := ^(cols | ld | rd) & br.allow[d]
	if free == 0 {
		return t.emit(BitmaskDeadEnd, r, -1, 0)
	}
	last := d == len(br.rows)-1
	for free != 0 {
		bit := free & -free
		c := bits.TrailingZeros64(bit)
		t.stats.Nodes++
		if t.check++; t.check == 1<<12 {
			t.check = 0
			if t.err = t.ctx.Err(); t.err != nil {
				return false
			}
		}
		t.queens[r] = c
		if !t.emit(BitmaskPlace, r, c, free) {
			return false
		}
		free ^= bit
		if last {
			if !t.solution() {
				return false
			}
		} else {
			g := br.gap[d] & 63
			if !t.search(d+1, cols|bit, (ld|bit)<<g, (rd|bit)>>g) {
				return false
			}
		}
		t.queens[r] = -1
		if !t.emit(BitmaskRemove, r, c, free) {
			return false
		}
	}
	return true
}
