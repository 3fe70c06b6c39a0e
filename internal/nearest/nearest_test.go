package nearest

import (
	"strings"
	"testing"
)

func TestNames(t *testing.T) {
	known := []string{"bench", "check", "count", "solve", "table"}
	for _, tc := range []struct {
		in   string
		want string
	}{{"cuont", "count"}, {"COUNT", "count"}, {"tabel", "table"}, {"xyz", ""}, {"sol", "solve"}, {"c", ""}} {
		if got := strings.Join(Names(tc.in, known), ","); got != tc.want {
			t.Errorf("Names(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestDistance: insertions, deletions, substitutions and a transposition
// each cost one; runes, not bytes.
func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{{"dlx", "dlx", 0}, {"dxl", "dlx", 1}, {"dl", "dlx", 1}, {"dlxx", "dlx", 1}, {"dly", "dlx", 1}, {"", "abc", 3}, {"kitten", "sitting", 3}, {"δx", "xδ", 1}} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
