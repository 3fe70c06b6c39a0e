package encode_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/prob079"
)

// readProb079 reads the answers of the 24 published instances.
func readProb079(t testing.TB) []prob079.Instance {
	t.Helper()
	rows, err := prob079.Read("../testdata/csplib-prob079/answers.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 24 {
		t.Fatalf("answers.tsv holds %d instances, want 24", len(rows))
	}
	return rows
}

func parseFile(t *testing.T, path string, opt encode.ReadOptions) encode.Instance {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in, err := encode.ParseInstanceWith(f, filepath.Base(path), opt)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// TestReadProb079 reads the 24 published instances in both forms: the
// .param files with the number of diagonals the published runs used, and
// the .qpos completion boards with the sizes answers.tsv gives.
func TestReadProb079(t *testing.T) {
	for _, p := range readProb079(t) {
		in := parseFile(t, "../testdata/csplib-prob079/"+p.Param, encode.ReadOptions{LimitDiagonals: true, Diagonals: p.Diagonals})
		if in.Board.N != p.Free || len(in.Excluded) != p.Diagonals || in.Board.Given() != 0 || len(in.Blocked) != 0 {
			t.Errorf("%s: n=%d, %d diagonals, %d given; want n=%d, %d diagonals", p.Param, in.Board.N, len(in.Excluded), in.Board.Given(), p.Free, p.Diagonals)
		}
		all := parseFile(t, "../testdata/csplib-prob079/"+p.Param, encode.ReadOptions{})
		if len(all.Excluded) < p.Diagonals || all.Excluded[0] != in.Excluded[0] {
			t.Errorf("%s: all diagonals %d, first %v", p.Param, len(all.Excluded), all.Excluded)
		}
		q := parseFile(t, "../testdata/csplib-prob079/"+p.Board, encode.ReadOptions{})
		if q.Board.N != p.N || q.Board.Given() != p.Given || !q.Plain() {
			t.Errorf("%s: N=%d given=%d, want %d and %d", p.Board, q.Board.N, q.Board.Given(), p.N, p.Given)
		}
	}
}

// TestReadParamFirst checks the first published file by hand: its first
// diagonals are [4, 1] (r+c = 4) and [2, 1].
func TestReadParamFirst(t *testing.T) {
	in := parseFile(t, "../testdata/csplib-prob079/params/diag-10-4-1.param", encode.ReadOptions{LimitDiagonals: true, Diagonals: 3})
	want := []encode.Diagonal{{4, true}, {2, true}, {14, false}}
	if fmt.Sprint(in.Excluded) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", in.Excluded, want)
	}
	if !want[2].Holds(10, 9, 4) || want[2].Holds(10, 4, 9) || !want[0].Holds(10, 1, 3) {
		t.Errorf("Holds is wrong")
	}
}

// TestReadEssence writes a published completion board in queens-gen-fast's
// Essence′ form (as its Python prints it, the list broken over lines) and
// reads back the same board.
func TestReadEssence(t *testing.T) {
	q := parseFile(t, "../testdata/csplib-prob079/nqc-diag12-106-d6.qpos", encode.ReadOptions{})
	var sb strings.Builder
	sb.WriteString("language ESSENCE' 1.0\n$ a comment\nletting n =  " + strconv.Itoa(q.Board.N) + "\nletting init =  [")
	k := 0
	for r, c := range q.Board.Queens {
		if c < 0 {
			continue
		}
		if k > 0 {
			sb.WriteString(", ")
		}
		if k%7 == 6 {
			sb.WriteString("\n\t\t")
		}
		fmt.Fprintf(&sb, "[%d, %d]", r, c)
		k++
	}
	sb.WriteString("]\n")
	in, err := encode.ParseInstance(strings.NewReader(sb.String()), "x.param")
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(in.Board.Queens) != fmt.Sprint(q.Board.Queens) {
		t.Errorf("Essence′ board differs from the .qpos one")
	}
}

