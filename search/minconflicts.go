package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"unsafe"

	"github.com/qtool-project/qtool/encode"
)

// ErrMinConflictsNotFound is returned by MinConflicts when its budget of
// steps and restarts runs out before it finds a solution. It is not a proof
// that none exists: local search cannot prove infeasibility.
var ErrMinConflictsNotFound = errors.New("search: min-conflicts: no solution found within the budget (not a proof that none exists)")

// MinConflictsOptions tunes MinConflicts. The zero value is a sensible
// default with seed 0.
type MinConflictsOptions struct {
	// Seed drives every random choice: the same seed on the same board
	// gives the same placement and the same stats.
	Seed int64
	// MaxSteps is the number of repair steps of one try before a restart;
	// 0 means 1000 + 20m for m free rows.
	MaxSteps int
	// MaxRestarts is the number of restarts before giving up; 0 means
	// 50, a negative value means no limit (the context ends the search).
	MaxRestarts int
	// Partners is the number of swap partners a repair step looks at: all
	// free rows when there are at most Partners+1 of them, otherwise
	// Partners consecutive free rows from a random place (consecutive, so
	// that they share cache lines); 0 means 32.
	Partners int
	// Walk is the probability of a random-walk step when no partner lowers
	// the number of attacking pairs and at most 16 queens are attacked (a
	// swap with a random partner whatever it costs), which gets the search
	// off plateaus near a solution (the noise of WalkSAT: Selman, Kautz and
	// Cohen, "Noise strategies for improving local search", AAAI 1994).
	// 0 means 1/4, a negative value means never.
	Walk float64
	// InitTries is the number of random tries of the initial placement for
	// each row before it settles for the least attacked column it saw
	// (see MinConflicts); 0 means 32.
	InitTries int
	// Trace, when non-nil, is called on the searching goroutine at every
	// event of the search (see MinConflictsEvent), in order: the initial
	// placement queen by queen, then each repair step. It must not keep the
	// event's fields beyond what it copies; it costs one comparison per
	// event when nil.
	Trace func(MinConflictsEvent)
}

// MinConflictsEventKind says what a MinConflictsEvent reports.
type MinConflictsEventKind uint8

const (
	// MinConflictsPlace: the initial placement put the queen of free row
	// Row on column Col.
	MinConflictsPlace MinConflictsEventKind = iota
	// MinConflictsPick: a repair step picked the attacked queen (Row,
	// Col), attacked by Attackers queens.
	MinConflictsPick
	// MinConflictsMove: the picked queen of row Row moved to column Col
	// and the queen of row Partner to column PartnerCol (their columns
	// swapped). Walk says that it was a random-walk step.
	MinConflictsMove
	// MinConflictsStay: no partner lowered or kept the number of
	// attacking pairs, and the step moved nothing.
	MinConflictsStay
	// MinConflictsRestart: a try ran out of steps; a fresh initial
	// placement follows.
	MinConflictsRestart
)

func (k MinConflictsEventKind) String() string {
	switch k {
	case MinConflictsPlace:
		return "place"
	case MinConflictsPick:
		return "pick"
	case MinConflictsMove:
		return "move"
	case MinConflictsStay:
		return "stay"
	case MinConflictsRestart:
		return "restart"
	}
	return fmt.Sprintf("event(%d)", int(k))
}

// MinConflictsEvent is one step of MinConflicts, reported to
// MinConflictsOptions.Trace. Rows and columns are 0-based. Replaying the
// Place and Move events on an empty board (with the given queens) gives the
// search's placement at every moment.
type MinConflictsEvent struct {
	Kind MinConflictsEventKind
	// Row and Col: the queen placed (Place), picked (Pick) or moved, with
	// its new column (Move).
	Row, Col int
	// Partner and PartnerCol: for Move, the other row and its new column.
	Partner, PartnerCol int
	// Attackers: for Pick, the queens that attack the picked one.
	Attackers int
	// Walk: for Move, a random-walk step (see MinConflictsOptions.Walk).
	Walk bool
	// Conflicts is the number of attacking pairs after the event.
	Conflicts int64
	// Step is the number of repair steps so far (MinConflictsStats.Steps).
	Step uint64
}

// MinConflictsStats counts what MinConflicts did, over all its tries.
type MinConflictsStats struct {
	// Steps is the number of repair steps: an attacked queen chosen and
	// its swap partners examined.
	Steps uint64
	// Swaps is the number of steps that moved two queens.
	Swaps uint64
	// Restarts is the number of fresh initial placements after the first.
	Restarts uint64
	// InitialConflicts is the number of attacking pairs left by the last
	// initial placement, before the repair.
	InitialConflicts uint64
}

