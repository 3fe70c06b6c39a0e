package solution

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/varianttest"
)

// TestRecordPawns: qtool solve's record of a registered variant that
// reads pawns carries its pawns, as queens+pawns' does, and its board
// form shows them; a variant that reads none has none in its record. The
// one solution of rooks+pawns on the 3×3 board with a pawn in the centre
// is the four rooks around it (the pawn cuts row 1 and column 1 in two:
// four row segments, four column segments, a rook in each).
func TestRecordPawns(t *testing.T) {
	centre := []encode.Cell{{R: 1, C: 1}}
	rooks := []encode.Cell{{R: 0, C: 1}, {R: 1, C: 0}, {R: 1, C: 2}, {R: 2, C: 1}}
	prob := encode.Problem{Variant: varianttest.RooksPawns, Instance: encode.Instance{Board: encode.Empty(3), Pawns: centre}}
	var b bytes.Buffer
	l := NewListing(prob, &b, "board", 0, false)
	if !l.VisitCells(rooks) || l.Wrong != nil {
		t.Fatalf("the four rooks around the pawn were refused: %v", l.Wrong)
	}
	if want := "# solution 1: 4 rooks\n.R.\nRpR\n.R.\n"; b.String() != want {
		t.Errorf("board form %q, want %q", b.String(), want)
	}
	rec := NewRecord(prob, "dlx", "", "")
	l.Finish(&rec, End{OK: true, Status: "ok", Pieces: 4})
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"n":3,"problem":"rooks+pawns","backend":"dlx","pieces":4,"pawns":1,"solutions":1,"seconds":0,"status":"ok","complete":true}`; string(data) != want {
		t.Errorf("JSON %s, want %s", data, want)
	}

	for _, tc := range []struct {
		prob     encode.Problem
		pawns    int // -1: none in the record
		searched bool
	}{
		{encode.Problem{Variant: varianttest.RooksPawns, Instance: encode.Instance{Board: encode.Empty(3)}, PawnCount: 2}, 2, true},
		{encode.Problem{Variant: encode.QueensPawns, Instance: encode.Instance{Board: encode.Empty(4), Pawns: centre}}, 1, false},
		{encode.Problem{Variant: encode.QueensPawns, Instance: encode.Instance{Board: encode.Empty(4)}, PawnCount: 3}, 3, true},
		{encode.Problem{Variant: encode.Rooks, Instance: encode.Instance{Board: encode.Empty(3)}}, -1, false},
	} {
		rec := NewRecord(tc.prob, "dlx", "", "")
		NewListing(tc.prob, nil, "list", 0, true).Finish(&rec, End{OK: true, Status: "ok"})
		switch {
		case tc.pawns < 0 && rec.Pawns != nil:
			t.Errorf("%v: pawns %d in the record, want none", tc.prob.Variant, *rec.Pawns)
		case tc.pawns >= 0 && (rec.Pawns == nil || *rec.Pawns != tc.pawns || rec.Searched != tc.searched):
			t.Errorf("%v: record pawns %v searched %t, want %d searched %t", tc.prob.Variant, rec.Pawns, rec.Searched, tc.pawns, tc.searched)
		}
	}
}
