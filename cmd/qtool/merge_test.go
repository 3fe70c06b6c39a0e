package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mergeRun drives the command line through run, as main does, and returns
// stdout, stderr and the exit status.
func mergeRun(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := exitCode(&errOut, run(&out, &errOut, args))
	return out.String(), errOut.String(), code
}

// mergeShards counts the m shards of n with qtool count --shard i/m --json
// and writes each record to its own file.
func mergeShards(t *testing.T, n, m int, extra ...string) []string {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for i := range m {
		args := append([]string{"count", "-n", fmt.Sprint(n), "--shard", fmt.Sprintf("%d/%d", i, m), "--json"}, extra...)
		out, errOut, code := mergeRun(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		path := filepath.Join(dir, fmt.Sprintf("n%d-shard%d.json", n, i))
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	return files
}

func mergeWrite(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestMergeShards: the 7 shards of n = 10 and 11 add up to the OEIS counts
// (724 and 92 fundamental, 2680 and 341), in text and JSON, from separate
// files and from one file holding every record.
func TestMergeShards(t *testing.T) {
	for _, c := range []struct {
		n          int
		all, uniq  uint64
		files      []string
		concatened string
	}{{n: 10, all: 724, uniq: 92}, {n: 11, all: 2680, uniq: 341}} {
		files := mergeShards(t, c.n, 7, "--unique")
		out, errOut, code := mergeRun(t, append([]string{"merge", "--json"}, files...)...)
		if code != 0 {
			t.Fatalf("merge: exit %d: %s", code, errOut)
		}
		var rec map[string]any
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatalf("%q: %v", out, err)
		}
		for k, want := range map[string]any{"n": float64(c.n), "shards": 7.0, "solutions": float64(c.all), "unique": float64(c.uniq), "status": "ok", "backend": "join"} {
			if rec[k] != want {
				t.Errorf("n=%d %s: got %v want %v", c.n, k, rec[k], want)
			}
		}
		var all strings.Builder
		for i := len(files) - 1; i >= 0; i-- { // any order
			data, err := os.ReadFile(files[i])
			if err != nil {
				t.Fatal(err)
			}
			all.Write(data)
		}
		one := mergeWrite(t, "all.jsonl", all.String())
		out, errOut, code = mergeRun(t, "merge", one)
		if code != 0 {
			t.Fatalf("merge one file: exit %d: %s", code, errOut)
		}
		if !strings.Contains(out, fmt.Sprintf("solutions  %d\n", c.all)) || !strings.Contains(out, fmt.Sprintf("unique     %d\n", c.uniq)) {
			t.Errorf("merge text:\n%s", out)
		}
	}
}

// TestMergeRefuses: a missing, doubled or incomplete shard, or records of
// another count, end with one line on stderr naming the problem and
// exit 2.
func TestMergeRefuses(t *testing.T) {
	files := mergeShards(t, 10, 7, "--unique")
	other := mergeShards(t, 11, 7, "--unique")
	split5 := mergeShards(t, 10, 5)
	dir := t.TempDir()
	timeout := filepath.Join(dir, "timeout.json")
	os.WriteFile(timeout, []byte(`{"n":10,"backend":"bitmask","solutions":3,"shard":3,"shards":7,"seconds":1,"status":"timeout","complete":false}`+"\n"), 0o644)
	whole := mergeWrite(t, "whole.json", `{"n":10,"backend":"bitmask","solutions":724,"seconds":0.1,"status":"ok","complete":true}`)
	cases := []struct {
		name  string
		files []string
		want  string
	}{
		{"missing", append(append([]string{}, files[:3]...), files[4:]...), "missing shard 3 of 7 (n=10): 6 of 7 present"},
		{"missing several", []string{files[0], files[6]}, "missing shards 1-5 of 7"},
		{"doubled", append(append([]string{}, files...), files[2]), "shard 2/7 (n=10) appears twice"},
		{"other n", append(append([]string{}, files[:6]...), other[6]), "is of n=11"},
		{"other split", append(append([]string{}, files...), split5[0]), "split into 5"},
		{"incomplete", append(append([]string{}, files[:3]...), append([]string{timeout}, files[4:]...)...), `shard 3/7 is incomplete (status "timeout")`},
		{"not a shard", []string{whole}, "is not a shard"},
		{"syntax", []string{mergeWrite(t, "bad.json", "{\"n\": 10,\n \"shard\": 1,, }")}, "bad.json:2:13"},
		{"type", []string{mergeWrite(t, "neg.json", `{"n":10,"solutions":-4,"shard":0,"shards":1,"status":"ok"}`)}, `neg.json:1:21: field "solutions": -4 is not a whole number ≥ 0`},
		{"not an object", []string{mergeWrite(t, "num.json", "42\n")}, "num.json:1:1: a JSON number where a record should be"},
		{"empty", []string{mergeWrite(t, "empty.json", "\n\n")}, "no shard records"},
		{"truncated", []string{mergeWrite(t, "cut.json", `{"n":10,"sol`)}, "cut.json:1:13"},
		{"no status", []string{mergeWrite(t, "nostatus.json", `{"n":10,"solutions":4,"shard":0,"shards":1}`)}, "no \"status\""},
		{"bad index", []string{mergeWrite(t, "idx.json", `{"n":10,"solutions":4,"shard":7,"shards":7,"status":"ok"}`)}, "shard 7 of 7"},
		{"no file", []string{filepath.Join(dir, "nothere.json")}, "nothere.json"},
		{"no operands", nil, "want at least one FILE"},
	}
	for _, c := range cases {
		out, errOut, code := mergeRun(t, append([]string{"merge"}, c.files...)...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 || out != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.name, code, out, errOut, c.want)
		}
	}
}

// TestMergeWithoutUnique: shards counted without --unique still add up;
// when only some carry a fundamental count it is left out, with a note.
func TestMergeWithoutUnique(t *testing.T) {
	// One backend on both sides: the default (the join) cannot count
	// fundamental solutions, and --unique picks domains.
	plain := mergeShards(t, 9, 3, "--backend", "domains")
	withU := mergeShards(t, 9, 3, "--unique", "--backend", "domains")
	out, errOut, code := mergeRun(t, "merge", "--json", plain[0], withU[1], withU[2])
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, `"solutions":352`) || strings.Contains(out, "unique") {
		t.Errorf("got %s", out)
	}
	if !strings.Contains(errOut, "shards 0 were counted without --unique") {
		t.Errorf("stderr %q", errOut)
	}
}