// Defaults of MinConflictsOptions.
const (
	mcDefaultRestarts  = 50
	mcDefaultPartners  = 32
	mcDefaultInitTries = 32
	mcDefaultWalk      = 1.0 / 4
	mcWalkBelow        = 16      // random-walk steps only when at most this many queens are listed as attacked
	mcCheckEvery       = 1 << 12 // steps (or rows of an initial placement) between looks at the context
	// mcSparse: the initial placement looks for free columns in windows of
	// 64 columns while at least 1/mcSparse of the columns are free.
	mcSparse = 64
	// mcAhead: the initial placement draws the first two windows of a row
	// this many rows ahead, and prefetches their lines.
	mcAhead = 32
	// mcPrefetchMin: boards from this order on prefetch (see mcPrefetch);
	// the bits of smaller ones stay in the caches.
	mcPrefetchMin = 1 << 20
	// mcDraw as window's first column: draw it.
	mcDraw = math.MinInt
)

// MinConflicts finds one solution of board b (a completion of its given
// queens) by local search with conflict minimisation, in the form of Sosič
// and Gu's QS4 ("Efficient local search with conflict minimization: a case
// study of the n-queens problem", IEEE Trans. Knowl. Data Eng. 6(5), 1994,
// doi:10.1109/69.317698) with the min-conflicts repair of Minton, Johnston,
// Philips and Laird ("Minimizing conflicts: a heuristic repair method for
// constraint satisfaction and scheduling problems", Artificial Intelligence
// 58, 1992, doi:10.1016/0004-3702(92)90007-K).
//
// The queens of the free rows always occupy the free columns, one each (a
// permutation), so rows and columns never conflict; moves swap the columns
// of two free rows, and the given queens never move. The number of queens
// on each diagonal is kept, so that the change in the number of attacking
// pairs that a swap would make costs O(1).
//
// The initial placement is nearly conflict-free: each free row in turn
// takes a random free column whose two diagonals are empty, or, after
// InitTries tries, the least attacked column it saw. While at least 1/64 of
// the columns are free, a try looks at a window of 64 consecutive columns at
// a random place and takes a random one of those that are free and whose
// diagonals are empty, all found at once with bit operations on the bits of
// the columns and diagonals; then the free columns are gathered on the rows
// left and a try draws one of them at random, as in QS4.
//
// The repair then repeatedly takes a random attacked queen and swaps it with
// the partner (among Partners free rows) that lowers the number of attacking
// pairs most, ties broken at random. When no partner lowers it, it makes a
// random-walk step (see Walk), or else takes a swap that leaves it
// unchanged if there is one. After MaxSteps steps without a solution it
// restarts from a fresh initial placement.
//
// It cannot prove that no completion exists: when the budget runs out it
// returns ErrMinConflictsNotFound, and when ctx ends it returns ctx's error
// (checked every few thousand steps). For n = 2 and n = 3, which have no
// solution at all, it returns an error wrapping ErrConstructNoSolution.
// An invalid board is reported by Board.Validate's error.
//
// The search is deterministic for a given Seed. Memory is O(n): about
// MinConflictsBytes(n, given) for the search, plus the returned placement
// (8 bytes a row). The expected time on an empty board is linear in n.
func MinConflicts(ctx context.Context, b encode.Board, opts MinConflictsOptions) (encode.Placement, MinConflictsStats, error) {
	if err := mcValidate(b); err != nil {
		return nil, MinConflictsStats{}, err
	}
	cols, st, err := mcSolve(ctx, b, opts)
	if err != nil {
		return nil, st, err
	}
	p := make(encode.Placement, len(cols))
	for r, c := range cols {
		p[r] = int(c)
	}
	return p, st, nil
}

// MinConflictsMaxN is the largest order that MinConflicts and
// MinConflictsColumns accept: rows, columns and the 2n−1 diagonals of each
// direction are numbered in 32 bits.
const MinConflictsMaxN = math.MaxInt32 / 2

// MinConflictsColumns is MinConflicts on the empty board of order n, for
// boards beyond encode.MaxN: it returns the column of each row as an int32
// (4 bytes a queen, where an encode.Placement takes 8), and needs about
// MinConflictsBytes(n, 0) bytes in all, that slice included: a little over
// 5¼ bytes a queen, 5.3 GB for n = 10⁹. n may be up to MinConflictsMaxN.
func MinConflictsColumns(ctx context.Context, n int, opts MinConflictsOptions) ([]int32, MinConflictsStats, error) {
	if n < 1 {
		return nil, MinConflictsStats{}, fmt.Errorf("search: min-conflicts: n must be at least 1, got %d", n)
	}
	return mcSolve(ctx, encode.Board{N: n}, opts)
}

