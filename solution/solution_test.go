package solution

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

// squares are the pieces an instance read back gives: its queens a row
// and its listed pieces, sorted.
func squares(in encode.Instance) []encode.Piece {
	var ps []encode.Piece
	for r, c := range in.Board.Queens {
		if c >= 0 {
			ps = append(ps, encode.Piece{Cell: encode.Cell{R: r, C: c}, Kind: encode.QueenKind})
		}
	}
	ps = append(ps, in.Given...)
	slices.SortFunc(ps, func(a, b encode.Piece) int { return (a.R*1000 + a.C) - (b.R*1000 + b.C) })
	return ps
}

func readBack(t *testing.T, text string) encode.Instance {
	t.Helper()
	in, err := encode.ParseInstanceWith(strings.NewReader(text), "out", encode.ReadOptions{AnyPieces: true})
	if err != nil {
		t.Fatalf("reading back %q: %v", text, err)
	}
	return in
}

// TestPlacementRoundTrip: every form of a queens solution reads back as
// the same placement.
func TestPlacementRoundTrip(t *testing.T) {
	q := encode.Placement{0, 4, 7, 5, 2, 6, 1, 3}
	prob := encode.Problem{Instance: encode.Instance{Board: encode.Empty(8)}}
	for _, form := range []string{"grid", "list", "algebraic"} {
		var b strings.Builder
		if err := Write(&b, prob, q, nil, form, 1, 8); err != nil {
			t.Fatal(err)
		}
		in := readBack(t, b.String())
		if !slices.Equal(in.Board.Queens, []int(q)) {
			t.Errorf("%s: %q read back as %v", form, b.String(), in.Board.Queens)
		}
	}
}

// TestCellsRoundTrip: kings, several a row, and queens one a row on a
// board with a blocked square, read back as the same squares in every
// form.
func TestCellsRoundTrip(t *testing.T) {
	kings := []encode.Cell{{R: 0, C: 0}, {R: 0, C: 2}, {R: 2, C: 0}, {R: 2, C: 2}}
	queens := []encode.Cell{{R: 0, C: 1}, {R: 1, C: 3}, {R: 2, C: 0}, {R: 3, C: 2}}
	for _, tc := range []struct {
		prob  encode.Problem
		cells []encode.Cell
		kind  encode.Kind
	}{
		{encode.Problem{Variant: encode.Kings, Instance: encode.Instance{Board: encode.Empty(3)}}, kings, encode.KingKind},
		{encode.Problem{Instance: encode.Instance{Board: encode.Empty(4), Blocked: []encode.Cell{{R: 0, C: 0}}}}, queens, encode.QueenKind},
	} {
		for _, form := range []string{"grid", "list", "algebraic"} {
			var b strings.Builder
			if err := Cells(&b, tc.prob, tc.cells, form, 2); err != nil {
				t.Fatal(err)
			}
			got := squares(readBack(t, b.String()))
			if len(got) != len(tc.cells) {
				t.Fatalf("%v %s: %q read back as %v", tc.prob.Variant, form, b.String(), got)
			}
			for i, p := range got {
				if p.Cell != tc.cells[i] || form == "grid" && p.Kind != tc.kind {
					t.Errorf("%v %s: %q read back as %v, want %v", tc.prob.Variant, form, b.String(), got, tc.cells)
					break
				}
			}
		}
	}
}

// TestPiecesRoundTrip: pieces of several kinds read back with their kinds
// in every form.
func TestPiecesRoundTrip(t *testing.T) {
	pieces := []encode.Piece{{Cell: encode.Cell{R: 0, C: 0}, Kind: encode.QueenKind}, {Cell: encode.Cell{R: 0, C: 4}, Kind: encode.KnightKind}, {Cell: encode.Cell{R: 3, C: 2}, Kind: encode.KingKind}}
	prob := encode.Problem{Variant: encode.MixedPieces, Instance: encode.Instance{Board: encode.Empty(5)}}
	for _, form := range []string{"grid", "list", "algebraic"} {
		var b strings.Builder
		if err := Pieces(&b, prob, pieces, form, 1); err != nil {
			t.Fatal(err)
		}
		if got := squares(readBack(t, b.String())); !slices.Equal(got, pieces) {
			t.Errorf("%s: %q read back as %v, want %v", form, b.String(), got, pieces)
		}
	}
}

// TestColumns: the list form of a huge board's columns is the list form
// of the same placement (encode.Placement.WriteList), and a cancelled
// context ends it.
func TestColumns(t *testing.T) {
	q := encode.Placement{0, 4, 7, 5, 2, 6, 1, 3}
	cols := make([]int32, len(q))
	for r, c := range q {
		cols[r] = int32(c)
	}
	var got, want strings.Builder
	if err := Columns(context.Background(), &got, cols); err != nil {
		t.Fatal(err)
	}
	if err := q.WriteList(&want); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("Columns wrote %q, WriteList %q", got.String(), want.String())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Columns(ctx, &got, make([]int32, 1<<20+1)); err == nil {
		t.Errorf("a cancelled context: no error")
	}
}
