package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/split"
)

// TestCountJoinDefault: the default counter of an empty board is the join,
// also with --unique (its plan of classes), --parts=false leaves the parts
// out, and merge --compare agrees on the join's shards counted alone and
// together, and names the subproblem that differs.
func TestCountJoinDefault(t *testing.T) {
	var rec split.Record
	out, errOut, code := qtool(t, "", "count", "-n", "13", "--json")
	if code != 0 || json.Unmarshal([]byte(out), &rec) != nil {
		t.Fatalf("exit %d %s %s", code, out, errOut)
	}
	if rec.Backend != "join" || rec.Solutions != 73712 || rec.Unique != nil || rec.Split == nil || len(rec.Parts) != rec.Split.Todo || rec.Split.Method != "halves" {
		t.Fatalf("default count of n = 13: %+v", rec)
	}
	whole := out
	rec = split.Record{}
	out, errOut, code = qtool(t, "", "count", "-n", "13", "--unique", "--json", "--parts=false")
	if code != 0 || json.Unmarshal([]byte(out), &rec) != nil {
		t.Fatalf("exit %d %s %s", code, out, errOut)
	}
	if rec.Backend != "join" || rec.Split == nil || rec.Split.Method != "halves-unique" || rec.Solutions != 73712 || rec.Unique == nil || *rec.Unique != 9233 || rec.Parts != nil || strings.Contains(out, `"parts"`) {
		t.Fatalf("--unique --parts=false: %s", out)
	}
	dir := t.TempDir()
	// The --unique plan's two shards against its whole count.
	var ushards strings.Builder
	for _, s := range []string{"0/2", "1/2"} {
		out, errOut, code := qtool(t, "", "count", "-n", "13", "--unique", "--shard", s, "--json")
		if code != 0 {
			t.Fatalf("--unique shard %s: exit %d %s", s, code, errOut)
		}
		ushards.WriteString(out)
	}
	ub := filepath.Join(dir, "ushards.json")
	os.WriteFile(ub, []byte(ushards.String()), 0o644)
	if out, errOut, code := qtool(t, "", "merge", ub); code != 0 || !strings.Contains(out, "9233") || !strings.Contains(out, "73712") {
		t.Fatalf("merge of the join's --unique shards: exit %d %s %s", code, out, errOut)
	}
	// Three shards, concatenated, against the whole count.
	var shards strings.Builder
	for _, s := range []string{"0/3", "1/3", "2/3"} {
		out, errOut, code := qtool(t, "", "count", "-n", "13", "--shard", s, "--json")
		if code != 0 {
			t.Fatalf("shard %s: exit %d %s", s, code, errOut)
		}
		shards.WriteString(out)
	}
	a, b := filepath.Join(dir, "whole.json"), filepath.Join(dir, "shards.json")
	os.WriteFile(a, []byte(whole), 0o644)
	os.WriteFile(b, []byte(shards.String()), 0o644)
	if out, errOut, code := qtool(t, "", "merge", "--compare", a, b); code != 0 {
		t.Fatalf("merge --compare of the join's shards: exit %d %s %s", code, out, errOut)
	}
	if out, errOut, code := qtool(t, "", "merge", b); code != 0 || !strings.Contains(out, "73712") {
		t.Fatalf("merge of the join's shards: exit %d %s %s", code, out, errOut)
	}
	// Change one part's count: compare names it.
	var w map[string]any
	json.Unmarshal([]byte(whole), &w)
	parts := w["parts"].([]any)
	p := parts[5].(map[string]any)
	p["solutions"] = p["solutions"].(float64) + 4
	w["solutions"] = w["solutions"].(float64) + 4
	bad, _ := json.Marshal(w)
	c := filepath.Join(dir, "bad.json")
	os.WriteFile(c, append(bad, '\n'), 0o644)
	out, errOut, code = qtool(t, "", "merge", "--compare", a, c)
	if code != 1 || !strings.Contains(out+errOut, "top cols") {
		t.Fatalf("merge --compare of a changed part: exit %d %s %s", code, out, errOut)
	}
}
