package dlx

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/dlx"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/memlimit"
)

// implicitX is Algorithm X (Knuth, TAOCP 7.2.2.1, as dlx1 runs it) on the
// exact-cover matrix of a plain n-queens board (encode.ExactCover) without
// the matrix: the n² options are never stored. An option is the square
// (r, c) with the items r_r, c_c and the two diagonals' items (the
// diagonals of fewer than two options have none); it lies in the list of
// one of its items exactly when none of its other items is covered, which
// four flags a square tell, and an item's list is walked in the matrix's
// own order (row-major) by scanning its line of the board. cover and
// uncover keep each item's length as the dancing links do, so the items
// chosen, the options tried (in the list order or in dlx.Config.Value's,
// with the same random numbers) and the node and update counts are dlx's
// on the stored matrix (tested); a node costs O(n) time instead, and the
// whole search O(n) memory besides the lists of the levels' chosen items.
// It is what backend dlx runs on a plain board with a value order (middle
// or random): a first solution of n = 10,000, whose matrix of 10⁸ options
// would need some 8 GB, is found in this way.
type implicitX struct {
	n int
	// Whether each line is active: an item not covered, or a diagonal
	// without an item (never covered); false also for the lines of the
	// given queens, whose squares are no options.
	row, col, diag, anti []bool
	// The item numbers, in encode.ExactCover's numbering: rows and
	// columns primary, diagonals secondary (-1: no item).
	rowItem, colItem, diagItem, antiItem []int32
	ln                                   []int32 // each item's length
	// The active primary items in the matrix's order, a doubly linked
	// list with its head at index len(primary).
	next, prev []int32
	// Each primary item's line: t ≥ 0 the row t, t < 0 the column −t−1.
	primary []int32

	ctx      context.Context
	order    dlx.ValueOrder
	rng      *rand.Rand
	visit    func(encode.Placement) bool
	limit    uint64
	q        encode.Placement
	lists    [][]int32 // each level's options in the order tried: the other coordinate of the chosen line
	mid      []int32   // dlx.MiddleOut's scratch, reused
	pos      []int     // how far each level has got
	st       dlx.Stats
	err      error
	stop     bool
	check    int
	progress func(done float64)
	nextRep  time.Time
}

// implicitBytes is what implicitX keeps a line of the board, about.
const implicitBytes = 64

// newImplicitX sets up the search of board b (valid, plain queens).
func newImplicitX(b encode.Board) (*implicitX, error) {
	n := b.N
	if err := memlimit.Check(fmt.Sprintf("the implicit exact-cover search of n = %d", n), implicitBytes*uint64(n)); err != nil {
		return nil, err
	}
	s := &implicitX{n: n, row: make([]bool, n), col: make([]bool, n), diag: make([]bool, 2*n-1), anti: make([]bool, 2*n-1),
		rowItem: make([]int32, n), colItem: make([]int32, n), diagItem: make([]int32, 2*n-1), antiItem: make([]int32, 2*n-1),
		q: make(encode.Placement, n)}
	for i := range s.row {
		s.row[i], s.col[i] = true, true
	}
	for k := range s.diag {
		s.diag[k], s.anti[k] = true, true
	}
	for r := range n {
		s.q[r] = b.Queen(r)
		if c := s.q[r]; c >= 0 {
			s.row[r], s.col[c], s.diag[r+c], s.anti[r-c+n-1] = false, false, false, false
		}
	}
	s.numberPrimary()
	onDiag, onAnti := s.numberSecondary(b.Given() == 0)
	s.lengths(b.Given() == 0, onDiag, onAnti)
	p := int32(len(s.primary))
	s.next, s.prev = make([]int32, p+1), make([]int32, p+1)
	for i := range p + 1 {
		s.next[i], s.prev[i] = (i+1)%(p+1), (i+p)%(p+1)
	}
	return s, nil
}

