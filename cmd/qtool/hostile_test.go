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

// TestBareAndVersion: qtool alone prints the usage on stderr and exits 2,
// as go does; --version names the module and the Go version.
func TestBareAndVersion(t *testing.T) {
	out, errOut, code := qtool(t, "")
	if code != 2 || out != "" || !strings.Contains(errOut, "Usage:") || !strings.Contains(errOut, "Commands:") {
		t.Errorf("bare qtool: exit %d, stdout %q, stderr %.60q", code, out, errOut)
	}
	for _, arg := range []string{"--version", "-version", "version"} {
		out, _, code := qtool(t, "", arg)
		if code != 0 || !strings.HasPrefix(out, "qtool ") || !strings.Contains(out, "go1.") || strings.Count(out, "\n") != 1 {
			t.Errorf("qtool %s: exit %d, %q", arg, code, out)
		}
	}
}

// TestMessagesSpeakToUsers: no error names a Go package (issue #11,
// first-time use), and a duration without a unit says it needs one.
func TestMessagesSpeakToUsers(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"count", "-n", "8", "--backend", "foo"}, `qtool: unknown backend "foo"`},
		{[]string{"bench", "--backends", "foo", "--log", ""}, `qtool: bench: unknown backend "foo"`},
		{[]string{"bench", "--n", "9-4", "--log", ""}, `qtool: bench: --n: range "9-4"`},
		{[]string{"count", "-n", "8", "--timeout", "5"}, `--timeout "5": a duration needs a unit, e.g. 5s`},
		{[]string{"solve", "-n", "8", "--timeout", "soon"}, `--timeout "soon": want a duration such as 10s`},
	} {
		_, errOut, code := qtool(t, "", c.args...)
		if code != 2 || !strings.HasPrefix(errOut, c.want) && !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want %q", c.args, code, errOut, c.want)
		}
		if libraryPrefix.MatchString(errOut) {
			t.Errorf("%v: %q names a package", c.args, errOut)
		}
	}
	path := writeFile(t, "ill.txt", "Q.\n.Q\n")
	out, _, code := qtool(t, "", "check", path)
	if code != 1 || strings.Contains(out, "encode:") || !strings.HasPrefix(out, "illegal: "+path+":2:2: ") {
		t.Errorf("check of an illegal board: exit %d, %q", code, out)
	}
}

func TestUserText(t *testing.T) {
	for in, want := range map[string]string{
		"experiments: unknown backend \"foo\"":             "unknown backend \"foo\"",
		"bench: --n: experiments: range \"9-4\" backwards": "bench: --n: range \"9-4\" backwards",
		"illegal: encode: verify: row 3":                   "illegal: verify: row 3",
		"backend dlx: 999999 free rows make a matrix":      "backend dlx: 999999 free rows make a matrix",
		"experiments: encode: generate: n = 5":             "generate: n = 5",
		"sat: hard.cnf:3:4: bad literal\nsecond line":      "hard.cnf:3:4: bad literal second line",
		"use --backend sat: the dlx: matrix":               "use --backend sat: the dlx: matrix",
	} {
		if got := userText(in); got != want {
			t.Errorf("userText(%q) = %q, want %q", in, got, want)
		}
	}
}
