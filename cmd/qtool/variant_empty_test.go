package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestVariantNoFreeSquare: on a board whose every square is blocked, the
// maximum variants have 0 pieces and one placement, the empty one — count
// says so (with "pieces": 0), solve prints the empty board, encode writes a
// matrix with that one solution — and the minimum ones have no solution of
// any size.
func TestVariantNoFreeSquare(t *testing.T) {
	ctx := context.Background()
	board := xfile(t, "blocked.txt", "xxx\nxxx\nxxx\n")
	for _, v := range []string{"kings", "bishops", "knights", "rooks"} {
		for _, be := range []string{"backtrack", "dlx", "sat"} {
			out, errOut, code := xrun(t, ctx, "", "count", "--board", board, "--problem", v, "--backend", be, "--json")
			var r struct {
				Solutions *uint64 `json:"solutions"`
				Pieces    *int    `json:"pieces"`
				Status    string  `json:"status"`
			}
			if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil || r.Solutions == nil || *r.Solutions != 1 || r.Pieces == nil || *r.Pieces != 0 || r.Status != "ok" {
				t.Errorf("count --problem %s --backend %s: exit %d %s %s", v, be, code, out, errOut)
			}
		}
		out, errOut, code := xrun(t, ctx, "", "solve", "--board", board, "--problem", v)
		if code != 0 || !strings.Contains(out, "# solution 1: 0 ") || !strings.Contains(out, "xxx\nxxx\nxxx\n") {
			t.Errorf("solve --problem %s: exit %d %q %s", v, code, out, errOut)
		}
		enc, errOut, code := xrun(t, ctx, "", "encode", "--board", board, "--problem", v, "--to", "dlx")
		if code != 0 {
			t.Fatalf("encode --problem %s: exit %d %s", v, code, errOut)
		}
		if out, errOut, code := xrun(t, ctx, enc, "xcover", "-", "--count"); code != 0 || summary(t, out, "solutions") != "1" {
			t.Errorf("encode --problem %s | xcover --count: exit %d %s\n%s", v, code, errOut, enc)
		}
	}
	for _, v := range []string{"domination", "torus-domination"} {
		out, errOut, code := xrun(t, ctx, "", "count", "--board", board, "--problem", v, "--json")
		if code != 0 || !strings.Contains(out, `"solutions":0`) || strings.Contains(out, `"queens"`) {
			t.Errorf("count --problem %s: exit %d %s %s", v, code, out, errOut)
		}
		if _, errOut, code := xrun(t, ctx, "", "encode", "--board", board, "--problem", v, "--to", "dlx"); code != 1 || !strings.Contains(errOut, "no solution of any size") {
			t.Errorf("encode --problem %s: exit %d %s", v, code, errOut)
		}
	}
}
