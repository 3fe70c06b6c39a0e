package split

import (
	"bytes"
	"context"
	"strings"
	"testing"

	_ "github.com/qtool-project/qtool/internal/varianttest" // rooks+pawns, tight-rooks
)

func TestTotalWriteText(t *testing.T) {
	u := uint64(46)
	var b bytes.Buffer
	(&Total{N: 10, Backend: "domains", Shards: 2, Solutions: 724, Unique: &u, Seconds: 0.5, Status: "ok"}).WriteText(&b)
	want := "n          10\nbackend    domains\nshards     2 (all present, each once)\nsolutions  724\nunique     46\nseconds    0.5000 (sum over the shards)\nstatus     ok\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestReadSideEmpty(t *testing.T) {
	_, err := ReadSide(context.Background(), strings.NewReader(""), "a.json", 1<<20)
	if err == nil || err.Error() != "split: a.json: no count record" {
		t.Fatalf("ReadSide of nothing = %v", err)
	}
	_, err = ReadSide(context.Background(), strings.NewReader("qtool-checkpoint 1\n"), "c.ckpt", 1<<20)
	if err == nil || !strings.HasPrefix(err.Error(), "checkpoint: ") {
		t.Fatalf("ReadSide of a cut checkpoint = %v, want a checkpoint error", err)
	}
}

// TestBoardLine: the board line of qtool count's text names the given
// pieces by the variant's word, and counts the rows free for a variant
// whose rules put one piece on every row and column (queens, toroidal,
// superqueens, tight-rooks), not for the others (rooks, whose rows may be
// empty; queens+pawns, whose rows are cut at the pawns); a problem no
// variant has (a record of a program that registered its own) has
// "pieces" and no rows.
func TestBoardLine(t *testing.T) {
	for _, tc := range []struct {
		problem string
		given   int
		want    string
	}{
		{"", 2, "b.txt (2 queens given, 6 rows free)"},
		{"", 1, "b.txt (1 queen given, 7 rows free)"},
		{"toroidal", 1, "b.txt (1 queen given, 7 rows free)"},
		{"superqueens", 3, "b.txt (3 superqueens given, 5 rows free)"},
		{"tight-rooks", 2, "b.txt (2 rooks given, 6 rows free)"},
		{"rooks", 2, "b.txt (2 rooks given)"},
		{"rooks+pawns", 1, "b.txt (1 rook given)"},
		{"queens+pawns", 2, "b.txt (2 queens given)"},
		{"domination", 1, "b.txt (1 queen given)"},
		{"kings", 0, "b.txt (0 kings given)"},
		{"queens+knights", 1, "b.txt (1 piece given)"},
		{"pieces", 2, "b.txt (2 pieces given)"},
		{"no-such", 2, "b.txt (2 pieces given)"},
	} {
		r := Record{N: 8, Problem: tc.problem, Board: "b.txt", Given: tc.given}
		if got := r.boardLine(); got != tc.want {
			t.Errorf("problem %q, %d given: %q, want %q", tc.problem, tc.given, got, tc.want)
		}
	}
}

// TestWriteTextPawns: the pawns line of the text names the pieces by the
// variant's word: n + k queens for queens+pawns, rooks for rooks+pawns.
func TestWriteTextPawns(t *testing.T) {
	for _, tc := range []struct {
		problem  string
		searched bool
		want     string
	}{
		{"queens+pawns", true, "pawns 2 (every placement searched), 8 queens"},
		{"rooks+pawns", false, "pawns 2 (on the board), 8 rooks"},
	} {
		k := 2
		r := Record{N: 6, Problem: tc.problem, Backend: "dlx", Pawns: &k, PawnsSearched: tc.searched, Complete: true}
		var b bytes.Buffer
		r.WriteText(&b, "ok")
		if text := strings.Join(strings.Fields(b.String()), " "); !strings.Contains(text, tc.want) {
			t.Errorf("%s: the text (blanks folded) is %q, want %q in it", tc.problem, text, tc.want)
		}
	}
}
