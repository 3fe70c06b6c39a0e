package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/dlx"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/solution"
)

// The variants of --problem other than plain n-queens, written by qtool
// encode --to dlx as the generalized exact-cover problem of their model
// (encode.Model.Cover): a primary item for every line that must hold
// exactly one piece, a primary item with bounds "lo:hi|name" (Knuth's
// dlx3, Algorithm M) for every line with other bounds (domination's cover
// sets, the number of pieces), a secondary item for every line that may
// hold at most one, and one option per free square. No variant needs
// colours, so none are written.

// problemPieces returns the number of pieces the matrix of a Maximum or
// Minimum problem is written for: --pieces when given, otherwise the
// optimum, found as qtool count finds it (backend.Solve's size search
// from Problem.Bound with count's default backend for the variants, here
// stopping at the first solution of the first size that has one). A Place
// problem takes n.
func problemPieces(ctx context.Context, prob encode.Problem, pieces int, given bool) (int, error) {
	n := prob.Board.N
	if prob.Variant.Goal() == encode.Place {
		if given && pieces != n {
			return 0, usageErrorf("encode: --problem %v places n = %d pieces; --pieces applies to the minimum and maximum problems (domination, kings, bishops, knights, rooks, torus-domination)", prob.Variant, n)
		}
		return n, nil
	}
	if given {
		if pieces < 1 || pieces > n*n {
			return 0, usageErrorf("encode: --pieces must be between 1 and n² = %d, got %d", n*n, pieces)
		}
		return pieces, nil
	}
	req := backend.Request{Mode: backend.Find, Limit: 1, Workers: 1}
	be, err := backend.Lookup(backend.Default(prob, req))
	if err != nil {
		return 0, usageErrorf("encode: %v", err)
	}
	out, err := backend.Solve(ctx, be, prob, req)
	if err != nil {
		return 0, usageErrorf("encode: finding the number of pieces: %v", err)
	}
	switch {
	case out.Status == backend.Interrupted:
		return 0, withCode(exitInterrupted, errors.New("encode: interrupted while finding the number of pieces; nothing was written (give --pieces M to write the matrix for M pieces)"))
	case out.Status == backend.Timeout:
		return 0, withCode(exitTimeout, errors.New("encode: time limit reached while finding the number of pieces; nothing was written (give --pieces M to write the matrix for M pieces)"))
	case out.Status != backend.OK:
		return 0, withCode(exitTimeout, fmt.Errorf("encode: the number of pieces was not found (%s); nothing was written", statusWord(out.Status)))
	case out.Solutions == 0:
		return 0, withCode(exitNo, fmt.Errorf("encode: the %v problem of this board has no solution of any size; nothing was written", prob.Variant))
	}
	return out.Pieces, nil
}

// sizeProblemDLX estimates the text and the memory of the matrix of prob
// before its model is built: every square an option, holding at most the
// lines a square lies on in each family of the variant's rules (one row,
// 8 knight pairs, 4 king blocks, the 4n − 3 cover sets of a queen's reach)
// and the count of pieces; each item name at most 18 letters and its
// number. The memory covers the model, the cover and the dlx matrix of
// the size search (some 64 bytes an entry).
func sizeProblemDLX(prob encode.Problem, _ map[string]string) (out, mem uint64, what string, err error) {
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
	return out, mem, fmt.Sprintf("the exact-cover matrix of the %v problem, n = %d (%d options)", prob.Variant, n, squares), nil
}

// writeProblemDLX writes the model of prob (its Pieces chosen) as a
// generalized exact-cover problem through dlx.Writer, with comments that
// say what it is.
func writeProblemDLX(w io.Writer, prob encode.Problem, how string, _ map[string]string) error {
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
