package backend_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/varianttest"
)

// counter is a backend that only names itself: CountRecord reads its name
// and its Caps.
type counter struct{}

func (counter) Name() string { return "test-counter" }

func (counter) Caps() backend.Caps {
	return backend.Caps{Count: true, Problems: encode.AllVariants(), CountMethod: "test"}
}

func (counter) Run(context.Context, encode.Problem, backend.Request) (backend.Outcome, error) {
	return backend.Outcome{}, nil
}

// TestCountRecordPawns: the count record of a variant that reads pawns
// says how many, whether they were searched, and the text of qtool count
// names its pieces, for a registered variant as for queens+pawns; a
// variant that reads none has no pawns in its record.
func TestCountRecordPawns(t *testing.T) {
	for _, tc := range []struct {
		name     string
		prob     encode.Problem
		pawns    int // -1: none in the record
		searched bool
		text     string // the pawns of the text, blanks folded; "" for none
	}{
		{"rooks+pawns placed", encode.Problem{Variant: varianttest.RooksPawns, Instance: encode.Instance{Board: encode.Empty(3), Pawns: []encode.Cell{{R: 1, C: 1}}}},
			1, false, "pawns 1 (on the board), 4 rooks"},
		{"rooks+pawns searched", encode.Problem{Variant: varianttest.RooksPawns, Instance: encode.Instance{Board: encode.Empty(5)}, PawnCount: 2},
			2, true, "pawns 2 (every placement searched), 7 rooks"},
		{"queens+pawns searched", encode.Problem{Variant: encode.QueensPawns, Instance: encode.Instance{Board: encode.Empty(6)}, PawnCount: 1},
			1, true, "pawns 1 (every placement searched), 7 queens"},
		{"queens+pawns placed", encode.Problem{Variant: encode.QueensPawns, Instance: encode.Instance{Board: encode.Empty(6), Pawns: []encode.Cell{{R: 0, C: 0}, {R: 2, C: 3}}}},
			2, false, "pawns 2 (on the board), 8 queens"},
		{"rooks", encode.Problem{Variant: encode.Rooks, Instance: encode.Instance{Board: encode.Empty(3)}},
			-1, false, ""},
	} {
		rec := backend.CountRecord(counter{}, tc.prob, backend.Request{Mode: backend.Count}, backend.Outcome{Solutions: 1})
		if rec.Problem != tc.prob.Variant.String() {
			t.Errorf("%s: problem %q, want %q", tc.name, rec.Problem, tc.prob.Variant)
		}
		switch {
		case tc.pawns < 0 && rec.Pawns != nil:
			t.Errorf("%s: pawns %d in the record, want none", tc.name, *rec.Pawns)
		case tc.pawns >= 0 && (rec.Pawns == nil || *rec.Pawns != tc.pawns || rec.PawnsSearched != tc.searched):
			t.Errorf("%s: record pawns %v searched %t, want %d searched %t", tc.name, rec.Pawns, rec.PawnsSearched, tc.pawns, tc.searched)
		}
		var b bytes.Buffer
		rec.WriteText(&b, "ok")
		text := strings.Join(strings.Fields(b.String()), " ")
		if tc.text == "" && strings.Contains(text, "pawns") || !strings.Contains(text, tc.text) {
			t.Errorf("%s: the text (blanks folded) is %q, want %q in it", tc.name, text, tc.text)
		}
	}
}
