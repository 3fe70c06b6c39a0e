package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/classroom"
	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/oracle"
)

var updateGolden = flag.Bool("update-trace", false, "rewrite the golden files under testdata/trace/")

// TestTraceGolden compares the output of qtool trace with the golden files
// under testdata/trace (go test -run TraceGolden -update-trace rewrites them; read
// the diff before committing). The default run must be the ten steps of the
// 4-queens walk-through, the tenth the first solution.
func TestTraceGolden(t *testing.T) {
	for _, c := range []struct {
		golden string
		args   []string
	}{
		{"default.txt", nil},
		{"n4-backtrack-end.txt", []string{"-n", "4", "--backend", "backtrack", "--until", "end"}},
		{"n5-events-all.txt", []string{"-n", "5", "--events", "all", "--steps", "3"}},
		{"board6-end.txt", []string{"--board", "../../examples/classroom-6.txt", "--until", "end"}},
		{"n4-json.txt", []string{"-n", "4", "--format", "json", "--steps", "2", "--events", "all"}},
		{"n1.txt", []string{"-n", "1", "--until", "end"}},
		{"n3-end.txt", []string{"-n", "3", "--until", "end"}},
		{"dlx-n4.txt", []string{"-n", "4", "--backend", "dlx", "--until", "end"}},
	} {
		out, errOut, code := qtool(t, "", append([]string{"trace"}, c.args...)...)
		if code != 0 || errOut != "" {
			t.Fatalf("trace %v: exit %d, stderr %q", c.args, code, errOut)
		}
		path := filepath.Join("testdata", "trace", c.golden)
		if *updateGolden {
			if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if out != string(want) {
			t.Errorf("trace %v differs from %s:\n%s", c.args, path, out)
		}
	}
	out, _, _ := qtool(t, "", "trace")
	if strings.Count(out, "\nstep ") != 10 || !strings.Contains(out, "step 10: place a queen on c4: all 4 queens stand, none attacked — solution 1") {
		t.Errorf("the default trace is not the ten-step walk-through:\n%s", out)
	}
}

// TestTraceEnd checks a traced search to its end against the reference
// counts and the untraced search: the JSON frames of --until end --format
// json count every solution of n = 1..8 with backtrack, bitmask and dlx, and each solution frame's
// queens pass the verifier.
func TestTraceEnd(t *testing.T) {
	ref := oracle.Counts(t)
	for i := 3; i <= 26; i++ {
		n, backend := i/3, []string{"backtrack", "bitmask", "dlx"}[i%3]
		out, errOut, code := qtool(t, "", "trace", "-n", strconv.Itoa(n), "--backend", backend, "--until", "end", "--format", "json")
		if code != 0 {
			t.Fatalf("n=%d: exit %d: %s", n, code, errOut)
		}
		var sols uint64
		var last classroom.Frame
		sc := bufio.NewScanner(strings.NewReader(out))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var f classroom.Frame
			if err := json.Unmarshal(sc.Bytes(), &f); err != nil {
				t.Fatal(err)
			}
			if f.Kind == "solution" {
				sols++
				if err := encode.Verify(encode.Empty(n).Problem(), encode.Placement(f.Queens)); err != nil {
					t.Errorf("n=%d: solution frame %d: %v", n, f.Seq, err)
				}
			}
			last = f
		}
		if sols != ref[n][0] || last.Kind != "end" || last.Solutions != ref[n][0] {
			t.Errorf("unexpected count for n=%d backend=%s: got %d solution frames, last frame %q with %d; want %d", n, backend, sols, last.Kind, last.Solutions, ref[n][0])
		}
	}
}

func TestTraceBadInput(t *testing.T) {
	bad := writeFile(t, "bad.txt", "Q...\n.Q..\n....\n....\n")
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-n", "33"}, "too big to show step by step (at most 32×32)"},
		{[]string{"-n", "0"}, "-n must be at least 1"},
		{[]string{"--until", "later"}, "--until must be solution or end"},
		{[]string{"--events", "some"}, "--events must be steps or all"},
		{[]string{"--backend", "magic"}, "unknown method"},
		{[]string{"--board", bad}, "bad.txt:2:2"},
		{[]string{"--board", bad, "-n", "5"}, ""},
		{[]string{"--steps", "-1"}, "--steps must be 0"},
		{[]string{"extra"}, "unexpected argument"},
	} {
		out, errOut, code := qtool(t, "", append([]string{"trace"}, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.msg) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("trace %v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.msg)
		}
	}
}