// numberPrimary numbers the primary items as encode.ExactCover does: r_t
// then c_t, t in organ-pipe order, for the free rows and columns.
func (s *implicitX) numberPrimary() {
	n := s.n
	for j := range n {
		t := encode.OrganPipe(n, j)
		s.rowItem[t], s.colItem[t] = -1, -1
	}
	for j := range n {
		t := encode.OrganPipe(n, j)
		if s.row[t] {
			s.rowItem[t] = int32(len(s.primary))
			s.primary = append(s.primary, int32(t))
		}
		if s.col[t] {
			s.colItem[t] = int32(len(s.primary))
			s.primary = append(s.primary, int32(-t-1))
		}
	}
}

// numberSecondary numbers the secondary items: the diagonals of more than
// one option, a_k in increasing k, then b_k; it returns the options on
// each diagonal and anti-diagonal (empty: the board has no queen) and
// makes the items' lengths.
func (s *implicitX) numberSecondary(empty bool) (onDiag, onAnti []int32) {
	n := s.n
	items := int32(len(s.primary))
	onDiag, onAnti = make([]int32, 2*n-1), make([]int32, 2*n-1)
	if empty {
		for k := range onDiag {
			onDiag[k] = int32(min(k+1, 2*n-1-k))
			onAnti[k] = onDiag[k]
		}
	} else {
		for r := range n {
			for c := range n {
				if s.row[r] && s.col[c] && s.diag[r+c] && s.anti[r-c+n-1] {
					onDiag[r+c]++
					onAnti[r-c+n-1]++
				}
			}
		}
	}
	for k, cnt := range onDiag {
		s.diagItem[k] = -1
		if cnt > 1 {
			s.diagItem[k], items = items, items+1
		}
	}
	for k, cnt := range onAnti {
		s.antiItem[k] = -1
		if cnt > 1 {
			s.antiItem[k], items = items, items+1
		}
	}
	s.ln = make([]int32, items)
	return onDiag, onAnti
}

// lengths sets the number of options of each item.
func (s *implicitX) lengths(empty bool, onDiag, onAnti []int32) {
	n := s.n
	if empty {
		for t := range n {
			s.ln[s.rowItem[t]], s.ln[s.colItem[t]] = int32(n), int32(n)
		}
		for k := range onDiag {
			if s.diagItem[k] >= 0 {
				s.ln[s.diagItem[k]] = onDiag[k]
			}
			if s.antiItem[k] >= 0 {
				s.ln[s.antiItem[k]] = onAnti[k]
			}
		}
		return
	}
	for r := range n {
		for c := range n {
			if s.row[r] && s.col[c] && s.diag[r+c] && s.anti[r-c+n-1] {
				s.count(r, c, 1)
			}
		}
	}
}

// count adds d to the lengths of the items of option (r, c).
func (s *implicitX) count(r, c int, d int32) {
	s.ln[s.rowItem[r]] += d
	s.ln[s.colItem[c]] += d
	if k := s.diagItem[r+c]; k >= 0 {
		s.ln[k] += d
	}
	if k := s.antiItem[r-c+s.n-1]; k >= 0 {
		s.ln[k] += d
	}
}

// The four kinds of line.
const (
	lineRow = iota
	lineCol
	lineDiag
	lineAnti
)

// hide adds d to the lengths of the items other than line (kind, t)'s of
// every option in that line's list (the options whose other lines are
// all active), as Knuth's hide (d = −1) and unhide (d = +1) do for the
// options of an item being covered or uncovered, and returns the number of
// nodes so unlinked.
func (s *implicitX) hide(kind, t int, d int32) uint64 {
	n := s.n
	upd := uint64(0)
	switch kind {
	case lineRow:
		for c := range n {
			if s.col[c] && s.diag[t+c] && s.anti[t-c+n-1] {
				upd += s.unlink(t, c, kind, d)
			}
		}
	case lineCol:
		for r := range n {
			if s.row[r] && s.diag[r+t] && s.anti[r-t+n-1] {
				upd += s.unlink(r, t, kind, d)
			}
		}
	case lineDiag:
		for r := max(0, t-n+1); r <= min(n-1, t); r++ {
			if c := t - r; s.row[r] && s.col[c] && s.anti[r-c+n-1] {
				upd += s.unlink(r, c, kind, d)
			}
		}
	case lineAnti:
		for r := max(0, t-n+1); r <= min(n-1, t); r++ {
			if c := r - t + n - 1; s.row[r] && s.col[c] && s.diag[r+c] {
				upd += s.unlink(r, c, kind, d)
			}
		}
	}
	return upd
}

