package main

import (
	"context"
	"strings"
	"testing"
)

// TestEncodePeers: every export target writes a plain board, a variant
// and a board with excluded diagonals, starting with its comment line
// (the tools' own runs are in package export's tests).
func TestEncodePeers(t *testing.T) {
	ctx := context.Background()
	first := map[string]string{"minizinc": "% qtool:", "lp": "\\ qtool:", "mps": "* qtool:", "asp": "% qtool:", "opb": "* #variable="}
	for target, head := range first {
		for _, args := range [][]string{
			{"-n", "6"},
			{"-n", "5", "--problem", "domination"},
			{"--board", "../../testdata/csplib-prob079/params/diag-10-4-1.param", "--diagonals", "9"},
		} {
			out, errOut, code := xrun(t, ctx, "", append([]string{"encode", "--to", target}, args...)...)
			if code != 0 || !strings.HasPrefix(out, head) {
				t.Errorf("encode --to %s %v: exit %d, %q…: %s", target, args, code, out[:min(len(out), 40)], errOut)
			}
		}
	}
}
