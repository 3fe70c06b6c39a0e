package target

import (
	"fmt"
	"io"
	"strconv"

	"github.com/qtool-project/qtool/dlx"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/solution"
)

// WriteDLX writes the job's problem in Knuth's exact-cover format (dlx1,
// TAOCP 7.2.2.1; dlx3's multiplicities where a line has other bounds): a
// plain board as Knuth's queens-dlx matrix over its free rows and
// columns (encode.ExactCover), a model as its generalized exact cover.
func WriteDLX(w io.Writer, j Job) error {
	if j.Model {
		return writeModelDLX(w, j.Prob, j.How)
	}
	return writeBoardDLX(w, j.Prob.Board)
}

// SizeDLX estimates what WriteDLX writes and the memory it takes, and
// says what it is, before anything is built.
func SizeDLX(j Job) (out, mem uint64, what string) {
	if j.Model {
		return sizeModelDLX(j.Prob)
	}
	return sizeBoardDLX(j.Prob.Board)
}

// sizeDLX estimates the dlx1 text of b and the memory of its matrix: one
// option a free square, naming its row, column and two diagonals (each
// name of a few digits), and some 32 bytes of matrix a square.
func sizeBoardDLX(b encode.Board) (out, mem uint64, what string) {
	free := uint64(b.N - b.Given())
	digits := uint64(len(strconv.Itoa(2 * b.N)))
	out = free*free*(4*(digits+2)+1) + 16*uint64(b.N)
	mem = free*free*32 + 64*uint64(b.N)
	return out, mem, fmt.Sprintf("the exact-cover matrix of n = %d (%d options)", b.N, free*free)
}

// writeDLX writes the exact-cover matrix of b (encode.ExactCover: Knuth's
// queens-dlx form over the free rows and columns) in dlx1's format.
func writeBoardDLX(w io.Writer, b encode.Board) error {
	m, err := encode.ExactCover(b)
	if err != nil {
		return err
	}
	return m.WriteDLX(w)
}

// The variants of --problem other than plain n-queens, written by qtool
// encode --to dlx as the generalized exact-cover problem of their model
// (encode.Model.Cover): a primary item for every line that must hold
// exactly one piece, a primary item with bounds "lo:hi|name" (Knuth's
// dlx3, Algorithm M) for every line with other bounds (domination's cover
// sets, the number of pieces), a secondary item for every line that may
// hold at most one, and one option per free square. No variant needs
// colours, so none are written.

// sizeProblemDLX estimates the text and the memory of the matrix of prob
// before its model is built: every square an option, holding at most the
// lines a square lies on in each family of the variant's rules (one row,
// 8 knight pairs, 4 king blocks, the 4n − 3 cover sets of a queen's reach)
// and the count of pieces; each item name at most 18 letters and its
// number. The memory covers the model, the cover and the dlx matrix of
// the size search (some 64 bytes an entry).
func sizeModelDLX(prob encode.Problem) (out, mem uint64, what string) {
	n := uint64(prob.Board.N)
	per := uint64(1) // the Total line
	for _, ru := range prob.Variant.Rules() {
		switch ru.Family {
		case encode.KnightPairs:
			per += 8
		case encode.KingBlocks:
			per += 4
		case encode.Covers, encode.TorusCovers:
			per += 4 * n
		default:
			per++
		}
	}
	squares := n * n
	entries := squares * per
	name := uint64(18 + len(strconv.FormatUint(4*squares, 10)))
	out = entries*(name+1) + squares*per/4*(name+8)
	mem = entries*64 + squares*64
	return out, mem, fmt.Sprintf("the exact-cover matrix of the %v problem, n = %d (%d options)", prob.Variant, n, squares)
}

// writeProblemDLX writes the model of prob (its Pieces chosen) as a
// generalized exact-cover problem through dlx.Writer, with comments that
// say what it is.
func writeModelDLX(w io.Writer, prob encode.Problem, how string) error {
	wr := dlx.NewWriter(w)
	if prob.Variant.Goal() == encode.Maximum && prob.Pieces == 0 {
		// The maximum is 0 (no square can hold a piece): the model of 0
		// pieces cannot be stated (Pieces 0 means "not chosen").
		wr.Comment(fmt.Sprintf("qtool encode: the %v problem, n = %d, 0 %s (%s)", prob.Variant, prob.Board.N, solution.PieceName(prob.Variant, 0), how))
		return writeNothingLeft(wr)
	}
	m, err := encode.NewModel(prob)
	if err != nil {
		return err
	}
	cv := m.Cover()
	wr.Comment(fmt.Sprintf("qtool encode: the %v problem, n = %d, %d %s (%s)", prob.Variant, prob.Board.N, m.Pieces, solution.PieceName(prob.Variant, m.Pieces), how))
	if m.Kinds != nil {
		wr.Comment("one option per free square and kind of piece (items square<r·n+c>, kind-total<k> for the kinds Q N K B R, k = 0 … 4; an attack<i> item is two options that attack each other); a solution of this matrix is a placement of exactly those pieces")
	} else {
		wr.Comment("one option per free square; a solution of this matrix is a placement of exactly that many pieces")
	}

	// An item no option may hold (hi = 0: the given pieces already fill
	// it) is left out with the options that hold it; an item whose least
	// number cannot be met leaves no solution.
	drop := make([]bool, len(cv.Items))
	infeasible := false
	for i, it := range cv.Items {
		if i < cv.Primary+cv.Multiple && it.Hi < it.Lo {
			infeasible = true
		}
		if it.Hi < 1 {
			drop[i] = true
		}
	}
	keep := func(o []int) bool {
		for _, i := range o {
			if drop[i] {
				return false
			}
		}
		return true
	}
	var primary, secondary []string
	var bounds []dlx.Bound
	number := make([]int, len(cv.Items))
	for i, it := range cv.Items {
		if drop[i] {
			continue
		}
		if i < cv.Primary+cv.Multiple {
			number[i] = len(primary)
			primary = append(primary, it.Name)
			bounds = append(bounds, dlx.Bound{Lo: it.Lo, Hi: min(it.Hi, dlx.MaxBound)})
		}
	}
	for i, it := range cv.Items {
		if !drop[i] && i >= cv.Primary+cv.Multiple {
			number[i] = len(primary) + len(secondary)
			secondary = append(secondary, it.Name)
		}
	}
	switch {
	case infeasible:
		wr.Comment("a line cannot hold the pieces it needs: no solution (an item no option holds)")
		wr.Items([]string{"infeasible"}, nil, nil)
		return wr.Flush()
	case len(primary) == 0:
		return writeNothingLeft(wr)
	}
	wr.Items(primary, secondary, bounds)
	items := make([]int, 0, 16)
	for _, o := range cv.Options {
		if !keep(o) {
			continue
		}
		items = items[:0]
		for _, i := range o {
			items = append(items, number[i])
		}
		if err := wr.Option(items, nil); err != nil {
			return err
		}
	}
	return wr.Flush()
}

// writeNothingLeft writes the matrix of a problem with nothing left to
// place: one solution, the empty one (an item that may stay uncovered, and
// no option).
func writeNothingLeft(wr *dlx.Writer) error {
	wr.Comment("nothing left to place: one solution, choosing no option")
	wr.Items([]string{"none"}, nil, []dlx.Bound{{Lo: 0, Hi: 1}})
	return wr.Flush()
}
