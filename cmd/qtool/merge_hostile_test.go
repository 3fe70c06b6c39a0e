package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/split"
)

// TestMergeHostile: records that ask for huge sizes, overflow or make no
// sense are refused with one line and exit 2 (issue #11 item 3).
func TestMergeHostile(t *testing.T) {
	rec := func(n, i, m int, sol, uniq uint64) string {
		return fmt.Sprintf(`{"n":%d,"backend":"bitmask","shard":%d,"shards":%d,"solutions":%d,"unique":%d,"status":"ok","complete":true}`+"\n", n, i, m, sol, uniq)
	}
	for _, c := range []struct{ name, text, want string }{
		{"billion-shards", rec(8, 0, 1000000000, 92, 12), "missing shards 1-999999999 of 1000000000"},
		{"spread-shards", rec(8, 5, 1000000000, 92, 12) + rec(8, 999999999, 1000000000, 0, 0), "missing shards 0-4, 6-999999998 of 1000000000"},
		{"unique-wraps", rec(8, 0, 2, 1<<63, 1<<63) + rec(8, 1, 2, 1<<62, 1<<63), "more than all of them"},
		{"unique-more", rec(8, 0, 1, 92, 93), "more than all of them"},
		{"unique-too-few", rec(8, 0, 1, 92, 11), "not of one count"},
		{"n-zero", rec(0, 0, 1, 0, 0), "n=0: want 1 ≤ n"},
		{"n-negative", rec(-3, 0, 1, 0, 0), "n=-3: want 1 ≤ n"},
		{"n-huge", rec(1<<40, 0, 1, 0, 0), "want 1 ≤ n ≤ 268435456"},
	} {
		path := mergeWrite(t, c.name+".json", c.text)
		out, errOut, code := qtool(t, "", "merge", path)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2 and %q", c.name, code, out, errOut, c.want)
		}
	}
	// A byte-order mark before the first record is not an error.
	path := mergeWrite(t, "bom.json", "\ufeff"+rec(8, 0, 1, 92, 12))
	if out, errOut, code := qtool(t, "", "merge", path); code != 0 || !strings.Contains(out, "92") {
		t.Errorf("BOM: exit %d %q %q", code, out, errOut)
	}
}

// TestMergeMany: 40,000 shard records in one file are merged (they took
// 21.7 s when each record's line was counted from the start of the file),
// and an error in the last one is placed on its line.
func TestMergeMany(t *testing.T) {
	const m = 40000
	var b strings.Builder
	for i := range m {
		fmt.Fprintf(&b, `{"n":30,"backend":"x","shard":%d,"shards":%d,"solutions":%d,"status":"ok"}`+"\n", i, m, i)
	}
	path := mergeWrite(t, "many.json", b.String())
	out, errOut, code := qtool(t, "", "merge", "--json", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got split.Total
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if want := uint64(m) * (m - 1) / 2; got.Solutions != want || got.Shards != m {
		t.Fatalf("got %d solutions of %d shards, want %d of %d", got.Solutions, got.Shards, want, m)
	}
	bad := mergeWrite(t, "bad.json", b.String()+`{"n":30,"shard":1,"shards":2,"solutions":1,"status":"timeout"}`+"\n")
	_, errOut, code = qtool(t, "", "merge", bad)
	if code != 2 || !strings.Contains(errOut, fmt.Sprintf("bad.json:%d: shard 1/2 is incomplete", m+1)) {
		t.Errorf("error in record %d: exit %d %q", m+1, code, errOut)
	}
}
