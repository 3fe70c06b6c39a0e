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
