package encode_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
)

func TestParseForms(t *testing.T) {
	want := encode.Board{N: 8, Queens: []int{0, -1, 7, -1, -1, -1, -1, 3}}
	forms := map[string]string{
		"grid":         "# a comment\n\nQ.......\n........\n.......Q\n........\n\n........\n........\n........\n...Q....\n",
		"grid-crlf":    "Q.......\r\n........\r\n.......Q\r\n........\r\n........\r\n........\r\n........\r\n...Q....",
		"compact-rows": "n 8\n0 - 7 - - -\n- 3\n",
		"compact-pair": "# big boards\nn=8\n0,0 2,7\n7,3\n",
		"list":         "0 - 7 - - - - 3\n",
		"algebraic":    "a1, h3, d8\n",
	}
	for name, text := range forms {
		b, err := encode.ParseBoardBytes([]byte(text), name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if b.N != want.N || !equalQueens(b, want) {
			t.Errorf("%s: got %+v want %+v", name, b, want)
		}
	}
}

func equalQueens(a, b encode.Board) bool {
	if a.N != b.N {
		return false
	}
	for r := 0; r < a.N; r++ {
		if a.Queen(r) != b.Queen(r) {
			return false
		}
	}
	return true
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200; i++ {
		n := 1 + rng.IntN(40)
		b := oracle.RandomBoard(rng, n, rng.IntN(n+1))
		for _, form := range []string{"grid", "compact"} {
			var buf bytes.Buffer
			if form == "grid" {
				b.WriteGrid(&buf)
			} else {
				b.WriteCompact(&buf)
			}
			got, err := encode.ParseBoard(&buf, form)
			if err != nil {
				t.Fatalf("%s of %+v: %v", form, b, err)
			}
			if !equalQueens(got, b) {
				t.Fatalf("%s round trip: got %+v want %+v", form, got, b)
			}
		}
	}
	p := encode.Placement{0, 4, 7, 5, 2, 6, 1, 3}
	got, err := encode.ParseBoardBytes([]byte(p.String()+"\n"), "list")
	if err != nil || !equalQueens(got, p.Board()) {
		t.Errorf("list round trip: %+v %v", got, err)
	}
	alg, err := p.Algebraic()
	if err != nil {
		t.Fatal(err)
	}
	if alg != "a1, b7, c5, d8, e2, f4, g6, h3" {
		t.Errorf("algebraic: got %q", alg)
	}
	got, err = encode.ParseBoardBytes([]byte(alg), "alg")
	if err != nil || !equalQueens(got, p.Board()) {
		t.Errorf("algebraic round trip: %+v %v", got, err)
	}
}

func TestParseErrors(t *testing.T) {
	long := strings.Repeat(".", 5000)
	cases := []struct {
		name, text, want string
		illegal          bool
	}{
		{"empty", "", "f: no board", false},
		{"comments", "# only\n\n# this\n", "f: no board", false},
		{"ragged", "Q...\n..Q\n....\n....\n", "f:2:4: row 1 has 3 characters, the first row has 4", false},
		{"not-square", "Q...\n..Q.\n", "f:2:5: grid ends after 2 rows of 4 characters", false},
		{"too-many-rows", "Q.\n..\n..\n", "f:3:1: grid has more than 2 rows", false},
		{"char", "Q...\n..o.\n....\n....\n", "f:2:3: unexpected character \"o\"", false},
		{"binary", "\x00\x01\xff", "f:1:1: unexpected character byte 0x00", false},
		{"binary-later", "Q...\n.\xfe..\n", "f:2:2: unexpected character byte 0xfe", false},
		{"long-line", long, "f:1:5001: grid ends after 1 row of 5000 characters", false},
		{"two-in-row", "Q.Q.\n....\n....\n....\n", "f:1:3: row 0 holds two queens, at (0,0) a1 and (0,2) c1", true},
		{"attack", "Q...\n.Q..\n....\n....\n", "f:2:2: queens at (0,0) a1 and (1,1) b2 share a diagonal", true},
		{"column", "Q...\n....\nQ...\n....\n", "f:3:1: queens at (0,0) a1 and (2,0) a3 share column 0", true},
		{"compact-attack", "n 6\n\n1,1\n  3,3\n", "f:4:3: queens at (1,1) b2 and (3,3) d4 share a diagonal", true},
		{"list-attack", "0 - 2 - - -\n", "f:1:5: queens at (0,0) a1 and (2,2) c3 share a diagonal", true},
		{"algebraic-attack", "a1, c2\nb2\n", "f:2:1: rank 2 holds two queens, at (1,2) c2 and (1,1) b2", true},
		{"compact-twice", "n 4\n1,0 1,0\n", "f:2:5: square 1,0 given twice", false},
		{"compact-sign", "n 4\n+1 - - -\n", "bad column \"+1\"", false},
		{"bom", "\ufeffQ.\n..\n", "", false},
		{"compact-header", "n x\n", "f:1:1: bad header", false},
		{"compact-zero", "n 0\n", "n must be at least 1", false},
		{"compact-huge", "n 99999999999\n", "larger than the largest board", false},
		{"compact-range", "n 4\n0 1 9 -\n", "f:2:5: row 2: column 9 out of range", false},
		{"compact-count", "n 4\n0 2\n", "f:2:5: compact board ends after 2 rows, n = 4", false},
		{"compact-mixed", "n 4\n0,1 2\n", "f:2:5: token \"2\" mixes", false},
		{"compact-pair", "n 4\n0,x\n", "f:2:1: bad pair", false},
		{"compact-off", "n 4\n4,0\n", "off the board", false},
		{"compact-neg", "n 4\n-1,0\n", "off the board", false},
		{"compact-two", "n 4\n0,0\n0,2\n", "row 0 holds two queens", true},
		{"list-range", "0 4 1 2\n", "f:1:3: column 4 out of range", false},
		{"list-bad", "0 x 1\n", "f:1:3: bad column", false},
		{"list-two-lines", "0 2\n1 3\n", "f:2:1: unexpected second line", false},
		{"algebraic-bad", "a1, b\n", "f:1:5: bad square", false},
		{"algebraic-rank", "a1, b99\n", "bad square \"b99\"", false},
		{"garbage", "hello\n", "f:1:1: unexpected character \"h\"", false},
	}
	for _, c := range cases {
		_, err := encode.ParseBoardBytes([]byte(c.text), "f")
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %q, want it to contain %q", c.name, err, c.want)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error spans lines: %q", c.name, err)
		}
		if got := errors.Is(err, encode.ErrInvalidBoard); got != c.illegal {
			t.Errorf("%s: errors.Is(err, ErrInvalidBoard) = %v, want %v", c.name, got, c.illegal)
		}
	}
}

