package encode

import (
	"context"
	"errors"
	"fmt"

	"github.com/qtool-project/qtool/internal/memlimit"
)

// Line is a line of a Model: a set of free cells (indices into
// Model.Cells) that must hold at least Lo and at most Hi chosen ones, the
// given pieces already taken off both bounds.
type Line struct {
	Family Family
	Index  int // the line's number in its family (see Family)
	Lo, Hi int
	Cells  []int32
}

// Model is a Problem as cells and lines with capacities, what the generic
// solvers read: choose a set of Cells such that every line holds between
// its Lo and Hi of them. The given pieces are already placed (Given) and
// taken off the bounds of their lines; the cells they rule out (a line
// they fill), the blocked squares and the excluded diagonals are not
// among Cells. A line whose bounds every subset meets is left out.
type Model struct {
	Problem Problem
	N       int
	Cells   []Cell // free cells, in row-major order
	Given   []Cell // pieces placed by the problem, in row-major order
	Lines   []Line
	// Pieces is the number of pieces of a solution, the given ones
	// included.
	Pieces int
	// Infeasible is set when the given pieces already break a line (e.g.
	// two given kings side by side): the model has no solution.
	Infeasible string
	// Kinds is, for a problem of several kinds of piece (Variant.Mixed),
	// the kind of each free cell (a square has a cell per kind it may
	// take), and GivenKinds the kind of each given piece; nil for the
	// problems of one kind.
	Kinds, GivenKinds []Kind
}

// MaxModelCells bounds the free cells of a Model: its lines are built
// square by square.
const MaxModelCells = 1 << 22

// MaxCoverN is the largest order of a domination model, whose cover lines
// cost n² squares each.
const MaxCoverN = 200

// ErrNeedPieces is returned by NewModel for a Maximum or Minimum variant
// whose Problem.Pieces is not chosen.
var ErrNeedPieces = errors.New("encode: the number of pieces is not chosen (see Problem.Bound)")

// NewModel derives the model of p from its variant's Rules. A Place
// variant's rows and columns of given pieces are left out before any
// square is looked at, so that a board of order 10⁴ with a few free rows
// costs O(n + free²). It returns an error for an invalid instance, a
// Place variant asked for another number of pieces than n, or a model
// beyond MaxModelCells.
func NewModel(p Problem) (*Model, error) {
	return NewModelContext(context.Background(), p)
}

// NewModelContext is NewModel that gives up when ctx ends (checked every
// row of the board and every 65536 squares of a line family), returning
// ctx's error, and that refuses, before it allocates anything large, a
// model whose closed-form size (Problem.ModelSize) does not fit in the
// process's memory (internal/memlimit).
func NewModelContext(ctx context.Context, p Problem) (*Model, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if err := p.checkModel(); err != nil {
		return nil, err
	}
	if p.Variant.Mixed() {
		return newMixedModel(ctx, p)
	}
	b := &modelBuilder{m: &Model{Problem: p, N: p.Board.N, Pieces: p.pieces()}, g: newGeometry(p.Instance), rules: p.Variant.Rules()}
	b.givens()
	if err := b.freeCells(ctx); err != nil {
		return nil, err
	}
	if err := b.lines(ctx); err != nil {
		return nil, err
	}
	return b.m, nil
}

// checkModel refuses what no model is built for: an unknown variant, a
// number of pieces the variant does not take, pawns outside queens+pawns
// or not placed, and a model too large for MaxCoverN, MaxModelCells or
// the process's memory.
func (p Problem) checkModel() error {
	n := p.Board.N
	pieces := p.pieces()
	switch {
	case !p.Variant.known():
		return fmt.Errorf("encode: unknown variant %d", int(p.Variant))
	case p.Variant.Goal() == Place && pieces != p.Bound():
		return fmt.Errorf("encode: %v places %d pieces, not %d", p.Variant, p.Bound(), pieces)
	case pieces <= 0:
		return ErrNeedPieces
	case len(p.Pawns) > 0 && !p.Variant.ReadsPawns():
		return fmt.Errorf("encode: the board has pawns ('p'), which only the queens+pawns problem reads, not %v", p.Variant)
	case p.PawnsSearched():
		return fmt.Errorf("encode: %d pawns not placed: one model is one placement of the pawns (give them as 'p' in a grid)", p.PawnCount)
	case p.Variant.ReadsPawns() && p.PawnCount > 0 && len(p.Pawns) != p.PawnCount:
		return fmt.Errorf("encode: the board places %d pawns, %d asked for", len(p.Pawns), p.PawnCount)
	}
	for _, ru := range p.Variant.Rules() {
		if (ru.Family == Covers || ru.Family == TorusCovers) && n > MaxCoverN {
			return fmt.Errorf("encode: the %v problem is built square by square over n⁴ pairs: n = %d is more than %d", p.Variant, n, MaxCoverN)
		}
	}
	if uint64(n)*uint64(n) > 4*MaxModelCells && p.Variant.Goal() != Place {
		return memlimit.TooBig("encode: the model of this %v problem would have %d cells, more than %d", p.Variant, uint64(n)*uint64(n), MaxModelCells)
	}
	size := p.ModelSize()
	if err := memlimit.Check(fmt.Sprintf("the model of the %v problem on n = %d (%d squares, %d line entries, %d lines)", p.Variant, n, size.Cells, size.Entries, size.Lines), size.Bytes()); err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	return nil
}

