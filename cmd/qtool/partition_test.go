package main

import (
	"strings"
	"testing"
)

// TestPartition: the command counts with both methods, prints a checked
// Latin square, says "none" (exit 0) for an n without a partition, builds
// a toroidal one beyond the listing limit, and refuses bad input (exit 2).
func TestPartition(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"partition", "-n", "5", "--count", "--method", "both"}, 0, "partitions: 2 (method both)\n# partition 1 (checked"},
		{[]string{"partition", "-n", "7", "--problem", "toroidal", "--count"}, 0, "partitions: 4"},
		{[]string{"partition", "-n", "5"}, 0, "01234\n34012\n12340\n40123\n23401\n"},
		{[]string{"partition", "-n", "4"}, 0, "none: the 4×4 board cannot be partitioned"},
		{[]string{"partition", "-n", "3", "--count"}, 0, "partitions: 0"},
		{[]string{"partition", "-n", "17", "--problem", "toroidal"}, 0, "construction"},
		{[]string{"partition", "-n", "16"}, 3, "not decided"},
		{[]string{"partition", "-n", "0"}, 2, "-n must be at least 1"},
		{[]string{"partition", "-n", "5", "--problem", "kings"}, 2, "want queens or toroidal"},
		{[]string{"partition", "-n", "5", "--method", "fast"}, 2, "want cover, direct or both"},
		{[]string{"partition", "-n", "20", "--count"}, 2, "refused for n = 20"},
	} {
		out, errOut, code := qtool(t, "", c.args...)
		if code != c.code || !strings.Contains(out+errOut, c.want) {
			t.Errorf("%v: exit %d\n%s%s\nwant exit %d and %q", c.args, code, out, errOut, c.code, c.want)
		}
	}
	out, _, code := qtool(t, "", "partition", "-n", "17", "--problem", "toroidal", "--json")
	if code != 0 || !strings.Contains(out, `"exists":true`) || !strings.Contains(out, `"method":"construction (Pólya)"`) {
		t.Errorf("partition -n 17 --json: exit %d %s", code, out)
	}
}