// MinConflictsBytes estimates, before anything is allocated, the memory in
// bytes that the search of MinConflicts and MinConflictsColumns takes on a
// board of order n with given queens already placed: 4 bytes a row for the
// columns; 2 bits for each of the 2(2n−1) diagonals (one byte a queen); a
// bit a column and a bit a row (the columns taken, the rows listed as
// attacked); 4 bytes a free row for the list of free rows when some queen
// is given; and the list of attacked rows, which the nearly conflict-free
// initial placement keeps below a few per cent of the rows (0.2 % on empty
// boards up to n = 10⁸), counted here at 1/16 of the free rows with room to
// grow. MinConflicts's returned placement (8 bytes a row) and the board's
// validation (5 bytes a row, only when queens are given) come on top.
func MinConflictsBytes(n, given int) uint64 {
	if n < 1 {
		return 0
	}
	un, m := uint64(n), uint64(n-min(max(given, 0), n))
	words := 2 * 2 * ((2*un-1+128+63)/64 + 1) // both diagonal directions
	words += (un+63)/64 + 2 + (un+63)/64      // columns taken, rows listed
	bytes := 4*un + 8*words + 2*4*(m/16+1)
	// The counts of the diagonals with more than one queen: tables of
	// 8-byte slots at most half full, doubled as they grow, and the
	// rounding of the allocations to pages.
	bytes += 2*2*8*(m/512+mcTableMin) + 64<<10
	if given > 0 {
		bytes += 4 * m
	}
	return bytes
}

// mcSolve is MinConflicts on a validated board: it returns the columns.
func mcSolve(ctx context.Context, b encode.Board, opts MinConflictsOptions) ([]int32, MinConflictsStats, error) {
	n := b.N
	if n == 2 || n == 3 {
		return nil, MinConflictsStats{}, constructNone("min-conflicts", n)
	}
	if n > MinConflictsMaxN {
		return nil, MinConflictsStats{}, fmt.Errorf("search: min-conflicts: n = %d is too large (at most %d)", n, MinConflictsMaxN)
	}
	if opts.MaxSteps < 0 || opts.Partners < 0 || opts.InitTries < 0 {
		return nil, MinConflictsStats{}, fmt.Errorf("search: min-conflicts: negative option (steps %d, partners %d, init tries %d)", opts.MaxSteps, opts.Partners, opts.InitTries)
	}
	s := &mcState{n: n, p: make([]int32, n), trace: opts.Trace}
	mcHugePages(s.p)
	s.rng.seed(uint64(opts.Seed))
	s.m = n
	if b.Given() > 0 {
		for r := 0; r < n; r++ {
			if c := b.Queen(r); c >= 0 {
				s.p[r] = int32(c)
			} else {
				s.rows = append(s.rows, int32(r))
			}
		}
		s.m = len(s.rows)
		if s.m == 0 {
			return s.p, s.st, nil // every queen given, and Validate has checked them: a solution
		}
	}
	s.d1.init(2*n - 1)
	s.d2.init(2*n - 1)
	s.used = make([]uint64, (n+63)/64+2) // column c is bit c+64: padding for windows
	s.listed = make([]uint64, (n+63)/64)
	s.conf = make([]int32, 0, s.m/16+1)
	mcHugePages(s.d1.w)
	mcHugePages(s.d2.w)
	mcHugePages(s.used)

	maxSteps := opts.MaxSteps
	if maxSteps == 0 {
		maxSteps = 1000 + 20*s.m
	}
	restarts := opts.MaxRestarts
	if restarts == 0 {
		restarts = mcDefaultRestarts
	}
	partners := opts.Partners
	if partners == 0 {
		partners = mcDefaultPartners
	}
	tries := opts.InitTries
	if tries == 0 {
		tries = mcDefaultInitTries
	}
	var walk uint64 // a step is a random walk when a random uint64 falls below walk
	switch w := opts.Walk; {
	case w == 0:
		walk = uint64(mcDefaultWalk * (1 << 64))
	case w >= 1:
		walk = math.MaxUint64
	case w > 0:
		walk = uint64(w * (1 << 64))
	}
	for try := 0; ; try++ {
		if try > 0 {
			s.st.Restarts++
			if s.trace != nil {
				s.trace(MinConflictsEvent{Kind: MinConflictsRestart, Conflicts: s.pairs, Step: s.st.Steps})
			}
		}
		if err := s.initial(ctx, b, tries); err != nil {
			return nil, s.st, err
		}
		found, err := s.repair(ctx, maxSteps, partners, walk)
		if err != nil {
			return nil, s.st, err
		}
		if found {
			return s.p, s.st, nil
		}
		if restarts >= 0 && try >= restarts {
			return nil, s.st, ErrMinConflictsNotFound
		}
	}
}

