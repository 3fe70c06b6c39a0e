package main

import (
	"context"
	"encoding/json"
	"testing"
)

// TestXcoverSS checks --algorithm ss: the toy problem and Langford n = 7
// with SSXCC's nodes and updates, dlx2's colour example, and a refusal
// for bounds.
func TestXcoverSS(t *testing.T) {
	for _, c := range []struct {
		name, text                string
		solutions, nodes, updates float64
	}{
		{"toy", xtoy, 1, 5, 27},
		{"langford", langfordText(7), 52, 466, 7734},
		{"colours", "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n", 1, 3, 16},
	} {
		out, _, code := xrun(t, context.Background(), c.text, "xcover", "-", "--json", "--algorithm", "ss")
		var rec map[string]any
		if err := json.Unmarshal([]byte(out), &rec); err != nil || code != 0 {
			t.Fatalf("%s: exit %d, %v: %s", c.name, code, err, out)
		}
		if rec["algorithm"] != "ss" || rec["solutions"] != c.solutions || rec["nodes"] != c.nodes || rec["updates"] != c.updates {
			t.Errorf("%s: %v, want %v solutions, %v nodes, %v updates", c.name, rec, c.solutions, c.nodes, c.updates)
		}
	}
	if _, errOut, code := xrun(t, context.Background(), "2|A B\nA\nA B\n", "xcover", "-", "--algorithm", "ss"); code != exitUsage {
		t.Errorf("bounds with ss: exit %d, %s", code, errOut)
	}
}
