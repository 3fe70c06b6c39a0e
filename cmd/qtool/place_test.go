package main

import (
	"context"
	"encoding/json"
	"flag"
	"github.com/qtool-project/qtool/solution"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/internal/memlimit"
)

// placeHuge runs qtool place on 10⁸ and 10⁹ queens: about 6 GB of memory,
// 10 GB of disk (in the test's temporary directory) and many minutes.
var placeHuge = flag.Bool("place.huge", false, "place and verify n = 10⁸ and 10⁹ queens (6 GB of memory, 10 GB of disk, minutes)")

func TestPlace(t *testing.T) {
	dir := t.TempDir()
	for _, method := range []string{"minconflicts", "construct"} {
		for _, n := range []int{1, 4, 5, 1000, 100_003} {
			path := filepath.Join(dir, method+".txt")
			out, errOut, code := qtool(t, "", "place", "-n", strconv.Itoa(n), "--method", method, "--out", path, "--json")
			if code != 0 {
				t.Fatalf("%s n = %d: exit %d: %s", method, n, code, errOut)
			}
			var rec solution.PlaceRecord
			if err := json.Unmarshal([]byte(out), &rec); err != nil || !rec.Verified || rec.N != n {
				t.Fatalf("%s n = %d: %q: %v", method, n, out, err)
			}
			// The file reads back as a board that the independent
			// verifier accepts.
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			b, err := encode.ParseBoard(f, path)
			f.Close()
			if err != nil || b.N != n || encode.Verify(encode.Empty(n).Problem(), encode.Placement(b.Queens)) != nil {
				t.Fatalf("%s n = %d: %v", method, n, err)
			}
			out, errOut, code = qtool(t, "", "verify", path)
			if code != 0 || !strings.HasPrefix(out, "a solution: "+strconv.Itoa(n)+" queens") {
				t.Fatalf("verify %s n = %d: exit %d: %s %s", method, n, code, out, errOut)
			}
		}
	}
	if out, _, code := qtool(t, "", "place", "-n", "3", "--out", filepath.Join(dir, "3.txt")); code != 0 || !strings.HasPrefix(out, "no solution") {
		t.Errorf("n = 3: exit %d, %q", code, out)
	}
}

func TestPlaceRefuses(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "q.txt")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-n", "10"}, "--out FILE"},
		{[]string{"--out", out}, "-n N"},
		{[]string{"-n", "0", "--out", out}, "at least 1"},
		{[]string{"-n", "10", "--out", out, "--method", "dlx"}, `--method "dlx"`},
		{[]string{"-n", "2000000000", "--out", out}, "larger than minconflicts handles"},
		{[]string{"-n", "10", "--out", out, "extra"}, "unexpected argument"},
	} {
		_, errOut, code := qtool(t, "", append([]string{"place"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
	// Sizes that do not fit in the memory available are refused before
	// anything is allocated, with the estimate.
	old := memlimit.Limit
	defer func() { memlimit.Limit = old }()
	memlimit.Limit = func() uint64 { return 1 << 30 }
	for _, args := range [][]string{{"-n", "1000000000"}, {"-n", "300000000", "--method", "construct"}} {
		_, errOut, code := qtool(t, "", append([]string{"place", "--out", out}, args...)...)
		if code != 2 || !strings.Contains(errOut, "GB of memory; this process may use 1.1 GB") || !strings.Contains(errOut, "bytes a queen") {
			t.Errorf("%v with 1 GiB: exit %d, %q", args, code, errOut)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a refused run left %s", out)
	}
}

// TestPlaceInterrupted checks that a run whose context ends leaves no
// file behind, not even the temporary one, and exits 130.
func TestPlaceInterrupted(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var outB, errB strings.Builder
	c := &cli{stdin: strings.NewReader(""), stdout: &outB, stderr: &errB}
	err := runContext(ctx, c, []string{"place", "-n", "2000000", "--out", filepath.Join(dir, "q.txt")})
	if code := exitCode(&errB, err); code != exitInterrupted {
		t.Errorf("exit %d, %q", code, errB.String())
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("left %v", ents)
	}
	// Cancelled between the search and the end of the write: see
	// solution.TestWriteColumnsFileCancelled.
}

func TestVerifyCommand(t *testing.T) {
	for _, tc := range []struct {
		in   string
		code int
		want string
	}{
		{"1 3 0 2\n", 0, "a solution: 4 queens"},
		{"0 1\n", 1, "not a solution: <stdin>:1:3: row 1"},
		{"1 3 x\n", 2, "<stdin>:1:5: want a column number"},
		{"", 2, "no list of columns"},
	} {
		out, errOut, code := qtool(t, tc.in, "verify", "-")
		if code != tc.code || !strings.Contains(out+errOut, tc.want) {
			t.Errorf("%q: exit %d, %q %q; want %d and %q", tc.in, code, out, errOut, tc.code, tc.want)
		}
	}
	out, _, code := qtool(t, "0 1\n", "verify", "--json", "-")
	var rec solution.VerifyRecord
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != 1 || rec.Solution || rec.Reason == "" {
		t.Errorf("--json: exit %d, %q, %v", code, out, err)
	}
}

// TestPlaceHuge is the record run, behind -place.huge: 10⁸ and 10⁹ queens
// by min-conflicts, streamed to a file and verified by reading it back.
func TestPlaceHuge(t *testing.T) {
	if !*placeHuge {
		t.Skip("n = 10⁸ and 10⁹ (6 GB, minutes): run with -place.huge")
	}
	for _, n := range []int{100_000_000, 1_000_000_000} {
		path := filepath.Join(t.TempDir(), "q.txt")
		out, errOut, code := qtool(t, "", "place", "-n", strconv.Itoa(n), "--out", path, "--json")
		if code != 0 {
			t.Fatalf("n = %d: exit %d: %s", n, code, errOut)
		}
		var rec solution.PlaceRecord
		if err := json.Unmarshal([]byte(out), &rec); err != nil || !rec.Verified || rec.N != n {
			t.Fatalf("n = %d: %q: %v", n, out, err)
		}
		t.Logf("%s", out)
		os.Remove(path)
	}
}
