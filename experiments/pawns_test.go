package experiments_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

type nkRow struct {
	k      int
	unique bool
	seq    string
	n      int
	value  uint64
}

func readNKQueens(t *testing.T) []nkRow {
	t.Helper()
	f, err := os.Open("../testdata/nk-queens-oeis.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []nkRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") || sc.Text() == "" {
			continue
		}
		w := strings.Split(sc.Text(), "\t")
		if len(w) != 5 {
			t.Fatalf("nk-queens-oeis.tsv: %q", sc.Text())
		}
		k, err1 := strconv.Atoi(w[0])
		n, err2 := strconv.Atoi(w[3])
		v, err3 := strconv.ParseUint(w[4], 10, 64)
		if err1 != nil || err2 != nil || err3 != nil || (w[1] != "all" && w[1] != "unique") {
			t.Fatalf("nk-queens-oeis.tsv: %q", sc.Text())
		}
		rows = append(rows, nkRow{k, w[1] == "unique", w[2], n, v})
	}
	return rows
}

// nkQuick bounds the rows checked without -long: pawns, n.
func nkQuick(r nkRow) bool {
	switch r.k {
	case 1:
		return r.n <= 9
	case 2:
		return r.n <= 8
	}
	return r.n <= 7
}

// canonical is the least of the eight images of a board of queens and
// pawns under the symmetries of the square, as text.
func canonical(n int, queens, pawns []encode.Cell) string {
	best := ""
	for s := range 8 {
		img := func(cs []encode.Cell) []string {
			var out []string
			for _, x := range cs {
				r, c := x.R, x.C
				if s&1 != 0 {
					c = n - 1 - c
				}
				if s&2 != 0 {
					r = n - 1 - r
				}
				if s&4 != 0 {
					r, c = c, r
				}
				out = append(out, fmt.Sprintf("%03d,%03d", r, c))
			}
			slices.Sort(out)
			return out
		}
		t := strings.Join(img(queens), " ") + "|" + strings.Join(img(pawns), " ")
		if best == "" || t < best {
			best = t
		}
	}
	return best
}

// TestQueensPawnsOEIS counts the n+k queens problem, every placement of k
// pawns searched, on backtrack, dlx and sat against Chatham's OEIS
// entries: the counts of every placement directly, the classes under
// symmetry by listing every solution (each checked by encode.Verify
// on its own board of pawns) and keeping one per class.
func TestQueensPawnsOEIS(t *testing.T) {
	for _, row := range readNKQueens(t) {
		if !*long && !nkQuick(row) {
			continue
		}
		p := encode.Problem{Variant: encode.QueensPawns, Instance: encode.Instance{Board: encode.Empty(row.n)}, PawnCount: row.k}
		names := []string{"backtrack", "dlx"}
		if row.n <= 8 || *long {
			names = append(names, "sat")
		}
		for _, name := range names {
			b, err := backend.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			if !row.unique {
				out, err := backend.Solve(context.Background(), b, p, backend.Request{Mode: backend.Count})
				if err != nil || out.Status != backend.OK {
					t.Fatalf("k=%d n=%d %s: %+v %v", row.k, row.n, name, out, err)
				}
				if out.Solutions != row.value {
					t.Errorf("k=%d n=%d %s: %d placements, %s says %d", row.k, row.n, name, out.Solutions, row.seq, row.value)
				}
				continue
			}
			if name == "sat" && row.n > 7 && !*long {
				continue
			}
			board := p
			classes := map[string]bool{}
			var bad error
			_, err = backend.Solve(context.Background(), b, p, backend.Request{Mode: backend.Find,
				OnInstance: func(in encode.Instance) { board.Instance = in },
				VisitCells: func(cs []encode.Cell) bool {
					if err := encode.Verify(board, cs); err != nil && bad == nil {
						bad = err
					}
					classes[canonical(row.n, cs, board.Pawns)] = true
					return true
				}})
			if err != nil || bad != nil {
				t.Fatalf("k=%d n=%d %s: %v %v", row.k, row.n, name, err, bad)
			}
			if uint64(len(classes)) != row.value {
				t.Errorf("k=%d n=%d %s: %d classes, %s says %d", row.k, row.n, name, len(classes), row.seq, row.value)
			}
		}
	}
}

