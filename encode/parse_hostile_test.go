package encode_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/memlimit"
	"github.com/qtool-project/qtool/internal/textin"
)

// withLimit pretends that the process may use lim bytes.
func withLimit(t testing.TB, lim uint64) {
	old := memlimit.Limit
	memlimit.Limit = func() uint64 { return lim }
	t.Cleanup(func() { memlimit.Limit = old })
}

// TestParseBOM: a byte-order mark is dropped before anything else, whatever
// follows it (issue #11 item 1: a lone mark panicked, one before a comment
// was refused).
func TestParseBOM(t *testing.T) {
	for name, c := range map[string]struct{ text, err string }{
		"bom-only":         {"\xef\xbb\xbf", "f: no board"},
		"bom-newline":      {"\xef\xbb\xbf\n", "f: no board"},
		"bom-crlf":         {"\xef\xbb\xbf\r\n\r\n", "f: no board"},
		"bom-comment":      {"\xef\xbb\xbf# a comment\nn 4\n1 3 0 2\n", ""},
		"bom-blank":        {"\xef\xbb\xbf\n\n.Q..\n...Q\nQ...\n..Q.\n", ""},
		"bom-list":         {"\xef\xbb\xbf1 3 0 2", ""},
		"bom-algebraic":    {"\xef\xbb\xbfb1, d2, a3, c4\n", ""},
		"bom-twice":        {"\xef\xbb\xbf\xef\xbb\xbf1 3 0 2\n", "f:1:1: unexpected character byte 0xef"},
		"bom-inside-later": {"n 4\n\xef\xbb\xbf1 3 0 2\n", "f:2:1: bad column"},
	} {
		b, err := encode.ParseBoardBytes([]byte(c.text), "f")
		if c.err == "" {
			if err != nil || b.N != 4 {
				t.Errorf("%s: %+v, %v; want a 4×4 board", name, b, err)
			}
			continue
		}
		if err == nil || !strings.HasPrefix(err.Error(), c.err) {
			t.Errorf("%s: got %v, want %q", name, err, c.err)
		}
	}
}

// zeros is an endless input without a newline, like /dev/zero.
type zeros struct{ n int64 }

func (z *zeros) Read(p []byte) (int, error) {
	clear(p)
	z.n += int64(len(p))
	return len(p), nil
}

// TestParseEndless: an endless line is refused after a bounded read
// (issue #11 item 2: qtool check /dev/zero read until the runtime died).
func TestParseEndless(t *testing.T) {
	withLimit(t, 64<<20)
	for _, prefix := range []string{"", "n 8\n", "Q.\n", "a1\n", "# c\n"} {
		z := &zeros{}
		_, err := encode.ParseBoard(readers(strings.NewReader(prefix), z), "/dev/zero")
		var pe *textin.Error
		if !errors.As(err, &pe) || !errors.Is(err, textin.ErrLineTooLong) {
			t.Errorf("%q then zeros: got %v, want a line-too-long error", prefix, err)
		}
		if z.n > 16<<20 {
			t.Errorf("%q then zeros: read %d bytes with a limit of 64 MiB", prefix, z.n)
		}
	}
}

type multi struct {
	rs []interface{ Read([]byte) (int, error) }
}

func readers(rs ...interface{ Read([]byte) (int, error) }) *multi { return &multi{rs} }

func (m *multi) Read(p []byte) (int, error) {
	for len(m.rs) > 0 {
		n, err := m.rs[0].Read(p)
		if n > 0 {
			return n, nil
		}
		if err != nil {
			m.rs = m.rs[1:]
		}
	}
	return 0, errors.New("eof")
}

// TestParseHugeHeader: a header whose board cannot fit is refused before
// the board is allocated, with the estimate (issue #11 item 2: the 12 bytes
// "n 268435456" allocated 2 GB).
func TestParseHugeHeader(t *testing.T) {
	withLimit(t, 1<<30)
	for _, text := range []string{"n 268435456\n", "n 268435456", "n=100000000\n0,0\n", "n 30000000\n"} {
		_, err := encode.ParseBoardBytes([]byte(text), "big.txt")
		if err == nil || !strings.Contains(err.Error(), "needs about") || !strings.HasPrefix(err.Error(), "big.txt:1: a board of n = ") {
			t.Errorf("%q: got %v, want a refusal with the estimate", text, err)
		}
	}
	// A board that fits is read.
	b, err := encode.ParseBoardBytes([]byte("n 1000000\n5,7\n"), "ok.txt")
	if err != nil || b.N != 1000000 || b.Given() != 1 {
		t.Errorf("n = 10⁶ with one queen: %v", err)
	}
	// Above MaxN, whatever the memory.
	withLimit(t, 1<<62)
	if _, err := encode.ParseBoardBytes([]byte("n 268435457\n"), "f"); err == nil || !strings.Contains(err.Error(), "larger than the largest board") {
		t.Errorf("n = 2^28+1: %v", err)
	}
}

// TestParseLongLines: once the order is known, a line longer than the order
// allows is refused where it starts to be too long.
func TestParseLongLines(t *testing.T) {
	long := strings.Repeat(" ", 200<<10) + "0"
	for _, text := range []string{"n 4\n" + long + "\n", "Q...\n" + long + "\n", "a1\n" + long + "\n"} {
		_, err := encode.ParseBoardBytes([]byte(text), "f")
		if !errors.Is(err, textin.ErrLineTooLong) || !strings.HasPrefix(err.Error(), "f:2:") {
			t.Errorf("%.8q…: got %v", text, err)
		}
	}
}