// mcValidate validates b without Board.Validate's O(n) scratch memory when
// no queen is given.
func mcValidate(b encode.Board) error {
	if b.N < 1 || len(b.Queens) > b.N {
		return b.Validate()
	}
	for _, c := range b.Queens {
		if c != -1 {
			return b.Validate()
		}
	}
	return nil
}

// mcState is one min-conflicts search.
type mcState struct {
	n      int
	m      int         // free rows
	p      []int32     // p[r] = column of row r: the given queens, and a permutation of the free columns on the free rows
	rows   []int32     // the free rows in increasing order; nil when every row is free
	d1, d2 mcDiagonals // queens on diagonal r+c, and on r−c+n−1
	pairs  int64       // attacking pairs
	used   []uint64    // bit c+64: column c is taken (during an initial placement; padded for windows)
	conf   []int32     // rows that may hold an attacked queen: every attacked diagonal holds one of them
	listed []uint64    // bit r: row r is in conf
	rng    mcRand
	st     MinConflictsStats
	trace  func(MinConflictsEvent) // MinConflictsOptions.Trace
}

// row returns the t-th free row.
func (s *mcState) row(t int) int {
	if s.rows == nil {
		return t
	}
	return int(s.rows[t])
}

// list adds row r to the rows that may be attacked, unless it is there.
func (s *mcState) list(r int) {
	w, bit := r>>6, uint64(1)<<(r&63)
	if s.listed[w]&bit == 0 {
		s.listed[w] |= bit
		s.conf = append(s.conf, int32(r))
	}
}

// delist removes entry x of conf.
func (s *mcState) delist(x int) {
	r := int(s.conf[x])
	s.listed[r>>6] &^= 1 << (r & 63)
	last := len(s.conf) - 1
	s.conf[x] = s.conf[last]
	s.conf = s.conf[:last]
}

// attacked returns the number of queens on the diagonals of square (r, c),
// not counting a queen on (r, c) itself.
func (s *mcState) attacked(r, c int) int {
	return s.d1.count(r+c) + s.d2.count(r-c+s.n-1)
}

// put places a queen on (r, c) in the diagonal counts.
func (s *mcState) put(r, c int) {
	s.d1.inc(r + c)
	s.d2.inc(r - c + s.n - 1)
}

// take removes a queen on (r, c) from the diagonal counts.
func (s *mcState) take(r, c int) {
	s.d1.dec(r + c)
	s.d2.dec(r - c + s.n - 1)
}

// initial makes a fresh initial placement in the manner of QS4 (see
// MinConflicts): each free row in turn takes a random one of the columns not
// yet taken whose diagonals are both empty, or after tries attempts the least
// attacked column it saw; first from windows of 64 columns while at least
// n/mcSparse columns are free, then from the pool of the free columns left.
func (s *mcState) initial(ctx context.Context, b encode.Board, tries int) error {
	n, m, p := s.n, s.m, s.p
	s.d1.reset()
	s.d2.reset()
	clear(s.used)
	clear(s.listed)
	s.conf = s.conf[:0]
	s.pairs = 0
	for r, c := range b.Queens {
		if c >= 0 {
			s.put(r, c)
			s.used[(c+64)>>6] |= 1 << (c & 63)
		}
	}
	// Windows of 64 columns, while at least n/mcSparse columns are free:
	// rows 0..tw-1. The first window of each row is drawn mcAhead rows
	// before it is looked at, and its lines prefetched (see mcPrefetch).
	tw := 0
	if m*mcSparse >= n {
		tw = m - (n+mcSparse-1)/mcSparse + 1
	}
	// Boards whose bits fit in the caches draw each window when they look
	// at it (lookahead 0), as before prefetching came; larger ones draw
	// the first two windows of row t when they place row t−mcAhead.
	var ahead [mcAhead][2]int
	lookahead := 0
	if n >= mcPrefetchMin {
		lookahead = mcAhead
	}
	for k := 0; k < lookahead && k < tw; k++ {
		s.drawAhead(&ahead[k], s.row(k))
	}
	t := 0
	for ; t < tw; t++ {
		if t&(mcCheckEvery-1) == 0 && t > 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		c0 := [2]int{mcDraw, mcDraw}
		if lookahead > 0 {
			c0 = ahead[t%mcAhead]
			if t+mcAhead < tw {
				s.drawAhead(&ahead[t%mcAhead], s.row(t+mcAhead))
			}
		}
		r := s.row(t)
		c, k := s.window(r, c0, tries)
		s.place(r, c, k)
	}
	// Gather the free columns on the free rows left, in increasing order.
	c := 0
	for u := t; u < m; u++ {
		for s.used[(c+64)>>6]&(1<<(c&63)) != 0 {
			c++
		}
		p[s.row(u)] = int32(c)
		c++
	}
	// Draw from that pool: the columns not taken are those of rows t..m-1.
	for ; t < m; t++ {
		if t&(mcCheckEvery-1) == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		r := s.row(t)
		best, bestK := t, math.MaxInt
		for k := 0; k < tries; k++ {
			u := t + s.rng.intn(m-t)
			c := int(p[s.row(u)])
			if s.d1.empty(r+c) && s.d2.empty(r-c+n-1) {
				best, bestK = u, 0
				break
			}
			if a := s.attacked(r, c); a < bestK {
				best, bestK = u, a
			}
		}
		ru := s.row(best)
		p[r], p[ru] = p[ru], p[r]
		s.place(r, int(p[r]), bestK)
	}
	s.st.InitialConflicts = uint64(s.pairs)
	return nil
}

