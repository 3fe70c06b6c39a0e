package main

import (
	"context"
	"encoding/json"
	"github.com/qtool-project/qtool/dlx"
	"os"
	"strings"
	"testing"
)

// TestXcoverBest checks --best K on the example: the costs and the
// counts that DLX5 prints for it, in the summary and in JSON; and the
// refusals of bad costs with their places.
func TestXcoverBest(t *testing.T) {
	text, err := os.ReadFile("../../examples/dlx/costs.dlx")
	if err != nil {
		t.Fatal(err)
	}
	out, _, code := xrun(t, context.Background(), string(text), "xcover", "-", "--best", "3")
	if code != 0 || !strings.Contains(out, "| cost 2\nA\nB C\nD X:b\n") || !strings.Contains(out, "costs       2 3 4\n") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out, _, code = xrun(t, context.Background(), string(text), "xcover", "-", "--best", "3", "--json")
	var rec dlx.Report
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != 0 {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	if rec.Best == nil {
		t.Fatalf("no best in %s", out)
	}
	if best := *rec.Best; rec.Solutions != 4 || rec.Nodes != 12 || rec.Updates != 30 || rec.Cleansings != 4 || len(best) != 3 ||
		best[0].Cost != 2 || best[2].Cost != 4 || best[1].Options[2] != "C D" {
		t.Errorf("record %+v", rec)
	}
	for _, c := range []struct{ in, want string }{
		{"A B\nA |-3\nB\n", "dlx: <stdin>:2:4: negative cost"},
		{"A B\nA|3 B\n", "dlx: <stdin>:2:2: item \"A|3\" contains reserved character '|'"},
	} {
		_, errOut, code := xrun(t, context.Background(), c.in, "xcover", "-", "--best", "1")
		if code != exitUsage || !strings.HasPrefix(errOut, c.want) {
			t.Errorf("%q: exit %d, %q", c.in, code, errOut)
		}
	}
	if out, _, code := xrun(t, context.Background(), "A B\nA |1\n", "xcover", "-", "--best", "2", "--json"); code != 0 || !strings.Contains(out, `"best":[]`) {
		t.Errorf("no solution: exit %d, %s", code, out)
	}
	if _, errOut, code := xrun(t, context.Background(), "2|A\nA |1\n", "xcover", "-", "--best", "1"); code != exitUsage || !strings.Contains(errOut, "bounds") {
		t.Errorf("bounds: exit %d, %q", code, errOut)
	}
}
