package count

import (
	"cmp"
	"container/heap"
	"context"
	"fmt"
	"hash/fnv"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/qtool-project/qtool/internal/memlimit"
	"github.com/qtool-project/qtool/split"
)

// JoinMethod names the split of JoinPlan in records and checkpoints.
const JoinMethod = "halves"

// JoinVersion identifies the split of JoinPlan: the halves, the quadrants,
// the canonical column groups and their order. A checkpoint or a record
// of another version does not describe the same subproblems.
const JoinVersion = 3

// JoinMaxN is the largest order JoinPlan accepts: its quadrant tables
// take 4.3 GB at n = 22, 8.6 GB at n = 23 and, keeping only the top-left
// quadrant's (joinDeriveMinN), 10.2 GB at n = 24 (633 million placements
// of a 12×12 quadrant, 16 bytes each; the four would take 41 GB).
const JoinMaxN = 24

// JoinMaxMemory is the most the quadrant tables of a JoinPlan may take;
// a larger plan is refused before the tables are allocated.
const JoinMaxMemory = 20 << 30

// JoinPlan counts the solutions of the empty n×n board by joining the
// partial solutions of its quarters (the quarter-join idea published by
// A. Kluev, "N-Queens-Count-Sol", README: split the board into four
// quadrants, enumerate each quadrant's placements once, join them into
// halves and count the compatible pairs of halves; this is our own
// design and code).
//
// The board is cut into a top half (rows 0..h-1, h = ⌊n/2⌋) and a bottom
// half (the last h rows); for odd n the middle row h holds one queen, in
// column a. A half is summarised by where its queens' diagonals cross the
// projection row h: a queen at (r, c) occupies the ╲ bit c − r + h and the
// ╱ bit c + r − h (bits outside 0..n−1 are dropped: such a diagonal meets
// no queen of the other half), a 2n-bit pattern. A top half and a bottom
// half whose column sets are complementary join to a solution exactly when
// their patterns are disjoint. A subproblem is a column group (a, C): the
// middle queen's column a (odd n) and the top half's column set C, |C| = h;
// its count J(a, C) is the number of disjoint (top, bottom) pairs. The
// mirror c → n−1−c maps (a, C) to (n−1−a, rev C) and the vertical flip maps
// it to (a, the bottom's columns); J is the same on the orbit, so only the
// least member of each orbit is a subproblem, weighted by the orbit's size
// (1, 2 or 4). For odd n = 2m+1 and a ≠ m the transposition is used too
// (Kluev's 8×, same README: "for odd board sizes two queens are placed in
// middle row/column"): the middle column's queen (b, m) and the middle
// row's (m, a) are two queens, x = a−m and y = b−m are not 0 and |x| ≠ |y|
// (they do not attack each other), and the transposition swaps x and y
// while the mirror and the flip change their signs. So the solutions with
// |y| > |x| are half of those with a ≠ m, and those with x > 0 a quarter:
// the groups (a, C) with a > m, counting only the solutions with
// |b−m| > a−m, the least of C and the bottom's columns, weight 8.
//
// For even n = 2m the transposition is used through two keys. Let l and r
// be the top half's columns left and right of the middle (l ⊆ 0..m−1, r
// counted from column m), s the rows of the top half's queens in the left
// columns and s' those of the bottom half (counted from row m). Then the
// mirror maps (l, r; s, s') to (rev r, rev l; s̄, s̄'), the vertical flip to
// (l̄, r̄; rev s', rev s) and the transposition to (s, s'; l, r), with x̄ the
// complement in 0..m−1 and rev x = {m−1−i : i ∈ x}. So the columns key
// K(l, r) = min(rev l, rev l̄, r, r̄) and the rows key K(s, s') are kept by
// the mirror and the flip and swapped by the transposition: counting each
// solution twice when its rows key is greater than its columns key, once
// when they are equal and not at all when it is smaller counts every
// solution once in all, since a solution and its transposition get 2 + 0
// or 1 + 1. The rows key is the smaller of the top half's share
// min(rev s, rev s̄) and the bottom half's min(s', s̄'), so a group builds
// only the halves whose own share is at least its columns key: about half
// the work (n = 20: 1.9× less). The plan of NewJoinUniquePlanContext
// counts the fundamental solutions too, by classes of the groups (see
// joinUnique).
//
// The halves of a group come from the quadrants (rows top/bottom × columns
// 0..⌈n/2⌉−1 / the rest): every non-attacking placement of each quadrant
// (rows may be empty) is listed once per plan, bucketed by (row set,
// column set), so that a group's top halves are the clash-free pairs of a
// top-left bucket and the top-right bucket of the complementary rows. The
// join counts the disjoint pairs in bulk ("four Russians"): over the
// smaller side, a table per chunk of c pattern bits of the 2^c bitsets of
// the patterns that have no bit of the chunk's value; a query's count is
// the popcount of the AND of its chunks' bitsets. Where the processor has
// AVX-512 with VPOPCNTQ (and AVX2, BMI2) the bitsets are of 512 patterns
// and an assembly kernel (join_amd64.s) does the ANDs and popcounts; the
// groups are counted in the order (a, left columns, right columns), so
// that consecutive groups find the same left buckets in the cache.
//
// Memory: the quadrant tables, 16 bytes a placement plus 4 bytes a
// bucket, measured with JoinPlanBytes: 8.7 MB at n = 16, 16 MB at n = 17,
// 63 MB at n = 18, 116 MB at n = 19, 499 MB at n = 20 (four 10×10
// quadrants of 7.5 million placements each), 959 MB at n = 21, 4.3 GB at
// n = 22 (67 million placements of an 11×11 quadrant), 8.6 GB at n = 23
// (199 million of an 11×12 one besides), 10.2 GB at n = 24, where only
// the top-left quadrant's table is kept and the other quadrants' buckets
// are made from it as they are read (joinDeriveMinN; the four would take
// 41 GB). The size is counted
// exactly before the tables are allocated, and refused above maxBytes
// (JoinMaxMemory), or when the tables and what a count needs besides
// (joinRunBytes: 128 bytes a group, a sixteenth of the tables for each
// worker) pass the process's memory limit (internal/memlimit). Measured
// resident on two workers: 212 MB at n = 19, 717 MB at n = 20; at n = 21
// 1.06 GB for the plan and 2.1 GB at the end of a whole count, with no
// memory limit: the Go collector lets the heap grow to twice the live
// data unless it is given a soft limit, which qtool sets from the
// process's limit (or GOMEMLIMIT). A placement's diagonal word keeps only
// the diagonals that matter within its half (joinDiagMap), so that it
// fits 64 bits up to n = 24. Counts are exact in uint64 (A000170(21) ≈ 3.1·10¹¹;
// n = 21 counted exactly in 905 s on two workers). Part.Nodes is the work
// done: the pairs of quadrant placements tried plus the table words ANDed
// in the join.
type JoinPlan struct {
	n, h   int
	wL, wR int // columns of the left and right quadrants
	// quads are the top-left, top-right, bottom-left and bottom-right
	// quadrants.
	quads  [4]joinQuad
	groups []joinGroup
	hash   uint64
	bytes  uint64
	stop   *atomic.Bool // while building: set when the context is done
	// dmap maps the diagonals of the board (╲ bit c−r+n−1, then ╱ bit
	// r+c at 64+r+c) to the bits of a placement's diagonal word, for the
	// top half [0] and the bottom half [1] (see joinDiagMap).
	dmap [2][128]int8

	estMu sync.Mutex
	est   []uint64 // Estimate of each subproblem, once computed

	uq *joinUnique // the fundamental solutions' bookkeeping (join_unique.go), or nil
	// derived: only the top-left quadrant's table is kept (even n ≥
	// joinDeriveMinN, join_derive.go).
	derived bool
}

// joinGroup is one subproblem: the middle queen's column a (-1 for even
// n), the top half's columns and the orbit's size.
type joinGroup struct {
	cols   uint32
	a      int8
	weight uint8
}

