package textin_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/qtool-project/qtool/internal/textin"
)

func lines(t *testing.T, in string, max int) ([]string, error) {
	t.Helper()
	r := textin.NewReader(strings.NewReader(in), "f.txt", max)
	var got []string
	for {
		l, err := r.Next()
		if err == io.EOF {
			return got, nil
		}
		if err != nil {
			return got, err
		}
		got = append(got, string(l))
	}
}

func TestReaderLines(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"\ufeff", nil},
		{"\ufeff\n", []string{""}},
		{"\ufeff# c\nab\n", []string{"# c", "ab"}},
		{"a\r\nb\nc", []string{"a", "b", "c"}},
		{"a\n\n", []string{"a", ""}},
		{"x\ufeff\n", []string{"x\ufeff"}}, // only a leading mark is dropped
	} {
		got, err := lines(t, c.in, 10)
		if err != nil || strings.Join(got, "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
			t.Errorf("%q: got %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

func TestReaderBound(t *testing.T) {
	// A line of exactly the bound passes, one byte more does not, with or
	// without its newline.
	if got, err := lines(t, strings.Repeat("a", 5)+"\r\n", 5); err != nil || len(got) != 1 {
		t.Fatalf("line at the bound: %q, %v", got, err)
	}
	for _, in := range []string{"ok\n" + strings.Repeat("a", 6), "ok\n" + strings.Repeat("a", 6) + "\n"} {
		_, err := lines(t, in, 5)
		var pe *textin.Error
		if !errors.As(err, &pe) || !errors.Is(err, textin.ErrLineTooLong) || pe.Line != 2 || pe.Col != 6 {
			t.Fatalf("%q: got %v, want f.txt:2:6 line too long", in, err)
		}
		if got := err.Error(); !strings.HasPrefix(got, "f.txt:2:6: line longer than 5 bytes") {
			t.Errorf("message %q", got)
		}
	}
}

// endless is an input without end and without a newline, like /dev/zero.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 0
	}
	e.n += int64(len(p))
	return len(p), nil
}

func TestReaderEndlessLine(t *testing.T) {
	src := &endless{}
	r := textin.NewReader(src, "/dev/zero", 1<<20)
	_, err := r.Next()
	if !errors.Is(err, textin.ErrLineTooLong) {
		t.Fatalf("got %v, want a line-too-long error", err)
	}
	if src.n > 2<<20 {
		t.Errorf("read %d bytes of an endless line with a bound of 1 MiB", src.n)
	}
	if _, err2 := r.Next(); err2 != err {
		t.Errorf("after an error, Next returned %v", err2)
	}
}

func TestReaderReadError(t *testing.T) {
	r := textin.NewReader(iotest.TimeoutReader(strings.NewReader("abc\nd")), "x", 100)
	var err error
	for err == nil {
		_, err = r.Next()
	}
	var pe *textin.Error
	if !errors.As(err, &pe) || !errors.Is(err, iotest.ErrTimeout) {
		t.Fatalf("got %v, want an *Error wrapping the read error", err)
	}
}

func TestErrorFormat(t *testing.T) {
	for _, c := range []struct {
		e    textin.Error
		want string
	}{
		{textin.Error{File: "a.dlx", Line: 3, Col: 7, Msg: "bad"}, "a.dlx:3:7: bad"},
		{textin.Error{File: "a.dlx", Line: 3, Msg: "bad"}, "a.dlx:3: bad"},
		{textin.Error{File: "a.dlx", Msg: "empty"}, "a.dlx: empty"},
		{textin.Error{Line: 1, Col: 1, Msg: "x"}, "<input>:1:1: x"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("got %q want %q", got, c.want)
		}
	}
}

func TestSkipBOM(t *testing.T) {
	b, _ := io.ReadAll(textin.SkipBOM(strings.NewReader("\ufeffp cnf 1 1\n")))
	if string(b) != "p cnf 1 1\n" {
		t.Errorf("got %q", b)
	}
	b, _ = io.ReadAll(textin.SkipBOM(strings.NewReader("\xef\xbb")))
	if string(b) != "\xef\xbb" {
		t.Errorf("a partial mark is text: got %q", b)
	}
}

// FuzzReader: whatever the input, the lines read, joined with their ends,
// give back the input without its byte-order mark, or the reading stops at
// a line over the bound with an *Error at that line.
func FuzzReader(f *testing.F) {
	f.Add([]byte("a\nb"), 4)
	f.Fuzz(func(t *testing.T, data []byte, max int) {
		max = max%64 + 1
		if max < 1 {
			max = -max + 1
		}
		r := textin.NewReader(bytes.NewReader(data), "f", max)
		var got []byte
		for {
			l, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				var pe *textin.Error
				if !errors.As(err, &pe) || pe.Line != r.LineNo() || !errors.Is(err, textin.ErrLineTooLong) {
					t.Fatalf("error %v at line %d", err, r.LineNo())
				}
				return
			}
			if len(l) > max || bytes.ContainsRune(l, '\n') {
				t.Fatalf("line %q with bound %d", l, max)
			}
			got = append(got, l...)
			if r.EndedLine() {
				got = append(got, '\n')
			}
		}
		want := bytes.TrimPrefix(data, []byte(textin.BOM))
		// "\r\n" ends are read as "\n".
		if norm := bytes.ReplaceAll(want, []byte("\r\n"), []byte("\n")); !bytes.Equal(got, norm) && !bytes.Equal(got, bytes.TrimSuffix(norm, []byte("\r"))) {
			t.Fatalf("read %q from %q", got, data)
		}
	})
}
