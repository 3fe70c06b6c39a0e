package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/backend"
	"github.com/qtool-project/qtool/encode"
)

// defaultAt is the default backend for an empty board of order n.
func defaultAt(n int, mode backend.Mode) string {
	return backend.Default(encode.Problem{Instance: encode.Instance{Board: encode.Empty(n)}}, backend.Request{Mode: mode})
}

// TestBackendHelpDefault: the --backend help of count and solve says the
// default that backend.Default picks (count -n 12: join), on one short line
// that points to qtool help backends instead of listing 43 names.
func TestBackendHelpDefault(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		mode backend.Mode
		want string
	}{{"count", backend.Count, "on an empty board join for n ≤ 24"}, {"solve", backend.Find, "on an empty board bitmask for n ≤ 64"}} {
		out, _, code := qtool(t, "", tc.cmd, "--help")
		if code != 0 {
			t.Fatalf("%s --help: exit %d", tc.cmd, code)
		}
		_, line, _ := strings.Cut(out, "  -backend B\n")
		line, _, _ = strings.Cut(line, "\n")
		if d := defaultAt(12, tc.mode); !strings.Contains(line, d+" for n ≤") {
			t.Errorf("%s --help does not name %s, the default at n = 12: %s", tc.cmd, d, line)
		}
		if !strings.Contains(line, tc.want) || !strings.Contains(line, "qtool help backends") || len(line) > 400 {
			t.Errorf("%s --help: the --backend line (%d bytes): %s", tc.cmd, len(line), line)
		}
	}
	out, _, _ := qtool(t, "", "count", "-n", "12", "--json")
	var rec struct{ Backend string }
	if err := json.Unmarshal([]byte(out), &rec); err != nil || rec.Backend != defaultAt(12, backend.Count) {
		t.Errorf("count -n 12 ran %q (%v), the help says %s", rec.Backend, err, defaultAt(12, backend.Count))
	}
}

// TestHelpBackends lists every registered backend, grouped: the SAT
// solvers one line each (SOLVER, SOLVER-ENC).
func TestHelpBackends(t *testing.T) {
	out, _, code := qtool(t, "", "help", "backends")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, name := range backend.Names() {
		base, _, _ := strings.Cut(name, "-")
		if !strings.Contains(out, name) && !strings.Contains(out, base+", "+base+"-ENC") {
			t.Errorf("help backends does not list %s:\n%s", name, out)
		}
	}
	if !strings.Contains(out, "  sat, sat-ENC (gini, built in;") {
		t.Errorf("no line for gini:\n%s", out)
	}
}

// TestWordsOfErrors: unknown topics exit 2; unknown commands, backends and
// flags get the nearest names; backend names are case-insensitive.
func TestWordsOfErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"help", "nosuch"}, exitUsage, `no topic "nosuch"`},
		{[]string{"help", "bords"}, exitUsage, "did you mean boards?"},
		{[]string{"bnech"}, exitUsage, "did you mean bench?"},
		{[]string{"count", "-n", "8", "--backend", "dxl"}, exitUsage, "did you mean dlx?"},
		{[]string{"count", "-n", "8", "--uniq"}, exitUsage, "did you mean --unique?"},
		{[]string{"bench", "--backends", "bitmsk", "--n", "4", "--log", ""}, exitUsage, "did you mean bitmask?"},
		{[]string{"count", "-n", "8", "--backend", "DLX"}, 0, "solutions  92"},
		{[]string{"bench", "--backends", "BackTrack", "--n", "4", "--repeats", "1", "--log", ""}, 0, " backtrack"},
		{[]string{"help", "count"}, 0, "Usage: qtool count"},
	} {
		out, errOut, code := qtool(t, "", tc.args...)
		if code != tc.code || !strings.Contains(out+errOut, tc.want) {
			t.Errorf("%v: exit %d, want %d and %q:\n%s%s", tc.args, code, tc.code, tc.want, out, errOut)
		}
	}
}

// TestDocsAgree: no page is a draft, and the README and the docs give the
// same screenshot command, whose directory (relative to the package's,
// where go test runs) is the docs.
func TestDocsAgree(t *testing.T) {
	files, _ := filepath.Glob("../../docs/*.md")
	files = append(files, "../../README.md")
	shots := regexp.MustCompile("go test ./classroom/play -run Browser -shots ([^`\\s;]+)")
	var dirs []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if regexp.MustCompile(`(?i)\bdraft\b`).Match(data) {
			t.Errorf("%s still says draft", f)
		}
		for _, m := range shots.FindAllStringSubmatch(string(data), -1) {
			dirs = append(dirs, m[1])
			if filepath.Clean(filepath.Join("classroom/play", m[1])) != "docs" {
				t.Errorf("%s: -shots %s is not the docs directory from classroom/play", f, m[1])
			}
		}
	}
	if len(dirs) < 2 {
		t.Errorf("the screenshot command is in %d places, want the README and docs/classroom.md", len(dirs))
	}
}

// TestCompareUniqueNotCounted: merge --compare of two counts by the join,
// which does not count fundamental solutions, says so, not "0 unique".
func TestCompareUniqueNotCounted(t *testing.T) {
	count := func(backend string) string {
		out, errOut, code := qtool(t, "", "count", "-n", "9", "--backend", backend, "--json")
		if code != 0 {
			t.Fatalf("count: exit %d: %s", code, errOut)
		}
		return writeFile(t, "c.json", out)
	}
	plain1, plain2 := count("join"), count("join")
	out, _, code := qtool(t, "", "merge", "--compare", plain1, plain2)
	if code != 0 || !strings.Contains(out, "352 solutions, unique: not counted") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	u1, u2 := count("domains"), count("domains")
	out, _, code = qtool(t, "", "merge", "--compare", u1, u2)
	if code != 0 || !strings.Contains(out, "352 solutions, 46 unique") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out, _, _ = qtool(t, "", "merge", "--compare", "--json", plain1, plain2)
	if !strings.Contains(out, `"unique_counted":false`) {
		t.Errorf("JSON: %s", out)
	}
}
