package backtrack_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
	_ "github.com/qtool-project/qtool/backend/backtrack"
	"github.com/qtool-project/qtool/encode"
)

// TestOrderRowsOnModel: Admit checks that backtrack takes the option
// "order" (a key of Caps.Options), not its value; the value "rows" on a
// problem searched on its model (kings here) is refused by the backend
// itself, through backend.Solve, as a plain error (no Refusal), while
// "mrv" counts the 79 placements of the 4 kings that fit on the 4×4 board and "rows"
// the 92 solutions of 8 queens.
func TestOrderRowsOnModel(t *testing.T) {
	be, err := backend.Lookup("backtrack")
	if err != nil {
		t.Fatal(err)
	}
	kings := encode.Problem{Variant: encode.Kings, Instance: encode.Instance{Board: encode.Empty(4)}}
	rows := backend.Request{Mode: backend.Count, Options: map[string]string{"order": "rows"}}
	if err := backend.Admit(be, kings, rows); err != nil {
		t.Fatalf("Admit refused the option's value: %v", err)
	}
	_, err = backend.Solve(context.Background(), be, kings, rows)
	var r *backend.Refusal
	if err == nil || errors.As(err, &r) || !strings.Contains(err.Error(), "order rows applies to n-queens boards") {
		t.Fatalf("Solve with order rows on kings: %v, want the backend's own error", err)
	}
	mrv := backend.Request{Mode: backend.Count, Options: map[string]string{"order": "mrv"}}
	out, err := backend.Solve(context.Background(), be, kings, mrv)
	if err != nil || out.Solutions != 79 || out.Pieces != 4 {
		t.Errorf("kings n=4, order mrv: %d solutions of %d pieces, %v; want 79 of 4", out.Solutions, out.Pieces, err)
	}
	out, err = backend.Solve(context.Background(), be, encode.Empty(8).Problem(), rows)
	if err != nil || out.Solutions != 92 {
		t.Errorf("8 queens, order rows: %d, %v; want 92", out.Solutions, err)
	}
}