// drawAhead draws the first two windows of row r and prefetches the
// lines that window will read for them: the columns' bits and both
// diagonals' (two words each, which may straddle two lines).
func (s *mcState) drawAhead(c0 *[2]int, r int) {
	for x := range c0 {
		c := s.rng.intn(s.n+63) - 63
		c0[x] = c
		u := (c + 64) >> 6
		k1 := (r + c + 64) >> 6
		k2 := (r - c - 63 + s.n - 1 + 64) >> 6
		mcPrefetch(uintptr(unsafe.Pointer(&s.used[u])))
		mcPrefetch(uintptr(unsafe.Pointer(&s.used[u+1])))
		mcPrefetch(uintptr(unsafe.Pointer(&s.d1.w[2*k1])))
		mcPrefetch(uintptr(unsafe.Pointer(&s.d1.w[2*k1+2])))
		mcPrefetch(uintptr(unsafe.Pointer(&s.d2.w[2*k2])))
		mcPrefetch(uintptr(unsafe.Pointer(&s.d2.w[2*k2+2])))
	}
}

// window chooses the column of free row r in the first phase of an initial
// placement: it looks at up to tries windows of 64 consecutive columns at
// random places, the first two at first unless they are mcDraw, and takes a random one of the free
// columns of the first window that has any whose two diagonals are empty;
// else the least attacked of the free columns it saw. It returns the
// column and the number of queens that attack it there.
func (s *mcState) window(r int, first [2]int, tries int) (int, int) {
	n := s.n
	best, bestK := -1, math.MaxInt
	for k := 0; k < tries; k++ {
		c0 := mcDraw
		if k < len(first) {
			c0 = first[k]
		}
		if c0 == mcDraw {
			c0 = s.rng.intn(n+63) - 63
		}
		// Bit i of each word stands for column c0+i.
		u := c0 + 64
		free := ^(s.used[u>>6]>>(u&63) | s.used[u>>6+1]<<(64-u&63))
		if c0 < 0 {
			free &^= 1<<(-c0) - 1
		}
		if n-c0 < 64 {
			free &= 1<<(n-c0) - 1
		}
		if free == 0 {
			continue
		}
		ok := free &^ s.d1.window(r+c0) &^ bits.Reverse64(s.d2.window(r-c0-63+n-1))
		if ok != 0 {
			return c0 + mcPick(ok, s.rng.next()), 0
		}
		c := c0 + mcPick(free, s.rng.next())
		if a := s.attacked(r, c); a < bestK {
			best, bestK = c, a
		}
	}
	if best < 0 { // no free column seen: draw one
		best = s.rng.intn(n)
		for s.used[(best+64)>>6]&(1<<(best&63)) != 0 {
			best = s.rng.intn(n)
		}
		bestK = s.attacked(r, best)
	}
	return best, bestK
}

// mcPick returns the index of a set bit of x ≠ 0: the first one at or after
// a position given by the top bits of random, cyclically.
func mcPick(x, random uint64) int {
	o := int(random >> 58)
	return (bits.TrailingZeros64(bits.RotateLeft64(x, -o)) + o) & 63
}

// place puts the queen of free row r on column c, where it is attacked by
// k queens, during an initial placement.
func (s *mcState) place(r, c, k int) {
	s.p[r] = int32(c)
	s.used[(c+64)>>6] |= 1 << (c & 63)
	s.put(r, c)
	if k > 0 {
		s.pairs += int64(k)
		s.list(r)
	}
	if s.trace != nil {
		s.trace(MinConflictsEvent{Kind: MinConflictsPlace, Row: r, Col: c, Conflicts: s.pairs, Step: s.st.Steps})
	}
}

