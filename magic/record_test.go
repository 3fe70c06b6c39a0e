package magic_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/magic"
)

// TestRecordsBothWays: the two records of n = 5, de la Loubère's square
// (sum 65, magic, not pandiagonal) and the pandiagonal square of Pólya's
// solution, which stands on its runs; n = 6 is refused.
func TestRecordsBothWays(t *testing.T) {
	recs, err := magic.BothWays(5)
	if err != nil || len(recs) != 2 {
		t.Fatalf("BothWays(5) = %d records, %v", len(recs), err)
	}
	lo, po := recs[0], recs[1]
	if lo.Source != "de la Loubère's square of order 5" || lo.Sum != 65 || !lo.Magic || lo.Pandiagonal || lo.FromQueens != nil || len(lo.Runs) == 0 {
		t.Errorf("de la Loubère's record: %+v", lo)
	}
	if !strings.HasPrefix(po.Source, "Pólya's solution of order 5") || !po.Pandiagonal || len(po.FromQueens) != 5 || len(po.Runs) == 0 {
		t.Errorf("Pólya's record: %+v", po)
	}
	if _, err := magic.BothWays(6); err == nil {
		t.Error("BothWays(6): no error")
	}
}

// TestQueensAndReadRecord: the square of a toroidal solution and the
// square read from text give the same record; errors name their source.
func TestQueensAndReadRecord(t *testing.T) {
	q, err := magic.QueensRecord("p7", magic.Polya(7))
	if err != nil || q.N != 7 || q.Source != "p7" || !q.Pandiagonal {
		t.Fatalf("QueensRecord = %+v, %v", q, err)
	}
	var b strings.Builder
	if err := magic.Format(&b, q.Square); err != nil {
		t.Fatal(err)
	}
	r, err := magic.ReadRecord(strings.NewReader(b.String()), "sq.txt")
	if err != nil || r.Sum != q.Sum || len(r.Runs) != len(q.Runs) || r.Source != "sq.txt" {
		t.Errorf("ReadRecord = %+v, %v; want the runs of %+v", r, err, q)
	}
	if _, err := magic.QueensRecord("eight", encode.Placement{0, 4, 7, 5, 2, 6, 1, 3}); err == nil || !strings.HasPrefix(err.Error(), "eight: magic: ") {
		t.Errorf("QueensRecord of a solution of n = 8: %v", err)
	}
	if _, err := magic.ReadRecord(strings.NewReader("1 2\n3 4\n"), "two.txt"); err == nil || !strings.HasPrefix(err.Error(), "two.txt: ") {
		t.Errorf("ReadRecord of a square that is not magic: %v", err)
	}
}

// TestReadQueens: a complete solution reads back; a partial board and a
// board with two queens in a row are refused, naming the file.
func TestReadQueens(t *testing.T) {
	p, err := magic.ReadQueens(strings.NewReader("n 5\n0 2 4 1 3\n"), "q5.txt")
	if err != nil || fmt.Sprint([]int(p)) != "[0 2 4 1 3]" {
		t.Errorf("ReadQueens = %v, %v", p, err)
	}
	for text, want := range map[string]string{
		"Q.\n..\n": "q.txt: 1 of 2 queens: a complete solution is needed",
		"QQ\n..\n": "q.txt: not a queens solution: ",
	} {
		if _, err := magic.ReadQueens(strings.NewReader(text), "q.txt"); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("ReadQueens(%q): %v, want %q…", text, err, want)
		}
	}
}
