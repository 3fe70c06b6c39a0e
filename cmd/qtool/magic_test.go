package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/encode"
	"github.com/qtool-project/qtool/magic"
)

// TestMagic: both directions from the command line, each answer checked
// again here (the runs by encode.Verify), and bad input one line, exit 2.
func TestMagic(t *testing.T) {
	out, errOut, code := qtool(t, "", "magic", "-n", "5", "--json")
	if code != 0 {
		t.Fatalf("magic -n 5: exit %d: %s", code, errOut)
	}
	var recs []magic.Record
	if err := json.Unmarshal([]byte(out), &recs); err != nil || len(recs) != 2 {
		t.Fatalf("magic -n 5 --json: %v: %s", err, out)
	}
	for _, r := range recs {
		if !r.Normal || !r.Magic || r.Sum != 65 || len(r.Runs) == 0 {
			t.Errorf("%s: %+v", r.Source, r)
		}
		for _, u := range r.Runs {
			if err := encode.Verify(encode.Empty(5).Problem(), encode.Placement(u.Queens)); err != nil {
				t.Errorf("%s: run %s: %v", r.Source, u.Numbers, err)
			}
		}
	}
	if len(recs[0].Runs) != 5 || recs[1].FromQueens == nil || !recs[1].Pandiagonal || recs[1].Runs[0].Numbers != "1..5" {
		t.Errorf("magic -n 5: %+v", recs)
	}
	// A square from standard input, and the queens it gives back to check.
	sq, _, code := qtool(t, "17 24 1 8 15\n23 5 7 14 16\n4 6 13 20 22\n10 12 19 21 3\n11 18 25 2 9\n", "magic", "-")
	if code != 0 || !strings.Contains(sq, "1, 6, 11, … (≡ 1 mod 5): 2 4 1 3 0") {
		t.Errorf("magic -: exit %d\n%s", code, sq)
	}
	for _, tc := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"4 9 2\n3 5 7\n8 1 6\n", []string{"magic", "-"}, "none of its 6 runs"},
		{"4 9 2\n3 5 7\n8 6 1\n", []string{"magic", "-"}, "column 2 sums to 20"},
		{"4 9 2\n3 5\n", []string{"magic", "-"}, "<stdin>:2:4: row has 2 numbers"},
		{"0 4 7 5 2 6 1 3\n", []string{"magic", "--queens", "-"}, "n = 8 is not covered"},
		{"0 1 2 3 4\n", []string{"magic", "--queens", "-"}, "not a queens solution"},
		{"0 2 4 1 -\n", []string{"magic", "--queens", "-"}, "4 of 5 queens"},
		{"", []string{"magic", "-n", "9"}, "n = 9 is not covered"},
		{"", []string{"magic"}, "give one of FILE"},
		{"", []string{"magic", "-n", "5", "examples/magic/siamese5.txt"}, "give one of FILE"},
	} {
		_, errOut, code := qtool(t, tc.stdin, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want exit 2, one line with %q", tc.args, code, errOut, tc.want)
		}
	}
}
