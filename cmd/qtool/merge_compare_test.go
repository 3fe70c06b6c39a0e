package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/split"
)

// TestMergeCompare: two counts of the same split agree piece by piece
// (whole against shards, JSON against checkpoint); a changed subproblem, a
// missing one and a different split are found and named.
func TestMergeCompare(t *testing.T) {
	dir := t.TempDir()
	run := func(args ...string) string {
		t.Helper()
		if args[0] == "count" && !slices.Contains(args, "--backend") {
			// The domains split, whose parts count fundamental
			// solutions too (the join is checked in count_join_test.go).
			args = append(args, "--backend", "domains")
		}
		out, errOut, code := qtool(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d %s", args, code, errOut)
		}
		return out
	}
	whole := filepath.Join(dir, "whole.json")
	os.WriteFile(whole, []byte(run("count", "-n", "11", "--json")), 0o644)
	shards := filepath.Join(dir, "shards.json")
	os.WriteFile(shards, []byte(run("count", "-n", "11", "--shard", "0/3", "--json")+run("count", "-n", "11", "--shard", "1/3", "--json")+run("count", "-n", "11", "--shard", "2/3", "--json")), 0o644)
	ck := filepath.Join(dir, "n11.ckpt")
	run("count", "-n", "11", "--checkpoint", ck)

	for _, b := range []string{shards, ck} {
		out, errOut, code := qtool(t, "", "merge", "--compare", "--json", whole, b)
		var res split.Comparison
		if code != 0 || json.Unmarshal([]byte(out), &res) != nil || !res.Same || res.Solutions != 2680 || res.Unique != 341 {
			t.Fatalf("compare with %s: exit %d %s %s", b, code, out, errOut)
		}
	}

	// Change the count of one subproblem of the shards' file.
	var recs []split.Record
	dec := json.NewDecoder(strings.NewReader(run("count", "-n", "11", "--shard", "0/1", "--json")))
	var rec split.Record
	if err := dec.Decode(&rec); err != nil {
		t.Fatal(err)
	}
	recs = append(recs, rec)
	bad := recs[0]
	id := bad.Parts[7].ID
	bad.Parts = slices.Clone(bad.Parts)
	bad.Parts[7].Solutions += 8
	bad.Solutions += 8 // a record whose parts do not add up is refused
	data, _ := json.Marshal(bad)
	changed := filepath.Join(dir, "changed.json")
	os.WriteFile(changed, data, 0o644)
	out, _, code := qtool(t, "", "merge", "--compare", whole, changed)
	if code != 1 || !strings.Contains(out, "first        subproblem "+itoa(id)+" (") || !strings.Contains(out, "differ       1 subproblems") {
		t.Fatalf("changed subproblem %d: exit %d\n%s", id, code, out)
	}

	// Leave one out.
	short := recs[0]
	short.Parts = append(short.Parts[:0:0], short.Parts[1:]...)
	short.Solutions -= recs[0].Parts[0].Solutions
	if short.Unique != nil {
		u := *short.Unique - recs[0].Parts[0].Unique
		short.Unique = &u
	}
	data, _ = json.Marshal(short)
	missing := filepath.Join(dir, "missing.json")
	os.WriteFile(missing, data, 0o644)
	out, _, code = qtool(t, "", "merge", "--compare", "--json", missing, whole)
	var res split.Comparison
	if code != 1 || json.Unmarshal([]byte(out), &res) != nil || res.First == nil || res.First.ID != recs[0].Parts[0].ID || res.First.A != nil || res.First.B == nil {
		t.Fatalf("missing subproblem: exit %d %s", code, out)
	}

	// Another split, another n, a record without parts, one operand.
	other := filepath.Join(dir, "other.json")
	os.WriteFile(other, []byte(run("count", "-n", "11", "--backend", "constellation", "--json")), 0o644)
	noparts := filepath.Join(dir, "noparts.json")
	os.WriteFile(noparts, []byte(run("count", "-n", "11", "--backend", "bitmask", "--json")), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{whole, other}, "different splits"},
		{[]string{whole, noparts}, "no per-subproblem counts"},
		{[]string{whole}, "want two files"},
		{[]string{whole, filepath.Join(dir, "none.json")}, "no such file"},
	} {
		_, errOut, code := qtool(t, "", append([]string{"merge", "--compare"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("compare %v: exit %d %q, want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

// FuzzCompareRead: reading an operand of merge --compare never panics, and
// what it accepts has a split identity.
func FuzzCompareRead(f *testing.F) {
	f.Add([]byte(`{"n":8,"solutions":92,"split":{"method":"domains","version":1,"n":8,"identity":"domains/1 n=8 depth=3 subproblems=10 hash=0","subproblems":10,"shard":0,"shards":1,"todo":10},"parts":[{"id":0,"solutions":8,"unique":1}]}`))
	f.Add([]byte("qtool-checkpoint 1\nsplit x\nshard 0/1\ntodo 0\nend 0 crc32=00000000\n"))
	f.Add([]byte(`{"n":8}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c := &cli{stdin: strings.NewReader(string(data)), stdout: io.Discard, stderr: io.Discard}
		s, err := readCounts(context.Background(), c, "merge --compare", "-", split.ReadSide)
		if err == nil && s.Split == "" {
			t.Fatalf("accepted %q without a split", data)
		}
	})
}
