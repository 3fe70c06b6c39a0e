package main

import (
	"context"
	"encoding/json"
	"os"
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
	var rec xcoverRecord
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