func FuzzParseBoard(f *testing.F) {
	for _, s := range []string{"Q\n", "Q...\n..Q.\n", "n 8\n0 - 7 - - - - 3\n", "n 5\n1,2\n", "0 2 4 1 3\n", "a1, b3\n", "#\n\n.Q..\n...Q\nQ...\n..Q.\n", "n = 8\ndiags = [[1, 0]]\n", "$ c\n8 1\n0 0\n", "8 1\n0 0\n"} {
		f.Add([]byte(s))
	}
	// A fuzzed header may ask for any n: the fuzzer runs as if the process
	// could use 256 MiB, so that a large n is refused as it would be on a
	// small machine.
	withLimit(f, 256<<20)
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := encode.ParseBoardBytes(data, "fuzz")
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error spans lines: %q", err)
			}
			return
		}
		if err := b.Validate(); err != nil {
			t.Fatalf("parsed board fails Validate: %v", err)
		}
		if b.N > 1<<16 {
			return // a round trip of millions of rows would only cost time
		}
		// What is written reads back the same.
		var buf bytes.Buffer
		if err := b.WriteCompact(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := encode.ParseBoard(&buf, "again")
		if err != nil || !equalQueens(back, b) {
			t.Fatalf("compact round trip of %+v: %+v, %v", b, back, err)
		}
	})
}