// repair runs at most maxSteps repair steps; it reports whether no queen is
// attacked any more.
//
// The list conf holds every attacked free queen but perhaps one per
// diagonal: a queen is listed when it lands attacked (in the initial
// placement or by a swap) and leaves the list only when it is found
// unattacked. A queen that is not listed is the first of its diagonals'
// present occupants (it was alone on them when it arrived or when it was
// found unattacked), so each attacked diagonal holds a listed queen, and
// the list is empty only when no queen is attacked.
func (s *mcState) repair(ctx context.Context, maxSteps, partners int, walk uint64) (bool, error) {
	m, p := s.m, s.p
	all := m-1 <= partners // look at every partner
	count := partners
	if all {
		count = m
	}
	for steps := 0; steps < maxSteps; {
		if s.pairs == 0 {
			return true, nil
		}
		if len(s.conf) == 0 {
			panic(fmt.Sprintf("search: min-conflicts: %d attacking pairs but no listed queen", s.pairs))
		}
		x := s.rng.intn(len(s.conf))
		i := int(s.conf[x])
		a := s.attacked(i, int(p[i]))
		if a == 2 { // only itself, on each diagonal
			s.delist(x)
			continue
		}
		steps++
		s.st.Steps++
		if s.st.Steps&(mcCheckEvery-1) == 0 {
			if err := ctx.Err(); err != nil {
				return false, err
			}
		}
		if s.trace != nil {
			s.trace(MinConflictsEvent{Kind: MinConflictsPick, Row: i, Col: int(p[i]), Attackers: a - 2, Conflicts: s.pairs, Step: s.st.Steps})
		}
		if m < 2 {
			s.stay()
			continue
		}
		bestJ, bestD, ties := -1, math.MaxInt, 0
		t0 := 0 // the partners are the free rows t0..t0+count-1
		if !all {
			t0 = s.rng.intn(m - count + 1)
		}
		if s.n >= mcPrefetchMin {
			s.prefetchPartners(i, t0, count)
		}
		for t := t0; t < t0+count; t++ {
			j := s.row(t)
			if j == i {
				continue
			}
			delta := s.delta(i, j)
			switch {
			case delta < bestD:
				bestJ, bestD, ties = j, delta, 1
			case delta == bestD:
				ties++
				if s.rng.intn(ties) == 0 {
					bestJ = j
				}
			}
		}
		switch {
		case bestJ >= 0 && bestD < 0:
			s.swap(x, i, bestJ, bestD, false)
		case walk > 0 && len(s.conf) <= mcWalkBelow && s.rng.next() < walk:
			// No partner lowers the conflicts: a random-walk step.
			j := s.row(s.rng.intn(m))
			for j == i {
				j = s.row(s.rng.intn(m))
			}
			s.swap(x, i, j, s.delta(i, j), true)
		case bestJ >= 0 && bestD == 0:
			s.swap(x, i, bestJ, bestD, false)
		default:
			s.stay()
		}
	}
	return s.pairs == 0, nil
}

// prefetchPartners prefetches the lines of the diagonal bits that delta
// reads for row i and the partners of free rows t0..t0+count-1: the
// partners' own diagonals and those of the squares the swap would make.
func (s *mcState) prefetchPartners(i, t0, count int) {
	n, p := s.n, s.p
	c := int(p[i])
	for t := t0; t < t0+count; t++ {
		j := s.row(t)
		cj := int(p[j])
		mcPrefetch(uintptr(unsafe.Pointer(s.d1.line(j + cj))))
		mcPrefetch(uintptr(unsafe.Pointer(s.d2.line(j - cj + n - 1))))
		mcPrefetch(uintptr(unsafe.Pointer(s.d1.line(i + cj))))
		mcPrefetch(uintptr(unsafe.Pointer(s.d2.line(i - cj + n - 1))))
		mcPrefetch(uintptr(unsafe.Pointer(s.d1.line(j + c))))
		mcPrefetch(uintptr(unsafe.Pointer(s.d2.line(j - c + n - 1))))
	}
}

// stay reports a repair step that moved nothing to the trace.
func (s *mcState) stay() {
	if s.trace != nil {
		s.trace(MinConflictsEvent{Kind: MinConflictsStay, Conflicts: s.pairs, Step: s.st.Steps})
	}
}