// modelBuilder builds the model of a problem of one kind of piece: the
// lines the given pieces fill (given, by family and line), the squares
// they stand on, and the rows and columns they leave nothing to do in.
type modelBuilder struct {
	m                *Model
	g                geometry
	rules            []Rule
	given            map[lineKey]int
	givenAt          map[Cell]bool
	skipRow, skipCol []bool
}

// lineKey is a line of a family.
type lineKey struct {
	fam  Family
	line int
}

// givenOn is the number of given pieces on line l of family f.
func (b *modelBuilder) givenOn(f Family, l int) int {
	if len(b.given) == 0 {
		return 0
	}
	return b.given[lineKey{f, l}]
}

// givens records the given pieces, the lines they fill (a line
// over-filled, or more pieces given than asked for, makes the model
// infeasible), and the rows and columns that must hold exactly one piece
// and hold a given one: those are skipped whole.
func (b *modelBuilder) givens() {
	m, p, n := b.m, b.m.Problem, b.m.N
	b.given, b.givenAt = map[lineKey]int{}, map[Cell]bool{}
	for _, x := range p.Givens() {
		r, c := x.R, x.C
		m.Given = append(m.Given, x.Cell)
		b.givenAt[x.Cell] = true
		for _, ru := range b.rules {
			b.g.linesOf(ru.Family, r, c, func(l int) { b.given[lineKey{ru.Family, l}]++ })
		}
	}
	for _, ru := range b.rules {
		for k, cnt := range b.given {
			if k.fam == ru.Family && cnt > ru.Hi && m.Infeasible == "" {
				m.Infeasible = fmt.Sprintf("the given pieces put %d on %v %d, at most %d allowed", cnt, ru.Family, k.line, ru.Hi)
			}
		}
	}
	if len(m.Given) > m.Pieces && m.Infeasible == "" {
		m.Infeasible = fmt.Sprintf("%d pieces given, %d asked for", len(m.Given), m.Pieces)
	}
	b.skipRow, b.skipCol = make([]bool, n), make([]bool, n)
	for _, ru := range b.rules {
		if (ru.Family == Rows || ru.Family == Columns) && ru.Hi == 1 {
			for _, g := range m.Given {
				if ru.Family == Rows {
					b.skipRow[g.R] = true
				} else {
					b.skipCol[g.C] = true
				}
			}
		}
	}
}

