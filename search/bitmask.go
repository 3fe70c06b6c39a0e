package search

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/qtool-project/qtool/encode"
)

// BitmaskMaxN is the largest order the bitmask searches accept: one bit of
// a uint64 per column.
const BitmaskMaxN = 64

// ErrBitmaskUniqueGiven is returned when fundamental solutions are asked of
// a board with queens already placed: the symmetries of the square do not
// map such a problem to itself.
var ErrBitmaskUniqueGiven = errors.New("search: fundamental solutions need an empty board: queens already placed break the symmetry of the square")

// BitmaskSymmetry says how BitmaskCount uses the symmetry of an empty board
// to save work. Boards with queens already placed are always searched
// whole.
type BitmaskSymmetry int

const (
	// BitmaskFull uses the whole symmetry group of the square, after
	// Takaken ("N Queens Problem (Number of Solutions)", version 3.1,
	// July 2003): each class of solutions is searched once, with the
	// queen of the first row at the smallest distance from a corner that
	// any queen on an edge of any image has, and counted with the size of
	// its class; the 90°, 180° and 270° images (and the reflections) are
	// compared only when another edge ties. It is the default and the
	// fastest, about twice as fast as BitmaskMirror.
	BitmaskFull BitmaskSymmetry = iota
	// BitmaskMirror searches the first row's left half only and counts
	// each solution twice (the middle column of an odd board once).
	BitmaskMirror
	// BitmaskNone searches every solution; Nodes then counts every legal
	// partial placement (2,056 for n = 8: Backtrack's 2,057 boards but the
	// empty one).
	BitmaskNone
)

func (s BitmaskSymmetry) String() string {
	switch s {
	case BitmaskFull:
		return "full"
	case BitmaskMirror:
		return "mirror"
	case BitmaskNone:
		return "none"
	}
	return fmt.Sprintf("symmetry(%d)", int(s))
}

// BitmaskOptions are the settings of BitmaskCount and BitmaskFind. The zero
// value counts with full symmetry on all cores.
type BitmaskOptions struct {
	// Workers is the number of goroutines that count subproblems
	// (0 = runtime.NumCPU()). The totals do not depend on it. BitmaskFind
	// always runs on one goroutine.
	Workers int
	// Unique asks for the fundamental solutions too (OEIS A002562):
	// BitmaskCount counts them in BitmaskStats.Unique, BitmaskFind visits
	// one representative per class, the least in lexicographic order.
	// The board must be empty (ErrBitmaskUniqueGiven otherwise).
	Unique bool
	// Symmetry selects how an empty board's symmetry saves work in
	// BitmaskCount when Unique is false (with Unique, BitmaskFull is
	// used whatever is set here).
	Symmetry BitmaskSymmetry
	// Shards > 0 splits the count into Shards deterministic slices and
	// counts only slice Shard (0 ≤ Shard < Shards); the counts of the
	// slices add up to the whole count, for any Workers.
	Shard, Shards int
	// Progress, when non-nil, is called after each subproblem with the
	// number done and the total in this slice. Calls are serialised and
	// done increases.
	Progress func(done, total uint64)
	// Limit makes BitmaskFind stop after this many solutions (0 = all).
	Limit int
}

// BitmaskStats reports what a bitmask search found and did.
type BitmaskStats struct {
	// Solutions is the number of solutions counted (all solutions, every
	// symmetric image included) or visited.
	Solutions uint64
	// Unique is the number of fundamental solutions, with Options.Unique.
	Unique uint64
	// Nodes is the number of queens placed by the search. Symmetry cuts
	// it: it equals the number of legal partial placements (empty board
	// excluded) only with BitmaskNone.
	Nodes uint64
	// Subproblems is the number of independent subproblems in the slice
	// counted, and Done how many of them were finished.
	Subproblems, Done uint64
}

func bitmaskCheck(b encode.Board, opt BitmaskOptions) error {
	if b.N > BitmaskMaxN {
		return fmt.Errorf("search: bitmask search needs n ≤ %d (one bit per column), got n = %d", BitmaskMaxN, b.N)
	}
	if err := b.Validate(); err != nil {
		return err
	}
	if opt.Unique && b.Given() > 0 {
		return ErrBitmaskUniqueGiven
	}
	if opt.Shards < 0 || (opt.Shards > 0 && (opt.Shard < 0 || opt.Shard >= opt.Shards)) {
		return fmt.Errorf("search: shard %d of %d: want 0 ≤ shard < shards", opt.Shard, opt.Shards)
	}
	if opt.Limit < 0 {
		return fmt.Errorf("search: limit %d: want 0 (all) or more", opt.Limit)
	}
	if opt.Workers < 0 {
		return fmt.Errorf("search: workers %d: want 0 (all cores) or more", opt.Workers)
	}
	switch opt.Symmetry {
	case BitmaskFull, BitmaskMirror, BitmaskNone:
	default:
		return fmt.Errorf("search: unknown bitmask symmetry %d", int(opt.Symmetry))
	}
	return nil
}

