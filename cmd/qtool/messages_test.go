package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBoardFormHint checks that a board file in no form is reported on one
// line at its place, with the command line's pointer to qtool help boards,
// and that other board errors are not given that hint.
func TestBoardFormHint(t *testing.T) {
	binary := writeFile(t, "bin.txt", "\x7fELF\x02\x01\x01\x00\x00\x00")
	garbage := writeFile(t, "garbage.txt", "# a comment\nhello\n")
	chars := writeFile(t, "chars.txt", "Q...\n..o.\n....\n....\n")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bad.txt"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(t.TempDir(), "log.jsonl")
	cases := []struct {
		args []string
		want string
		hint bool
	}{
		{[]string{"count", "--board", binary}, "bin.txt:1:1: unexpected character byte 0x7f", true},
		{[]string{"solve", "--board", garbage}, "garbage.txt:2:1: unexpected character \"h\"", true},
		{[]string{"check", garbage}, "garbage.txt:2:1: unexpected character \"h\"", true},
		{[]string{"bench", "--boards", dir, "--log", log}, "bad.txt:1:1: unexpected character \"h\"", true},
		{[]string{"count", "--board", chars}, "chars.txt:2:3: unexpected character \"o\"", false},
	}
	for _, c := range cases {
		_, errOut, code := qtool(t, "", c.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d (stderr %q)", c.args, code, exitUsage, errOut)
		}
		line := strings.TrimSuffix(errOut, "\n")
		if strings.Contains(line, "\n") || !strings.HasPrefix(line, "qtool: ") || !strings.Contains(line, c.want) {
			t.Errorf("%v: stderr %q, want one line containing %q", c.args, errOut, c.want)
		}
		if got := strings.HasSuffix(line, " (see qtool help boards)"); got != c.hint {
			t.Errorf("%v: stderr %q: ends with the help hint = %v, want %v", c.args, errOut, got, c.hint)
		}
	}
}
