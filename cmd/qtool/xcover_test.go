package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
)

// xrun drives the command line with ctx and returns stdout, stderr and the
// exit status.
func xrun(t *testing.T, ctx context.Context, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	c := &cli{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut}
	code := exitCode(&errOut, runContext(ctx, c, args))
	return out.String(), errOut.String(), code
}

func xfile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const xtoy = `| Knuth's toy problem, TAOCP 7.2.2.1
A B C D E | F G
C E F
A D G
B C F
A D
B G
D E G
`

// langfordText is Langford's problem of order n in dlx1's format.
func langfordText(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%d ", i)
	}
	for j := 1; j <= 2*n; j++ {
		fmt.Fprintf(&b, "s%d ", j)
	}
	b.WriteString("\n")
	for i := 1; i <= n; i++ {
		for j := 1; j+i+1 <= 2*n; j++ {
			fmt.Fprintf(&b, "%d s%d s%d\n", i, j, j+i+1)
		}
	}
	return b.String()
}

// summary reads the value of one line of the summary.
func summary(t *testing.T, out, key string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + key + `\s+(.*)$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no %q in the output:\n%s", key, out)
	}
	return m[1]
}

func TestXcoverToy(t *testing.T) {
	path := xfile(t, "toy.dlx", xtoy)
	out, errOut, code := xrun(t, context.Background(), "", "xcover", path)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.HasPrefix(out, "A D\nC E F\nB G\n\n") {
		t.Errorf("solution lines: got\n%s", out)
	}
	for k, want := range map[string]string{"solutions": "1", "nodes": "6", "updates": "30", "status": "ok"} {
		if got := summary(t, out, k); got != want {
			t.Errorf("%s: got %q want %q", k, got, want)
		}
	}
}

func TestXcoverJSON(t *testing.T) {
	out, errOut, code := xrun(t, context.Background(), langfordText(7), "xcover", "--json", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rec map[string]any
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("%q: %v", out, err)
	}
	for k, want := range map[string]any{"solutions": 52.0, "nodes": 607.0, "updates": 8339.0, "status": "ok", "complete": true, "file": "<stdin>"} {
		if rec[k] != want {
			t.Errorf("%s: got %v want %v", k, rec[k], want)
		}
	}
	if _, ok := rec["seconds"].(float64); !ok {
		t.Errorf("no seconds in %s", out)
	}
}

// TestXcoverQueens pipes qtool encode into qtool xcover: dlx1's figures for
// the empty 8×8 board, and completions of a board equal to backtracking's
// count, every listed solution verified.
func TestXcoverQueens(t *testing.T) {
	matrix, errOut, code := xrun(t, context.Background(), "", "encode", "-n", "8", "--to", "dlx")
	if code != 0 {
		t.Fatalf("encode: exit %d: %s", code, errOut)
	}
	out, errOut, code := xrun(t, context.Background(), matrix, "xcover", "-", "--count")
	if code != 0 {
		t.Fatalf("xcover: exit %d: %s", code, errOut)
	}
	for k, want := range map[string]string{"solutions": "92", "nodes": "1049", "updates": "16680"} {
		if got := summary(t, out, k); got != want {
			t.Errorf("%s: got %q want %q", k, got, want)
		}
	}

	board := "........\n..Q.....\n........\n........\n......Q.\n........\n........\n........\n"
	bpath := xfile(t, "board.txt", board)
	b, err := encode.ParseBoard(strings.NewReader(board), "board.txt")
	if err != nil {
		t.Fatal(err)
	}
	matrix, errOut, code = xrun(t, context.Background(), "", "encode", "--board", bpath, "--to", "dlx")
	if code != 0 {
		t.Fatalf("encode --board: exit %d: %s", code, errOut)
	}
	out, errOut, code = xrun(t, context.Background(), matrix, "xcover", "-")
	if code != 0 {
		t.Fatalf("xcover: exit %d: %s", code, errOut)
	}
	listed := 0
	for _, block := range strings.Split(out, "\n\n") {
		if strings.HasPrefix(block, "problem") {
			break
		}
		p := append(encode.Placement(nil), b.Queens...)
		for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
			var r, c int
			if _, err := fmt.Sscanf(line, "r%d c%d", &r, &c); err != nil {
				t.Fatalf("option line %q: %v", line, err)
			}
			p[r] = c
		}
		if err := encode.Verify(b.Problem(), p); err != nil {
			t.Fatalf("listed solution %v: %v", p, err)
		}
		listed++
	}
	cnt, _, code := xrun(t, context.Background(), "", "count", "--board", bpath, "--backend", "backtrack", "--json")
	var rec struct{ Solutions int }
	if code != 0 || json.Unmarshal([]byte(cnt), &rec) != nil {
		t.Fatalf("count --board: exit %d, %q", code, cnt)
	}
	if got := summary(t, out, "solutions"); got != strconv.Itoa(rec.Solutions) || listed != rec.Solutions || listed == 0 {
		t.Errorf("completions: xcover says %s and lists %d, backtrack counts %d", got, listed, rec.Solutions)
	}
}

func TestXcoverLimit(t *testing.T) {
	path := xfile(t, "langford.dlx", langfordText(4)) // 2 solutions
	out, _, code := xrun(t, context.Background(), "", "xcover", path, "--limit", "1")
	if code != 0 || strings.Count(out, "\n\n") != 1 || summary(t, out, "solutions") != "1 (the limit; there may be more)" {
		t.Errorf("--limit 1: exit %d\n%s", code, out)
	}
	out, _, code = xrun(t, context.Background(), "", "xcover", path)
	if code != 0 || strings.Count(out, "\n\n") != 2 || summary(t, out, "solutions") != "2" {
		t.Errorf("no limit: exit %d\n%s", code, out)
	}
	out, _, code = xrun(t, context.Background(), "", "xcover", path, "--count", "--limit", "5")
	if code != 0 || strings.Contains(out, "s1") || summary(t, out, "solutions") != "2" {
		t.Errorf("--count --limit 5: exit %d\n%s", code, out)
	}
}

// TestXcoverMalformed feeds malformed files: exit 2 and one line naming
// the file, line and column.
func TestXcoverMalformed(t *testing.T) {
	for _, c := range []struct {
		text, pos, want string
	}{
		{"", "1:1", "no items"},
		{"| nothing but comments\n", "1:1", "no items"},
		{"A B\nA C\n", "2:3", `unknown item "C"`},
		{"A B | C\nA C A\n", "2:5", "twice in one option"},
		{"A B B\n", "1:5", "declared twice"},
		{"A | B | C\n", "1:7", "second '|'"},
		{"A B:red\n", "1:4", "reserved character ':'"},
		{"A | B\nA:red B\n", "2:2", "primary item \"A\" cannot have a colour"},
		{"A | B\nA B:\n", "2:5", "empty colour"},
		{"A | B\nA :red\n", "2:3", "no item before ':'"},
		{"A | 2|B\nA B\n", "1:6", "bounds on secondary item"},
		{"3:2|p | B\np B\n", "1:1", "lower bound 3 exceeds upper bound 2"},
		{"0|p\np\n", "1:1", "upper bound is zero"},
		{"x:3|p\np\n", "1:1", "not a digit of a bound"},
		{"\ufeffA B\nA C\n", "2:3", `unknown item "C"`},
		{"\x00\xff A\nA \x01\n", "2:3", "unknown item"},
	} {
		path := xfile(t, "bad.dlx", c.text)
		out, errOut, code := xrun(t, context.Background(), "", "xcover", path)
		want := "dlx: " + path + ":" + c.pos + ": "
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, want) || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q…%q", c.text, code, out, errOut, want, c.want)
		}
	}
	for _, args := range [][]string{
		{"xcover", "-", "--workers", "-1"},
		{"xcover", "-", "--algorithm", "Z"},
		{"xcover"},
		{"xcover", filepath.Join(t.TempDir(), "missing.dlx")},
		{"xcover", "a.dlx", "b.dlx"},
		{"xcover", "-", "--limit", "-1"},
		{"xcover", "-", "--bogus"},
	} {
		if _, errOut, code := xrun(t, context.Background(), "A\nA\n", args...); code != 2 || errOut == "" {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 with a message", args, code, errOut)
		}
	}
}

func TestXcoverWarning(t *testing.T) {
	out, errOut, code := xrun(t, context.Background(), "A | B\nB\nA B\nA\n", "xcover", "-", "--count")
	if code != 0 || summary(t, out, "solutions") != "2" {
		t.Fatalf("exit %d\n%s", code, out)
	}
	if !strings.HasPrefix(errOut, "dlx: <stdin>:2:1: warning: option ignored") {
		t.Errorf("stderr: %q", errOut)
	}
}

// TestXcoverEarlyEnd: a time limit ends with exit 3 and an incomplete
// result; an interrupt with 130.
func TestXcoverEarlyEnd(t *testing.T) {
	matrix, _, code := xrun(t, context.Background(), "", "encode", "-n", "20", "--to", "dlx")
	if code != 0 {
		t.Fatal("encode failed")
	}
	path := xfile(t, "q20.dlx", matrix)
	out, _, code := xrun(t, context.Background(), "", "xcover", path, "--count", "--timeout", "20ms")
	if code != exitTimeout || !strings.Contains(summary(t, out, "solutions"), "incomplete") {
		t.Errorf("--timeout: exit %d\n%s", code, out)
	}
	out, _, code = xrun(t, context.Background(), "", "xcover", path, "--json", "--timeout", "20ms")
	var rec map[string]any
	if code != exitTimeout || json.Unmarshal([]byte(out), &rec) != nil || rec["status"] != "timeout" || rec["complete"] != false {
		t.Errorf("--json --timeout: exit %d\n%s", code, out)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out, _, code = xrun(t, ctx, "", "xcover", path, "--count")
	if code != exitInterrupted || !strings.Contains(out, "interrupted") {
		t.Errorf("interrupted: exit %d\n%s", code, out)
	}
}

func TestEncodeDLXAmo(t *testing.T) {
	if _, errOut, code := xrun(t, context.Background(), "", "encode", "-n", "5", "--to", "dlx", "--amo", "pairwise"); code != 2 || !strings.Contains(errOut, "--amo") {
		t.Errorf("--amo with dlx: exit %d, %q", code, errOut)
	}
}

// TestXcoverExtensions runs Knuth's examples of colours (dlx2) and
// multiplicities (dlx3) as shipped in examples/dlx, and checks that
// several workers report the totals of one.
func TestXcoverExtensions(t *testing.T) {
	for _, c := range []struct {
		file string
		want map[string]any
	}{
		{"colours.dlx", map[string]any{"solutions": 1.0, "nodes": 4.0, "updates": 14.0, "cleansings": 5.0, "algorithm": "C"}},
		{"multiplicities.dlx", map[string]any{"solutions": 1.0, "nodes": 6.0, "updates": 14.0, "cleansings": 7.0, "algorithm": "M"}},
	} {
		out, _, code := xrun(t, context.Background(), "", "xcover", filepath.Join("..", "..", "examples", "dlx", c.file), "--json")
		var rec map[string]any
		if code != 0 || json.Unmarshal([]byte(out), &rec) != nil {
			t.Fatalf("%s: exit %d\n%s", c.file, code, out)
		}
		for k, v := range c.want {
			if rec[k] != v {
				t.Errorf("%s: %s = %v, want %v", c.file, k, rec[k], v)
			}
		}
	}
	text := langfordText(8)
	one, _, code1 := xrun(t, context.Background(), text, "xcover", "-", "--json")
	two, _, code2 := xrun(t, context.Background(), text, "xcover", "-", "--json", "--workers", "2")
	var r1, r2 map[string]any
	if code1 != 0 || code2 != 0 || json.Unmarshal([]byte(one), &r1) != nil || json.Unmarshal([]byte(two), &r2) != nil {
		t.Fatalf("exit %d %d\n%s\n%s", code1, code2, one, two)
	}
	for _, k := range []string{"solutions", "nodes", "updates", "cleansings"} {
		if r1[k] != r2[k] {
			t.Errorf("--workers 2: %s = %v, one worker %v", k, r2[k], r1[k])
		}
	}
	if r1["solutions"] != 300.0 || r2["workers"] != 2.0 {
		t.Errorf("Langford 8: %v", r2)
	}
	// Listing with two workers prints every solution once.
	out, _, code := xrun(t, context.Background(), langfordText(7), "xcover", "-", "--workers", "2")
	if code != 0 || strings.Count(out, "\n\n") != 52 {
		t.Errorf("listing with 2 workers: exit %d, %d blank lines", code, strings.Count(out, "\n\n"))
	}
}
