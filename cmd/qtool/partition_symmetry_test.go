package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/partition"
)

// TestPartitionSymmetry: --symmetry rotate180 finds a partition of the
// 12×12 board (A168553(12) = 1), checked again here symbol by symbol by
// encode.Verify; none symmetric is "not decided", not "none"; bad values
// one line, exit 2.
func TestPartitionSymmetry(t *testing.T) {
	out, errOut, code := qtool(t, "", "partition", "-n", "12", "--symmetry", "rotate180", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rec partition.Record
	if err := json.Unmarshal([]byte(out), &rec); err != nil || rec.Exists == nil || !*rec.Exists || len(rec.Squares) != 1 || rec.Symmetry != "rotate180" {
		t.Fatalf("%v: %s", err, out)
	}
	sq := rec.Squares[0]
	for s := 0; s < 12; s++ {
		p := make(encode.Placement, 12)
		for r, row := range sq {
			p[r] = -1
			for c, v := range row {
				if v == s {
					p[r] = c
				}
			}
		}
		if err := encode.Verify(encode.Empty(12).Problem(), p); err != nil {
			t.Errorf("symbol %d: %v", s, err)
		}
	}
	out, _, code = qtool(t, "", "partition", "-n", "10", "--symmetry", "mirror")
	if code != 0 || !strings.Contains(out, "not decided: no partition that mirror maps onto itself") || strings.Contains(out, "none") {
		t.Errorf("n = 10 mirror: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{
		{"partition", "-n", "12", "--symmetry", "half"},
		{"partition", "-n", "12", "--symmetry", "mirror", "--method", "both"},
		{"partition", "-n", "16", "--symmetry", "mirror"},
	} {
		if _, errOut, code := qtool(t, "", args...); code != 2 || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}
