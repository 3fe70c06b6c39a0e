package solution

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/qtool-project/qtool/encode"
)

func TestListingVerifiesAndLimits(t *testing.T) {
	prob := encode.Problem{Instance: encode.Instance{Board: encode.Empty(4)}}
	var b bytes.Buffer
	l := NewListing(prob, &b, "list", 1, false)
	if l.Visit(encode.Placement{0, 1, 2, 3}) || l.Wrong == nil || l.Printed != 0 {
		t.Fatalf("a wrong placement was let through: %+v", l)
	}
	l = NewListing(prob, &b, "list", 1, false)
	if more := l.Visit(encode.Placement{1, 3, 0, 2}); more || l.Wrong != nil || l.Printed != 1 {
		t.Fatalf("Visit of a solution with limit 1: more %v, %+v", more, l)
	}
	if b.String() != "1 3 0 2\n" {
		t.Errorf("wrote %q", b.String())
	}
	k := NewListing(prob, nil, "list", 0, true)
	k.Collect(encode.Placement{1, 3, 0, 2})
	k.Collect(encode.Placement{2, 0, 3, 1})
	if err := k.WriteClasses(); err != nil || len(k.Placements) != 1 || k.ClassSizes[0] != 2 {
		t.Errorf("the 4-queens solutions make one class of 2: %v %v %v", err, k.Placements, k.ClassSizes)
	}
}

// TestFinish: a listing that printed its limit is complete whatever the
// status; one cut short before says so on its last line (unless kept for
// JSON); an empty listing in a file says that there is no solution.
func TestFinish(t *testing.T) {
	prob := encode.Problem{Instance: encode.Instance{Board: encode.Empty(4)}}
	var b bytes.Buffer
	l := NewListing(prob, &b, "list", 1, false)
	l.Visit(encode.Placement{1, 3, 0, 2})
	rec := NewRecord(prob, "dlx", "", "")
	l.Finish(&rec, End{Status: "timeout", Why: "time limit reached", Elapsed: 1500 * time.Millisecond, Nodes: 7})
	if !rec.Complete || rec.Status != "ok" || rec.Solutions != 1 || *rec.Nodes != 7 || rec.Seconds != 1.5 || b.String() != "1 3 0 2\n" {
		t.Errorf("limit reached: %+v, wrote %q", rec, b.String())
	}
	b.Reset()
	l = NewListing(prob, &b, "list", 0, false)
	l.Visit(encode.Placement{1, 3, 0, 2})
	rec = NewRecord(prob, "dlx", "", "")
	l.Finish(&rec, End{Status: "timeout", Why: "time limit reached"})
	if rec.Complete || rec.Status != "timeout" || rec.Nodes != nil {
		t.Errorf("cut short: %+v", rec)
	}
	if want := "1 3 0 2\n# incomplete: time limit reached after 1 solution(s); the listing stops here\n"; b.String() != want {
		t.Errorf("cut short: wrote %q, want %q", b.String(), want)
	}
	three := encode.Problem{Instance: encode.Instance{Board: encode.Empty(3)}}
	b.Reset()
	l = NewListing(three, &b, "list", 1, false)
	l.ToFile = true
	rec = NewRecord(three, "bitmask", "", "q.txt")
	l.Finish(&rec, End{OK: true, Status: "ok"})
	if !rec.Complete || b.String() != "# no solution: the 3-queens problem has none\n" {
		t.Errorf("none in a file: %+v, wrote %q", rec, b.String())
	}
	data, _ := json.Marshal(rec)
	if want := `{"n":3,"backend":"bitmask","solutions":0,"out":"q.txt","seconds":0,"status":"ok","complete":true}`; string(data) != want {
		t.Errorf("JSON %s, want %s", data, want)
	}
}

// TestNewRecordOtherProblem: another problem than plain n-queens is named
// and counts its pieces, not the queens given.
func TestNewRecordOtherProblem(t *testing.T) {
	prob := encode.Problem{Instance: encode.Instance{Board: encode.Empty(5)}, Variant: encode.Knights}
	rec := NewRecord(prob, "dlx", "b.txt", "")
	var b bytes.Buffer
	l := NewListing(prob, &b, "list", 1, true)
	l.Finish(&rec, End{OK: true, Status: "ok", Pieces: 13})
	if rec.Problem != prob.Variant.String() || rec.Given != 0 || rec.Pieces == nil || *rec.Pieces != 13 || rec.Board != "b.txt" {
		t.Errorf("%+v", rec)
	}
	if got := NoSolution(prob); got != "no solution: this "+prob.Variant.String()+" problem on the 5×5 board has none" {
		t.Errorf("NoSolution: %q", got)
	}
}

// TestChooseForm: the default form follows the order; what does not suit
// the problem is refused.
func TestChooseForm(t *testing.T) {
	plain := func(b encode.Board) encode.Problem { return encode.Problem{Instance: encode.Instance{Board: b}} }
	pawns := func(n int) encode.Problem {
		return encode.Problem{Variant: encode.QueensPawns, Instance: encode.Instance{Board: encode.Empty(n)}, PawnCount: 1}
	}
	for _, c := range []struct {
		form   string
		prob   encode.Problem
		unique bool
		want   string // the form, or a part of the error
		ok     bool
	}{
		{"", plain(encode.Empty(64)), false, "grid", true},
		{"", plain(encode.Empty(65)), false, "list", true},
		{"algebraic", plain(encode.Empty(26)), true, "algebraic", true},
		{"algebraic", plain(encode.Empty(27)), false, "needs n ≤ 26, got 27", false},
		{"grid", plain(encode.Empty(MaxGrid + 1)), false, "refused for n = 5001 > 5000", false},
		{"list", plain(encode.Board{N: 4, Queens: []int{1, -1, -1, -1}}), true, "--unique needs an empty board", false},
		{"list", encode.Problem{Variant: encode.Kings, Instance: encode.Instance{Board: encode.Empty(4)}}, true, "plain n-queens only", false},
		// The pawns of queens+pawns are part of its answer: no form
		// without them.
		{"", pawns(100), false, "grid", true},
		{"list", pawns(6), false, "--format list writes no pawns, which are part of a queens+pawns answer", false},
		{"algebraic", pawns(6), false, "--format algebraic writes no pawns", false},
		{"", pawns(MaxGrid + 1), false, "use --json", false},
	} {
		form, err := ChooseForm(c.form, c.prob, c.unique)
		if c.ok && (err != nil || form != c.want) || !c.ok && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%q n = %d unique %v: %q, %v; want %q", c.form, c.prob.Board.N, c.unique, form, err, c.want)
		}
	}
}
