package encode_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

// TestParseErrorForm checks that text in no board form is marked
// ErrBoardForm, at its place, and that the library's message gives no
// command-line advice (the command line adds its own hint).
func TestParseErrorForm(t *testing.T) {
	cases := []struct {
		name, text, want string
		form             bool
	}{
		{"garbage", "hello\n", "f:1:1: unexpected character \"h\": a grid holds only 'Q' and '.'", true},
		{"binary", "\x00\x01\xff", "f:1:1: unexpected character byte 0x00", true},
		{"after-comment", "# c\n?Q\n", "f:2:1: unexpected character \"?\"", true},
		{"grid-char", "Q...\n..o.\n....\n....\n", "f:2:3: unexpected character \"o\"", false},
		{"compact-bad", "n 4\n0,x\n", "f:2:1: bad pair", false},
	}
	for _, c := range cases {
		_, err := encode.ParseBoardBytes([]byte(c.text), "f")
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %q, want it to start with %q", c.name, err, c.want)
		}
		if strings.Contains(err.Error(), "qtool help") {
			t.Errorf("%s: library error gives command-line advice: %q", c.name, err)
		}
		if got := errors.Is(err, encode.ErrBoardForm); got != c.form {
			t.Errorf("%s: errors.Is(err, ErrBoardForm) = %v, want %v", c.name, got, c.form)
		}
		if errors.Is(err, encode.ErrInvalidBoard) {
			t.Errorf("%s: a syntax error is marked ErrInvalidBoard", c.name)
		}
	}
}