func TestReadBlockedGrid(t *testing.T) {
	in, err := encode.ParseInstance(strings.NewReader("# blocked\n.x..\n...Q\nx...\n..x.\n"), "b.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := []encode.Cell{{0, 1}, {2, 0}, {3, 2}}
	if fmt.Sprint(in.Blocked) != fmt.Sprint(want) || in.Board.Queen(1) != 3 || in.Board.N != 4 {
		t.Errorf("got %+v", in)
	}
	if _, err := encode.ParseBoard(strings.NewReader(".x..\n....\n....\n....\n"), "b.txt"); err == nil || !strings.HasPrefix(err.Error(), "b.txt:1:2: blocked square") {
		t.Errorf("ParseBoard of a blocked grid: %v", err)
	}
}

// TestReadInstanceErrors: every malformed file is refused at its place.
func TestReadInstanceErrors(t *testing.T) {
	for _, c := range []struct {
		name, in, want string
		opt            encode.ReadOptions
		illegal        bool
	}{
		{"param no n", "numdiags = 1\ndiags = [[1, 1]]\n", "f: no parameter n", encode.ReadOptions{}, false},
		{"param count", "n = 4\nnumdiags = 2\ndiags = [[1, 1]]\n", "f:2:12: numdiags says 2, the list diags holds 1", encode.ReadOptions{}, false},
		{"param type", "n = 4\ndiags = [[1, 1], [2, 5]]\n", "f:2:18: diagonal [2, 5]: the type must be", encode.ReadOptions{}, false},
		{"param range", "n = 4\ndiags = [[7, 1]]\n", "f:2:10: diagonal [7, 1]: d must be in 0..6", encode.ReadOptions{}, false},
		{"param syntax", "n = 4\ndiags = [[1, 1] [2, 0]]\n", "f:2:17: want ',' or ']'", encode.ReadOptions{}, false},
		{"param eof", "n = 4\ndiags = [[1, 1],\n", "f:2:17: want a number or a list '[…]', got the end of the file", encode.ReadOptions{}, false},
		{"param char", "n = 4\ndiags = [[1; 1]]\n", "f:2:12: unexpected character \";\"", encode.ReadOptions{}, false},
		{"param unknown", "n = 4\ndiags = [[1, 1]]\nm = 3\n", "f:3:1: unknown parameter \"m\"", encode.ReadOptions{}, false},
		{"param twice", "n = 4\ndiags = []\nn = 5\n", "f:3:1: parameter n given twice (first at line 1)", encode.ReadOptions{}, false},
		{"param limit", "n = 4\ndiags = [[1, 1]]\n", "f:2:9: --diagonals 2: the file lists 1 diagonals", encode.ReadOptions{LimitDiagonals: true, Diagonals: 2}, false},
		{"param pair", "n = 4\ndiags = [[1, 1, 2]]\n", "f:2:10: diags: element 1 is not a pair", encode.ReadOptions{}, false},
		{"essence off", "letting n = 4\nletting init = [[0, 1], [4, 0]]\n", "f:2:25: queen [4, 0] off the board", encode.ReadOptions{}, false},
		{"essence attack", "letting n = 4\nletting init = [[0, 1],\n [1, 2]]\n", "f:3:2: queens at (0,1) b1 and (1,2) c2 share a diagonal", encode.ReadOptions{}, true},
		{"essence row", "letting n = 4\nletting init = [[0, 1], [0, 3]]\n", "f:2:25: row 0 holds two queens", encode.ReadOptions{}, true},
		{"essence n", "letting n = 0\n", "f:1:13: n must be a whole number at least 1", encode.ReadOptions{}, false},
		{"essence huge", "letting n = 99999999999\n", "f:1: n = 99999999999 is larger than the largest board", encode.ReadOptions{}, false},
		{"qpos count", "5 2\n0 1\n", "f:2: the header announces 2 queens, the file gives 1", encode.ReadOptions{}, false},
		{"qpos extra", "5 1\n0 1\n2 3\n", "f:3:1: more than the 1 queens the header announces", encode.ReadOptions{}, false},
		{"qpos bad", "5 1\n0 x\n", "f:2:3: bad column \"x\"", encode.ReadOptions{}, false},
		{"qpos fields", "5 1\n0 1 2\n", "f:2:3: want \"row col\", got 3 fields", encode.ReadOptions{}, false},
		{"qpos k", "5 7\n", "f:1:3: bad queen count \"7\": want 0 ≤ K ≤ N = 5", encode.ReadOptions{}, false},
		{"qpos attack", "5 2\n0 0\n1 1\n", "f:3:1: queens at (0,0) a1 and (1,1) b2 share a diagonal", encode.ReadOptions{}, true},
		{"qpos off", "5 1\n5 0\n", "f:2:1: queen 5 0 off the board", encode.ReadOptions{}, false},
		{"grid char", "..o.\n....\n....\n....\n", "f:1:3: unexpected character \"o\"", encode.ReadOptions{}, false},
		{"limit plain", "Q...\n", "f:1:5: grid ends after 1 row", encode.ReadOptions{}, false},
		{"limit board", "n 4\n", "f: --diagonals 1: the file excludes no diagonal", encode.ReadOptions{LimitDiagonals: true, Diagonals: 1}, false},
		{"queen on excluded", "letting n = 4\nletting init = [[0, 1]]\ndiags = [[1, 1]]\n", "f:2:17: the queen given at (0,1) b1 stands on an excluded diagonal", encode.ReadOptions{}, true},
	} {
		_, err := encode.ParseInstanceWith(strings.NewReader(c.in), "f", c.opt)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
			continue
		}
		var pe *encode.ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%s: %T is not a *ParseError", c.name, err)
		}
		if errors.Is(err, encode.ErrInvalidBoard) != c.illegal {
			t.Errorf("%s: ErrInvalidBoard %v, want %v", c.name, !c.illegal, c.illegal)
		}
	}
}

// FuzzParseInstance: no input makes ParseInstance panic, and what it
// accepts is a valid instance.
func FuzzParseInstance(f *testing.F) {
	for _, s := range []string{
		"n = 4\nnumdiags = 1\ndiags = [[1, 1]]\n",
		"letting n = 5\nletting init = [[0, 1], [2, 2]]\n",
		"5 2\n0 1\n2 2\n",
		".x..\n...Q\nx...\n..x.\n",
		"n 6\n0,1\n",
		"language ESSENCE' 1.0\nletting n be 3\n",
		// Issue 24's inputs: deep lists, one-line statements, a '$'
		// comment before a .qpos header.
		"n = 8\ndiags = " + strings.Repeat("[", 2000),
		"n = 8\ndiags = [[[[[[[[[[1]]]]]]]]]]\n",
		"n = 8 diags = [[1, 0]]\n",
		"$ comment\n8 1\n0 0\n",
		"0 2\n1 3\n",
	} {
		f.Add([]byte(s))
	}
	// As FuzzParseBoard: sizes are refused as on a machine with 256 MiB
	// to spare (a header "33333170 0" took the fuzzing process's memory).
	withLimit(f, 256<<20)
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := encode.ParseInstance(strings.NewReader(string(data)), "fuzz")
		if err != nil {
			return
		}
		if err := in.Validate(); err != nil {
			t.Fatalf("accepted an invalid instance: %v", err)
		}
	})
}