// delta returns the change in the number of attacking pairs that swapping
// the columns of rows i and j (i ≠ j) would make. The complexity is O(1).
//
// The swap takes the queens off diagonals a1, b1 (by r+c) and a2, b2 (by
// r−c) and puts them on na1, nb1 and na2, nb2. Old and new diagonals are
// distinct since the rows differ and so do the columns, so the change is
// the number of queens that the new squares see minus the number that the
// old ones see, plus one for two queens that arrive on the same diagonal and
// one for two that leave the same diagonal.
func (s *mcState) delta(i, j int) int {
	n := s.n
	c, cj := int(s.p[i]), int(s.p[j])
	a1, a2, b1, b2 := i+c, i-c+n-1, j+cj, j-cj+n-1
	na1, na2, nb1, nb2 := i+cj, i-cj+n-1, j+c, j-c+n-1
	remove := s.d1.count(a1) + s.d2.count(a2) + s.d1.count(b1) + s.d2.count(b2) - 4 - mcEq(a1, b1) - mcEq(a2, b2)
	add := s.d1.count(na1) + s.d1.count(nb1) + s.d2.count(na2) + s.d2.count(nb2) + mcEq(na1, nb1) + mcEq(na2, nb2)
	return add - remove
}

// swap exchanges the columns of rows i and j, whose change in attacking
// pairs is delta, and updates the list: entry x (row i) leaves it when i is
// no longer attacked, and j joins it when it is. walk says that it is a
// random-walk step, for the trace.
func (s *mcState) swap(x, i, j, delta int, walk bool) {
	p := s.p
	c, cj := int(p[i]), int(p[j])
	s.take(i, c)
	s.take(j, cj)
	p[i], p[j] = int32(cj), int32(c)
	s.put(i, cj)
	s.put(j, c)
	s.pairs += int64(delta)
	s.st.Swaps++
	if s.attacked(i, cj) == 2 {
		s.delist(x)
	}
	if s.attacked(j, c) > 2 {
		s.list(j)
	}
	if s.trace != nil {
		s.trace(MinConflictsEvent{Kind: MinConflictsMove, Row: i, Col: cj, Partner: j, PartnerCol: c, Walk: walk, Conflicts: s.pairs, Step: s.st.Steps})
	}
}

// mcEq is 1 when a = b, else 0.
func mcEq(a, b int) int {
	if a == b {
		return 1
	}
	return 0
}

// mcDiagonals counts the queens on each diagonal of one direction: a bit
// says whether the diagonal holds a queen and another whether it holds two
// or more, whose exact count is kept in a hash table. Few diagonals hold two
// queens during a search, so the table stays small, and the bits of 10⁷
// diagonals take 5 MB, where the random accesses of the search mostly hit
// the cache. The bits of diagonals k..k+63 for any k can be read at once
// (window).
type mcDiagonals struct {
	// Diagonal k is bit (k+64)&63 of words 2·((k+64)>>6) (it holds a
	// queen) and 2·((k+64)>>6)+1 (it holds more than one): 64 bits of
	// padding at either end let windows run off the board.
	w    []uint64
	more mcTable // the counts of the diagonals that hold more than one queen
}

func (d *mcDiagonals) init(size int) {
	d.w = make([]uint64, 2*((size+128+63)/64+1))
	d.more.init()
}

func (d *mcDiagonals) reset() {
	clear(d.w)
	d.more.reset()
}

// empty reports whether diagonal k holds no queen.
func (d *mcDiagonals) empty(k int) bool {
	k += 64
	return d.w[2*(k>>6)]&(1<<(k&63)) == 0
}

// window returns the bits of diagonals k..k+63 (−64 ≤ k < size), bit i set
// when diagonal k+i holds a queen.
func (d *mcDiagonals) window(k int) uint64 {
	k += 64
	i, sh := 2*(k>>6), uint(k&63)
	return d.w[i]>>sh | d.w[i+2]<<(64-sh) // a shift by 64 gives 0
}

// line returns the first word of the bits of diagonal k, for prefetching.
func (d *mcDiagonals) line(k int) *uint64 {
	return &d.w[2*((k+64)>>6)]
}

// count returns the number of queens on diagonal k.
func (d *mcDiagonals) count(k int) int {
	k += 64
	i, bit := 2*(k>>6), uint64(1)<<(k&63)
	switch {
	case d.w[i]&bit == 0:
		return 0
	case d.w[i+1]&bit == 0:
		return 1
	}
	return d.more.get(k)
}

// inc adds a queen to diagonal k.
func (d *mcDiagonals) inc(k int) {
	k += 64
	i, bit := 2*(k>>6), uint64(1)<<(k&63)
	switch {
	case d.w[i]&bit == 0:
		d.w[i] |= bit
	case d.w[i+1]&bit == 0:
		d.w[i+1] |= bit
		d.more.set(k, 2)
	default:
		d.more.add(k, 1)
	}
}