// BitmaskCount counts the solutions of board b (the completions of its
// given queens) by backtracking over bitmasks, one row at a time, after
// Richards ("Backtracking algorithms in MCPL using bit patterns and
// recursion", 1997): the columns and the two diagonals attacked are three
// machine words, the free squares of the next row are
// ^(cols|ld|rd) & full, and the lowest free bit is tried first. It needs
// n ≤ 64.
//
// On an empty board it uses the symmetry of the square (opt.Symmetry,
// BitmaskFull by default) and, with opt.Unique, counts the fundamental
// solutions in the same run. The search is split into independent
// subproblems, the legal placements of its first few rows, which
// opt.Workers goroutines count; opt.Shard and opt.Shards select a
// deterministic slice of them. The search allocates nothing per node and
// looks at ctx every few thousand nodes.
//
// The error is the board's (see Board.Validate), a refusal (n > 64, bad
// options, ErrBitmaskUniqueGiven) or ctx.Err(), in which case the stats
// hold what was counted so far: a lower bound.
func BitmaskCount(ctx context.Context, b encode.Board, opt BitmaskOptions) (BitmaskStats, error) {
	if err := bitmaskCheck(b, opt); err != nil {
		return BitmaskStats{}, err
	}
	if err := ctx.Err(); err != nil {
		return BitmaskStats{}, err
	}
	var st BitmaskStats
	if b.N < 4 && b.Given() == 0 && (opt.Unique || opt.Symmetry == BitmaskFull) {
		// Full symmetry needs n ≥ 4 (a corner queen has no image in
		// another corner); smaller boards are enumerated and classified.
		st.Subproblems = 1
		if opt.Shards > 0 && opt.Shard != 0 {
			return BitmaskStats{}, nil
		}
		w := newBitmaskWorker(nil)
		err := w.find(ctx, newBitmaskRows(b), opt.Unique, func(p encode.Placement, size int) bool {
			st.Solutions++
			if opt.Unique && size > 0 {
				st.Unique++
			}
			return true
		})
		st.Nodes = w.nodes
		if err == nil {
			st.Done = 1
			if opt.Progress != nil {
				opt.Progress(1, 1)
			}
		}
		return st, err
	}
	var subs []bitmaskSub
	var prob bitmaskProblem
	if b.Given() == 0 && (opt.Unique || opt.Symmetry == BitmaskFull) {
		prob = newBitmaskSym(b.N)
	} else {
		prob = newBitmaskGeneral(b, opt.Symmetry == BitmaskMirror)
	}
	subs, st.Nodes = prob.split()
	if opt.Shards > 0 {
		if opt.Shard != 0 {
			st.Nodes = 0 // the split's own nodes count in slice 0 only
		}
		mine := subs[:0]
		for j := opt.Shard; j < len(subs); j += opt.Shards {
			mine = append(mine, subs[j])
		}
		subs = mine
	}
	st.Subproblems = uint64(len(subs))
	res, done, err := bitmaskPool(ctx, prob, subs, opt.Workers, opt.Progress)
	for i := range res {
		st.Solutions += res[i].total
		st.Unique += res[i].unique
		st.Nodes += res[i].nodes
	}
	st.Done = done
	if !opt.Unique {
		st.Unique = 0
	}
	return st, err
}

// BitmaskFind visits the completions of board b in lexicographic order
// (row 0 first, smaller columns first), with the search of BitmaskCount on
// one goroutine. With opt.Unique (empty board only) it visits only the
// least solution of each class under the 8 symmetries (encode.Canonical),
// again in lexicographic order. visit receives a slice that is reused:
// copy it to keep it; returning false stops the search, as does reaching
// opt.Limit solutions. It needs n ≤ 64. The stats count the solutions
// visited and the nodes; the error is as for BitmaskCount.
func BitmaskFind(ctx context.Context, b encode.Board, opt BitmaskOptions, visit func(encode.Placement) bool) (BitmaskStats, error) {
	if err := bitmaskCheck(b, opt); err != nil {
		return BitmaskStats{}, err
	}
	if opt.Shards > 0 {
		return BitmaskStats{}, errors.New("search: shards apply to counting, not to finding solutions")
	}
	if err := ctx.Err(); err != nil {
		return BitmaskStats{}, err
	}
	w := newBitmaskWorker(nil)
	var st BitmaskStats
	err := w.find(ctx, newBitmaskRows(b), opt.Unique, func(p encode.Placement, size int) bool {
		if opt.Unique && size == 0 {
			return true
		}
		st.Solutions++
		if opt.Unique {
			st.Unique++
		}
		if visit != nil && !visit(p) {
			return false
		}
		return opt.Limit == 0 || st.Solutions < uint64(opt.Limit)
	})
	st.Nodes = w.nodes
	st.Subproblems = 1
	if err == nil {
		st.Done = 1
	}
	return st, err
}

