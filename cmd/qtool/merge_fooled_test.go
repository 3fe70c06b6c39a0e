package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeCannotBeFooled: the findings of issue 24 item 5, each refused
// with one line and exit 2: two boards under one file name, an edited
// split identity, a record whose parts do not add up, a part with more
// fundamental solutions than solutions, a subproblem in two shards, and a
// compare side holding one shard twice. Records without a board hash (an
// older qtool) are merged with a warning.
func TestMergeCannotBeFooled(t *testing.T) {
	dir := t.TempDir()
	board := filepath.Join(dir, "b.txt")
	// Two boards of n = 8 with one queen given: a1 and b1 (500 / 1639
	// are the counts of the boards; any two differing do).
	os.WriteFile(board, []byte("Q.......\n"+strings.Repeat("........\n", 7)), 0o644)
	s0 := qtoolOK(t, "count", "--board", board, "--shard", "0/2", "--json")
	os.WriteFile(board, []byte(".Q......\n"+strings.Repeat("........\n", 7)), 0o644)
	s1 := qtoolOK(t, "count", "--board", board, "--shard", "1/2", "--json")
	expectRefused(t, "two boards, one name", "another board", "merge", writeFile(t, "two.json", s0+s1))
	// Without their hashes (as an older qtool wrote them) the name is
	// all there is: merged, with a warning.
	old := stripField(t, s0) + stripField(t, s1)
	out, errOut, code := qtool(t, "", "merge", writeFile(t, "old.json", old))
	if code != 0 || !strings.Contains(errOut, "no board hash") || !strings.Contains(out, "solutions") {
		t.Errorf("old records: exit %d %q %q", code, out, errOut)
	}

	// Shards of a split count (the join, with parts).
	a := qtoolOK(t, "count", "-n", "9", "--shard", "0/2", "--json")
	b := qtoolOK(t, "count", "-n", "9", "--shard", "1/2", "--json")
	if out := qtoolOK(t, "merge", writeFile(t, "ok.json", a+b)); !strings.Contains(out, "solutions  352\n") {
		t.Fatalf("merge of n=9: %s", out)
	}
	edit := func(rec string, f func(m map[string]any)) string {
		var m map[string]any
		if err := json.Unmarshal([]byte(rec), &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		data, _ := json.Marshal(m)
		return string(data) + "\n"
	}
	sp := func(m map[string]any) map[string]any { return m["split"].(map[string]any) }
	part := func(m map[string]any, k int) map[string]any { return m["parts"].([]any)[k].(map[string]any) }
	num := func(v any) float64 { return v.(float64) }
	cases := []struct{ name, text, want string }{
		{"edited identity", edit(b, func(m map[string]any) {
			sp(m)["identity"] = strings.Replace(sp(m)["identity"].(string), "hash=", "hash=f", 1)[:len(sp(m)["identity"].(string))]
		}), "split"},
		{"parts do not add up", edit(b, func(m map[string]any) { m["solutions"] = num(m["solutions"]) + 8 }), "parts add up to"},
		{"part unique > solutions", edit(b, func(m map[string]any) {
			p := part(m, 0)
			p["unique"] = num(p["solutions"]) + 1
		}), "more than all of them"},
		{"part 2^64-1", edit(b, func(m map[string]any) {
			part(m, 0)["solutions"] = uint64(1<<64 - 1)
		}), "overflows"},
		{"subproblem in two shards", edit(b, func(m map[string]any) {
			// Shard 1 claims shard 0's first subproblem instead of its own.
			var ma map[string]any
			json.Unmarshal([]byte(a), &ma)
			p, q := part(m, 0), part(ma, 0)
			m["solutions"] = num(m["solutions"]) - num(p["solutions"]) + num(q["solutions"])
			m["parts"].([]any)[0] = q
		}), "in two shards"},
		{"cut parts", edit(b, func(m map[string]any) {
			ps := m["parts"].([]any)
			m["solutions"] = num(m["solutions"]) - num(part(m, 0)["solutions"])
			m["parts"] = ps[1:]
		}), "parts, but the shard has"},
		{"shard of the split edited", edit(b, func(m map[string]any) { sp(m)["shard"] = 0.0 }), "was edited"},
	}
	for _, c := range cases {
		expectRefused(t, c.name, c.want, "merge", writeFile(t, "x.json", a+c.text))
	}
	// merge --compare: a side holding one shard twice.
	whole := writeFile(t, "whole.json", qtoolOK(t, "count", "-n", "9", "--json"))
	expectRefused(t, "compare, shard twice", "appears twice", "merge", "--compare", whole, writeFile(t, "twice.json", a+a+b))
	expectRefused(t, "compare, parts do not add up", "parts add up to", "merge", "--compare", whole, writeFile(t, "sum.json", a+cases[1].text))
}

func expectRefused(t *testing.T, name, want string, args ...string) {
	t.Helper()
	out, errOut, code := qtool(t, "", args...)
	if code != 2 || !strings.Contains(errOut, want) || strings.Count(errOut, "\n") != 1 {
		t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2 and %q", name, code, out, errOut, want)
	}
}

// stripField removes board_hash from a record, as an older qtool wrote it.
func stripField(t *testing.T, rec string) string {
	var m map[string]any
	if err := json.Unmarshal([]byte(rec), &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "board_hash")
	data, _ := json.Marshal(m)
	return string(data) + "\n"
}