// TestMergeStdin reads the records from standard input.
func TestMergeStdin(t *testing.T) {
	var all strings.Builder
	for _, f := range mergeShards(t, 8, 4) {
		data, _ := os.ReadFile(f)
		all.Write(data)
	}
	var out, errOut bytes.Buffer
	c := &cli{stdin: strings.NewReader(all.String()), stdout: &out, stderr: &errOut}
	if err := runContext(context.Background(), c, []string{"merge", "-"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "solutions  92\n") {
		t.Errorf("got %s", out.String())
	}
}

// FuzzMerge feeds arbitrary bytes to merge as a file of shard records: it
// must end with exit 0 and a total, or exit 2 and one line on stderr, never
// a panic.
func FuzzMerge(f *testing.F) {
	f.Add([]byte(`{"n":8,"backend":"bitmask","solutions":92,"unique":12,"shard":0,"shards":1,"seconds":0.01,"status":"ok","complete":true}`))
	f.Add([]byte("{\"n\":8,\"solutions\":40,\"shard\":0,\"shards\":2,\"status\":\"ok\"}\n{\"n\":8,\"solutions\":52,\"shard\":1,\"shards\":2,\"status\":\"ok\"}\n"))
	f.Add([]byte(`{"n":8,"solutions":40,"shard":1,"shards":2,"status":"timeout","complete":false}`))
	f.Add([]byte(`[{"n":8}]`))
	f.Add([]byte("{\"n\":\"x\"\n"))
	f.Add([]byte{0xff, 0xfe, '{'})
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "in.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out, errOut, code := mergeRun(t, "merge", "--json", path)
		switch code {
		case 0:
			var rec struct {
				Solutions *uint64 `json:"solutions"`
			}
			if err := json.Unmarshal([]byte(out), &rec); err != nil || rec.Solutions == nil {
				t.Fatalf("exit 0 with output %q: %v", out, err)
			}
		case 2:
			if strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "qtool: merge: ") {
				t.Fatalf("exit 2 with stderr %q", errOut)
			}
		default:
			t.Fatalf("exit %d: %q %q", code, out, errOut)
		}
	})
}