// BitmaskClass reports whether placement p of order n ≤ 64 is the least of
// its class under the 8 symmetries of the square in lexicographic order
// (as encode.Canonical chooses it) and the size of its class (8, 4, 2 or
// 1). p must be a permutation (one queen per row and per column), else the
// result is false, 0. It allocates nothing; the complexity is O(n).
func BitmaskClass(p encode.Placement) (least bool, size int) {
	n := len(p)
	if n == 0 || n > BitmaskMaxN {
		return false, 0
	}
	var q, qinv [BitmaskMaxN]int8
	var seen uint64
	for r, c := range p {
		if c < 0 || c >= n || seen&(1<<uint(c)) != 0 {
			return false, 0
		}
		seen |= 1 << uint(c)
		q[r] = int8(c)
		qinv[c] = int8(r)
	}
	return bitmaskClassify(n, &q, &qinv, true)
}

// bitmaskClassify compares placement p (inverse pinv) with its 7 images
// under the symmetries of the square, each computed on the fly from p and
// pinv, and returns whether p is the least of them in lexicographic order
// and the size of its class. Unless sized is set, it stops at the first
// smaller image, and the size is then meaningless.
func bitmaskClassify(n int, p, pinv *[BitmaskMaxN]int8, sized bool) (least bool, size int) {
	m := int8(n - 1)
	stab := 1 // the identity
	least = true
	for s := 1; s < 8; s++ {
		cmp := 0
		for i := 0; i < n; i++ {
			var v int8
			switch s {
			case 1: // rot90: (r,c) -> (c, m-r)
				v = m - pinv[i]
			case 2: // rot180
				v = m - p[n-1-i]
			case 3: // rot270: (r,c) -> (m-c, r)
				v = pinv[n-1-i]
			case 4: // rows reversed
				v = p[n-1-i]
			case 5: // columns reversed
				v = m - p[i]
			case 6: // transpose
				v = pinv[i]
			case 7: // anti-transpose: (r,c) -> (m-c, m-r)
				v = m - pinv[n-1-i]
			}
			if v != p[i] {
				if v < p[i] {
					cmp = -1
				} else {
					cmp = 1
				}
				break
			}
		}
		if cmp < 0 {
			least = false
			if !sized {
				break
			}
		}
		if cmp == 0 {
			stab++
		}
	}
	return least, 8 / stab
}

// bitmaskSub is one independent subproblem: the columns of the first rows
// of the search, and the domain they belong to.
type bitmaskSub struct {
	pre    [bitmaskMaxSplit]int8 // columns of the rows (search levels) placed
	depth  int8                  // number of levels placed
	kind   int8                  // bitmaskGeneral, bitmaskCorner or bitmaskEdge
	param  int8                  // corner: column a of row 1; edge: column t of row 0
	weight int8                  // general: solutions counted per solution found
}

const bitmaskMaxSplit = 5

const (
	bitmaskGeneral = iota
	bitmaskCorner
	bitmaskEdge
)

// bitmaskResult is what one subproblem counted.
type bitmaskResult struct {
	total, unique, nodes uint64
}

// bitmaskProblem is a search split into subproblems.
type bitmaskProblem interface {
	// split lists the subproblems in a deterministic order and returns
	// the nodes placed to find them.
	split() ([]bitmaskSub, uint64)
	// count counts one subproblem on worker w.
	count(w *bitmaskWorker, s *bitmaskSub) bitmaskResult
}

