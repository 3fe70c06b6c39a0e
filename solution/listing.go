package solution

import (
	"fmt"
	"io"
	"sort"

	"github.com/qtool-project/qtool/encode"
)

// Listing verifies and writes the solutions a search hands it, as qtool
// solve lists them: each one is checked by the verifier (encode.Verify)
// before it is written in Form to W (or, when Keep, kept for a JSON
// record), up to Limit of them (0 = all). Its methods are the visitors of
// a find request: Visit for plain n-queens placements, VisitCells and
// VisitPieces for the other problems, OnInstance for the board of the
// solutions that follow; Collect gathers the symmetry classes of
// --unique, written by WriteClasses.
type Listing struct {
	Prob  encode.Problem // the problem searched
	W     io.Writer
	Form  string // grid, list or algebraic
	Limit int
	Keep  bool
	// Unique marks a listing of the classes' representatives (Collect);
	// ToFile one written to a file rather than standard output. Finish
	// reads them.
	Unique, ToFile bool

	// Printed is the number of solutions written or kept.
	Printed int
	// Wrong is the verifier's complaint about a solution, WriteErr a
	// failed write; either stops the search.
	Wrong, WriteErr error

	// The solutions kept (Keep): placements with their class sizes
	// (--unique), cells as [r, c] pairs with the pawns of each when they
	// are searched, pieces as "r,c,K".
	Placements []encode.Placement
	ClassSizes []int
	Cells      [][][2]int
	PawnCells  [][][2]int
	PieceCells [][]string

	board   encode.Problem    // the board of the solutions met: Prob, with its pawns when they are searched
	classes map[string]*class // Collect: the classes met, by canonical form
}

type class struct {
	rep  encode.Placement
	size int
}

// NewListing starts the listing of the solutions of prob, written in
// form to w up to limit of them (0 = all), or kept when keep.
func NewListing(prob encode.Problem, w io.Writer, form string, limit int, keep bool) *Listing {
	return &Listing{Prob: prob, W: w, Form: form, Limit: limit, Keep: keep, board: prob}
}

// Board is the problem of the solutions met last: the problem, with the
// instance OnInstance was given (the pawns placed, when they are searched).
func (l *Listing) Board() encode.Problem { return l.board }

// OnInstance sets the board of the solutions that follow.
func (l *Listing) OnInstance(in encode.Instance) { l.board.Instance = in }

// more reports whether the listing wants another solution.
func (l *Listing) more() bool { return l.Limit == 0 || l.Printed < l.Limit }

// verified checks a solution with the verifier and writes it with emit.
func (l *Listing) verified(check func() error, emit func() error) bool {
	if err := check(); err != nil {
		l.Wrong = err
		return false
	}
	if err := emit(); err != nil {
		l.WriteErr = err
		return false
	}
	return l.more()
}

// Visit verifies and writes a placement of plain n-queens.
func (l *Listing) Visit(q encode.Placement) bool {
	return l.verified(func() error { return encode.Verify(l.Prob.Board.Problem(), q) }, func() error { return l.emit(q, 0) })
}

// VisitCells verifies and writes the solution of a problem other than
// plain n-queens; of a problem of several kinds of piece it is the empty
// placement (no piece fits).
func (l *Listing) VisitCells(cells []encode.Cell) bool {
	q := l.Board()
	q.Pieces = len(cells)
	check := func() error { return encode.Verify(q, cells) }
	if q.Variant.Mixed() {
		return l.verified(check, func() error { return l.emitPieces(nil) })
	}
	return l.verified(check, func() error { return l.emitCells(cells) })
}

// VisitPieces verifies and writes the solution of a problem of several
// kinds of piece.
func (l *Listing) VisitPieces(pieces []encode.Piece) bool {
	q := l.Board()
	q.Pieces = len(pieces)
	return l.verified(func() error { return encode.Verify(q, pieces) }, func() error { return l.emitPieces(pieces) })
}

// emit writes placement q (or keeps it); classSize > 0 is the size of its
// symmetry class.
func (l *Listing) emit(q encode.Placement, classSize int) error {
	l.Printed++
	if l.Keep {
		l.Placements = append(l.Placements, append(encode.Placement(nil), q...))
		if classSize > 0 {
			l.ClassSizes = append(l.ClassSizes, classSize)
		}
		return nil
	}
	return Write(l.W, l.Board(), q, nil, l.Form, l.Printed, classSize)
}

func (l *Listing) emitCells(cells []encode.Cell) error {
	l.Printed++
	if l.Keep {
		l.Cells = append(l.Cells, cellPairs(cells))
		if l.Prob.PawnsSearched() {
			l.PawnCells = append(l.PawnCells, cellPairs(l.Board().Pawns))
		}
		return nil
	}
	return Write(l.W, l.Board(), nil, cells, l.Form, l.Printed, 0)
}

func (l *Listing) emitPieces(pieces []encode.Piece) error {
	l.Printed++
	if l.Keep {
		cells := make([]string, len(pieces))
		for i, x := range pieces {
			cells[i] = fmt.Sprintf("%d,%d,%c", x.R, x.C, x.Kind.Letter())
		}
		l.PieceCells = append(l.PieceCells, cells)
		return nil
	}
	return Pieces(l.W, l.Board(), pieces, l.Form, l.Printed)
}

// cellPairs is the JSON form of cells: [r, c] pairs.
func cellPairs(cells []encode.Cell) [][2]int {
	pairs := make([][2]int, len(cells))
	for i, x := range cells {
		pairs[i] = [2]int{x.R, x.C}
	}
	return pairs
}

// Collect keeps the symmetry class of placement q (every solution of the
// search is to be collected: the request's limit is 0).
func (l *Listing) Collect(q encode.Placement) bool {
	if l.classes == nil {
		l.classes = map[string]*class{}
	}
	canon, size := encode.Canonical(q)
	key := canon.String()
	if l.classes[key] == nil {
		l.classes[key] = &class{canon, size}
	}
	return true
}

// WriteClasses writes one representative per class collected, in order,
// each with its class size, up to Limit.
func (l *Listing) WriteClasses() error {
	reps := make([]*class, 0, len(l.classes))
	for _, cl := range l.classes {
		reps = append(reps, cl)
	}
	sort.Slice(reps, func(i, j int) bool { return encode.Less(reps[i].rep, reps[j].rep) })
	for _, cl := range reps {
		if l.Limit > 0 && l.Printed >= l.Limit {
			break
		}
		if err := l.emit(cl.rep, cl.size); err != nil {
			return err
		}
	}
	return nil
}
