package classroom_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/classroom/i18n"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
)

// TestMakePuzzles: every puzzle has the empty rows asked for, its solution
// completes it (verified), the unique ones have one completion by brute
// force, no puzzle twice, the same seed the same puzzles; a PDF is written.
func TestMakePuzzles(t *testing.T) {
	for _, c := range []struct {
		n, k, blank int
		unique      bool
	}{{4, 2, 2, false}, {6, 4, 3, true}, {8, 10, 4, true}, {8, 10, 6, false}, {10, 3, 7, true}} {
		ps, err := classroom.MakePuzzles(context.Background(), c.n, c.k, c.blank, c.unique, 7)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		seen := map[string]bool{}
		for _, p := range ps {
			if p.Board.N-p.Board.Given() != c.blank || encode.Verify(p.Board.Problem(), p.Solution) != nil || seen[fmt.Sprint(p.Board.Queens)] {
				t.Fatalf("%+v: puzzle %v with solution %v", c, p.Board.Queens, p.Solution)
			}
			seen[fmt.Sprint(p.Board.Queens)] = true
			if n := len(oracle.Completions(p.Board)); c.unique && n != 1 {
				t.Fatalf("%+v: puzzle %v has %d completions", c, p.Board.Queens, n)
			}
		}
		again, _ := classroom.MakePuzzles(context.Background(), c.n, c.k, c.blank, c.unique, 7)
		if fmt.Sprint(again) != fmt.Sprint(ps) || len(ps) != c.k {
			t.Errorf("%+v: %d puzzles; the same seed gave others", c, len(ps))
		}
		var buf bytes.Buffer
		if err := classroom.WriteWorksheet(&buf, ps, classroom.WorksheetOptions{}); err != nil || !bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")) {
			t.Errorf("%+v: PDF %v", c, err)
		}
	}
	// n = 4 has two solutions and few puzzles: asking for more is refused.
	if _, err := classroom.MakePuzzles(context.Background(), 4, 30, 2, true, 1); err == nil {
		t.Error("30 distinct 4×4 puzzles were made")
	}
	if _, err := classroom.MakePuzzles(context.Background(), 3, 1, 1, false, 1); err == nil {
		t.Error("a 3×3 puzzle was made")
	}
}

// TestSheet: a sheet is checked, names the command that makes it again,
// and makes its puzzles and writes them as a PDF.
func TestSheet(t *testing.T) {
	for _, c := range []struct {
		s    classroom.Sheet
		want string
	}{
		{classroom.Sheet{N: 3, Puzzles: 1}, "-n must be 4 to 16 for a worksheet, got 3"},
		{classroom.Sheet{N: 8, Puzzles: 61}, "--puzzles must be 1 to 60, got 61"},
		{classroom.Sheet{N: 8, Puzzles: 6, Blank: 9}, "--blank must be 0 (from --difficulty) to 8, got 9"},
	} {
		if err := c.s.Check(); err == nil || err.Error() != "classroom: "+c.want {
			t.Errorf("%+v: %v, want %q", c.s, err, c.want)
		}
	}
	s := classroom.Sheet{N: 6, Puzzles: 2, Blank: 3, Unique: true, Seed: 5, Cat: i18n.English()}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	if got, want := s.Command(), "qtool worksheet -n 6 --puzzles 2 --blank 3 --seed 5 --lang en --unique"; got != want {
		t.Errorf("Command %q, want %q", got, want)
	}
	ps, err := s.Make(context.Background())
	if err != nil || len(ps) != 2 || !ps[0].Unique {
		t.Fatalf("Make: %d puzzles, %v", len(ps), err)
	}
	path := filepath.Join(t.TempDir(), "w.pdf")
	if err := s.WriteFile(path, ps); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil || !bytes.HasPrefix(data, []byte("%PDF-")) {
		t.Errorf("the PDF: %d bytes, %v", len(data), err)
	}
}
