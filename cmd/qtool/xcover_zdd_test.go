package main

import (
	"context"
	"encoding/json"
	"github.com/qtool-project/qtool/dlx"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestXcoverZDD checks --zdd and --sample: DLX6's text for the toy
// problem, the JSON form, the count equal to the search's, samples that are
// solutions, and the refusal of bounds.
func TestXcoverZDD(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "toy.zdd")
	if _, errOut, code := xrun(t, context.Background(), xtoy, "xcover", "-", "--zdd", path); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if b, _ := os.ReadFile(path); string(b) != "2: (~5?0:1)\n3: (~1?0:2)\n4: (~4?0:3)\n5: (~0?0:4)\n" {
		t.Errorf("toy ZDD:\n%s", b)
	}
	jpath := filepath.Join(dir, "l7.json")
	out, _, code := xrun(t, context.Background(), langfordText(7), "xcover", "-", "--zdd", jpath, "--sample", "3", "--json")
	var rec dlx.Report
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != 0 || rec.ZDD == nil {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	if rec.ZDD.Count != "52" || rec.Solutions != 52 || len(rec.ZDD.Samples) != 3 || len(rec.ZDD.Samples[0]) != 7 {
		t.Errorf("record %+v", rec.ZDD)
	}
	var zj struct {
		Format string     `json:"format"`
		Count  string     `json:"count"`
		Nodes  [][4]int64 `json:"nodes"`
	}
	if b, err := os.ReadFile(jpath); err != nil || json.Unmarshal(b, &zj) != nil || zj.Format != "qtool-zdd-1" || zj.Count != "52" || len(zj.Nodes) != rec.ZDD.Nodes {
		t.Errorf("JSON ZDD %+v, %v", zj, err)
	}
	if _, errOut, code := xrun(t, context.Background(), "2|A\nA\n", "xcover", "-", "--zdd", path); code != exitUsage || !strings.Contains(errOut, "bounds") {
		t.Errorf("bounds: exit %d, %s", code, errOut)
	}
}

// TestXcoverZDDAddressLimit: under a 2 GB address-space limit (ulimit -v
// 2000000), of which the Go runtime and the C library reserve well over
// a gigabyte before any data, the ZDD of the 16-queens matrix is refused
// with one line, exit 2, instead of a fatal out-of-memory error.
func TestXcoverZDDAddressLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs qtool under prlimit")
	}
	if _, err := exec.LookPath("prlimit"); err != nil {
		t.Skip("prlimit is not installed")
	}
	matrix, errOut, code := qtool(t, "", "encode", "-n", "16", "--to", "dlx")
	if code != 0 {
		t.Fatalf("encode -n 16 --to dlx: exit %d: %s", code, errOut)
	}
	path := writeFile(t, "q16.dlx", matrix)
	cmd := exec.Command("prlimit", "--as=2048000000", os.Args[0], "xcover", "--zdd", os.DevNull, path)
	cmd.Env = append(os.Environ(), "QTOOL_TEST_MAIN=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	code = 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	e := stderr.String()
	if code != 2 || strings.Count(e, "\n") != 1 || !strings.Contains(e, "the ZDD is too large for the memory") {
		t.Errorf("xcover --zdd under prlimit --as=2048000000: exit %d %q; want one line saying the ZDD is too large, exit 2", code, e)
	}
}
