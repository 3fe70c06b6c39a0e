package main

import (
	"strings"
	"testing"
)

// TestHostileBoards: malformed board files end with one line on stderr that
// names the place, exit 2, never a panic (issue #11 items 1 and 2).
func TestHostileBoards(t *testing.T) {
	for _, c := range []struct {
		name, text string
		args       []string
		want       string
	}{
		{"bom.txt", "\xef\xbb\xbf\n", []string{"check"}, "bom.txt: no board"},
		{"bom-comment.txt", "\xef\xbb\xbf# c\nQ.\n..\n", []string{"check"}, ""},
		{"over.txt", "n 268435457", []string{"check"}, "over.txt:1:1: n = 268435457 is larger than the largest board"},
		{"over.txt", "n 268435457", []string{"solve", "--board"}, "over.txt:1:1: n = 268435457 is larger"},
	} {
		path := writeFile(t, c.name, c.text)
		_, errOut, code := qtool(t, "", append(c.args, path)...)
		if c.want == "" {
			if code != 0 {
				t.Errorf("%s: exit %d %s", c.name, code, errOut)
			}
			continue
		}
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 || strings.Contains(errOut, "encode:") {
			t.Errorf("%v %s: exit %d, stderr %q; want 2 and %q", c.args, c.name, code, errOut, c.want)
		}
	}
	if testing.Short() {
		return
	}
	_, errOut, code := qtool(t, "", "check", "/dev/zero")
	if code != 2 || !strings.Contains(errOut, "/dev/zero:1:") || !strings.Contains(errOut, "line longer than") {
		t.Errorf("check /dev/zero: exit %d, %q", code, errOut)
	}
}
