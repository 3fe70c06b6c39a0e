package encode

import "github.com/qtool-project/qtool/cnf"

// ModelSize is the size of a problem's model bounded in closed form from
// its rules, before anything is built: the free squares (at most the
// squares of the rows and columns the given pieces leave free), the line
// entries (a square's lines: one per row, column, diagonal or segment
// family, at most 8 knight pairs, 4 king blocks, 4n − 3 cover sets, and
// the line of the number of pieces) and the lines (every line of every
// family, and that one).
type ModelSize struct {
	Cells, Entries, Lines uint64
}

// ModelSize returns the closed-form bound of p's model.
func (p Problem) ModelSize() ModelSize {
	if p.Variant.Mixed() {
		s, _ := p.mixedSize()
		return s
	}
	n := uint64(max(0, p.Board.N))
	rows, cols := n, n
	for _, ru := range p.Variant.Rules() {
		if ru.Hi == 1 && (ru.Family == Rows || ru.Family == Columns) {
			g := uint64(p.Board.Given())
			rows, cols = n-g, n-g
		}
	}
	var s ModelSize
	s.Cells = rows * cols
	for _, ru := range p.Variant.Rules() {
		s.Entries += s.Cells * perCell(ru.Family, n)
		s.Lines += uint64(familySize(ru.Family, int(n)))
	}
	s.Entries += s.Cells // the number of pieces
	s.Lines++
	return s
}

// mixedSize is ModelSize for a problem of several kinds of piece: a cell
// per square and kind, a capacity rule's lines as for one kind, an
// exclusion rule's pairs at most a cell's lines times their cells of
// every kind, the lines of each kind's number and of the total; and the
// pairs alone.
func (p Problem) mixedSize() (s ModelSize, pairs uint64) {
	n := uint64(max(0, p.Board.N))
	k := uint64(len(p.kindsUsed()))
	s.Cells = n * n * k
	if n > 1<<16 {
		// The pairs alone are beyond any memory (and beyond uint64 in
		// the products below).
		return ModelSize{Cells: s.Cells, Entries: 1 << 56, Lines: 1 << 56}, 1 << 56
	}
	for _, ru := range p.Variant.Rules() {
		if ru.Excludes == 0 {
			s.Entries += s.Cells * perCell(ru.Family, n)
			s.Lines += uint64(familySize(ru.Family, int(n)))
			continue
		}
		pairs += s.Cells * perCell(ru.Family, n) * maxLineCells(ru.Family, n, s.Cells) * k
	}
	s.Entries += 2*pairs + 2*s.Cells
	s.Lines += pairs + k + 1
	return s, pairs
}

// perCell bounds the lines of family f through one square.
func perCell(f Family, n uint64) uint64 {
	switch f {
	case KnightPairs:
		return 8
	case KingBlocks:
		return 4
	case Covers, TorusCovers:
		return 4*n - 3
	}
	return 1
}

// lineBytes is the memory of a Line of the model (its fields and its
// slice header).
const lineBytes = 56

// Bytes is the memory NewModel takes at most: the free cells (16 bytes
// each), the lines' members (4 bytes an entry, and two counters of 4
// bytes per line of a family while it is built) and the Lines (56 bytes
// each, at most one per entry).
func (s ModelSize) Bytes() uint64 {
	return 16*s.Cells + 4*s.Entries + 8*s.Lines + lineBytes*min(s.Lines, s.Entries)
}

// SearchBytes is the memory search.Lines adds to a model of this size:
// the lines of every cell (4 bytes an entry and a cell), its state per
// cell (a byte, and 8 bytes of trail and choice) and per line (bounds,
// counts and the slice of its cells, 40 bytes).
func (s ModelSize) SearchBytes() uint64 {
	return 4*s.Entries + 13*s.Cells + 40*min(s.Lines, s.Entries)
}

// CoverBytes is the memory of the model as exact cover, Model.Cover and
// the dancing-links matrix made from it: per option a slice of its items
// (24 bytes and 8 an entry), per item its name and bounds (about 56
// bytes) and the matrix's nodes (12 bytes each, one per entry and item,
// and the names again).
func (s ModelSize) CoverBytes() uint64 {
	items := min(s.Lines, s.Entries)
	return 28*s.Cells + 20*s.Entries + 100*items
}

// Size returns the size of the model, counted.
func (m *Model) Size() ModelSize {
	s := ModelSize{Cells: uint64(len(m.Cells)), Lines: uint64(len(m.Lines))}
	for _, l := range m.Lines {
		s.Entries += uint64(len(l.Cells))
	}
	return s
}

// maxLineCells bounds the squares of one line of family f on an n×n
// board.
func maxLineCells(f Family, n, cells uint64) uint64 {
	switch f {
	case KnightPairs:
		return 2
	case KingBlocks:
		return 4
	case Covers, TorusCovers:
		return 4*n - 3
	case Total:
		return cells
	case Squares:
		return 1
	}
	return n
}

// CNFSizeBound bounds, before the model is built, the variables and
// clauses of its CNF (Model.EncodeCNF) with at-most-one encoding amo:
// every line of every family as long as the longest of the family, with
// the cardinality constraint package cnf would write for it, and the line
// of the number of pieces over every square when the model has one (not
// when the rows or columns fix it, as for queens: that counter, n·n² of
// registers, made the bound of queens with blocked squares 72 GB at
// n = 300, a formula of 0.1 GB).
func (p Problem) CNFSizeBound(amo cnf.AMO) (vars, clauses uint64) {
	s := p.ModelSize()
	n := uint64(max(0, p.Board.N))
	vars = s.Cells
	if p.Variant.Mixed() {
		_, pairs := p.mixedSize()
		clauses += pairs // a clause per pair
		t := min(uint64(max(p.pieces(), 1)), s.Cells)
		c, a := cnf.BetweenSize(amo, int(min(s.Cells, 1<<30)), int(t), int(t), 0)
		clauses += uint64(len(p.kindsUsed())+1) * uint64(c)
		vars += uint64(len(p.kindsUsed())+1) * uint64(a)
		for _, ru := range p.Variant.Rules() {
			if ru.Excludes == 0 {
				c, a := cnf.BetweenSize(amo, int(min(maxLineCells(ru.Family, n, s.Cells)*uint64(len(p.kindsUsed())), 1<<30)), ru.Lo, ru.Hi, 0)
				clauses += uint64(familySize(ru.Family, int(n))) * uint64(c)
				vars += uint64(familySize(ru.Family, int(n))) * uint64(a)
			}
		}
		return vars, clauses
	}
	add := func(lines, m uint64, lo, hi int) {
		m = min(m, s.Cells)
		if m == 0 || lines == 0 {
			return
		}
		c, a := cnf.BetweenSize(amo, int(m), lo, min(hi, int(m)), 0)
		clauses += lines * uint64(c)
		vars += lines * uint64(a)
	}
	for _, ru := range p.Variant.Rules() {
		add(uint64(familySize(ru.Family, int(n))), maxLineCells(ru.Family, n, s.Cells), ru.Lo, ru.Hi)
	}
	if k := p.pieces(); k > 0 && !totalImplied(p.Variant) {
		add(1, s.Cells, k, k)
	}
	return vars, clauses
}