// unlink adds d to the lengths of option (r, c)'s items other than its
// line of the given kind, and returns how many there are.
func (s *implicitX) unlink(r, c, kind int, d int32) uint64 {
	upd := uint64(0)
	if kind != lineRow {
		s.ln[s.rowItem[r]] += d
		upd++
	}
	if kind != lineCol {
		s.ln[s.colItem[c]] += d
		upd++
	}
	if k := s.diagItem[r+c]; k >= 0 && kind != lineDiag {
		s.ln[k] += d
		upd++
	}
	if k := s.antiItem[r-c+s.n-1]; k >= 0 && kind != lineAnti {
		s.ln[k] += d
		upd++
	}
	return upd
}

// flag returns line (kind, t)'s active flag.
func (s *implicitX) flag(kind, t int) *bool {
	switch kind {
	case lineRow:
		return &s.row[t]
	case lineCol:
		return &s.col[t]
	case lineDiag:
		return &s.diag[t]
	}
	return &s.anti[t]
}

// cover covers line (kind, t)'s item: Knuth's cover, the item out of the
// active list and its options hidden. It returns the updates.
func (s *implicitX) cover(kind, t int) uint64 {
	*s.flag(kind, t) = false
	if i := s.primaryOf(kind, t); i >= 0 {
		s.next[s.prev[i]], s.prev[s.next[i]] = s.next[i], s.prev[i]
	}
	return 1 + s.hide(kind, t, -1)
}

// uncover undoes cover(kind, t).
func (s *implicitX) uncover(kind, t int) {
	s.hide(kind, t, +1)
	if i := s.primaryOf(kind, t); i >= 0 {
		s.next[s.prev[i]], s.prev[s.next[i]] = i, i
	}
	*s.flag(kind, t) = true
}

// primaryOf returns the primary item of a line, or −1.
func (s *implicitX) primaryOf(kind, t int) int32 {
	switch kind {
	case lineRow:
		return s.rowItem[t]
	case lineCol:
		return s.colItem[t]
	}
	return -1
}

// others calls f with option (r, c)'s lines that have items, but the one
// of the given kind.
func (s *implicitX) others(r, c, kind int, f func(kind, t int)) {
	if kind != lineRow {
		f(lineRow, r)
	}
	if kind != lineCol {
		f(lineCol, c)
	}
	if s.diagItem[r+c] >= 0 && kind != lineDiag {
		f(lineDiag, r+c)
	}
	if k := r - c + s.n - 1; s.antiItem[k] >= 0 && kind != lineAnti {
		f(lineAnti, k)
	}
}

// run searches with the configuration's value order, visit and limit.
func (s *implicitX) run(ctx context.Context, order dlx.ValueOrder, seed int64, limit uint64, visit func(encode.Placement) bool) (dlx.Stats, error) {
	s.ctx, s.order, s.visit, s.limit = ctx, order, visit, limit
	if s.limit == 0 {
		s.limit = math.MaxUint64
	}
	if order != dlx.ValueList {
		// dlx's value order draws from the same generator (dlx/value.go).
		s.rng = rand.New(rand.NewPCG(uint64(seed), 0x2545f4914f6cdd1d))
	}
	s.nextRep = time.Now().Add(time.Second)
	s.search(0)
	return s.st, s.err
}