// dec removes a queen from diagonal k, which holds one.
func (d *mcDiagonals) dec(k int) {
	k += 64
	i, bit := 2*(k>>6), uint64(1)<<(k&63)
	switch {
	case d.w[i+1]&bit != 0:
		if d.more.add(k, -1) == 1 {
			d.more.del(k)
			d.w[i+1] &^= bit
		}
	case d.w[i]&bit != 0:
		d.w[i] &^= bit
	default:
		panic(fmt.Sprintf("search: min-conflicts: no queen to remove from diagonal %d", k-64))
	}
}

// mcTable maps diagonals to counts: open addressing with linear probing
// and deletion by backward shift (Knuth, TAOCP vol. 3, 6.4, Algorithm R),
// keys hashed by Fibonacci hashing (multiplication by 2³²/φ). A key is
// stored plus one, so that 0 marks an empty slot.
type mcTable struct {
	keys  []uint32
	vals  []int32
	shift uint // 32 − log2(len(keys))
	n     int  // keys stored
}

const mcTableMin = 64

func (t *mcTable) init() {
	t.keys = make([]uint32, mcTableMin)
	t.vals = make([]int32, mcTableMin)
	t.shift = 32 - uint(bits.TrailingZeros(mcTableMin))
	t.n = 0
}

func (t *mcTable) reset() {
	clear(t.keys)
	t.n = 0
}

func (t *mcTable) slot(k int) int {
	return int((uint32(k+1) * 0x9e3779b9) >> t.shift)
}

// get returns the count of diagonal k, which the table holds.
func (t *mcTable) get(k int) int {
	key, mask := uint32(k+1), len(t.keys)-1
	for i := t.slot(k); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case key:
			return int(t.vals[i])
		case 0:
			panic(fmt.Sprintf("search: min-conflicts: diagonal %d missing from the table", k))
		}
	}
}

// add adds d to the count of diagonal k, which the table holds, and
// returns the new count.
func (t *mcTable) add(k, d int) int {
	key, mask := uint32(k+1), len(t.keys)-1
	for i := t.slot(k); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case key:
			t.vals[i] += int32(d)
			return int(t.vals[i])
		case 0:
			panic(fmt.Sprintf("search: min-conflicts: diagonal %d missing from the table", k))
		}
	}
}

// set stores count v for diagonal k, which the table does not hold.
func (t *mcTable) set(k, v int) {
	if 2*(t.n+1) > len(t.keys) {
		t.grow()
	}
	key, mask := uint32(k+1), len(t.keys)-1
	i := t.slot(k)
	for t.keys[i] != 0 {
		i = (i + 1) & mask
	}
	t.keys[i], t.vals[i] = key, int32(v)
	t.n++
}

// del removes diagonal k, which the table holds.
func (t *mcTable) del(k int) {
	key, mask := uint32(k+1), len(t.keys)-1
	i := t.slot(k)
	for t.keys[i] != key {
		i = (i + 1) & mask
	}
	// Move back every key of the cluster after i that may not stay behind
	// the hole (Algorithm R).
	for j := (i + 1) & mask; t.keys[j] != 0; j = (j + 1) & mask {
		h := int((t.keys[j] * 0x9e3779b9) >> t.shift)
		// The key at j belongs in the hole at i unless its home h lies
		// cyclically in (i, j].
		if (i < j && (h <= i || h > j)) || (i > j && h <= i && h > j) {
			t.keys[i], t.vals[i] = t.keys[j], t.vals[j]
			i = j
		}
	}
	t.keys[i] = 0
	t.n--
}

func (t *mcTable) grow() {
	keys, vals := t.keys, t.vals
	t.keys = make([]uint32, 2*len(keys))
	t.vals = make([]int32, 2*len(keys))
	t.shift--
	mask := len(t.keys) - 1
	for i, key := range keys {
		if key == 0 {
			continue
		}
		j := int((key * 0x9e3779b9) >> t.shift)
		for t.keys[j] != 0 {
			j = (j + 1) & mask
		}
		t.keys[j], t.vals[j] = key, vals[i]
	}
}

// mcRand is SplitMix64 (Steele, Lea and Flood, "Fast splittable
// pseudorandom number generators", OOPSLA 2014, doi:10.1145/2660193.2660195):
// a small, fast generator whose calls inline, so that the hot loops make no
// interface call.
type mcRand struct{ s uint64 }

func (r *mcRand) seed(s uint64) { r.s = s ^ 0x6a09e667f3bcc909 }

func (r *mcRand) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a number in [0, k) by Lemire's multiply-and-shift
// ("Fast random integer generation in an interval", ACM TOMACS 29(1), 2019,
// doi:10.1145/3230636), whose bias (below k/2⁶⁴) is immaterial here.
func (r *mcRand) intn(k int) int {
	hi, _ := bits.Mul64(r.next(), uint64(k))
	return int(hi)
}
