package magic_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/magic"
)

func TestReadErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "sq.txt: no square: the file holds no numbers"},
		{"# only a comment\n\n", "sq.txt: no square"},
		{"1 2\n3\n", "sq.txt:2:2: row has 1 numbers; the first row has 2"},
		{"1 2\n3 4 5\n", "sq.txt:2:5: row has more than 2 numbers"},
		{"1 2\n3 4\n5 6\n", "sq.txt:3:1: a 2×2 square has 2 rows; this is one more"},
		{"1 2 3\n4 5 6\n", "sq.txt:2: a 3×3 square needs 3 rows; the file ends after 2"},
		{"1 x\n", "sq.txt:1:3: \"x\" is not a whole number"},
		{"1 2\n3 99999999999\n", "sq.txt:2:3: number 99999999999 beyond ±1000000000"},
		{strings.Repeat("1 ", magic.MaxN+1) + "\n", fmt.Sprintf("sq.txt:1:%d: row has more than %d numbers", 2*magic.MaxN+1, magic.MaxN)},
		{strings.Repeat("7", magic.MaxN*12+1), "line longer than"},
	} {
		_, err := magic.Read(strings.NewReader(tc.in), "sq.txt")
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Read(%.30q) = %v, want one line containing %q", tc.in, err, tc.want)
		}
	}
	s, err := magic.Read(strings.NewReader("\ufeff# Lo Shu\r\n4 9 2\r\n\t3 5 7\r\n\n8 1 6"), "sq.txt")
	if err != nil || fmt.Sprint(s) != "[[4 9 2] [3 5 7] [8 1 6]]" {
		t.Errorf("Read = %v, %v", s, err)
	}
}

// FuzzRead: Read returns a square or an error of one line, never panics,
// and what it returns Format writes back as text that Read reads to the
// same square. The seed corpus is testdata/fuzz/FuzzRead.
func FuzzRead(f *testing.F) {
	f.Add([]byte("4 9 2\n3 5 7\n8 1 6\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := magic.Read(bytes.NewReader(data), "fuzz")
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		if len(s) == 0 || len(s) > magic.MaxN {
			t.Fatalf("a square of order %d", len(s))
		}
		if _, err := magic.Check(s); err != nil {
			t.Fatalf("Read returned a square Check refuses: %v", err)
		}
		var b bytes.Buffer
		if err := magic.Format(&b, s); err != nil {
			t.Fatal(err)
		}
		back, err := magic.Read(&b, "again")
		if err != nil || fmt.Sprint(back) != fmt.Sprint(s) {
			t.Fatalf("Format/Read: %v, %v; want %v", back, err, s)
		}
	})
}