// search is Algorithm X's steps X2–X8 at the given level.
func (s *implicitX) search(level int) {
	s.st.Nodes++
	if s.check++; s.check >= 1<<10 && !s.poll(level) {
		return
	}
	// X3: the primary item of fewest options, leftmost among equals.
	best, t := int32(-1), int32(math.MaxInt32)
	head := int32(len(s.primary))
	for i := s.next[head]; i != head; i = s.next[i] {
		if l := s.ln[i]; l < t {
			best, t = i, l
			if t == 0 {
				break
			}
		}
	}
	if t == 0 {
		s.st.Updates++ // dlx1 covers it and backs up at once
		return
	}
	kind, line := lineRow, int(s.primary[best])
	if line < 0 {
		kind, line = lineCol, -line-1
	}
	s.st.Updates += s.cover(kind, line)
	l := s.list(level, kind, line)
	for p, x := range l {
		s.pos[level] = p
		r, c := line, int(x)
		if kind == lineCol {
			r, c = int(x), line
		}
		// X5: try the option, covering its other items.
		s.others(r, c, kind, func(k, t int) { s.st.Updates += s.cover(k, t) })
		s.q[r] = c
		if s.next[head] == head {
			s.st.Nodes++ // dlx1 counts a solution as a node
			s.st.Solutions++
			if s.visit != nil && !s.visit(s.q) || s.st.Solutions >= s.limit {
				s.stop = true
			}
		} else {
			s.search(level + 1)
		}
		s.q[r] = -1
		// X6: undo it, right to left.
		s.undo(r, c, kind)
		if s.stop {
			break
		}
	}
	s.uncover(kind, line)
}

// poll looks at the context and reports progress, every 1,024 nodes;
// false when the search must stop.
func (s *implicitX) poll(level int) bool {
	s.check = 0
	if err := s.ctx.Err(); err != nil {
		s.err, s.stop = err, true
		return false
	}
	if s.progress != nil && time.Now().After(s.nextRep) {
		s.nextRep = time.Now().Add(time.Second)
		s.progress(s.done(level))
	}
	return true
}

// list is the list of the item (kind, line) at level: its options still
// free, in the value order.
func (s *implicitX) list(level, kind, line int) []int32 {
	for len(s.lists) <= level {
		s.lists, s.pos = append(s.lists, nil), append(s.pos, 0)
	}
	l := s.lists[level][:0]
	n := s.n
	for x := range n {
		r, c := line, x
		if kind == lineCol {
			r, c = x, line
		}
		if (kind == lineCol || s.col[c]) && (kind == lineRow || s.row[r]) && s.diag[r+c] && s.anti[r-c+n-1] {
			l = append(l, int32(x))
		}
	}
	switch s.order {
	case dlx.ValueMiddle:
		s.mid = dlx.MiddleOut(l, s.mid)
	case dlx.ValueRandom:
		s.rng.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
	}
	s.lists[level] = l
	return l
}

// undo uncovers option (r, c)'s other items in the reverse order.
func (s *implicitX) undo(r, c, kind int) {
	n := s.n
	if k := r - c + n - 1; s.antiItem[k] >= 0 && kind != lineAnti {
		s.uncover(lineAnti, k)
	}
	if s.diagItem[r+c] >= 0 && kind != lineDiag {
		s.uncover(lineDiag, r+c)
	}
	if kind != lineCol {
		s.uncover(lineCol, c)
	}
	if kind != lineRow {
		s.uncover(lineRow, r)
	}
}

// done is Knuth's estimate of the fraction of the tree explored, from
// each level's position among its options.
func (s *implicitX) done(level int) float64 {
	f, w := 0.0, 1.0
	for l := range min(level, len(s.lists)) {
		k := float64(len(s.lists[l]))
		if k == 0 {
			break
		}
		f += w * float64(s.pos[l]) / k
		w /= k
	}
	return f
}

// runImplicit is Run on a plain board b with a value order: implicitX
// with Request's mode, limit, visit and progress.
func runImplicit(ctx context.Context, b encode.Board, req backend.Request, cfg dlx.Config) (backend.Outcome, error) {
	s, err := newImplicitX(b)
	if err != nil {
		return backend.Outcome{}, fmt.Errorf("backend dlx: %w", err)
	}
	if req.Progress != nil {
		s.progress = func(done float64) { req.Progress(uint64(done*progressScale), progressScale) }
	}
	var visit func(encode.Placement) bool
	if req.Mode == backend.Find {
		visit = req.Visit
	}
	st, err := s.run(ctx, cfg.Value, cfg.Seed, cfg.Limit, visit)
	return backend.Outcome{Solutions: st.Solutions, Nodes: st.Nodes, Stats: map[string]uint64{"updates": st.Updates}}, err
}