// joinQuad is the list of non-attacking placements of one quadrant,
// bucketed: placements off[k]..off[k+1]-1 have the row set and the column
// set of key k = rows<<cols | colset (bits relative to r0 and c0).
type joinQuad struct {
	r0, c0, rows, cols int
	off                []uint32
	d                  []joinDiag
	// from, when set (even n ≥ joinDeriveMinN), is the quadrant whose
	// placements this one's are the images of, by the mirror (revCols),
	// the vertical flip (flipRows) or both: its bucket k is from's
	// bucket of the key with the columns and/or the rows reversed, each
	// placement's words permuted by dperm and pperm (join_derive.go).
	from             *joinQuad
	revCols, flipRow bool
	dperm, pperm     *joinBitPerm
}

// joinDiag is a placement of a quadrant: d its diagonals that matter
// within its half (the bits given by the plan's dmap, at most 44 for
// n ≤ 24, below the row tag at joinRowShift), p its share of the half's
// pattern, packed (see joinLayout).
type joinDiag struct{ d, p uint64 }

// joinRunBytes is what a count of a plan of that many groups and tables
// of that size needs besides the tables, on workers goroutines, measured
// at n = 21 (970,288 groups, 959 MB of tables: 1.06 GB resident for the
// plan, 1.11 GB counting a shard of it on two workers): 128 bytes a group
// for its part's record, its estimate and its line in a checkpoint, and
// for each worker a sixteenth of the tables, 1 MB at least (the halves of
// the largest group and its table: about 45 MB at n = 21).
func joinRunBytes(groups int, tables uint64, workers int) uint64 {
	return uint64(groups)*128 + uint64(workers)*max(tables/16, 1<<20)
}

// JoinPlanBytes returns what the quadrant tables of order n take, counting
// the placements first (a few seconds at n = 21, no large allocation).
func JoinPlanBytes(n int) (uint64, error) {
	if err := joinCheckN(n); err != nil {
		return 0, err
	}
	p := joinLayout(n)
	var total uint64
	for i := range p.quads {
		if p.derived && i > 0 {
			break
		}
		q := &p.quads[i]
		q.off = make([]uint32, (1<<(q.rows+q.cols))+1)
		total += q.walkCount(n) * 16
		total += uint64(len(q.off)) * 4
		q.off = nil
	}
	return total, nil
}

func joinCheckN(n int) error {
	if n < 1 || n > JoinMaxN {
		return fmt.Errorf("count: the join counter handles 1 ≤ n ≤ %d (beyond, its quadrant tables pass %s), got n = %d", JoinMaxN, memlimit.Bytes(JoinMaxMemory), n)
	}
	return nil
}

func joinLayout(n int) *JoinPlan {
	h := n / 2
	wL := (n + 1) / 2
	p := &JoinPlan{n: n, h: h, wL: wL, wR: n - wL}
	bot := n - h
	p.quads[0] = joinQuad{r0: 0, c0: 0, rows: h, cols: wL}
	p.quads[1] = joinQuad{r0: 0, c0: wL, rows: h, cols: n - wL}
	p.quads[2] = joinQuad{r0: bot, c0: 0, rows: h, cols: wL}
	p.quads[3] = joinQuad{r0: bot, c0: wL, rows: h, cols: n - wL}
	p.dmap[0] = joinDiagMap(n, 0, h, wL)
	p.dmap[1] = joinDiagMap(n, bot, h, wL)
	if n%2 == 0 && n >= max(joinDeriveMinN, 4) {
		p.derived = true
		p.quads[1].from, p.quads[1].revCols = &p.quads[0], true
		p.quads[2].from, p.quads[2].flipRow = &p.quads[0], true
		p.quads[3].from, p.quads[3].revCols, p.quads[3].flipRow = &p.quads[0], true, true
	}
	return p
}

// joinDiagMap numbers the diagonals of the board (index c−r+n−1 for ╲,
// 64+r+c for ╱) that matter in the half of rows ra..ra+h−1, −1 for the
// others: those that a placement of its left quadrant (columns 0..wL−1)
// and one of its right quadrant can both have (a clash between them), and
// for odd n those of a queen of the middle row h that either can have
// (keepClear). A half's placements then need 2(h−1) bits for even n and
// at most 2(n−1) for odd n instead of the 2(n+h−1) of all its diagonals
// (66 at n = 23).
func joinDiagMap(n, ra, h, wL int) [128]int8 {
	var left, right, mid [128]bool
	for r := ra; r < ra+h; r++ {
		for c := range n {
			side := &left
			if c >= wL {
				side = &right
			}
			side[c-r+n-1], side[64+r+c] = true, true
		}
	}
	if n%2 == 1 {
		for c := range n {
			mid[c-h+n-1], mid[64+h+c] = true, true
		}
	}
	var m [128]int8
	next := int8(0)
	for i := range m {
		m[i] = -1
		if left[i] && right[i] || mid[i] && (left[i] || right[i]) {
			m[i] = next
			next++
		}
	}
	return m
}

// diagWord is the diagonal word of the half starting at row ra (see
// dmap) of the queens whose board diagonals are d1 (╲) and d2 (╱).
func (p *JoinPlan) diagWord(ra int, d1, d2 uint64) uint64 {
	m := &p.dmap[min(ra, 1)]
	var d uint64
	for x := d1; x != 0; x &= x - 1 {
		if b := m[bits.TrailingZeros64(x)]; b >= 0 {
			d |= 1 << b
		}
	}
	for x := d2; x != 0; x &= x - 1 {
		if b := m[64+bits.TrailingZeros64(x)]; b >= 0 {
			d |= 1 << b
		}
	}
	return d
}

// NewJoinPlan builds the quadrant tables and the list of column groups of
// order n, 1 ≤ n ≤ JoinMaxN, after checking that the tables fit in
// maxBytes (0: JoinMaxMemory) and in the process's memory limit.
func NewJoinPlan(n int, maxBytes uint64) (*JoinPlan, error) {
	return NewJoinPlanContext(context.Background(), n, maxBytes, 1)
}