// freeCells lists the cells a piece may take: not given, blocked, a
// pawn's, on an excluded diagonal, nor on a line the given pieces fill.
func (b *modelBuilder) freeCells(ctx context.Context) error {
	m, p, n, g := b.m, b.m.Problem, b.m.N, b.g
	var freeCols []int
	for c := range n {
		if !b.skipCol[c] {
			freeCols = append(freeCols, c)
		}
	}
	blocked := map[Cell]bool{}
	for _, x := range p.Blocked {
		blocked[x] = true
	}
	exSum, exDif := p.excludedMasks()
	for r := range n {
		if b.skipRow[r] {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		for _, c := range freeCols {
			if b.givenAt[Cell{r, c}] || blocked[Cell{r, c}] || g.pawnAt(Cell{r, c}) || exSum[r+c] || exDif[r-c+n-1] {
				continue
			}
			full := false
			for _, ru := range b.rules {
				g.linesOf(ru.Family, r, c, func(l int) { full = full || b.givenOn(ru.Family, l) >= ru.Hi })
			}
			if full {
				continue
			}
			if len(m.Cells) >= MaxModelCells {
				return memlimit.TooBig("encode: the model of this %v problem has more than %d free cells", p.Variant, MaxModelCells)
			}
			m.Cells = append(m.Cells, Cell{r, c})
		}
	}
	return nil
}

// lines makes the lines over the free cells, their bounds less the given
// pieces, and the total when the lines do not imply it.
func (b *modelBuilder) lines(ctx context.Context) error {
	m := b.m
	free := m.Pieces - len(m.Given)
	for _, ru := range b.rules {
		if err := b.familyLines(ctx, ru, free); err != nil {
			return err
		}
	}
	if !m.totalImplied() {
		all := make([]int32, len(m.Cells))
		for i := range all {
			all[i] = int32(i)
		}
		m.Lines = append(m.Lines, Line{Family: Total, Lo: free, Hi: free, Cells: all})
	}
	return nil
}

// familyLines makes the lines of rule ru's family that bound something.
func (b *modelBuilder) familyLines(ctx context.Context, ru Rule, free int) error {
	m := b.m
	tight := false
	start, all, err := lineMembers(ctx, b.g, ru.Family, m.Cells)
	if err != nil {
		return err
	}
	members := func(l int) []int32 { return all[start[l]:start[l+1]:start[l+1]] }
	if partitions(ru.Family) && m.Infeasible == "" {
		// Every free cell is on one line of the family: the pieces
		// that fit are at most the sum of the lines' capacities.
		room := 0
		for l := range len(start) - 1 {
			if k := int(start[l+1] - start[l]); k > 0 {
				room += max(0, min(ru.Hi-b.givenOn(ru.Family, l), k))
			}
		}
		if room < free {
			m.Infeasible = fmt.Sprintf("the %ss hold at most %d more pieces, %d asked for", ru.Family, room, free)
		}
		// Exactly as many as asked for fit: every line is full (the
		// n+k queens boards whose pawns leave n+k row segments).
		// (Where rows or columns already fix the number of
		// pieces, nothing is gained: the lines stay as they are.)
		tight = room == free && !m.totalImplied()
	}
	for l := range len(start) - 1 {
		cs := members(l)
		if len(cs) == 0 && (ru.Lo == 0 || ru.Family == Rows && b.skipRow[l] || ru.Family == Columns && b.skipCol[l]) {
			// A line that must hold a piece is a line even
			// without a free cell.
			continue
		}
		g := b.givenOn(ru.Family, l)
		ln := Line{Family: ru.Family, Index: l, Lo: max(0, ru.Lo-g), Hi: ru.Hi - g, Cells: cs}
		if tight {
			ln.Lo = max(ln.Lo, min(ln.Hi, len(ln.Cells)))
		}
		if ln.Lo == 0 && ln.Hi >= len(ln.Cells) {
			continue
		}
		if len(cs) == 0 {
			ln.Cells = nil
		}
		m.Lines = append(m.Lines, ln)
	}
	return nil
}

// lineMembers returns, for every line l of family fam, the free cells on
// it (indices into cells, ascending) as all[start[l]:start[l+1]]: two
// passes over the cells, a count and a fill, instead of a slice grown per
// line.
func lineMembers(ctx context.Context, g geometry, fam Family, cells []Cell) (start, all []int32, err error) {
	size := familySize(fam, g.n)
	start = make([]int32, size+1)
	for i, x := range cells {
		if i&0xffff == 0 && ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		g.linesOf(fam, x.R, x.C, func(l int) { start[l+1]++ })
	}
	for l := range size {
		start[l+1] += start[l]
	}
	all = make([]int32, start[size])
	next := append([]int32(nil), start[:size]...)
	for i, x := range cells {
		if i&0xffff == 0 && ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		g.linesOf(fam, x.R, x.C, func(l int) {
			all[next[l]] = int32(i)
			next[l]++
		})
	}
	return start, all, nil
}

// partitions reports whether every square is on exactly one line of the
// family.
func partitions(f Family) bool {
	switch f {
	case Rows, Columns, Diagonals, Antidiags, TorusDiags, TorusAnti, RowSegments, ColumnSegments, DiagonalSegments, AntidiagSegments:
		return true
	}
	return false
}

// totalImplied reports whether the lines fix the number of pieces: the
// rows (or the columns) all must hold exactly one.
func (m *Model) totalImplied() bool { return totalImplied(m.Problem.Variant) }

// totalImplied reports whether the rules of variant v fix the number of
// pieces (Model.totalImplied), so that its model has no Total line.
func totalImplied(v Variant) bool {
	for _, ru := range v.Rules() {
		if (ru.Family == Rows || ru.Family == Columns) && ru.Lo == 1 && ru.Hi == 1 {
			return true
		}
	}
	return false
}

// Solution returns the pieces of a solution, the given ones included, in
// row-major order, from the chosen free cells.
func (m *Model) Solution(chosen []int32) []Cell {
	s := make([]Cell, 0, len(m.Given)+len(chosen))
	s = append(s, m.Given...)
	for _, i := range chosen {
		s = append(s, m.Cells[i])
	}
	sortCells(s)
	return s
}

// CellLines returns, for every free cell, the lines that hold it (indices
// into m.Lines), in one slice: the lines of cell i are
// lines[start[i]:start[i+1]].
func (m *Model) CellLines() (lines, start []int32) {
	start = make([]int32, len(m.Cells)+1)
	for _, l := range m.Lines {
		for _, c := range l.Cells {
			start[c+1]++
		}
	}
	for i := range m.Cells {
		start[i+1] += start[i]
	}
	lines = make([]int32, start[len(m.Cells)])
	next := append([]int32(nil), start[:len(m.Cells)]...)
	for li, l := range m.Lines {
		for _, c := range l.Cells {
			lines[next[c]] = int32(li)
			next[c]++
		}
	}
	return lines, start
}
