package encode_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

// TestProblemValidate: the given pieces are checked by the variant's
// lines, and NewModel refuses a board whose pieces attack each other
// under its problem (it made a model with no solution before).
func TestProblemValidate(t *testing.T) {
	b := encode.Board{N: 4, Queens: []int{0, 1, -1, -1}} // a1, b2: a diagonal
	for v, ok := range map[encode.Variant]bool{encode.Knights: true, encode.Rooks: true, encode.Kings: false,
		encode.Bishops: false, encode.Queens: false, encode.Superqueens: false} {
		p := encode.Problem{Variant: v, Instance: encode.Instance{Board: b}}
		err := p.Validate()
		if (err == nil) != ok || err != nil && !errors.Is(err, encode.ErrInvalidBoard) {
			t.Errorf("%v: %v, want legal %v", v, err, ok)
		}
		if _, err := encode.NewModel(encode.Problem{Variant: v, Instance: encode.Instance{Board: b}, Pieces: 3}); (err == nil) != ok && v.Goal() != encode.Place {
			t.Errorf("%v: NewModel: %v", v, err)
		}
	}
	// With a pawn between them, two queens in a column are legal.
	b = encode.Board{N: 4, Queens: []int{1, -1, 1, -1}}
	p := encode.Problem{Variant: encode.QueensPawns, Instance: encode.Instance{Board: b, Pawns: []encode.Cell{{R: 1, C: 1}}}}
	if err := p.Validate(); err != nil {
		t.Errorf("queens+pawns: %v", err)
	}
	p.Pawns = []encode.Cell{{R: 3, C: 1}}
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "attack each other") {
		t.Errorf("queens+pawns without a pawn between: %v", err)
	}
}