// NewJoinPlanContext is NewJoinPlan building the tables on two goroutines
// when workers > 1, or when workers ≤ 0 and there are several processors
// (the plan is the same), and giving up with ctx's error within a few
// milliseconds once ctx is done (the tables take seconds at n = 21).
func NewJoinPlanContext(ctx context.Context, n int, maxBytes uint64, workers int) (*JoinPlan, error) {
	if err := joinCheckN(n); err != nil {
		return nil, err
	}
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	p := joinLayout(n)
	p.stop = &stop
	need, err := p.walkQuadrants(ctx)
	if err != nil {
		return nil, err
	}
	p.bytes = need
	what := fmt.Sprintf("the join counter's quadrant tables for n = %d", n)
	if maxBytes == 0 {
		maxBytes = JoinMaxMemory
	}
	if need > maxBytes {
		return nil, fmt.Errorf("count: %s need about %s, more than the %s allowed", what, memlimit.Bytes(need), memlimit.Bytes(maxBytes))
	}
	// The process needs more than the tables: the groups' records kept by
	// the caller and the workers' buffers (joinRunBytes).
	p.listGroups()
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	if err := memlimit.Check(fmt.Sprintf("count: the join counter for n = %d", n), need+joinRunBytes(len(p.groups), need, workers)); err != nil {
		return nil, err
	}
	parallel := workers > 1
	if p.derived {
		p.fill(&p.quads[0], nil, nil, nil, false)
	} else if n%2 == 0 {
		p.fill(&p.quads[0], &p.quads[2], &p.quads[1], &p.quads[3], parallel)
	} else {
		var wg sync.WaitGroup
		left := func() {
			p.fill(&p.quads[0], &p.quads[2], nil, nil, false)
			p.sortTags(&p.quads[0], true)
			p.sortTags(&p.quads[2], false)
		}
		if parallel {
			wg.Go(left)
		} else {
			left()
		}
		p.fill(&p.quads[1], &p.quads[3], nil, nil, false)
		wg.Wait()
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p.permute(parallel)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p.stop = nil
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d n=%d;", JoinMethod, JoinVersion, n)
	for _, g := range p.groups {
		h.Write([]byte{byte(g.a), byte(g.cols), byte(g.cols >> 8), byte(g.cols >> 16), g.weight})
	}
	p.hash = h.Sum64()
	return p, nil
}

// walkQuadrants lists the placements of the quadrants kept (their bucket
// sizes in off) and returns the bytes their tables take, or ctx's error.
func (p *JoinPlan) walkQuadrants(ctx context.Context) (uint64, error) {
	var need uint64
	// The bottom quadrants are the vertical flips of the top ones, (r, c)
	// → (n−1−r, c): one walk lists both (see joinWalker.twin). For even n
	// the right quadrants are the mirror images of the left ones, (r, c)
	// → (r, n−1−c): one walk lists all four (joinWalker.mir).
	for i := range 2 {
		if p.derived {
			// Only the top-left quadrant is kept; the others are
			// its images, made bucket by bucket as they are read.
			q := &p.quads[0]
			q.off = make([]uint32, (1<<(q.rows+q.cols))+1)
			w := joinWalker{q: q, n: p.n, stop: p.stop}
			w.walk(0, 0, 0, 0, 0)
			if err := ctx.Err(); err != nil {
				return 0, err
			}
			need = w.total*16 + uint64(len(q.off))*4
			break
		}
		if p.n%2 == 0 && i == 1 {
			need *= 2
			break
		}
		q, tw := &p.quads[i], &p.quads[i+2]
		q.off = make([]uint32, (1<<(q.rows+q.cols))+1)
		tw.off = make([]uint32, len(q.off))
		w := joinWalker{q: q, twin: tw, n: p.n, stop: p.stop}
		if p.n%2 == 0 {
			w.mir, w.mirTwin = &p.quads[1], &p.quads[3]
			w.mir.off = make([]uint32, len(q.off))
			w.mirTwin.off = make([]uint32, len(q.off))
		}
		w.walk(0, 0, 0, 0, 0)
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		need += 2 * (w.total*16 + uint64(len(q.off))*4)
	}
	return need, nil
}

// walkCount counts the placements of q into the bucket sizes off[k+1]
// and returns their number.
func (q *joinQuad) walkCount(n int) uint64 {
	w := joinWalker{q: q, n: n}
	w.walk(0, 0, 0, 0, 0)
	return w.total
}

// The parts of a fill walk: the walkers of a parallel fill each write
// the top quadrants or the bottom ones.
const (
	joinAll = iota
	joinTopOnly
	joinBottomOnly
)

// fill lists the placements of the top quadrant q and of its flip tw, and
// with mir (even n) those of their mirror images mir and mirTwin, after a
// counting walk; with parallel two walks write the top and the bottom
// quadrants at once.
func (p *JoinPlan) fill(q, tw, mir, mirTwin *joinQuad, parallel bool) {
	for _, x := range []*joinQuad{q, tw, mir, mirTwin} {
		if x == nil {
			continue
		}
		for k := 1; k < len(x.off); k++ {
			x.off[k] += x.off[k-1]
		}
		x.d = make([]joinDiag, x.off[len(x.off)-1])
	}
	w := joinWalker{plan: p, q: q, mir: mir, mirTwin: mirTwin, n: p.n, midRow: -1, stop: p.stop}
	w.pos = slices.Clone(q.off[:len(q.off)-1])
	if tw != nil {
		w.twin = tw
		w.twinPos = slices.Clone(tw.off[:len(tw.off)-1])
	}
	if mir != nil {
		w.mirPos = slices.Clone(mir.off[:len(mir.off)-1])
		w.mirTwinPos = slices.Clone(mirTwin.off[:len(mirTwin.off)-1])
	}
	if !parallel {
		w.walk(0, 0, 0, 0, 0)
		return
	}
	bottom := w
	w.part, bottom.part = joinTopOnly, joinBottomOnly
	var wg sync.WaitGroup
	wg.Go(func() { bottom.walk(0, 0, 0, 0, 0) })
	w.walk(0, 0, 0, 0, 0)
	wg.Wait()
}

// joinWalker lists the placements of a quadrant q, and with twin those of
// its vertical flip: a placement's flip has the row set reversed and the
// two diagonal masks swapped (the ╲ diagonal c−r+n−1 of (r, c) is the ╱
// diagonal (n−1−r)+c of its image, and the other way round). With mir
// (even n) it lists the mirror images too, in mir (of q) and mirTwin (of
// twin): a placement's mirror image has the column set reversed and the
// diagonal masks swapped and reversed (the ╲ diagonal c−r+n−1 of (r, c)
// is the ╱ diagonal r+(n−1−c) = 2n−2 − (c−r+n−1) of its image, and the
// other way round).
type joinWalker struct {
	plan               *JoinPlan
	q, twin            *joinQuad
	mir, mirTwin       *joinQuad
	n                  int
	pos, twinPos       []uint32 // nil: count
	mirPos, mirTwinPos []uint32
	part               int          // fill: joinAll, joinTopOnly (q, mir) or joinBottomOnly (twin, mirTwin)
	stop               *atomic.Bool // set: leave the walk (checked at depth joinStopDepth)
	stopped            bool
	total              uint64
	midRow             int // local row of the queen in the middle column, or -1
}

// joinStopDepth is the row at which a walk checks whether to stop: a
// walk of n = 21 has about 11³ nodes there, a few milliseconds apart.
const joinStopDepth = 3

// joinRowShift is where the diagonal word of a left quadrant's placement
// keeps the local row of its queen in the middle column m (odd n; bits
// 60..63, above the diagonals), joinNoRow when it has none.
const (
	joinRowShift = 60
	joinNoRow    = 15
)

// joinMidCol is the middle column m of odd n, else -1.
func joinMidCol(n int) int {
	if n%2 == 1 {
		return n / 2
	}
	return -1
}

// walk places queens from local row r on (each row empty or one queen),
// rows and cols being the local sets used so far. It is the tables' hot
// loop (every placement of a quadrant passes through it) and is kept in
// one piece, over funclen's 80 lines, on purpose.
func (w *joinWalker) walk(r int, rows, cols uint32, d1, d2 uint64) {
	q := w.q
	if r == q.rows {
		k := rows<<q.cols | cols
		var kt uint32
		if w.twin != nil {
			kt = (bits.Reverse32(rows)>>(32-q.rows))<<q.cols | cols
		}
		var km, kmt uint32
		if w.mir != nil {
			rc := reverseBits(cols, q.cols)
			km, kmt = rows<<q.cols|rc, kt&^(1<<q.cols-1)|rc
		}
		if w.pos == nil {
			q.off[k+1]++
			if w.twin != nil {
				w.twin.off[kt+1]++
			}
			if w.mir != nil {
				w.mir.off[km+1]++
				w.mirTwin.off[kmt+1]++
			}
			w.total++
			return
		}
		writeTop, writeBottom := w.part != joinBottomOnly, w.part != joinTopOnly
		if w.mir != nil {
			sh := uint(64 - (2*w.n - 1))
			r1, r2 := bits.Reverse64(d1)>>sh, bits.Reverse64(d2)>>sh
			if writeTop {
				w.mir.d[w.mirPos[km]] = w.plan.place(w.mir, r2, r1)
				w.mirPos[km]++
			}
			if writeBottom {
				w.mirTwin.d[w.mirTwinPos[kmt]] = w.plan.place(w.mirTwin, r1, r2)
				w.mirTwinPos[kmt]++
			}
		}
		// The row tag of a quadrant holding the middle column: its
		// row of that column's queen, the flip's row for the twin.
		var tag, twinTag uint64
		if mc := joinMidCol(w.n); mc >= q.c0 && mc < q.c0+q.cols {
			tag, twinTag = joinNoRow<<joinRowShift, joinNoRow<<joinRowShift
			if w.midRow >= 0 {
				tag = uint64(w.midRow) << joinRowShift
				twinTag = uint64(q.rows-1-w.midRow) << joinRowShift
			}
		}
		if writeTop {
			q.d[w.pos[k]] = w.plan.place(q, d1, d2)
			q.d[w.pos[k]].d |= tag
			w.pos[k]++
		}
		if w.twin != nil && writeBottom {
			w.twin.d[w.twinPos[kt]] = w.plan.place(w.twin, d2, d1)
			w.twin.d[w.twinPos[kt]].d |= twinTag
			w.twinPos[kt]++
		}
		return
	}
	if r == joinStopDepth && w.stop != nil && w.stop.Load() {
		w.stopped = true
	}
	if w.stopped {
		return
	}
	w.walk(r+1, rows, cols, d1, d2)
	br := q.r0 + r
	for c := range q.cols {
		if cols&(1<<c) != 0 {
			continue
		}
		bc := q.c0 + c
		b1 := uint64(1) << (bc - br + w.n - 1)
		b2 := uint64(1) << (br + bc)
		if d1&b1 != 0 || d2&b2 != 0 {
			continue
		}
		keep := w.midRow
		if bc == joinMidCol(w.n) {
			w.midRow = r
		}
		w.walk(r+1, rows|1<<r, cols|1<<c, d1|b1, d2|b2)
		w.midRow = keep
	}
}

// place converts a placement of quadrant q, given by its diagonals on the
// whole board (╲ bit c−r+n−1, ╱ bit r+c), to its half's coordinates and
// its packed pattern.
func (p *JoinPlan) place(q *joinQuad, d1, d2 uint64) joinDiag {
	n, h := p.n, p.h
	d := p.diagWord(q.r0, d1, d2)
	full := uint64(1)<<n - 1
	x := d1 >> (n - 1 - h) & full // ╲ columns on row h
	y := d2 >> h & full           // ╱ columns on row h
	return joinDiag{d: d, p: p.pack(x, y)}
}

// pack packs a pattern given by its ╲ and ╱ columns on row h into
// joinBits(n) bits. Columns that one of the halves never reaches are left
// out: a top queen's ╲ diagonal meets row h right of it (never column 0)
// and its ╱ diagonal left of it (never column n−1); for odd n a bottom
// queen's (rows h+1..n−1) never meet column n−1 and column 0 respectively.
// A pattern bit matters only when both halves can have it, so the count
// of disjoint pairs is the same.
func (p *JoinPlan) pack(x, y uint64) uint64 {
	n := p.n
	if n < 3 {
		return x | y<<n // n = 1: no halves; n = 2: nothing to drop
	}
	if n%2 == 0 {
		return x>>1 | (y&(uint64(1)<<(n-1)-1))<<(n-1)
	}
	m := uint64(1)<<(n-2) - 1
	return (x>>1)&m | ((y>>1)&m)<<(n-2)
}

// joinKeyBits is the number of pattern bits by which the join sorts its
// patterns.
const joinKeyBits = 8

// permute reorders the bits of every packed pattern in increasing order of
// how often a top half and a bottom half both have them (estimated by the
// product of their frequencies among the top and the bottom quadrants'
// placements), so that the top joinKeyBits bits, the join's sort key, are
// the ones most often in the way of a pair.
// With parallel, two goroutines share the quadrants.
func (p *JoinPlan) permute(parallel bool) {
	nb := joinBits(p.n)
	var freq [4][64]float64
	p.eachQuad(parallel, func(i int) {
		q := &p.quads[i]
		if q.from != nil {
			return
		}
		for j, d := range q.d {
			if j&0xffff == 0 && p.stopped() {
				return
			}
			for x := d.p; x != 0; x &= x - 1 {
				freq[i][bits.TrailingZeros64(x)]++
			}
		}
		for b := range nb {
			freq[i][b] /= float64(max(len(q.d), 1))
		}
	})
	if p.derived {
		p.deriveFreq(&freq)
	}
	order := make([]int, nb)
	score := make([]float64, nb)
	for b := range nb {
		order[b] = b
		score[b] = (freq[0][b] + freq[1][b]) * (freq[2][b] + freq[3][b])
	}
	slices.SortStableFunc(order, func(x, y int) int { return cmp.Compare(score[x], score[y]) })
	var to [64]uint // new position of each bit
	for pos, b := range order {
		to[b] = uint(pos)
	}
	var table [8][256]uint64
	for k := range 8 {
		for v := 1; v < 256; v++ {
			lo := v & -v
			if lo != v {
				table[k][v] = table[k][v^lo] | table[k][lo]
			} else if b := 8*k + bits.TrailingZeros(uint(v)); b < nb {
				table[k][v] = 1 << to[b]
			}
		}
	}
	if p.derived {
		p.derivePerms(&to)
	}
	p.eachQuad(parallel, func(i int) {
		for j := range p.quads[i].d {
			if j&0xffff == 0 && p.stopped() {
				return
			}
			x := p.quads[i].d[j].p
			var y uint64
			for k := 0; x != 0; k++ {
				y |= table[k][x&0xff]
				x >>= 8
			}
			p.quads[i].d[j].p = y
		}
	})
}

// stopped reports whether the plan's build is to give up (see
// NewJoinPlanContext).
func (p *JoinPlan) stopped() bool { return p.stop != nil && p.stop.Load() }

// eachQuad calls f with each quadrant's index, with parallel the top ones
// on another goroutine.
func (p *JoinPlan) eachQuad(parallel bool, f func(i int)) {
	if !parallel {
		for i := range p.quads {
			f(i)
		}
		return
	}
	var wg sync.WaitGroup
	wg.Go(func() { f(0); f(1) })
	f(2)
	f(3)
	wg.Wait()
}

// joinBits is the number of bits of a packed pattern of order n.
func joinBits(n int) int {
	if n < 3 {
		return 2 * n
	}
	if n%2 == 0 {
		return 2*n - 2
	}
	return max(2*n-4, 0)
}

// midMask is the middle queen's (row h, column a) diagonals in the
// coordinates of the half whose first row is ra (0 when a < 0).
func (p *JoinPlan) midMask(a, ra int) uint64 {
	if a < 0 {
		return 0
	}
	h := p.h
	return p.diagWord(ra, 1<<(a-h+p.n-1), 1<<(h+a))
}

// listGroups lists the canonical column groups in increasing (a, the left
// columns of C, C) (see the end): for
// even n every C, canonical under the mirror and the flip; for odd n
// a = m (canonical under both) and the columns a > m (canonical under the
// flip, weight 8).
func (p *JoinPlan) listGroups() {
	n, h := p.n, p.h
	full := uint32(1)<<n - 1
	as := []int{-1}
	if n%2 == 1 {
		as = as[:0]
		for a := h; a < n; a++ {
			as = append(as, a)
		}
	}
	for _, a := range as {
		rest := full
		if a >= 0 {
			rest &^= 1 << a
		}
		forSubsets(n, h, func(c uint32) {
			if c&^rest != 0 {
				return
			}
			d := rest &^ c
			if a > h {
				if d > c {
					p.groups = append(p.groups, joinGroup{cols: c, a: int8(a), weight: 8})
				}
				return
			}
			orbit := [4]uint32{c, reverseBits(c, n), d, reverseBits(d, n)}
			var distinct []uint32
			for _, o := range orbit {
				if o < c {
					return
				}
				if !slices.Contains(distinct, o) {
					distinct = append(distinct, o)
				}
			}
			p.groups = append(p.groups, joinGroup{cols: c, a: int8(a), weight: uint8(len(distinct))})
		})
	}
	// In the order (a, left columns, right columns): consecutive groups
	// read the same left buckets, which stay in the cache (n = 17: 28 %
	// less time than in the order of C).
	wl := p.wL
	slices.SortStableFunc(p.groups, func(x, y joinGroup) int {
		if x.a != y.a {
			return cmp.Compare(x.a, y.a)
		}
		return cmp.Compare(x.cols&(1<<wl-1), y.cols&(1<<wl-1))
	})
}

// forSubsets calls f with every k-subset of 0..n-1 in increasing order.
func forSubsets(n, k int, f func(uint32)) {
	if k == 0 {
		f(0)
		return
	}
	limit := uint64(1) << n
	for c := uint64(1)<<k - 1; c < limit; {
		f(uint32(c))
		t := c | (c - 1)
		c = (t + 1) | (((^t & -^t) - 1) >> (bits.TrailingZeros64(c) + 1))
	}
}

func reverseBits(c uint32, n int) uint32 {
	return bits.Reverse32(c) >> (32 - n)
}

// N is the order of the plan.
func (p *JoinPlan) N() int { return p.n }

// Method is JoinMethod, JoinUniqueMethod for a plan of
// NewJoinUniquePlanContext.
func (p *JoinPlan) Method() string {
	if p.uq != nil {
		return JoinUniqueMethod
	}
	return JoinMethod
}

// Version is JoinVersion.
func (p *JoinPlan) Version() int { return JoinVersion }

// Unique reports whether the plan counts the fundamental solutions too
// (NewJoinUniquePlanContext); else its parts' Unique is 0.
func (p *JoinPlan) Unique() bool { return p.uq != nil }

// Depth is the number of rows a subproblem fixes beyond the halves: 1 for
// odd n (the middle row), else 0.
func (p *JoinPlan) Depth() int { return p.n % 2 }

// Subproblems is the number of canonical column groups, or of classes of
// them for a plan that counts fundamental solutions (see joinUnique).
func (p *JoinPlan) Subproblems() int {
	if p.uq != nil {
		return len(p.uq.classes)
	}
	return len(p.groups)
}

// Bytes is what the quadrant tables take.
func (p *JoinPlan) Bytes() uint64 { return p.bytes }

// Identity names the split: method/version, n, depth, the number of
// subproblems and an FNV-1a hash of their list.
func (p *JoinPlan) Identity() string {
	return split.Identity{Method: p.Method(), Version: JoinVersion, N: p.n, Depth: p.Depth(), Subproblems: p.Subproblems(), Hash: p.hash}.String()
}

// Describe names subproblem id: the middle queen's column (odd n), the top
// half's columns and the orbit's size, e.g. "a=3 top cols 0,1,4,6,7 ×4";
// a weight of 8 (odd n, a > m) says that only the solutions whose middle
// column's queen is in a row b with |b−m| > a−m are counted; for even n
// the part counts a solution 2, 1 or 0 times by its keys (see JoinPlan).
func (p *JoinPlan) Describe(id int) string {
	if id < 0 || id >= p.Subproblems() {
		return fmt.Sprintf("no subproblem %d", id)
	}
	if p.uq != nil {
		return p.describeClass(id)
	}
	return p.describeGroup(id)
}

// describeGroup is Describe of group id.
func (p *JoinPlan) describeGroup(id int) string {
	g := p.groups[id]
	var b strings.Builder
	if g.a >= 0 {
		fmt.Fprintf(&b, "a=%d ", g.a)
	}
	b.WriteString("top cols")
	sep := " "
	for c := range p.n {
		if g.cols&(1<<c) != 0 {
			fmt.Fprintf(&b, "%s%d", sep, c)
			sep = ","
		}
	}
	if p.h == 0 {
		b.WriteString(" none")
	}
	fmt.Fprintf(&b, " ×%d", g.weight)
	return b.String()
}

// Shard returns the ids of slice i of m. The groups differ much in size,
// so the slices are not every m-th id: the groups, in decreasing order of
// an estimate of their work (Estimate), go one by one to the slice with
// the least estimated work so far (ties to the lowest slice), the longest
// processing time rule. The ids of a slice come back in increasing order.
func (p *JoinPlan) Shard(i, m int) ([]int, error) {
	return p.ShardContext(context.Background(), i, m)
}

// ShardContext is Shard, giving up with ctx's error once ctx is done
// while it computes the estimates (once per plan: seconds at n = 21).
func (p *JoinPlan) ShardContext(ctx context.Context, i, m int) ([]int, error) {
	if m < 1 || i < 0 || i >= m {
		return nil, fmt.Errorf("count: shard %d of %d: want 0 ≤ shard < shards", i, m)
	}
	if m == 1 {
		return shardIDs(p.Subproblems(), 0, 1)
	}
	// A slice beyond the first Subproblems() never gets a subproblem
	// (ties go to the lowest slice, so slice j is chosen only once j
	// subproblems are placed): those are empty, and the heap holds at
	// most Subproblems() slices, whatever m is (--shard 1/99999999999
	// must not allocate m loads).
	if i >= p.Subproblems() {
		return []int{}, nil
	}
	est, err := p.estimates(ctx)
	if err != nil {
		return nil, err
	}
	m = min(m, p.Subproblems())
	order := make([]int, p.Subproblems())
	for id := range order {
		order[id] = id
	}
	slices.SortStableFunc(order, func(x, y int) int { return cmp.Compare(est[y], est[x]) })
	loads := make(shardHeap, m)
	for j := range loads {
		loads[j].slice = j
	}
	var ids []int
	for _, id := range order {
		if loads[0].slice == i {
			ids = append(ids, id)
		}
		loads[0].load += est[id]
		heap.Fix(&loads, 0)
	}
	slices.Sort(ids)
	return ids, nil
}

type shardLoad struct {
	load  uint64
	slice int
}

type shardHeap []shardLoad

func (s shardHeap) Len() int { return len(s) }
func (s shardHeap) Less(i, j int) bool {
	if s[i].load != s[j].load {
		return s[i].load < s[j].load
	}
	return s[i].slice < s[j].slice
}
func (s shardHeap) Swap(i, j int) { s[i], s[j] = s[j], s[i] }
func (s *shardHeap) Push(x any)   { *s = append(*s, x.(shardLoad)) }
func (s *shardHeap) Pop() any {
	old := *s
	x := old[len(old)-1]
	*s = old[:len(old)-1]
	return x
}

// estimates returns Estimate of every subproblem, computed once, or
// ctx's error if ctx is done before they are.
func (p *JoinPlan) estimates(ctx context.Context) ([]uint64, error) {
	p.estMu.Lock()
	defer p.estMu.Unlock()
	if p.est != nil {
		return p.est, nil
	}
	est := make([]uint64, p.Subproblems())
	for id := range est {
		if id&0x3ff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		est[id] = p.Estimate(id)
	}
	p.est = est
	return est, nil
}

// Estimate is a deterministic estimate of the work of subproblem id, in
// the unit of Part.Nodes: the pairs of quadrant placements its halves are
// built from plus the words of the join, taking every pair as a half (the
// sum of its groups' for a class of a plan that counts fundamental
// solutions).
func (p *JoinPlan) Estimate(id int) uint64 {
	if p.uq != nil {
		var t uint64
		for _, gid := range p.uq.classes[id] {
			t += p.groupEstimate(int(gid))
		}
		return t
	}
	return p.groupEstimate(id)
}

// groupEstimate is Estimate of group id.
func (p *JoinPlan) groupEstimate(id int) uint64 {
	g := p.groups[id]
	top, bottom := p.sides(g)
	var sel *joinSel
	if p.n%2 == 0 {
		sel = &joinSel{key: p.colsKey(top)}
	}
	tp := p.pairs(&p.quads[0], &p.quads[1], top, sel)
	if sel != nil {
		sel.bottom = true
	}
	bp := p.pairs(&p.quads[2], &p.quads[3], bottom, sel)
	small, large := min(tp, bp), max(tp, bp)
	k, _ := joinChunking(joinBits(p.n), int(min(large, 1<<30)))
	return tp + bp + large*uint64(k)*((small+63)/64)
}

// sides returns the top half's and the bottom half's column sets.
func (p *JoinPlan) sides(g joinGroup) (top, bottom uint32) {
	rest := uint32(1)<<p.n - 1
	if g.a >= 0 {
		rest &^= 1 << g.a
	}
	return g.cols, rest &^ g.cols
}

// pairs is the number of pairs of placements of ql and qr that the halves
// with columns cols are built from, with sel (even n) those that halves
// builds.
func (p *JoinPlan) pairs(ql, qr *joinQuad, cols uint32, sel *joinSel) uint64 {
	cl := cols & (1<<p.wL - 1)
	cr := cols >> p.wL
	rowsAll := uint32(1)<<p.h - 1
	var total uint64
	forSubsets(p.h, bits.OnesCount32(cl), func(s uint32) {
		if sel != nil && p.rowsKey(s, sel.bottom) < sel.key {
			return
		}
		kl := s<<ql.cols | cl
		kr := (rowsAll&^s)<<qr.cols | cr
		total += uint64(ql.size(kl)) * uint64(qr.size(kr))
	})
	return total
}

func (p *JoinPlan) newCounter(stop *atomic.Bool) planCounter {
	return &joinCounter{plan: p, stop: stop}
}

// joinCounter counts groups on one goroutine, with buffers kept from one
// group to the next.
type joinCounter struct {
	plan        *JoinPlan
	stop        *atomic.Bool
	top, bottom []uint64
	// topEq and bottomEq are the halves of even n whose rows key share
	// equals the columns key (see countEven).
	topEq, bottomEq []uint64
	keep            []joinDiag
	tab             []joinBlock
	idx             []uint16
	sorted          []uint64
	limit           []int32
	byWords         []int
	nq              []int
	work            uint64
	wide            []uint64   // the wide layout's table (join_wide.go)
	lbuf, rbuf      []joinDiag // the buckets of derived quadrants (join_derive.go)
}

func (c *joinCounter) countPart(id int) (Part, bool) {
	if c.plan.uq != nil {
		return c.countClass(id)
	}
	return c.countGroup(id)
}

// countGroup counts group id: its solutions times its weight.
func (c *joinCounter) countGroup(id int) (Part, bool) {
	p := c.plan
	g := p.groups[id]
	c.work = 0
	var n uint64
	if p.n == 1 {
		n = 1 // the lone middle queen
	} else if p.n%2 == 0 {
		n = c.countEven(g)
	} else {
		topCols, bottomCols := p.sides(g)
		c.top, _ = c.halves(c.top[:0], nil, &p.quads[0], &p.quads[1], topCols, p.midMask(int(g.a), 0), p.midRows(g, 0), nil)
		if len(c.top) > 0 {
			c.bottom, _ = c.halves(c.bottom[:0], nil, &p.quads[2], &p.quads[3], bottomCols, p.midMask(int(g.a), p.n-p.h), p.midRows(g, p.n-p.h), nil)
			n = c.disjoint(c.top, c.bottom)
		}
	}
	if c.stop.Load() {
		return Part{}, false
	}
	return Part{ID: id, Solutions: n * uint64(g.weight), Nodes: c.work}, true
}

// countEven counts group g of even n with the transposition (see
// JoinPlan): the solutions whose rows key is above the group's columns key
// twice, those with equal keys once. The halves whose row set alone puts
// the rows key below the columns key are not built.
func (c *joinCounter) countEven(g joinGroup) uint64 {
	gt, eq := c.countKeys(g)
	return 2*gt + eq
}

// countKeys counts the solutions of group g (even n, or odd n with a = m)
// whose rows key is above the group's columns key (gt) and equal to it
// (eq), building only the halves whose own share of the rows key is at
// least the columns key.
func (c *joinCounter) countKeys(g joinGroup) (gt, eq uint64) {
	p := c.plan
	topCols, bottomCols := p.sides(g)
	key := p.colsKey(topCols)
	sel := joinSel{key: key}
	c.top, c.topEq = c.halves(c.top[:0], c.topEq[:0], &p.quads[0], &p.quads[1], topCols, p.midMask(int(g.a), 0), ^uint16(0), &sel)
	if len(c.top)+len(c.topEq) == 0 {
		return 0, 0
	}
	sel.bottom = true
	c.bottom, c.bottomEq = c.halves(c.bottom[:0], c.bottomEq[:0], &p.quads[2], &p.quads[3], bottomCols, p.midMask(int(g.a), p.n-p.h), ^uint16(0), &sel)
	// J(T>, B>), and J(T=, B>) + J(T> ∪ T=, B=).
	gt = c.disjoint(c.top, c.bottom)
	eq = c.disjoint(c.topEq, c.bottom)
	if len(c.bottomEq) > 0 {
		c.top = append(c.top, c.topEq...)
		eq += c.disjoint(c.top, c.bottomEq)
	}
	return gt, eq
}

// joinSel selects the halves of even n by their row set (see JoinPlan):
// key is the group's columns key, bottom whether the halves are bottom
// ones.
type joinSel struct {
	key    uint32
	bottom bool
}

// colsKey is the columns key of even n (see JoinPlan): for the top half's
// columns split into the left ones l and the right ones r (as subsets of
// 0..m−1, m = n/2, the right ones counted from column m),
// min(rev l, rev l̄, r, r̄), with x̄ the complement in 0..m−1 and rev x the
// subset m−1−i of x.
//
// For odd n (a = m, used by a plan counting fundamental solutions) the
// middle column is left out: the right ones are counted from column m+1.
func (p *JoinPlan) colsKey(cols uint32) uint32 {
	m := p.h
	full := uint32(1)<<m - 1
	l, r := reverseBits(cols&full, m), cols>>(p.n-m)&full
	return min(l, l^full, r, r^full)
}

// rowsKey is a half's share of the rows key of even n (see JoinPlan), by
// the local row set s of its left quadrant: min(rev s, rev s̄) for the top
// half, min(s, s̄) for the bottom half; a solution's rows key is the
// smaller of its halves' shares.
func (p *JoinPlan) rowsKey(s uint32, bottom bool) uint32 {
	m := p.h
	full := uint32(1)<<m - 1
	if !bottom {
		s = reverseBits(s, m)
	}
	return min(s, s^full)
}

// midRows is the set of local rows (bit joinNoRow: none) of the half
// starting at row ra where group g allows the middle column's queen: for
// a weight-8 group the rows b with |b−m| > a−m, else all.
func (p *JoinPlan) midRows(g joinGroup, ra int) uint16 {
	if g.weight != 8 {
		return ^uint16(0)
	}
	m, x := p.h, int(g.a)-p.h
	allowed := uint16(1) << joinNoRow
	for r := range p.h {
		if b := ra + r; b-m > x || m-b > x {
			allowed |= 1 << r
		}
	}
	return allowed
}

// halves appends to dst the patterns of the halves with columns cols made
// of a placement of ql and one of qr (the complementary rows), clear of
// each other and of the middle queen's diagonals mid (in the half's
// coordinates), whose queen in the middle column (if any) is in one of
// the local rows allowed.
//
// With sel (even n), the left quadrant's row sets s whose rows key share
// (rowsKey) is below sel.key are left out, those equal to it go to eq and
// the others to dst.
func (c *joinCounter) halves(dst, eq []uint64, ql, qr *joinQuad, cols uint32, mid uint64, allowed uint16, sel *joinSel) ([]uint64, []uint64) {
	p := c.plan
	h := p.h
	cl := cols & (1<<p.wL - 1)
	cr := cols >> p.wL
	rowsAll := uint32(1)<<h - 1
	top := ql.r0 == 0
	forSubsets(h, bits.OnesCount32(cl), func(s uint32) {
		kl := s<<ql.cols | cl
		kr := (rowsAll&^s)<<qr.cols | cr
		ls := ql.bucket(kl, &c.lbuf)
		rs := qr.bucket(kr, &c.rbuf)
		if len(ls) == 0 || len(rs) == 0 {
			return
		}
		if sel != nil {
			switch k := p.rowsKey(s, sel.bottom); {
			case k < sel.key:
				return
			case k == sel.key:
				eq = c.pairUp(eq, ls, rs, mid, allowed, top)
				return
			}
		}
		dst = c.pairUp(dst, ls, rs, mid, allowed, top)
	})
	return dst, eq
}

// pairUp appends to dst the patterns of the clash-free pairs of a left
// placement of ls and a right one of rs, clear of the middle queen's
// diagonals mid and with the middle column's queen in a row allowed (see
// halves).
func (c *joinCounter) pairUp(dst []uint64, ls, rs []joinDiag, mid uint64, allowed uint16, top bool) []uint64 {
	if mid != 0 {
		// Leave out the right placements on the middle queen's
		// diagonals, and mark the others with them: a left placement on
		// them then clashes with every right one.
		c.keep = keepClear(c.keep, rs, mid)
		rs = c.keep
		if len(rs) == 0 {
			return dst
		}
	}
	if allowed != ^uint16(0) {
		ls = tagRange(ls, allowed, top)
		if len(ls) == 0 {
			return dst
		}
	}
	c.work += uint64(len(ls)) * uint64(len(rs))
	if len(ls) > len(rs) {
		ls, rs = rs, ls // the longer list inside
	}
	if n := len(dst) + len(ls)*len(rs); cap(dst) < n {
		dst = slices.Grow(dst, max(n, 2*cap(dst))-len(dst))
	}
	// Branch-free: write every pair, keep those that do not clash
	// (r.d&l.d < 2^60: the row tag is on the left placements only, so x−1
	// has its top bit set exactly when x = 0).
	out := dst[len(dst):cap(dst)]
	j := 0
	for _, l := range ls {
		o := out[j:][:len(rs)]
		k := 0
		for _, r := range rs {
			o[k] = l.p | r.p
			k += int((r.d&l.d - 1) >> 63)
		}
		j += k
	}
	return dst[:len(dst)+j]
}

// keepClear sets dst to the placements of src with no diagonal of mid,
// with the diagonals of mid added to them, without branches (d&mid <
// 2^60, so x−1 has its top bit set exactly when x = 0).
func keepClear(dst, src []joinDiag, mid uint64) []joinDiag {
	dst = slices.Grow(dst[:0], len(src))[:len(src)]
	j := 0
	for _, x := range src {
		dst[j] = joinDiag{d: x.d | mid, p: x.p}
		j += int((x.d&mid - 1) >> 63)
	}
	return dst[:j]
}

// tagRange returns the placements of a left quadrant's bucket ls whose
// middle column's queen is in a row of allowed: a range, since the bucket
// is sorted by that row (see sortTags) and allowed holds, besides
// joinNoRow, the rows before a bound in the top half and those from a
// bound on in the bottom half (see midRows).
func tagRange(ls []joinDiag, allowed uint16, top bool) []joinDiag {
	i := sort.Search(len(ls), func(i int) bool { return allowed>>(ls[i].d>>joinRowShift)&1 == 0 == top })
	if top {
		return ls[:i]
	}
	return ls[i:]
}

// sortTags sorts each bucket of the left quadrant q (odd n) by the local
// row of its middle column's queen, joinNoRow first in the top half (top)
// and last in the bottom half, keeping the order otherwise; it leaves off
// when the build is to give up (stopped).
func (p *JoinPlan) sortTags(q *joinQuad, top bool) {
	var buf []joinDiag
	for k := 0; k+1 < len(q.off); k++ {
		if k&0xffff == 0 && p.stopped() {
			return
		}
		b := q.d[q.off[k]:q.off[k+1]]
		if len(b) < 2 {
			continue
		}
		var at [joinNoRow + 2]int
		key := func(x joinDiag) int {
			r := int(x.d >> joinRowShift)
			if top {
				return (r + 1) % (joinNoRow + 1) // joinNoRow → 0
			}
			return r
		}
		for _, x := range b {
			at[key(x)+1]++
		}
		for i := 1; i < len(at); i++ {
			at[i] += at[i-1]
		}
		buf = append(buf[:0], b...)
		for _, x := range buf {
			b[at[key(x)]] = x
			at[key(x)]++
		}
	}
}

// joinBlock is an entry of the join's table for a block of 128 patterns:
// bit i of word j stands for pattern 64j+i of the block.
type joinBlock [2]uint64

func lowBits(k int) uint64 {
	if k >= 64 {
		return ^uint64(0)
	}
	return uint64(1)<<k - 1
}

// patternRows sets rows[b] to the patterns 64h..64h+63 of xs with bit b
// (bit i for pattern 64h+i): a group of 64 patterns, transposed.
func patternRows(rows *[64]uint64, xs []uint64, h int) {
	clear(rows[copy(rows[:], xs[64*h:min(64*h+64, len(xs))]):])
	transpose64(rows)
}

// transpose64 transposes the 64 × 64 bit matrix a: bit j of a[i] becomes
// bit i of a[j].
func transpose64(a *[64]uint64) {
	m := uint64(0x00000000ffffffff)
	for j := 32; j != 0; j, m = j>>1, m^(m<<(j>>1)) {
		for k := 0; k < 64; k = (k + j + 1) &^ j {
			t := (a[k]>>j ^ a[k+j]) & m
			a[k] ^= t << j
			a[k+j] ^= t
		}
	}
}

// joinMaxChunks bounds the chunks of a join.
const joinMaxChunks = 8

// joinChunking splits nb pattern bits into chunks for nq queries: the
// number of chunks k and balanced widths minimising the work, which is
// proportional to the table's entries (Σ 2^width) plus k words per query.
func joinChunking(nb, nq int) (k int, width [joinMaxChunks]uint) {
	return joinChunkingCost(nb, nq, 2, 1, joinMaxChunks)
}

// joinChunkingCost is joinChunking with an entry costing entry query
// words and from kmin to kmax chunks (k = 0: none fits).
func joinChunkingCost(nb, nq, entry, kmin, kmax int) (k int, width [joinMaxChunks]uint) {
	best := -1
	for kk := kmin; kk <= kmax; kk++ {
		w := (nb + kk - 1) / kk
		if w > 12 {
			continue
		}
		var ws [joinMaxChunks]uint
		cost := kk * nq
		for j := range kk {
			ws[j] = uint(nb / kk)
			if j < nb%kk {
				ws[j]++
			}
			cost += entry << ws[j]
		}
		if best < 0 || cost < best {
			best, k, width = cost, kk, ws
		}
	}
	return k, width
}

// disjoint counts the pairs of xs and ys with no common bit. It is the
// join's hot loop (70 % of the processor time at n = 18 on the scalar
// path, docs/counting.md) and is kept in one piece, over funclen's 80
// lines, on purpose: its tables and offsets stay local.
func (c *joinCounter) disjoint(xs, ys []uint64) uint64 {
	if len(xs) > len(ys) {
		xs, ys = ys, xs
	}
	if len(xs) == 0 {
		return 0
	}
	if len(xs) <= 4 {
		var t uint64
		for _, y := range ys {
			for _, x := range xs {
				if x&y == 0 {
					t++
				}
			}
		}
		c.work += uint64(len(xs)) * uint64(len(ys))
		return t
	}
	nb := joinBits(c.plan.n)
	// Sort the patterns by their key, the top joinKeyBits bits (the bits
	// most often set on both sides, see permute): a query can only meet
	// the patterns whose key has no bit of its own, all of them among
	// those with key ≤ the complement of its key, a prefix.
	kb := min(joinKeyBits, nb)
	ks := uint(nb - kb)
	var start [1<<joinKeyBits + 1]int
	for _, x := range xs {
		start[x>>ks+1]++
	}
	for k := 1; k < len(start); k++ {
		start[k] += start[k-1]
	}
	if cap(c.sorted) < len(xs) {
		c.sorted = make([]uint64, len(xs))
	}
	sorted := c.sorted[:len(xs)]
	next := start
	for _, x := range xs {
		sorted[next[x>>ks]] = x
		next[x>>ks]++
	}
	xs = sorted
	keyMask := uint64(1)<<kb - 1
	if joinWide {
		if nch, width := joinChunkingCost(nb, len(ys), joinWideEntryCost, 3, 5); nch > 0 {
			return c.disjointWide(xs, ys, &start, nch, width, ks, keyMask)
		}
	}
	nch, width := joinChunking(nb, len(ys))
	// Patterns go in blocks of 128, two words, so that a query reads
	// its chunks' entries once for 128 patterns.
	W := (len(xs) + 127) / 128
	var base [joinMaxChunks + 1]int // chunk k's entries: base[k]..base[k+1]-1
	var shift [joinMaxChunks]uint
	var mask [joinMaxChunks]uint64
	for k := range nch {
		base[k+1] = base[k] + 1<<width[k]
		if k > 0 {
			shift[k] = shift[k-1] + width[k-1]
		}
		mask[k] = uint64(1)<<width[k] - 1
	}
	// The table is laid out block by block: block w of every entry of
	// every chunk together (E entries), so that counting a block of
	// patterns against all queries reads a table that fits the L1 cache.
	E := base[nch]
	size := E * W
	if cap(c.tab) < size {
		c.tab = make([]joinBlock, size)
	}
	tab := c.tab[:size]
	// Entry 0 and the single-bit entries: all patterns, then each
	// pattern is cleared from the entries of its bits.
	for w := range W {
		t := tab[w*E : (w+1)*E]
		m := joinBlock{^uint64(0), ^uint64(0)}
		if w == W-1 {
			r := len(xs) - 128*w // 1..128 patterns in the last block
			m = joinBlock{lowBits(min(r, 64)), lowBits(max(r-64, 0))}
		}
		for k := range nch {
			t[base[k]] = m
			for j := range width[k] {
				t[base[k]+1<<j] = m
			}
		}
	}
	var pos [64]int // entry of each pattern bit
	for k := range nch {
		for j := range width[k] {
			pos[shift[k]+j] = base[k] + 1<<j
		}
	}
	var rows [64]uint64
	for h := 0; 64*h < len(xs); h++ {
		patternRows(&rows, xs, h)
		t := tab[h/2*E:][:E]
		for b := range nb {
			t[pos[b]][h%2] &^= rows[b]
		}
	}
	for w := range W {
		t := tab[w*E : (w+1)*E]
		for k := range nch {
			// Entries 2^j+1 .. 2^(j+1)−1 are entries 1 .. 2^j−1 AND
			// entry 2^j.
			tk := t[base[k]:base[k+1]]
			for hi := 2; hi < len(tk); hi *= 2 {
				b0, b1 := tk[hi][0], tk[hi][1] // in registers, not copied
				src, dst := tk[1:hi], tk[hi+1:2*hi]
				dst = dst[:len(src)]
				for i := range src {
					a, d := &src[i], &dst[i]
					d[0], d[1] = a[0]&b0, a[1]&b1
				}
			}
		}
	}
	if size*16 <= joinQueryMajorBytes && nch >= 3 && nch <= 5 {
		return c.queryMajor(tab, ys, &start, E, nch, ks, keyMask, base, shift, mask)
	}
	// The queries' entries, nch to a query, in decreasing order of the
	// number of blocks of patterns they need (limit).
	if cap(c.limit) < len(ys) {
		c.limit = make([]int32, len(ys))
	}
	limit := c.limit[:len(ys)]
	if cap(c.byWords) < W+2 {
		c.byWords = make([]int, W+2)
	}
	byWords := c.byWords[:W+2] // counts, then positions, see below
	clear(byWords)
	for i, y := range ys {
		l := int32((start[^(y>>ks)&keyMask+1] + 127) / 128)
		limit[i] = l
		byWords[W-int(l)+1]++
	}
	for w := 1; w < len(byWords); w++ {
		byWords[w] += byWords[w-1]
	}
	// byWords[W-l] is now the first position of the queries needing l
	// blocks; byWords[W-w] the number needing more than w blocks.
	if cap(c.idx) < nch*len(ys) {
		c.idx = make([]uint16, nch*len(ys))
	}
	idx := c.idx[:nch*len(ys)]
	if cap(c.nq) < W+1 {
		c.nq = make([]int, W+1)
	}
	nq := c.nq[:W+1]
	for w := range W {
		nq[w] = byWords[W-w]
	}
	for i, y := range ys {
		p := byWords[W-int(limit[i])]
		byWords[W-int(limit[i])]++
		q := idx[p*nch:][:nch]
		for k := range q {
			q[k] = uint16(base[k] + int(y>>shift[k]&mask[k]))
		}
	}
	var total, words uint64
	for w := range W {
		words += uint64(nq[w])
		total += blockQueries(tab[w*E:][:E], idx[:nq[w]*nch], nch)
	}
	c.work += 2 * words * uint64(nch)
	return total
}

// joinQueryMajorBytes is the largest table the join reads query by query
// (all the blocks of a query in turn) rather than block by block: one that
// stays in the L2 cache. Query by query needs no list of the queries'
// entries.
const joinQueryMajorBytes = 256 << 10

// queryMajor counts, for every query of ys, the patterns of the table tab
// (E entries a block, see disjoint) disjoint from it, reading the blocks
// a query needs (the prefix given by start and its key) in turn; by the
// AVX2 kernel where joinBlockAVX2.
func (c *joinCounter) queryMajor(tab []joinBlock, ys []uint64, start *[1<<joinKeyBits + 1]int, E, nch int, ks uint, keyMask uint64, base [joinMaxChunks + 1]int, shift [joinMaxChunks]uint, mask [joinMaxChunks]uint64) uint64 {
	if joinBlockAVX2 {
		return c.queryMajorAVX2(tab, ys, start, E, nch, ks, keyMask, base, shift, mask)
	}
	var total, words uint64
	switch nch {
	case 3:
		for _, y := range ys {
			l := (start[^(y>>ks)&keyMask+1] + 127) / 128
			words += uint64(l)
			i0 := base[0] + int(y&mask[0])
			i1 := base[1] + int(y>>shift[1]&mask[1])
			i2 := base[2] + int(y>>shift[2]&mask[2])
			for w := 0; w < l; w++ {
				t := tab[w*E:][:E]
				a, b, c := &t[i0], &t[i1], &t[i2]
				total += uint64(bits.OnesCount64(a[0]&b[0]&c[0]) + bits.OnesCount64(a[1]&b[1]&c[1]))
			}
		}
	case 4:
		for _, y := range ys {
			l := (start[^(y>>ks)&keyMask+1] + 127) / 128
			words += uint64(l)
			i0 := base[0] + int(y&mask[0])
			i1 := base[1] + int(y>>shift[1]&mask[1])
			i2 := base[2] + int(y>>shift[2]&mask[2])
			i3 := base[3] + int(y>>shift[3]&mask[3])
			for w := 0; w < l; w++ {
				t := tab[w*E:][:E]
				a, b, c, d := &t[i0], &t[i1], &t[i2], &t[i3]
				total += uint64(bits.OnesCount64(a[0]&b[0]&c[0]&d[0]) + bits.OnesCount64(a[1]&b[1]&c[1]&d[1]))
			}
		}
	case 5:
		for _, y := range ys {
			l := (start[^(y>>ks)&keyMask+1] + 127) / 128
			words += uint64(l)
			i0 := base[0] + int(y&mask[0])
			i1 := base[1] + int(y>>shift[1]&mask[1])
			i2 := base[2] + int(y>>shift[2]&mask[2])
			i3 := base[3] + int(y>>shift[3]&mask[3])
			i4 := base[4] + int(y>>shift[4]&mask[4])
			for w := 0; w < l; w++ {
				t := tab[w*E:][:E]
				a, b, c, d, e := &t[i0], &t[i1], &t[i2], &t[i3], &t[i4]
				total += uint64(bits.OnesCount64(a[0]&b[0]&c[0]&d[0]&e[0]) + bits.OnesCount64(a[1]&b[1]&c[1]&d[1]&e[1]))
			}
		}
	}
	c.work += 2 * words * uint64(nch)
	return total
}