// bruteNK counts n+k queens and k pawns over every placement of the
// pawns with bruteOn.
func bruteNK(n, k int) uint64 {
	var total uint64
	encode.ForEachPawnSet(n, k, func(pawns []encode.Cell) bool {
		total += bruteOn(n, pawns)
		return true
	})
	return total
}

// bruteOn counts the placements of n + len(pawns) queens among the pawns
// by walking the board square by square, each new queen's eight rays
// walked until a pawn: no model, no lines.
func bruteOn(n int, pawns []encode.Cell) uint64 {
	var total uint64
	pawn := make([]bool, n*n)
	for _, x := range pawns {
		pawn[x.R*n+x.C] = true
	}
	queen := make([]bool, n*n)
	attacked := func(r, c int) bool {
		for _, d := range [8][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}, {0, -1}, {-1, 0}, {-1, -1}, {-1, 1}} {
			for rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < n && cc >= 0 && cc < n && !pawn[rr*n+cc]; rr, cc = rr+d[0], cc+d[1] {
				if queen[rr*n+cc] {
					return true
				}
			}
		}
		return false
	}
	var place func(from, left int)
	place = func(from, left int) {
		if left == 0 {
			total++
			return
		}
		for s := from; s <= n*n-left; s++ {
			if pawn[s] || attacked(s/n, s%n) {
				continue
			}
			queen[s] = true
			place(s+1, left-1)
			queen[s] = false
		}
	}
	place(0, n+len(pawns))
	return total
}

// TestQueensPawnsBrute checks the small boards against bruteNK on every
// model backend, and with k = 0 against plain n-queens.
func TestQueensPawnsBrute(t *testing.T) {
	for _, c := range [][2]int{{1, 0}, {4, 0}, {5, 0}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {4, 2}, {5, 2}, {6, 2}, {5, 3}} {
		n, k := c[0], c[1]
		want := bruteNK(n, k)
		p := encode.Problem{Variant: encode.QueensPawns, Instance: encode.Instance{Board: encode.Empty(n)}, PawnCount: k}
		for _, name := range []string{"backtrack", "dlx", "sat"} {
			b, _ := backend.Lookup(name)
			out, err := backend.Solve(context.Background(), b, p, backend.Request{Mode: backend.Count})
			if err != nil || out.Status != backend.OK || out.Solutions != want {
				t.Errorf("n=%d k=%d %s: %d (%v), brute force %d", n, k, name, out.Solutions, err, want)
			}
		}
	}
}

// TestQueensPawnsBoard: a board with its pawns placed is one model; two
// queens in a row on either side of a pawn are allowed, not across none.
func TestQueensPawnsBoard(t *testing.T) {
	// A 6×6 board of A103331: the pawn on row 1, column 2 separates two
	// queens in its row and two in its column.
	in, err := encode.ParseInstance(strings.NewReader("......\n..p...\n......\n......\n......\n......\n"), "p.txt")
	if err != nil {
		t.Fatal(err)
	}
	p := encode.Problem{Variant: encode.QueensPawns, Instance: in}
	m, err := encode.NewModel(p)
	if err != nil {
		t.Fatal(err)
	}
	if m.Pieces != 7 {
		t.Fatalf("pieces %d, want 7", m.Pieces)
	}
	b, _ := backend.Lookup("dlx")
	var got uint64
	_, err = backend.Solve(context.Background(), b, p, backend.Request{Mode: backend.Find, VisitCells: func(cs []encode.Cell) bool {
		got++
		if err := encode.Verify(p, cs); err != nil {
			t.Error(err)
		}
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := bruteOn(6, in.Pawns)
	if got != want || got == 0 {
		t.Errorf("%d solutions, brute force %d", got, want)
	}
	// One of its solutions, and the same queens with a queen moved
	// across the pawn (two queens in row 1 on one side of it).
	good := []encode.Cell{{R: 0, C: 2}, {R: 1, C: 0}, {R: 1, C: 5}, {R: 2, C: 2}, {R: 3, C: 4}, {R: 4, C: 1}, {R: 5, C: 3}}
	if err := encode.Verify(p, good); err != nil {
		t.Errorf("VerifyCells refuses a solution: %v", err)
	}
	bad := slices.Clone(good)
	bad[2] = encode.Cell{R: 1, C: 1}
	if err := encode.Verify(p, bad); err == nil {
		t.Error("VerifyCells accepts two queens side by side")
	}
}
