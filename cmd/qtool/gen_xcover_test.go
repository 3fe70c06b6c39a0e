package main

import (
	"context"
	"encoding/json"
	"github.com/qtool-project/qtool/dlx"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenXcover checks gen --family xcc|mcc|cost: the same seed gives the
// same file, xcover reads it (with --best for costs), --out writes one
// file per seed.
func TestGenXcover(t *testing.T) {
	for _, fam := range []string{"xcc", "mcc", "cost"} {
		args := []string{"gen", "--family", fam, "-n", "10", "--seed", "3"}
		a, _, code := xrun(t, context.Background(), "", args...)
		b, _, _ := xrun(t, context.Background(), "", args...)
		if code != 0 || a != b || !strings.HasPrefix(a, "| qtool gen --family "+fam+" -n 10 --secondary 10 --options 30 --colours 3 --seed 3\n") {
			t.Fatalf("%s: exit %d, or not reproduced:\n%s", fam, code, a)
		}
		xargs := []string{"xcover", "-", "--json"}
		if fam == "cost" {
			xargs = append(xargs, "--best", "2")
		}
		out, errOut, code := xrun(t, context.Background(), a, xargs...)
		var rec dlx.Report
		if err := json.Unmarshal([]byte(out), &rec); err != nil || code != 0 || rec.Options != 30 {
			t.Errorf("%s: xcover exit %d, %v, %s %s", fam, code, err, out, errOut)
		}
	}
	dir := t.TempDir()
	if _, errOut, code := xrun(t, context.Background(), "", "gen", "--family", "xcc", "-n", "8", "--count", "3", "--out", dir); code != 0 {
		t.Fatalf("--out: exit %d %s", code, errOut)
	}
	for _, name := range []string{"xcc-8-s1.dlx", "xcc-8-s2.dlx", "xcc-8-s3.dlx"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	if _, _, code := xrun(t, context.Background(), "", "gen", "--family", "xcc", "-n", "8", "--colours", "0"); code != exitUsage {
		t.Errorf("--colours 0: exit %d", code)
	}
}

// TestGenXcoverFlags: a negative --secondary or --options, or no colour,
// is refused naming the flag (it said "needs at least 1 primary item…");
// a Ctrl-C while the problem is made stops gen at once, nothing written.
func TestGenXcoverFlags(t *testing.T) {
	for _, c := range []struct{ flag, val, want string }{
		{"--secondary", "-1", "--secondary must be at least 0 (0 = n), got -1"},
		{"--options", "-1", "--options must be at least 0 (0 = 3n), got -1"},
		{"--colours", "0", "--colours must be at least 1, got 0"},
	} {
		_, errOut, code := xrun(t, context.Background(), "", "gen", "--family", "xcc", "-n", "5", c.flag, c.val)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("gen %s %s: exit %d, stderr %q; want 2 and %q", c.flag, c.val, code, errOut, c.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out, errOut, code := xrun(t, ctx, "", "gen", "--family", "mcc", "-n", "500000", "--options", "16777216", "--colours", "65536")
	if code != 130 || out != "" || !strings.Contains(errOut, "interrupted after 0 of 1 problems") {
		t.Errorf("gen interrupted: exit %d, stdout %d bytes, stderr %q", code, len(out), errOut)
	}
}