// bitmaskPool counts the subproblems on a pool of goroutines, each taking
// the next subproblem in order. The results are indexed like subs, so that
// the totals do not depend on the scheduling.
func bitmaskPool(ctx context.Context, prob bitmaskProblem, subs []bitmaskSub, workers int, progress func(done, total uint64)) ([]bitmaskResult, uint64, error) {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, max(len(subs), 1))
	var stop atomic.Bool
	release := context.AfterFunc(ctx, func() { stop.Store(true) })
	defer release()
	res := make([]bitmaskResult, len(subs))
	var next atomic.Int64
	var mu sync.Mutex
	var done uint64
	total := uint64(len(subs))
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newBitmaskWorker(&stop)
			for !stop.Load() {
				j := next.Add(1) - 1
				if j >= int64(len(subs)) {
					return
				}
				res[j] = prob.count(w, &subs[j])
				if stop.Load() {
					return
				}
				mu.Lock()
				done++
				if progress != nil {
					progress(done, total)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if done < total {
		if err := ctx.Err(); err != nil {
			return res, done, err
		}
	}
	return res, done, nil
}

func bitmaskFull(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(n) - 1
}

// bitmaskRows is a board seen by the general search: its free rows, in
// increasing order, are the levels of the search.
type bitmaskRows struct {
	b     encode.Board
	n     int
	rows  []int    // level -> row
	allow []uint64 // level -> columns not attacked by a given queen
	gap   []uint8  // level -> rows to the next level
}

func newBitmaskRows(b encode.Board) *bitmaskRows {
	n := b.N
	full := bitmaskFull(n)
	br := &bitmaskRows{b: b, n: n}
	type queen struct{ r, c int }
	var given []queen
	for r := 0; r < n; r++ {
		if c := b.Queen(r); c >= 0 {
			given = append(given, queen{r, c})
		}
	}
	for r := 0; r < n; r++ {
		if b.Queen(r) >= 0 {
			continue
		}
		var blocked uint64
		for _, q := range given {
			d := r - q.r
			blocked |= 1 << uint(q.c)
			if c := q.c + d; c >= 0 && c < n {
				blocked |= 1 << uint(c)
			}
			if c := q.c - d; c >= 0 && c < n {
				blocked |= 1 << uint(c)
			}
		}
		br.rows = append(br.rows, r)
		br.allow = append(br.allow, full&^blocked)
	}
	for i := range br.rows {
		g := 0
		if i+1 < len(br.rows) {
			g = br.rows[i+1] - br.rows[i]
		}
		br.gap = append(br.gap, uint8(g))
	}
	return br
}

// bitmaskLevel is one level of the explicit stack: the columns and the
// diagonals attacked in that level's row and the free squares not yet
// tried there.
type bitmaskLevel struct {
	cols, ld, rd, free uint64
}

// bitmaskWorker holds the explicit stack and scratch space of one
// goroutine; the arrays are indexed by uint8 so that the compiler drops the
// bounds checks.
type bitmaskWorker struct {
	st    [256]bitmaskLevel
	allow [256]uint64
	gap   [256]uint8
	p     [BitmaskMaxN]int8
	pinv  [BitmaskMaxN]int8
	stop  *atomic.Bool
	nodes uint64

	// The settings of the subproblem being counted, kept here rather
	// than in registers, which the hot loops need.
	check         uint64 // node count of the next look at stop
	start, last2  uint8
	last3         uint8
	last, rt, rb  uint8
	n             int
	side, tieLast uint64
	res           bitmaskResult
}

func newBitmaskWorker(stop *atomic.Bool) *bitmaskWorker {
	if stop == nil {
		stop = new(atomic.Bool)
	}
	return &bitmaskWorker{stop: stop}
}

// find enumerates the completions of br in lexicographic order, calling
// visit with each and, when classify is set, the size of its class if it is
// the least of its class (0 if not), until visit returns false.
func (w *bitmaskWorker) find(ctx context.Context, br *bitmaskRows, classify bool, visit func(encode.Placement, int) bool) error {
	n := br.n
	p := make(encode.Placement, n)
	for r := 0; r < n; r++ {
		p[r] = br.b.Queen(r)
	}
	emit := func() bool {
		size := 1
		if classify {
			for r, c := range p {
				w.p[r], w.pinv[c] = int8(c), int8(r)
			}
			least, sz := bitmaskClassify(n, &w.p, &w.pinv, false)
			size = 0
			if least {
				size = sz
			}
		}
		return visit(p, size)
	}
	levels := len(br.rows)
	if levels == 0 {
		emit()
		return nil
	}
	for i := range levels {
		w.allow[i] = br.allow[i]
		w.gap[i] = br.gap[i]
	}
	last := uint8(levels - 1)
	st := &w.st
	st[0] = bitmaskLevel{free: br.allow[0]}
	var d uint8
	check := 0
	for {
		f := st[d].free
		if f == 0 {
			if d == 0 {
				return nil
			}
			d--
			continue
		}
		bit := f & -f
		st[d].free = f ^ bit
		w.nodes++
		if check++; check == 1<<12 {
			check = 0
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if d == last {
			for i := uint8(0); i < last; i++ {
				p[br.rows[i]] = bits.TrailingZeros64(st[i+1].cols ^ st[i].cols)
			}
			p[br.rows[last]] = bits.TrailingZeros64(bit)
			if !emit() {
				return nil
			}
			continue
		}
		g := w.gap[d] & 63
		c := st[d].cols | bit
		l := (st[d].ld | bit) << g
		r := (st[d].rd | bit) >> g
		d++
		st[d] = bitmaskLevel{c, l, r, ^(c | l | r) & w.allow[d]}
	}
}
