package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// qtool runs the command line as a user would and returns stdout, stderr and
// the exit status.
func qtool(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	c := &cli{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut}
	err := runContext(context.Background(), c, args)
	code := exitCode(&errOut, err)
	return out.String(), errOut.String(), code
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCountJSON(t *testing.T) {
	out, errOut, code := qtool(t, "", "count", "-n", "8", "--backend", "backtrack", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rec map[string]any
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("%q: %v", out, err)
	}
	for k, want := range map[string]any{"n": 8.0, "backend": "backtrack", "solutions": 92.0, "nodes": 2057.0, "status": "ok"} {
		if rec[k] != want {
			t.Errorf("%s: got %v want %v", k, rec[k], want)
		}
	}
	if _, ok := rec["seconds"].(float64); !ok {
		t.Errorf("no seconds in %s", out)
	}
}

func TestSolveList(t *testing.T) {
	out, _, code := qtool(t, "", "solve", "-n", "8", "--backend", "backtrack", "--limit", "0", "--format", "list")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 92 || lines[0] != "0 4 7 5 2 6 1 3" {
		t.Fatalf("got %d lines, first %q", len(lines), lines[0])
	}
	// Every line is a legal complete board for check.
	for _, l := range lines[:5] {
		o, e, code := qtool(t, l+"\n", "check", "-")
		if code != 0 || !strings.Contains(o, "a complete solution") {
			t.Errorf("check %q: exit %d, %q %q", l, code, o, e)
		}
	}
}

func TestSolveUnique(t *testing.T) {
	out, _, code := qtool(t, "", "solve", "-n", "8", "--backend", "backtrack", "--unique", "--limit", "0", "--format", "algebraic")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 24 {
		t.Fatalf("got %d lines, want 12 classes of 2 lines", len(lines))
	}
	eights, fours := 0, 0
	for _, l := range lines {
		switch l {
		case "# class of 8":
			eights++
		case "# class of 4":
			fours++
		}
	}
	if eights != 11 || fours != 1 {
		t.Errorf("classes: %d of 8 and %d of 4, want 11 and 1", eights, fours)
	}
}

func TestCheck(t *testing.T) {
	legal := writeFile(t, "legal.txt", "# partial\n.Q..\n...Q\n....\n....\n")
	out, _, code := qtool(t, "", "check", legal)
	if code != 0 || !strings.HasPrefix(out, "legal: 2 queens") {
		t.Errorf("legal board: exit %d %q", code, out)
	}
	illegal := writeFile(t, "illegal.txt", "Q...\n....\n..Q.\n....\n")
	out, _, code = qtool(t, "", "check", illegal)
	if code != 1 || !strings.Contains(out, "(0,0) a1 and (2,2) c3 share a diagonal") {
		t.Errorf("illegal board: exit %d %q", code, out)
	}
	two := writeFile(t, "two.txt", "Q..Q\n....\n....\n....\n")
	out, _, code = qtool(t, "", "check", two)
	if code != 1 || !strings.Contains(out, "two queens") {
		t.Errorf("two queens in a row: exit %d %q", code, out)
	}
}

func TestCompletion(t *testing.T) {
	b := writeFile(t, "b.txt", "..Q...\n......\n......\n......\n......\n......\n")
	out, errOut, code := qtool(t, "", "count", "--board", b, "--backend", "backtrack", "--json")
	if code != 0 {
		t.Fatalf("exit %d %s", code, errOut)
	}
	if !strings.Contains(out, `"solutions":1,`) {
		t.Errorf("completions of a 6×6 board with (0,2): %s", out)
	}
	out, _, code = qtool(t, "", "solve", "--board", b, "--backend", "backtrack", "--format", "list")
	if code != 0 || strings.TrimSpace(out) != "2 5 1 4 0 3" {
		t.Errorf("solve --board: exit %d %q", code, out)
	}
	none := writeFile(t, "none.txt", "Q...\n..Q.\n....\n....\n")
	out, _, code = qtool(t, "", "solve", "--board", none, "--backend", "backtrack")
	if code != 0 || !strings.HasPrefix(out, "no solution") {
		t.Errorf("board without completion: exit %d %q", code, out)
	}
}

func TestTimeout(t *testing.T) {
	out, errOut, code := qtool(t, "", "count", "-n", "28", "--backend", "backtrack", "--timeout", "50ms", "--json")
	if code != exitTimeout {
		t.Fatalf("exit %d, want %d (%s %s)", code, exitTimeout, out, errOut)
	}
	if !strings.Contains(out, `"status":"timeout"`) || !strings.Contains(out, `"complete":false`) {
		t.Errorf("timeout not marked: %s", out)
	}
	out, _, _ = qtool(t, "", "count", "-n", "28", "--backend", "backtrack", "--timeout", "50ms")
	if !strings.Contains(out, "≥") || !strings.Contains(out, "incomplete") {
		t.Errorf("partial count printed as if complete: %s", out)
	}
}

func TestBadInput(t *testing.T) {
	ragged := writeFile(t, "ragged.txt", "Q...\n..Q\n....\n....\n")
	nonsquare := writeFile(t, "ns.txt", "Q...\n..Q.\n")
	chars := writeFile(t, "chars.txt", "Q...\n..o.\n....\n....\n")
	empty := writeFile(t, "empty.txt", "")
	binary := writeFile(t, "bin.txt", "\x7fELF\x02\x01\x01\x00\x00\x00")
	long := writeFile(t, "long.txt", strings.Repeat("Q", 5000)+"\n")
	attack := writeFile(t, "attack.txt", "Q...\n.Q..\n....\n....\n")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"count", "--board", ragged}, "ragged.txt:2:4: row 1 has 3 characters"},
		{[]string{"count", "--board", nonsquare}, "ns.txt:2:5: grid ends after 2 rows"},
		{[]string{"count", "--board", chars}, "chars.txt:2:3: unexpected character"},
		{[]string{"count", "--board", empty}, "empty.txt: no board"},
		{[]string{"count", "--board", binary}, "bin.txt:1:1: unexpected character byte 0x7f"},
		{[]string{"count", "--board", long}, "long.txt:1:2: row 0 holds two queens"},
		{[]string{"count", "--board", attack}, "attack.txt:2:2: queens at (0,0) a1 and (1,1) b2 share a diagonal"},
		{[]string{"count", "-n", "010"}, "-n \"010\": want a whole number in decimal"},
		{[]string{"count", "-n", "0x10"}, "want a whole number in decimal"},
		{[]string{"count", "-n", "8", "--timeout", "-5s"}, "--timeout must not be negative"},
		{[]string{"count", "--board", "/nonexistent/board"}, "no such file"},
		{[]string{"count", "-n", "0"}, "-n must be at least 1"},
		{[]string{"count", "-n", "-3"}, "-n must be at least 1"},
		{[]string{"count", "-n", "abc"}, "-n \"abc\": want a whole number"},
		{[]string{"count", "-n", "8", "--backend", "nope"}, "unknown backend \"nope\""},
		{[]string{"count", "-n", "8", "--frobnicate"}, "flag provided but not defined: -frobnicate"},
		{[]string{"count"}, "give the board order"},
		{[]string{"count", "-n", "8", "extra"}, "unexpected argument"},
		{[]string{"count", "-n", "5", "--board", nonsquare + "x"}, "no such file"},
		{[]string{"count", "-n", "5", "--board", writeFile(t, "ok.txt", "Q...\n....\n....\n....\n")}, "disagrees"},
		{[]string{"solve", "-n", "8", "--format", "png"}, "--format \"png\""},
		{[]string{"solve", "-n", "30", "--backend", "backtrack", "--format", "algebraic"}, "needs n ≤ 26"},
		{[]string{"solve", "-n", "8", "--limit", "-1"}, "--limit must be"},
		{[]string{"count", "-n", "8", "--backend", "backtrack", "--shard", "3/2"}, "--shard"},
		{[]string{"check"}, "exactly one FILE"},
		{[]string{"check", empty}, "no board"},
		{[]string{"frobnicate"}, "unknown command"},
		{[]string{"encode", "-n", "4", "--to", "xml"}, "--to \"xml\""},
	}
	for _, c := range cases {
		out, errOut, code := qtool(t, "", c.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want 2 (stdout %q stderr %q)", c.args, code, out, errOut)
			continue
		}
		lines := strings.Split(strings.TrimRight(errOut, "\n"), "\n")
		if len(lines) != 1 || !strings.HasPrefix(errOut, "qtool: ") || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: stderr %q, want one line containing %q", c.args, errOut, c.want)
		}
		if strings.Contains(errOut, "goroutine") || strings.Contains(errOut, "panic") {
			t.Errorf("%v: panic: %s", c.args, errOut)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"help"}, {"count", "--help"}, {"solve", "-h"}, {"check", "--help"}, {"help", "count"}} {
		out, errOut, code := qtool(t, "", args...)
		if code != 0 || !strings.Contains(out, "Usage") || errOut != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}
