package encode_test

import (
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

// TestProblemSpec: a spec names its variant, with the pieces and pawns
// options checked against it, and loads an empty board or a file, with
// the messages of the command line.
func TestProblemSpec(t *testing.T) {
	set := func(names ...string) map[string]bool {
		m := map[string]bool{}
		for _, n := range names {
			m[n] = true
		}
		return m
	}
	load := func(s encode.ProblemSpec, file string) (encode.Problem, error) {
		prob, err := s.Variant()
		if err != nil {
			return prob, err
		}
		return s.Load(prob, strings.NewReader(file), "b.txt")
	}
	for _, c := range []struct {
		spec encode.ProblemSpec
		file string
		want string // the error, or "" for a problem loaded
	}{
		{encode.ProblemSpec{N: 8, Set: set("n")}, "", ""},
		{encode.ProblemSpec{Variants: true, VariantName: "queens", Set: set()}, "", "encode: give the board order with -n N, or a board with --board FILE"},
		{encode.ProblemSpec{Variants: true, VariantName: "queens", N: 0, Set: set("n")}, "", "encode: -n must be at least 1, got 0"},
		{encode.ProblemSpec{Variants: true, VariantName: "rooks", N: encode.MaxN + 1, Set: set("n")}, "", "is larger than qtool handles"},
		{encode.ProblemSpec{Variants: true, VariantName: "bees", N: 4, Set: set("n", "problem")}, "", `encode: --problem "bees": want one of ` + encode.VariantNames()},
		{encode.ProblemSpec{Variants: true, VariantName: "pieces", N: 4, Set: set("n", "problem")}, "", "--problem pieces needs --pieces COUNTS"},
		{encode.ProblemSpec{Variants: true, VariantName: "kings", Pieces: "Q=1", N: 4, Set: set("n", "problem", "pieces")}, "", "encode: --pieces applies to --problem pieces, not kings"},
		{encode.ProblemSpec{Variants: true, VariantName: "queens", Pieces: "Q=2,N=2", N: 5, Set: set("n", "pieces")}, "", ""},
		{encode.ProblemSpec{Variants: true, VariantName: "queens", Pawns: 1, N: 5, Set: set("n", "pawns")}, "", "encode: --pawns applies to --problem queens+pawns, not queens"},
		{encode.ProblemSpec{Variants: true, VariantName: "queens+pawns", Pawns: 26, N: 5, Set: set("n", "pawns")}, "", "encode: --pawns 26: the 5×5 board has 25 free squares"},
		{encode.ProblemSpec{Variants: true, VariantName: "queens", Diagonals: 2, N: 5, Set: set("n", "diagonals")}, "", "encode: --diagonals takes the first K excluded diagonals of a --board file"},
		{encode.ProblemSpec{Variants: true, VariantName: "queens", Board: "b.txt", Set: set()}, "Q...\n....\n....\n....\n", ""},
		{encode.ProblemSpec{Variants: true, VariantName: "queens", Board: "b.txt", N: 5, Set: set("n")}, "Q...\n....\n....\n....\n", "encode: -n 5 disagrees with the board in b.txt, which is 4×4"},
		{encode.ProblemSpec{Variants: true, VariantName: "queens", Board: "b.txt", Set: set()}, "Q...\n.Q..\n....\n....\n", "b.txt:2:2"},
		{encode.ProblemSpec{Variants: true, VariantName: "queens", Board: "b.txt", Set: set()}, "p...\n....\n....\n....\n", "encode: b.txt: the board has pawns ('p'), which only --problem queens+pawns reads"},
	} {
		prob, err := load(c.spec, c.file)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%+v: %v", c.spec, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%+v: error %v, want %q", c.spec, err, c.want)
		case c.want == "" && prob.Board.N != max(c.spec.N, 4):
			t.Errorf("%+v: a board of order %d", c.spec, prob.Board.N)
		}
	}
}

// TestLoadBoard: the board of a trace, from a file (of the order given,
// if one is) or empty.
func TestLoadBoard(t *testing.T) {
	file := "Q...\n....\n....\n....\n"
	b, err := encode.ProblemSpec{Board: "b.txt"}.LoadBoard(strings.NewReader(file), "b.txt")
	if err != nil || b.N != 4 || b.Given() != 1 {
		t.Errorf("a file: %v %v", b, err)
	}
	if _, err := (encode.ProblemSpec{Board: "b.txt", N: 5, Set: map[string]bool{"n": true}}).LoadBoard(strings.NewReader(file), "b.txt"); err == nil || err.Error() != "encode: -n 5 disagrees with the board in b.txt, which is 4×4" {
		t.Errorf("-n 5: %v", err)
	}
	if b, err := (encode.ProblemSpec{N: 6}).LoadBoard(nil, ""); err != nil || b.N != 6 || b.Given() != 0 {
		t.Errorf("empty: %v %v", b, err)
	}
	if _, err := (encode.ProblemSpec{N: 0}).LoadBoard(nil, ""); err == nil || err.Error() != "encode: -n must be at least 1, got 0" {
		t.Errorf("-n 0: %v", err)
	}
}
